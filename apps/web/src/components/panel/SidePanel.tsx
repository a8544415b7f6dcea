/**
 * The sliding side panel of list screens (SPEC.md section 2): a Drawer on the right, at most
 * SIDE_PANEL_MAX_PX wide (full width on small screens). It has no overlay, so the list stays
 * readable and usable beside it with the open record highlighted. It starts below the app header, so
 * the bell and the account menu stay usable while it is open.
 *
 * It is a dialog that is not modal (no aria-modal: the list beside it is no less there for a screen reader). It
 * does not hold the focus (the list stays usable), but takes it each time it opens or shows another
 * screen (a record, its form), as a dialog does: else a keyboard went on through the whole list behind it
 * before reaching the panel's first field. Closed, it gives the focus back to what opened it.
 */
import { Drawer, Group, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { SIDE_PANEL_MAX_PX } from '@mend/shared';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
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

/**
 * Moves the focus into the open panel at each screen it shows (its address), unless it is already in it, and back
 * to what had it before the panel opened once the panel closes. Answers the ref of an element inside the panel
 * and what its opening transition calls when done (the panel's content mounts with it).
 */
function usePanelFocus(opened: boolean) {
  const { pathname } = useLocation();
  const inside = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  const focusPanel = useCallback(() => {
    const dialog = inside.current?.closest<HTMLElement>('[role="dialog"]');
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: again at each screen the panel shows (its address).
  useEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    if (opener.current === null && active instanceof HTMLElement && active !== document.body)
      opener.current = active;
    // After this render: a form's submit button that was focused is gone, the new screen is in place.
    const frame = requestAnimationFrame(focusPanel);
    return () => cancelAnimationFrame(frame);
  }, [opened, pathname, focusPanel]);

  useEffect(() => {
    if (opened) return;
    const back = opener.current;
    opener.current = null;
    // Only when the focus is in the panel (still there while it slides out) or went with it, and to a part of the
    // page that is still there.
    const active = document.activeElement;
    const inPanel =
      active === null ||
      active === document.body ||
      inside.current?.closest('[role="dialog"]')?.contains(active);
    if (back?.isConnected && inPanel) back.focus({ preventScroll: true });
  }, [opened]);

  /**
   * The handle's ref: also tells assistive technology the truth, that the panel is not modal. Mantine's Drawer
   * marks its dialog aria-modal="true" whatever its props (a screen reader then hides the list beside it, which
   * stays usable): the attribute is taken off once the panel's content is in the page. React sets it only as
   * the dialog mounts (its value never changes), so it does not come back while the panel stays open.
   */
  const handle = useCallback((element: HTMLDivElement | null) => {
    inside.current = element;
    element?.closest('[role="dialog"]')?.removeAttribute('aria-modal');
  }, []);

  return { handle, focusPanel };
}

export function SidePanel({ opened, title, onClose, children }: SidePanelProps) {
  useWindowEvent('keydown', (event) => {
    if (opened && isEscapeForPanel(event)) onClose();
  });
  const { handle, focusPanel } = usePanelFocus(opened);
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
      transitionProps={{ duration: 180, transition: 'slide-left', onEntered: focusPanel }}
    >
      {/* Only a handle on the panel for its focus: no box of its own, the body lays out the children. */}
      <div ref={handle} style={{ display: 'contents' }}>
        {children}
      </div>
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
