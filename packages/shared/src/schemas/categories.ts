/** Category form (SPEC.md section 5); attributes are the label/format/value list shown on its view. */
import { z } from 'zod';
import { MAX_CATEGORY_ATTRIBUTES } from '../constants';
import { en, format } from '../messages';
import { form, longText, nested, parseJson, text } from './common';

const v = en.validation;

/** One attribute (an object or its JSON text): a label is required, format and value are free text. */
export const categoryAttributeSchema = nested({
  label: text(v.categoryAttributeLabel),
  format: text(v.categoryAttributeLabel, { optional: true }),
  value: text(v.categoryAttributeLabel, { optional: true }),
});
export type CategoryAttribute = z.infer<typeof categoryAttributeSchema>;

/** Attributes as an array (repeated attributes[] entries) or the JSON text of one; absent is none. */
function toList(value: unknown): unknown {
  const parsed = value === undefined || value === '' ? [] : parseJson(value);
  return Array.isArray(parsed) ? parsed : [parsed];
}

export const categorySchema = form({
  title: text(v.categoryTitle),
  description: longText(v.categoryDescription),
  attributes: z.preprocess(
    toList,
    z
      .array(categoryAttributeSchema, { error: v.categoryAttributeLabel })
      .max(MAX_CATEGORY_ATTRIBUTES, { error: format(v.tooManyAttributes, { max: MAX_CATEGORY_ATTRIBUTES }) }),
  ),
});
export type CategoryValues = z.infer<typeof categorySchema>;
