/**
 * A record screen (SPEC.md sections 2–6): the kind's list, with its details and its form in the side panel.
 * The kind gives the addresses, the default order (newest first), the search box's words and the panel's
 * titles; the screen gives its columns, its phone card, its permissions and its two panels.
 */
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { format, t } from '../../lib/translations';
import { ListPage, type PanelTitles } from '../panel/ListPage';
import type { PanelControls } from '../panel/usePanelRoute';
import type { DataTableProps, Identified } from '../table/DataTable';
import { panelTitles, type RecordKind, screenPath } from './record-kind';

/** The list's own parts (and whether it has a CSV export); the rest of the table comes from the kind. */
type ListParts<Row extends Identified> = Pick<
  DataTableProps<Row>,
  'columns' | 'card' | 'rowName' | 'loadingText' | 'emptyText' | 'exportable'
>;

export interface RecordScreenProps<Row extends Identified> {
  kind: RecordKind;
  title: string;
  /** Whether the role may create here (the create button and the create panel). */
  canCreate: boolean;
  /** Whether the role may edit here at all (each record's details still ask for their own). */
  canEdit: boolean;
  /** The create button's label (default "Create {entity}"). */
  createLabel?: string;
  /** More buttons beside the create button. */
  actions?: ReactNode;
  list: ListParts<Row>;
  /** Titles other than the kind's ("Create Category"). */
  titles?: Partial<PanelTitles>;
  details: (id: number, panel: PanelControls) => ReactNode;
  /** The create form (id null) or the edit form. */
  form: (id: number | null, panel: PanelControls) => ReactNode;
}

export function RecordScreen<Row extends Identified>({
  kind,
  title,
  canCreate,
  canEdit,
  createLabel,
  actions,
  list,
  titles,
  details,
  form,
}: RecordScreenProps<Row>) {
  return (
    <ListPage<Row>
      base={screenPath(kind)}
      title={title}
      createLabel={createLabel ?? format(t.screens.createEntity, { entity: kind.entity.one })}
      canCreate={canCreate}
      canEdit={canEdit}
      actions={actions}
      table={{
        ...list,
        resource: kind.resource,
        url: kind.resource,
        defaultSort: { id: 'created_at', desc: true },
        sortKeys: kind.sortKeys,
        label: kind.entity.many,
        searchPlaceholder: format(t.screens.searchPlaceholder, { entity: kind.entity.words }),
      }}
      panelTitles={{ ...panelTitles(kind), ...titles }}
      renderPanel={(state, panel) =>
        state.mode === 'view' && state.id !== null ? (
          details(state.id, panel)
        ) : (
          // A new form for every record and mode: it starts from that record's values.
          <Fragment key={`${state.mode}-${state.id}`}>
            {form(state.mode === 'edit' ? state.id : null, panel)}
          </Fragment>
        )
      }
    />
  );
}
