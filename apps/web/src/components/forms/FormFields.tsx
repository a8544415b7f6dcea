/**
 * Text and password fields written as data: a form lists its fields (label, autofill hint, type) and
 * FormFields binds each to the form, so a field that stands in several forms is described once and every
 * input carries the same things: its form path as its name, the form's value, blur check and error.
 */
import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface FieldSpec {
  /** The form path; also the input's name, which the server's errors and password managers go by. */
  path: string;
  label: string;
  /** The browser's autofill hint ("given-name", "new-password"; "off" where it must not guess). */
  autoComplete?: string;
  /** 'password' is a PasswordInput (with its show button); the others are the text input's type. */
  type?: 'email' | 'tel' | 'password';
  required?: boolean;
  description?: string;
  autoFocus?: boolean;
  /** Typed exactly (an email, a username): phone keyboards neither capitalize nor correct it. */
  verbatim?: boolean;
}

/** What a phone keyboard must leave alone in a verbatim field. */
const VERBATIM = { autoCapitalize: 'none', spellCheck: false } as const;

export function FormFields<Values>({
  form,
  fields,
  size,
}: {
  form: UseFormReturnType<Values>;
  fields: readonly FieldSpec[];
  /** Left out: each input's own default (the theme's for text inputs). */
  size?: 'sm' | 'md';
}) {
  return fields.map(({ path, type, required, verbatim, ...spec }) => {
    const props = {
      ...spec,
      size,
      withAsterisk: required,
      ...(verbatim ? VERBATIM : {}),
      ...form.getInputProps(path),
      name: path,
    };
    return type === 'password' ? (
      <PasswordInput key={path} {...props} />
    ) : (
      <TextInput key={path} type={type} {...props} />
    );
  });
}
