/**
 * Category (those offered on the chosen unit, every category on a whole property (issue 26); the edited
 * ticket's own stays listed on its place), priority and, on edit for roles 0 and 1, status of the ticket form.
 */
import { Select, SimpleGrid } from '@mantine/core';
import type { ApiTicket } from '@mend/shared';
import { useMemo } from 'react';
import { t } from '../../lib/translations';
import { useAllCategories, usePriorities, useStatuses, useUnitCategories } from './ticket-data';
import { isWholeProperty, placeValue, type TicketFormApi, ticketPlaceFields } from './ticket-form-values';

const S = t.ticketScreens.form;

/** The texts of the fields chosen from the server's lists, and what they say when it cannot be fetched. */
const LIST_FIELDS = {
  priority: { label: S.priority, placeholder: S.priorityPlaceholder, fetchError: t.errors.prioritiesFetch },
  status: { label: S.status, placeholder: S.statusPlaceholder, fetchError: t.errors.statusesFetch },
};

export function CategoryPriorityStatusFields({
  form,
  ticket,
  includeStatus,
}: {
  form: TicketFormApi;
  /** The edited ticket; null on create. */
  ticket: ApiTicket | null;
  includeStatus: boolean;
}) {
  const statuses = useStatuses();
  const priorities = usePriorities();
  const whole = isWholeProperty(form.values);
  const unitCategories = useUnitCategories(form.values.unit_id);
  const allCategories = useAllCategories(whole);
  const categories = whole ? allCategories : unitCategories;
  const place = placeValue(form.values);

  const categoryData = useMemo(() => {
    const options = (categories.data ?? []).map((category) => ({
      value: String(category.id),
      label: category.title,
    }));
    const current = ticket?.categories[0];
    if (
      current &&
      place === placeValue(ticketPlaceFields(ticket)) &&
      !options.some((option) => option.value === String(current.id))
    )
      options.unshift({ value: String(current.id), label: current.title });
    return options;
  }, [categories.data, ticket, place]);

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          size="sm"
          label={S.category}
          placeholder={place ? S.categoryPlaceholder : S.chooseUnitFirst}
          data={categoryData}
          disabled={!place}
          searchable={categoryData.length > 8}
          nothingFoundMessage={categories.isFetching ? t.app.loading : t.screens.nothingFound}
          withAsterisk
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('category_id')}
          value={form.values.category_id || null}
          onChange={(value) => form.setFieldValue('category_id', value ?? '')}
        />
        <ListSelect form={form} field="priority" list={priorities} />
      </SimpleGrid>
      {includeStatus ? <ListSelect form={form} field="status" list={statuses} /> : null}
    </>
  );
}

/**
 * A required choice among the server's texts (priorities, statuses), whose value is the text's index. It
 * shows no value until the texts are loaded (an index alone means nothing), and their fetch error in place
 * of the field's.
 */
function ListSelect({
  form,
  field,
  list,
}: {
  form: TicketFormApi;
  field: keyof typeof LIST_FIELDS;
  list: { data: readonly string[] | undefined; isError: boolean };
}) {
  const { label, placeholder, fetchError } = LIST_FIELDS[field];
  return (
    <Select
      size="sm"
      label={label}
      placeholder={placeholder}
      data={(list.data ?? []).map((text, index) => ({ value: String(index), label: text }))}
      withAsterisk
      allowDeselect={false}
      comboboxProps={{ zIndex: 400 }}
      {...form.getInputProps(field)}
      error={list.isError ? fetchError : form.errors[field]}
      value={list.data ? form.values[field] || null : null}
      onChange={(value) => form.setFieldValue(field, value ?? '')}
    />
  );
}
