/** API shape of categories (SPEC.md section 3, with the attributes shown on the category view). */
import type { ApiCategory, ApiCategoryAttribute } from '@mend/shared';
import type { CategoryRow } from '../../db/schema';
import { toSeconds } from '../users/serialize';

export const categoryPath = (id: number) => `/api/categories/${id}/`;

/** `attributes`: as the category's statement reads them (JSON in their order, service.ts). */
export function serializeCategory(category: CategoryRow, attributes: ApiCategoryAttribute[]): ApiCategory {
  return {
    id: category.id,
    title: category.title,
    description: category.description,
    attributes,
    path: categoryPath(category.id),
    created_at_timestamp: toSeconds(category.createdAt),
  };
}
