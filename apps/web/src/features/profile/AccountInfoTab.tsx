/**
 * Account Info (SPEC.md section 5, Profile info): first and last name, company, phone, address 1,
 * country, province, city and postal are required, address 2 optional (profileInfoSchema). PATCH
 * users/{id}/info, then the toast "Saved" / "Your settings have been saved.".
 */
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ApiUser, type ProfileInfoValues, profileInfoSchema } from '@mend/shared';
import { FormPlaceFields } from '../../components/forms/fields';
import type { FormValues } from '../../components/forms/form-values';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { t } from '../../lib/translations';

const F = t.screens.fields;
const P = t.accountScreens.profile;

type InfoValues = FormValues<ProfileInfoValues>;

export function infoValues(user: ApiUser): InfoValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    company_name: user.company_name ?? '',
    phone_number: user.phone_number ?? '',
    address_1: user.address_1 ?? '',
    address_2: user.address_2 ?? '',
    country: user.country ?? '',
    province: user.province ?? '',
    city: user.city ?? '',
    postal: user.postal ?? '',
  };
}

export function AccountInfoTab({ user }: { user: ApiUser }) {
  const { form, canSubmit } = useRecordForm<InfoValues>({
    initialValues: infoValues(user),
    schema: profileInfoSchema,
    stored: true,
  });
  // The profile (and every list showing the user) refreshes with the rest of a user's writes.
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'users' });

  const onSubmit = form.onSubmit(async (values) => {
    const body = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/info`,
      body,
      toast: { title: t.toasts.savedTitle, message: t.toasts.saved },
    });
    if (!result?.ok) return;
    form.setInitialValues(values);
    form.resetDirty(values);
  });

  const input = (path: keyof InfoValues) => ({ ...form.getInputProps(path), name: path });

  return (
    <SettingsForm
      label={t.titles.accountInfo}
      intro={P.infoIntro}
      onSubmit={onSubmit}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit}
      submitLabel={P.save}
      errorLabel={t.buttonErrors.save}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            size="sm"
            label={F.firstName}
            autoComplete="given-name"
            withAsterisk
            {...input('first_name')}
          />
          <TextInput
            size="sm"
            label={F.lastName}
            autoComplete="family-name"
            withAsterisk
            {...input('last_name')}
          />
          <TextInput
            size="sm"
            label={F.companyName}
            autoComplete="organization"
            withAsterisk
            {...input('company_name')}
          />
          <TextInput
            size="sm"
            label={F.phoneNumber}
            type="tel"
            autoComplete="tel"
            withAsterisk
            {...input('phone_number')}
          />
        </SimpleGrid>
        <TextInput
          size="sm"
          label={F.address1}
          autoComplete="address-line1"
          withAsterisk
          {...input('address_1')}
        />
        <TextInput size="sm" label={F.address2} autoComplete="address-line2" {...input('address_2')} />
        <FormPlaceFields form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput size="sm" label={F.city} autoComplete="address-level2" withAsterisk {...input('city')} />
          <TextInput
            size="sm"
            label={F.postal}
            autoComplete="postal-code"
            withAsterisk
            {...input('postal')}
          />
        </SimpleGrid>
      </Stack>
    </SettingsForm>
  );
}
