/**
 * Shapes of the users / tenants / contractors API (SPEC.md sections 3 and 7). Each type is derived from its zod
 * schema in ./responses/users.ts (the one definition, with the field docs and the list of paths); importing
 * the types only keeps zod out of the web bundle.
 */
import type { z } from 'zod';
import type {
  apiCategoryRefSchema,
  apiCreatedUserSchema,
  apiRoleOptionSchema,
  apiUserEditSchema,
  apiUserFormOptionsSchema,
  apiUserRecordSchema,
  apiUserUnitOptionSchema,
  batchCreateUsersResponseSchema,
  userListResponseSchema,
  userSavedResponseSchema,
} from './responses/users';

export type ApiCategoryRef = z.output<typeof apiCategoryRefSchema>;
export type ApiUserRecord = z.output<typeof apiUserRecordSchema>;
export type UserListResponse = z.output<typeof userListResponseSchema>;
export type ApiCreatedUser = z.output<typeof apiCreatedUserSchema>;
export type UserSavedResponse = z.output<typeof userSavedResponseSchema>;
export type ApiRoleOption = z.output<typeof apiRoleOptionSchema>;
export type ApiUserUnitOption = z.output<typeof apiUserUnitOptionSchema>;
export type ApiUserFormOptions = z.output<typeof apiUserFormOptionsSchema>;
export type ApiUserEdit = z.output<typeof apiUserEditSchema>;
export type BatchCreateUsersResponse = z.output<typeof batchCreateUsersResponseSchema>;
