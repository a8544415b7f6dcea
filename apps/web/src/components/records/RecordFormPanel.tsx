/**
 * Loads what a record form starts from, then shows the form: GET units/create (the choices) or
 * units/5/edit (the record and its choices). The choices that belong to a landlord (a unit's properties, a
 * tenant's units) follow the landlord the form picks: `onLandlordChange` asks for them again
 * (?landlord_id=), and the form stays shown while they load.
 */
import { type ReactNode, useState } from 'react';
import { useFormOptions } from '../../lib/records';
import { PanelError, PanelStatus } from '../details';
import { formUrl, type RecordKind } from './record-kind';

export interface LoadedForm<Record, Options> {
  /** The record to edit, or null for a new one. */
  record: Record | null;
  options: Options;
  /** New choices are on their way (after a landlord change). */
  loadingOptions: boolean;
  onLandlordChange: (landlordId: string | null) => void;
}

export interface RecordFormPanelProps<Record, Options> {
  kind: RecordKind;
  /** The record to edit, or null to create one. */
  id: number | null;
  /** Whether a new record's form has choices to load (a category's has none). */
  createOptions?: boolean;
  children: (loaded: LoadedForm<Record, Options>) => ReactNode;
}

export function RecordFormPanel<Record, Options = Record>({
  kind,
  id,
  createOptions = true,
  children,
}: RecordFormPanelProps<Record, Options>) {
  const [landlordId, setLandlordId] = useState<string | null>(null);
  const loads = id !== null || createOptions;
  const query = useFormOptions<Record | Options>(
    kind.resource,
    formUrl(kind, id),
    landlordId ? { landlord_id: landlordId } : undefined,
    loads,
  );
  if (loads && query.isPending) return <PanelStatus loading />;
  if (loads && query.isError && !query.data) return <PanelError error={query.error} />;
  return children({
    record: id !== null ? (query.data as Record) : null,
    options: (query.data ?? {}) as Options,
    loadingOptions: query.isFetching,
    onLandlordChange: setLandlordId,
  });
}
