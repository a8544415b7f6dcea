/** API shape of categories (SPEC.md section 3, with the attributes shown on the category view). */
import type { ApiCategory, ApiCategoryAttribute } from '@mend/shared';
import type { CategoryAttributeRow, CategoryRow } from '../../db/schema';
import { toSeconds } from '../users/serialize';

export const categoryPath = (id: number) => `/api/categories/${id}/`;

export function serializeCategoryAttribute(attribute: CategoryAttributeRow): ApiCategoryAttribute {
  return { id: attribute.id, label: attribute.label, format: attribute.format, value: attribute.value };
}

export function serializeCategory(category: CategoryRow, attributes: CategoryAttributeRow[]): ApiCategory {
  return {
    id: category.id,
    title: category.title,
    description: category.description,
    attributes: attributes.map(serializeCategoryAttribute),
    path: categoryPath(category.id),
    created_at_timestamp: toSeconds(category.createdAt),
  };
}
