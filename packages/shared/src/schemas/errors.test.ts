import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { en } from '../messages';
import { FORM_ERROR_KEY, fieldErrors, formError } from './errors';

function errorOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('fieldErrors', () => {
  const schema = z.object({
    name: z.string('Name please'),
    contact_details: z.object({ email: z.string('Email please') }),
    availability: z.array(z.number('Range please')),
  });

  it('uses dotted paths for nested fields and array items', () => {
    expect(fieldErrors(errorOf(schema, { contact_details: {}, availability: [1, 'x'] }))).toEqual({
      name: ['Name please'],
      'contact_details.email': ['Email please'],
      'availability.1': ['Range please'],
    });
  });

  it('puts failures of the whole form under _form', () => {
    expect(fieldErrors(errorOf(z.object({}, 'Bad form'), 'x'))).toEqual({ [FORM_ERROR_KEY]: ['Bad form'] });
  });

  it('keeps distinct messages and drops repeats', () => {
    const twice = z.string().check(
      z.refine(() => false, 'A'),
      z.refine(() => false, 'A'),
      z.refine(() => false, 'B'),
    );
    expect(fieldErrors(errorOf(z.object({ f: twice }), { f: '' }))).toEqual({ f: ['A', 'B'] });
  });
});

describe('formError', () => {
  it('builds the SPEC form-error body', () => {
    expect(formError(errorOf(z.object({ a: z.string('A') }), {}))).toEqual({
      code: 'validation_failed',
      message: en.errors.validation,
      errors: { a: ['A'] },
    });
    expect(formError(errorOf(z.object({ a: z.string('A') }), {}), 'Custom').message).toBe('Custom');
  });
});
