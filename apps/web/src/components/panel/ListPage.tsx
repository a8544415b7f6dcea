/**
 * A list screen (SPEC.md section 2): the page title with its create button (when allowed), the
 * table, and the side panel whose mode (view, edit, create) comes from the URL. A create or edit
 * panel the role may not use (its submit would be refused) shows the not-allowed answer instead of
 * the form.
 */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { NotAllowed } from '../NotAllowed';
import { PageHeader } from '../PageHeader';
import { DataTable, type DataTableProps, type Identified } from '../table/DataTable';
import type { PanelState } from './panel-route';
import { SidePanel } from './SidePanel';
import { type PanelControls, usePanelRoute } from './usePanelRoute';

export interface PanelTitles {
  view: string;
  create: string;
  edit: string;
}

export interface ListPageProps<T extends Identified> {
  /** The list path, e.g. '/units'. */
  base: string;
  title: string;
  /** The create button's label; shown only when `canCreate`. */
  createLabel?: string;
  /** Whether the role may create here: the create button, and the create panel (else not allowed). */
  canCreate?: boolean;
  /** Whether the role may edit records here at all (each form still checks its own record). */
  canEdit?: boolean;
  /** More buttons beside the create button (e.g. Batch Create). */
  actions?: ReactNode;
  /** Shown between the title and the list (the tickets waiting to send on this device). */
  notice?: ReactNode;
  /** The screen's list: its page, sort, search and filters are in the URL (kept as the panel opens and closes). */
  table: Omit<DataTableProps<T>, 'highlightedId' | 'opens' | 'stateInUrl'>;
  panelTitles: PanelTitles;
  /** The panel's content for a (non-closed) state. */
  renderPanel: (state: PanelState, panel: PanelControls) => ReactNode;
}

export function ListPage<T extends Identified>({
  base,
  title,
  createLabel,
  canCreate = false,
  canEdit = false,
  actions,
  notice,
  table,
  panelTitles,
  renderPanel,
}: ListPageProps<T>) {
  const panel = usePanelRoute(base);
  const { state } = panel;
  const opened = state.mode !== 'closed';

  // While the panel slides out, keep showing what it showed (the URL already says "closed").
  const [shown, setShown] = useState<PanelState>(state);
  if (opened && (shown.mode !== state.mode || shown.id !== state.id)) setShown(state);
  const content = opened ? state : shown;

  const allowed = content.mode === 'create' ? canCreate : content.mode === 'edit' ? canEdit : true;

  const panelTitle =
    content.mode === 'create'
      ? panelTitles.create
      : content.mode === 'edit'
        ? panelTitles.edit
        : panelTitles.view;

  const headerActions =
    actions || (canCreate && createLabel) ? (
      <>
        {actions}
        {canCreate && createLabel ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => void panel.leaveTo({ mode: 'create', id: null })}
          >
            {createLabel}
          </Button>
        ) : null}
      </>
    ) : undefined;

  return (
    <>
      <PageHeader title={title} actions={headerActions} />
      {notice}
      <DataTable<T>
        {...table}
        stateInUrl
        highlightedId={opened ? state.id : null}
        opens={{
          onOpen: (row) => void panel.leaveTo({ mode: 'view', id: row.id }),
          hrefOf: (row) => panel.hrefFor({ mode: 'view', id: row.id }),
        }}
      />
      <SidePanel opened={opened} title={panelTitle} onClose={() => void panel.close()}>
        {content.mode === 'closed' ? null : allowed ? (
          renderPanel(content, panel)
        ) : (
          <NotAllowed variant="panel" />
        )}
      </SidePanel>
    </>
  );
}
