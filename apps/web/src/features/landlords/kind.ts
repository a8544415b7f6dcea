import { LIST_SORTS } from '@mend/shared';
import type { RecordKind } from '../../components/records/record-kind';
import { t } from '../../lib/translations';

export const landlordKind: RecordKind = {
  resource: 'landlords',
  entity: t.screens.entities.landlord,
  sortKeys: LIST_SORTS.landlords,
};
