/** Test helpers for the schema tests (not exported from the package). */
import type { z } from 'zod';
import { fieldErrors } from './errors';

/** The field errors a schema gives for an input, or {} when it passes. */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

/** The parsed value, failing the test with the field errors when it does not pass. */
export function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`Expected to pass: ${JSON.stringify(fieldErrors(result.error))}`);
  return result.data;
}
