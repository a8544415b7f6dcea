import { LIST_SORTS } from '@mend/shared';
import type { RecordKind } from '../../components/records/record-kind';
import { t } from '../../lib/translations';

export const propertyKind: RecordKind = {
  resource: 'properties',
  entity: t.screens.entities.property,
  sortKeys: LIST_SORTS.properties,
};
