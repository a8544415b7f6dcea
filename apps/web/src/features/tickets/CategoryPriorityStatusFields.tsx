/**
 * Category (those offered on the chosen unit; the edited ticket's own stays listed on its unit), priority
 * and, on edit for roles 0 and 1, status of the ticket form.
 */
import { Select, SimpleGrid } from '@mantine/core';
import type { ApiTicket } from '@mend/shared';
import { useMemo } from 'react';
import { t } from '../../lib/translations';
import { usePriorities, useStatuses, useUnitCategories } from './ticket-data';
import type { TicketFormApi } from './ticket-form-values';

const S = t.ticketScreens.form;

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
  const categories = useUnitCategories(form.values.unit_id);

  const categoryData = useMemo(() => {
    const options = (categories.data ?? []).map((category) => ({
      value: String(category.id),
      label: category.title,
    }));
    const current = ticket?.categories[0];
    if (
      current &&
      form.values.unit_id === String(ticket.unit_id) &&
      !options.some((option) => option.value === String(current.id))
    )
      options.unshift({ value: String(current.id), label: current.title });
    return options;
  }, [categories.data, ticket, form.values.unit_id]);

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          size="sm"
          label={S.category}
          placeholder={form.values.unit_id ? S.categoryPlaceholder : S.chooseUnitFirst}
          data={categoryData}
          disabled={!form.values.unit_id}
          searchable={categoryData.length > 8}
          nothingFoundMessage={categories.isFetching ? t.app.loading : t.screens.nothingFound}
          withAsterisk
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('category_id')}
          value={form.values.category_id || null}
          onChange={(value) => form.setFieldValue('category_id', value ?? '')}
        />
        <Select
          size="sm"
          label={S.priority}
          placeholder={S.priorityPlaceholder}
          data={(priorities.data ?? []).map((text, index) => ({ value: String(index), label: text }))}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('priority')}
          error={priorities.isError ? t.errors.prioritiesFetch : form.errors.priority}
          value={priorities.data ? form.values.priority || null : null}
          onChange={(value) => form.setFieldValue('priority', value ?? '')}
        />
      </SimpleGrid>
      {includeStatus ? (
        <Select
          size="sm"
          label={S.status}
          placeholder={S.statusPlaceholder}
          data={(statuses.data ?? []).map((text, index) => ({ value: String(index), label: text }))}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('status')}
          error={statuses.isError ? t.errors.statusesFetch : form.errors.status}
          value={statuses.data ? form.values.status || null : null}
          onChange={(value) => form.setFieldValue('status', value ?? '')}
        />
      ) : null}
    </>
  );
}
