import { LIST_SORTS, type UserType } from '@mend/shared';
import type { RecordKind } from '../../components/records/record-kind';
import { entityOf } from './user-types';

/** The three user lists share one screen: each is its own kind (/users, /tenants, /contractors). */
export function userKind(type: UserType): RecordKind {
  return { resource: type, entity: entityOf(type), sortKeys: LIST_SORTS.users };
}
