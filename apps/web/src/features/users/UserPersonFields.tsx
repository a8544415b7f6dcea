/**
 * The person's sections of the user form (UserForm.tsx): the avatar, name, company, email and phone at the
 * top, the address below the role and the records, and the password (create only; empty means generated).
 */
import { PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ContactFields } from '../../components/forms/ContactFields';
import { AvatarField, avatarError } from '../../components/forms/fields';
import { FormPlaceFields } from '../../components/forms/place-fields';
import { t } from '../../lib/translations';
import type { UserFormState } from './user-form-values';

const F = t.screens.fields;
const PERSON_LABELS = { firstName: F.firstName, lastName: F.lastName, email: F.email, phone: F.phoneNumber };

export function UserPersonFields({
  form,
  creating,
  currentAvatar,
}: {
  form: UserFormState;
  creating: boolean;
  currentAvatar: string | null | undefined;
}) {
  return (
    <>
      <AvatarField
        label={F.avatar}
        name={`${form.values.first_name} ${form.values.last_name}`.trim()}
        current={currentAvatar}
        value={form.values.avatar}
        onChange={(file) => {
          form.setFieldValue('avatar', file);
          form.setFieldError('avatar', avatarError(file).avatar ?? null);
        }}
        error={form.errors.avatar}
      />
      <ContactFields
        form={form}
        labels={PERSON_LABELS}
        spacing="md"
        autofill={false}
        emailOptional={creating ? t.screens.hints.emailOptional : undefined}
      >
        <TextInput size="sm" label={F.companyName} withAsterisk {...form.getInputProps('company_name')} />
      </ContactFields>
    </>
  );
}

export function UserAddressFields({ form, creating }: { form: UserFormState; creating: boolean }) {
  return (
    <>
      <TextInput size="sm" label={F.address1} withAsterisk={!creating} {...form.getInputProps('address_1')} />
      <TextInput size="sm" label={F.address2} {...form.getInputProps('address_2')} />
      <TextInput size="sm" label={F.city} withAsterisk {...form.getInputProps('city')} />
      <FormPlaceFields form={form} />
      <TextInput size="sm" label={F.postal} withAsterisk {...form.getInputProps('postal')} />
    </>
  );
}

/** The new account's password and its confirmation (create only): left empty, one is generated. */
export function UserPasswordFields({ form }: { form: UserFormState }) {
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PasswordInput label={F.password} autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput
          label={F.passwordConfirmation}
          autoComplete="new-password"
          {...form.getInputProps('password_confirmation')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t.screens.hints.passwordOptional}
      </Text>
    </Stack>
  );
}
