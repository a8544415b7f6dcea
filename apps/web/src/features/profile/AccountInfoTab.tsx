/**
 * Account Info (SPEC.md section 5, Profile info): first and last name, company, phone, address 1,
 * country, province, city and postal are required, address 2 optional (profileInfoSchema). PATCH
 * users/{id}/info, then the toast "Saved" / "Your settings have been saved.".
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { type ApiUser, type ProfileInfoValues, profileInfoSchema } from '@mend/shared';
import { personFields } from '../../components/account/person-fields';
import { type FieldSpec, FormFields } from '../../components/forms/FormFields';
import type { FormValues } from '../../components/forms/form-values';
import { FormPlaceFields } from '../../components/forms/place-fields';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { t } from '../../lib/translations';
import { SAVE_BUTTON, SAVED_TOAST } from './save-button';

const F = t.screens.fields;
const P = t.accountScreens.profile;

type InfoValues = FormValues<ProfileInfoValues>;

/** Who the user is and the number to reach them at, two to a row from the small breakpoint up. */
const IDENTITY: FieldSpec[] = [
  ...personFields(),
  { path: 'phone_number', label: F.phoneNumber, type: 'tel', autoComplete: 'tel', required: true },
];
/** The street address; country and province follow (FormPlaceFields), then the city and postal code. */
const STREET: FieldSpec[] = [
  { path: 'address_1', label: F.address1, autoComplete: 'address-line1', required: true },
  { path: 'address_2', label: F.address2, autoComplete: 'address-line2' },
];
/** The form's name (the tab's), intro and button (SettingsForm's texts). */
const INFO_FORM = { label: t.titles.accountInfo, intro: P.infoIntro, ...SAVE_BUTTON };

const CITY_POSTAL: FieldSpec[] = [
  { path: 'city', label: F.city, autoComplete: 'address-level2', required: true },
  { path: 'postal', label: F.postal, autoComplete: 'postal-code', required: true },
];

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
  const { form, submit, submission } = useSubmittingForm<InfoValues>({
    initialValues: infoValues(user),
    schema: profileInfoSchema,
    stored: true,
    // The profile (and every list showing the user) refreshes with the rest of a user's writes.
    writes: 'users',
  });

  const onSubmit = form.onSubmit(async (values) => {
    const body = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/info`,
      body,
      toast: SAVED_TOAST,
    });
    if (!result?.ok) return;
    form.setInitialValues(values);
    form.resetDirty(values);
  });

  return (
    <SettingsForm {...INFO_FORM} {...submission} onSubmit={onSubmit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormFields form={form} fields={IDENTITY} size="sm" />
        </SimpleGrid>
        <FormFields form={form} fields={STREET} size="sm" />
        <FormPlaceFields form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormFields form={form} fields={CITY_POSTAL} size="sm" />
        </SimpleGrid>
      </Stack>
    </SettingsForm>
  );
}
