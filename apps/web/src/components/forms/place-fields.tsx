/** A place's fields: country and province (wired to a form or not) and its map link. */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRY_NAMES, provincesFor } from '@mend/shared';
import { type ReactNode, useMemo } from 'react';
import { t } from '../../lib/translations';

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
