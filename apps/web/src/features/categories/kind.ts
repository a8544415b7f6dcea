import { LIST_SORTS } from '@mend/shared';
import type { RecordKind } from '../../components/records/record-kind';
import { t } from '../../lib/translations';

export const categoryKind: RecordKind = {
  resource: 'categories',
  entity: t.screens.entities.category,
  sortKeys: LIST_SORTS.categories,
};
