/** Shared form fields: the avatar/logo picker, country and province, and the form shell with its footer. */
import {
  Avatar,
  Button,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ACCEPTED_AVATAR_MIME_TYPES, COUNTRY_NAMES, checkAvatar, provincesFor } from '@mend/shared';
import { IconPhoto } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { t } from '../../lib/translations';
import { FormButton, type FormButtonState } from '../FormButton';
import { PanelFooter } from '../panel/SidePanel';
import { FormErrorAlert, type FormErrorState } from './FormErrorAlert';

/** The avatar rule (one image under 1,000,000 bytes) as a field error, or none. */
export function avatarError(file: File | null | undefined): Record<string, string> {
  const message = file ? checkAvatar([{ size: file.size, type: file.type }]) : null;
  return message ? { avatar: message } : {};
}

export interface AvatarFieldProps {
  label: string;
  /** The current image URL of the record. */
  current?: string | null;
  /** Initials shown without any image. */
  name: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  square?: boolean;
}

export function AvatarField({
  label,
  current,
  name,
  value,
  onChange,
  error,
  square = false,
}: AvatarFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Avatar
        src={preview ?? current ?? null}
        name={name || undefined}
        color="initials"
        size={64}
        radius={square ? 'md' : 'xl'}
        alt=""
      />
      <FileInput
        style={{ flex: 1 }}
        label={label}
        description={t.screens.hints.image}
        placeholder={t.screens.hints.chooseImage}
        accept={ACCEPTED_AVATAR_MIME_TYPES.join(',')}
        leftSection={<IconPhoto size={16} aria-hidden />}
        clearable
        value={value}
        onChange={(file) => onChange(file)}
        error={error}
        name="avatar"
      />
    </Group>
  );
}

interface AvatarFormValues {
  avatar: File | null;
  name: string;
}

/** The avatar/logo picker bound to a record form's `avatar` field, checking the file as soon as it is picked. */
export function FormAvatarField<Values extends AvatarFormValues>({
  form,
  label,
  current,
  square = true,
}: {
  form: UseFormReturnType<Values>;
  label: string;
  current?: string | null;
  square?: boolean;
}) {
  const avatarForm = form as unknown as UseFormReturnType<AvatarFormValues>;
  return (
    <AvatarField
      label={label}
      name={avatarForm.values.name}
      current={current}
      square={square}
      value={avatarForm.values.avatar}
      onChange={(file) => {
        avatarForm.setFieldValue('avatar', file);
        avatarForm.setFieldError('avatar', avatarError(file).avatar ?? null);
      }}
      error={avatarForm.errors.avatar}
    />
  );
}

/** The required name and description fields most records start with. */
export function NameDescriptionFields<Values extends { name: string; description: string }>({
  form,
  nameLabel,
  descriptionLabel,
}: {
  form: UseFormReturnType<Values>;
  nameLabel: string;
  descriptionLabel: string;
}) {
  const textForm = form as unknown as UseFormReturnType<{ name: string; description: string }>;
  return (
    <>
      <TextInput size="sm" label={nameLabel} withAsterisk {...textForm.getInputProps('name')} />
      <Textarea
        label={descriptionLabel}
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        {...textForm.getInputProps('description')}
      />
    </>
  );
}

/** Country names with the current value kept even when it is not one of them (older records). */
export function countryOptions(current: string): string[] {
  return current && !COUNTRY_NAMES.includes(current) ? [current, ...COUNTRY_NAMES] : [...COUNTRY_NAMES];
}

/**
 * CountryProvinceFields wired to a form holding `country` and `province`: its values, changes, blur checks and
 * errors (the property, user and profile forms).
 */
export function FormPlaceFields<Values extends { country: string; province: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  // Mantine's form types its paths per value type; these two are strings on every form that has them.
  const place = form as unknown as UseFormReturnType<{ country: string; province: string }>;
  return (
    <CountryProvinceFields
      country={place.values.country}
      province={place.values.province}
      onCountryChange={(value) => place.setFieldValue('country', value)}
      onProvinceChange={(value) => place.setFieldValue('province', value)}
      countryError={place.errors.country}
      provinceError={place.errors.province}
      onCountryBlur={() => place.validateField('country')}
      onProvinceBlur={() => place.validateField('province')}
    />
  );
}

/** A place's map link (a property's, a unit's), with its hint. */
export function FormMapUrlField<Values extends { gmaps_url: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <TextInput
      size="sm"
      label={t.screens.fields.gmapsUrl}
      description={t.screens.hints.gmapsUrl}
      type="url"
      {...form.getInputProps('gmaps_url')}
    />
  );
}

export interface PlaceFieldsProps {
  country: string;
  province: string;
  onCountryChange: (country: string) => void;
  onProvinceChange: (province: string) => void;
  countryError?: ReactNode;
  provinceError?: ReactNode;
  onCountryBlur?: () => void;
  onProvinceBlur?: () => void;
}

/** Country (United States and Canada first) and a province list that follows it (free text elsewhere). */
export function CountryProvinceFields({
  country,
  province,
  onCountryChange,
  onProvinceChange,
  countryError,
  provinceError,
  onCountryBlur,
  onProvinceBlur,
}: PlaceFieldsProps) {
  const countries = useMemo(() => countryOptions(country), [country]);
  const provinces = provincesFor(country);
  const provinceData = useMemo(
    () =>
      provinces
        ? province && !provinces.includes(province)
          ? [province, ...provinces]
          : [...provinces]
        : [],
    [provinces, province],
  );

  function changeCountry(next: string | null) {
    const value = next ?? '';
    onCountryChange(value);
    const list = provincesFor(value);
    if (list && province && !list.includes(province)) onProvinceChange('');
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label={t.screens.fields.country}
        placeholder={t.screens.placeholders.country}
        data={countries}
        value={country || null}
        onChange={changeCountry}
        onBlur={onCountryBlur}
        error={countryError}
        searchable
        nothingFoundMessage={t.screens.nothingFound}
        withAsterisk
        comboboxProps={{ zIndex: 400 }}
      />
      {provinces ? (
        <Select
          label={t.screens.fields.province}
          placeholder={t.screens.placeholders.province}
          data={provinceData}
          value={province || null}
          onChange={(value) => onProvinceChange(value ?? '')}
          onBlur={onProvinceBlur}
          error={provinceError}
          searchable
          nothingFoundMessage={t.screens.nothingFound}
          withAsterisk
          comboboxProps={{ zIndex: 400 }}
        />
      ) : (
        <TextInput
          size="sm"
          label={t.screens.fields.province}
          value={province}
          onChange={(event) => onProvinceChange(event.currentTarget.value)}
          onBlur={onProvinceBlur}
          error={provinceError}
          withAsterisk
        />
      )}
    </SimpleGrid>
  );
}

/** What a form's frame shows of its submission: the error summary and the submit button. */
export interface FormSubmission {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  error: FormErrorState | null;
  buttonState: FormButtonState;
  canSubmit: boolean;
  submitLabel: string;
  errorLabel: string;
}

export interface RecordFormShellProps extends FormSubmission {
  children: ReactNode;
  onCancel: () => void;
}

/** A panel form: fields, the error summary, and Cancel / Save in the panel footer. */
export function RecordFormShell({
  onSubmit,
  children,
  error,
  buttonState,
  canSubmit,
  submitLabel,
  errorLabel,
  onCancel,
}: RecordFormShellProps) {
  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Stack gap="md" pt="md" pb="lg">
        {children}
        <FormErrorAlert error={error} />
      </Stack>
      <PanelFooter>
        <Button variant="default" onClick={onCancel}>
          {t.buttons.cancel}
        </Button>
        <FormButton
          state={buttonState}
          label={submitLabel}
          errorLabel={errorLabel}
          disabled={!canSubmit && buttonState === 'default'}
        />
      </PanelFooter>
    </form>
  );
}
