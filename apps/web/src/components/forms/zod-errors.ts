/**
 * The shared zod schemas (packages/shared/src/schemas) drive the Mantine forms: a failed parse's
 * issues become Mantine's `{ 'field': 'message', 'attributes.0.label': 'message' }` errors, one
 * message per field (the first), so the texts are exactly SPEC.md's. The schemas are built with the English
 * dictionary: their messages are shown in the page's language (`inPageLanguage`).
 */
import { FORM_ERROR_KEY } from '@mend/shared';
import { inPageLanguage } from '../../lib/translations';

/** What the adapter needs of a zod issue (zod 4's `$ZodIssue` fits). */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What the adapter needs of a zod schema. */
export interface ParsingSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

export type FormErrorMap = Record<string, string>;

/** Issues to Mantine errors: dotted paths, the first message of each field wins; form-wide issues go under `_form`. */
export function issuesToFormErrors(issues: readonly SchemaIssue[]): FormErrorMap {
  const errors: FormErrorMap = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map((part) => String(part)).join('.') : FORM_ERROR_KEY;
    if (!(key in errors)) errors[key] = inPageLanguage(issue.message);
  }
  return errors;
}

/** The errors of `values` under `schema` ({} when valid). */
export function schemaErrors(schema: ParsingSchema, values: unknown): FormErrorMap {
  const result = schema.safeParse(values);
  return result.success ? {} : issuesToFormErrors(result.error.issues);
}

/** A Mantine `validate` function from a schema (used on blur and on submit). */
export function zodValidate<Values>(schema: ParsingSchema): (values: Values) => FormErrorMap {
  return (values) => schemaErrors(schema, values);
}

/**
 * Server 422 field errors (`{ field: [messages] }`) as Mantine errors (multi-value entries joined by
 * commas, SPEC.md section 8). `aliases` maps server field names to form paths ("users" -> "user_ids").
 */
export function serverFieldErrors(
  errors: Record<string, readonly string[] | string> | undefined,
  aliases: Record<string, string> = {},
): FormErrorMap {
  const out: FormErrorMap = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const key = aliases[field] ?? field.replace(/\[(\w*)\]/g, (_, part: string) => (part ? `.${part}` : ''));
    const text = Array.isArray(messages) ? messages.join(', ') : String(messages);
    out[key] = out[key] ? `${out[key]}, ${text}` : text;
  }
  return out;
}

/** The lines of a form-error alert: each field's messages joined by commas, without repeats. */
export function formErrorLines(errors: Record<string, readonly string[] | string> | undefined): string[] {
  const lines: string[] = [];
  for (const messages of Object.values(errors ?? {})) {
    const text = Array.isArray(messages) ? messages.join(', ') : String(messages);
    if (text && !lines.includes(text)) lines.push(text);
  }
  return lines;
}
