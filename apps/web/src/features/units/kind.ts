import { LIST_SORTS } from '@mend/shared';
import type { RecordKind } from '../../components/records/record-kind';
import { t } from '../../lib/translations';

export const unitKind: RecordKind = {
  resource: 'units',
  entity: t.screens.entities.unit,
  sortKeys: LIST_SORTS.units,
};
