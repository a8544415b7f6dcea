import { LIST_SORTS } from '@mend/shared';
import type { RecordKind } from '../../components/records/record-kind';
import { t } from '../../lib/translations';

/** Schedules (issue 26): the API collection, the cache's first key part and the screen's address (/schedules). */
export const scheduleKind: RecordKind = {
  resource: 'schedules',
  entity: t.schedules.screens.entity,
  sortKeys: LIST_SORTS.schedules,
};
