/**
 * A person's first and last name, email and phone, bound to a form: the ticket form's contact details and
 * the user form's person. The keys are the same in both (`first_name` ... `phone_number`), under
 * `contact_details` in the ticket form.
 */
import { type MantineSpacing, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

export interface ContactLabels {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

type ContactKey = 'first_name' | 'last_name' | 'email' | 'phone_number';

export interface ContactFieldsProps<Values> {
  form: UseFormReturnType<Values>;
  /** Where the fields sit in the form's values (`contact_details`); none when at the top. */
  path?: string;
  labels: ContactLabels;
  /** The gap between the paired fields, the form's own. */
  spacing: MantineSpacing;
  /**
   * The person is usually the one filling in the form (a tenant's own ticket), so the browser may fill in
   * their details; otherwise (an admin's user form) it should not put the admin's own there.
   */
  autofill: boolean;
  /** Email and phone side by side as the names are; otherwise each on its own line. */
  paired?: boolean;
  /** When given, the email may be left empty and this says what that means. */
  emailOptional?: string;
  /** Fields between the names and the email (the user form's company). */
  children?: ReactNode;
}

/** What the browser may fill each field with when they are the person's own details. */
const OWN: Record<ContactKey, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone_number: 'tel',
};
/** Someone else's: the user form has always marked the names and email off, and left the phone as it is. */
const OTHERS: Partial<Record<ContactKey, string>> = { first_name: 'off', last_name: 'off', email: 'off' };

export function ContactFields<Values>({
  form,
  path,
  labels,
  spacing,
  autofill,
  paired = false,
  emailOptional,
  children,
}: ContactFieldsProps<Values>) {
  const input = (key: ContactKey, label: string) => ({
    size: 'sm' as const,
    label,
    autoComplete: (autofill ? OWN : OTHERS)[key],
    ...form.getInputProps(path ? `${path}.${key}` : key),
  });
  const email = (
    <TextInput
      type="email"
      withAsterisk={emailOptional === undefined}
      description={emailOptional}
      {...input('email', labels.email)}
    />
  );
  const phone = <TextInput type="tel" withAsterisk {...input('phone_number', labels.phone)} />;

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={spacing}>
        <TextInput withAsterisk {...input('first_name', labels.firstName)} />
        <TextInput withAsterisk {...input('last_name', labels.lastName)} />
      </SimpleGrid>
      {children}
      {paired ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={spacing}>
          {email}
          {phone}
        </SimpleGrid>
      ) : (
        <>
          {email}
          {phone}
        </>
      )}
    </>
  );
}
