/**
 * A record form's state and its save (SPEC.md sections 4 and 5): the form checks its values with the
 * shared schema, a save POSTs a new record or PATCHes the one edited (useSubmittingForm: the button, the
 * server's errors, the toast, the refreshed caches), then the panel shows the saved record's
 * details — or the list, when the save took the record out of the editor's sight. The form renders
 * `<RecordFormShell {...shell}>` around its fields.
 */
import { t } from '../../lib/translations';
import { savedRecord } from '../forms/payload';
import type { RecordFormShellProps } from '../forms/RecordFormShell';
import type { RecordFormOptions } from '../forms/useRecordForm';
import { useSubmittingForm } from '../forms/useSubmittingForm';
import type { PanelControls } from '../panel/usePanelRoute';
import { type RecordKind, recordUrl } from './record-kind';

export interface RecordEditorOptions<Values> extends Omit<RecordFormOptions<Values>, 'stored'> {
  kind: RecordKind;
  /** The record edited, or null for a new one. */
  record: { id: number } | null;
  panel: PanelControls;
  /** What is sent (default: the values as they are). */
  body?: (values: Values) => Record<string, unknown>;
  /** The button's label after a refused save, for a new record and for an edited one. */
  errorLabels: { create: string; update: string };
  /** The success toast's title (default "Created" / "Updated"). */
  toasts?: { created: string; updated: string };
  /**
   * The toast's text when the answer carries no message (a schedule answers with itself): made from the record the
   * answer holds (when it holds one) and the values sent.
   */
  savedMessage?: (saved: { record: unknown; values: Values; creating: boolean }) => string;
  /** History state the saved record's details are opened with (a new user's generated password). */
  savedState?: (id: number, answer: unknown) => unknown;
}

export function useRecordEditor<Values extends Record<string, unknown>>({
  kind,
  record,
  panel,
  body = (values) => values,
  errorLabels,
  toasts = { created: t.toasts.created, updated: t.toasts.updated },
  savedState,
  savedMessage,
  ...formOptions
}: RecordEditorOptions<Values>) {
  const creating = record === null;
  const { form, submit, submission } = useSubmittingForm<Values>({
    ...formOptions,
    stored: !creating,
    writes: kind.resource,
  });

  const onSubmit = form.onSubmit(async (values) => {
    const sent = values as Values;
    const result = await submit({
      method: creating ? 'POST' : 'PATCH',
      url: creating ? kind.resource : recordUrl(kind, record.id),
      body: body(sent),
      toast: {
        title: creating ? toasts.created : toasts.updated,
        fallback:
          savedMessage &&
          ((answer) => savedMessage({ record: savedRecord(answer).data, values: sent, creating })),
      },
    });
    if (!result?.ok) return;
    const saved = savedRecord(result.data);
    if (saved.id === null) panel.deleted();
    else panel.saved(saved.id, savedState?.(saved.id, saved.data));
  });

  const shell: Omit<RecordFormShellProps, 'children'> = {
    ...submission,
    onSubmit,
    submitLabel: creating ? t.buttons.create : t.buttons.save,
    errorLabel: creating ? errorLabels.create : errorLabels.update,
    onCancel: panel.cancel,
  };
  return { form, creating, shell };
}
