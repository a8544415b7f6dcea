/**
 * The sliding side panel of list screens (SPEC.md section 2): a Drawer on the right, at most
 * SIDE_PANEL_MAX_PX wide (full width on small screens). It has no overlay, so the list stays
 * readable and usable beside it with the open record highlighted. It starts below the app header, so
 * the bell and the account menu stay usable while it is open.
 */
import { Drawer, Group, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { SIDE_PANEL_MAX_PX } from '@mend/shared';
import type { ReactNode } from 'react';
import { t } from '../../lib/translations';
import classes from './SidePanel.module.css';

export interface SidePanelProps {
  opened: boolean;
  title: string;
  /** The close button and Escape (the list page asks for confirmation while editing). */
  onClose: () => void;
  children: ReactNode;
}

/**
 * Escape closes the panel, except when it was meant for something above it: a confirmation dialog
 * (Escape cancels the question only), an open menu or popover (the account menu, the bell) or a part
 * marked data-mantine-stop-propagation (the photo lightbox).
 */
const ABOVE_PANEL = [
  '.mantine-Modal-root',
  '.mantine-Menu-dropdown',
  '.mantine-Popover-dropdown',
  '[aria-expanded="true"]',
  '[data-mantine-stop-propagation="true"]',
].join(', ');

function isEscapeForPanel(event: KeyboardEvent): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented) return false;
  const target = event.target instanceof Element ? event.target : null;
  return !target?.closest(ABOVE_PANEL);
}

export function SidePanel({ opened, title, onClose, children }: SidePanelProps) {
  useWindowEvent('keydown', (event) => {
    if (opened && isEscapeForPanel(event)) onClose();
  });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      position="right"
      size={`min(100%, ${SIDE_PANEL_MAX_PX}px)`}
      withOverlay={false}
      lockScroll={false}
      trapFocus={false}
      closeOnClickOutside={false}
      shadow="xl"
      padding="lg"
      title={
        <Title order={2} fz={20} lh={1.3}>
          {title}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t.buttons.close, size: 'lg' }}
      classNames={{
        inner: classes.inner,
        content: classes.content,
        header: classes.header,
        body: classes.body,
      }}
      transitionProps={{ duration: 180, transition: 'slide-left' }}
    >
      {children}
    </Drawer>
  );
}

/** The action bar at the bottom of a panel or card. */
export function PanelFooter({ children }: { children: ReactNode }) {
  return (
    <div className={classes.footer}>
      <Group justify="flex-end" gap="sm">
        {children}
      </Group>
    </div>
  );
}

/** Space at the end of a panel body when it has no footer. */
export function PanelSpacer() {
  return <div className={classes.spacer} />;
}
