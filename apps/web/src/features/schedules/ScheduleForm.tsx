/**
 * The schedule form (issue 26), new or edited, in two sections:
 * - "The work": the property (those the viewer sees, searched on the server; the server checks it may manage it),
 *   its unit or the whole property, and the ticket each date creates: title, description, category, priority;
 * - "When": "Repeats every [n] [Days|Weeks|Months|Years]", then the day fields of that frequency (the weekday; the
 *   day of the month, 1 to 28 or the last day; the month and its day), the start and the optional end, and how
 *   many days ahead each ticket is created. Under them, the live "Coming dates" preview of the rule being edited.
 * The values are checked with the shared scheduleSchema and saved as every record form is (useRecordEditor: POST
 * schedules, PATCH schedules/{id}): the server's errors show on their fields, the toast names the schedule saved.
 * One column on phones.
 */
import '@mantine/dates/styles.css';
import {
  Group,
  Input,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import {
  type ApiCategory,
  type ApiProperty,
  type ApiSchedule,
  type ApiUnit,
  LAST_DAY_OF_MONTH,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_INTERVAL_MAX,
  SCHEDULE_LEAD_DAYS_MAX,
  SCHEDULE_MONTH_DAY_MAX,
  scheduleSchema,
  TICKET_PRIORITIES,
} from '@mend/shared';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { PanelError, PanelStatus } from '../../components/details';
import { RecordFormShell } from '../../components/forms/RecordFormShell';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useRecordEditor } from '../../components/records/useRecordEditor';
import { format, t } from '../../lib/translations';
import { type Choice, ChoiceSelect } from './ChoiceSelect';
import { scheduleKind } from './kind';
import { dateText } from './ScheduleParts';
import { useSchedule } from './schedule-data';
import {
  dayFieldsOf,
  type ScheduleFormValues,
  scheduleBody,
  scheduleFormValues,
  schedulePreview,
} from './schedule-values';
import classes from './schedules.module.css';

const S = t.schedules.screens;
const F = S.fields;
const TF = t.ticketScreens.form;

/** The unit select's value for "Whole property" (a blank unit_id). */
const WHOLE_PROPERTY = 'whole';
const WHOLE_CHOICE: Choice = { value: WHOLE_PROPERTY, label: S.unitPlaceholder };
const LEADING_UNITS = [WHOLE_CHOICE] as const;

const FREQUENCY_OPTIONS = SCHEDULE_FREQUENCIES.map((frequency) => ({
  value: frequency,
  label: S.frequencies[frequency],
}));
const WEEKDAY_OPTIONS = t.schedules.weekdays.map((label, index) => ({ value: String(index), label }));
const MONTH_OPTIONS = t.schedules.months.map((label, index) => ({ value: String(index + 1), label }));
const MONTH_DAY_OPTIONS = [
  ...Array.from({ length: SCHEDULE_MONTH_DAY_MAX }, (_, index) => ({
    value: String(index + 1),
    label: String(index + 1),
  })),
  { value: String(LAST_DAY_OF_MONTH), label: S.lastDayOption },
];
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((label, index) => ({ value: String(index), label }));

const PROPERTY_SOURCE = { resource: 'properties', url: 'properties', sort: 'name' } as const;
const CATEGORY_SOURCE = { resource: 'categories', url: 'categories', sort: 'title' } as const;
const propertyChoice = (property: ApiProperty): Choice => ({
  value: String(property.id),
  label: property.name,
});
const unitChoice = (unit: ApiUnit): Choice => ({ value: String(unit.id), label: unit.name });
const categoryChoice = (category: ApiCategory): Choice => ({
  value: String(category.id),
  label: category.title,
});

/** The choices an edited schedule starts with (its names are in the answer); none for a new one. */
function startingChoices(schedule: ApiSchedule | null) {
  return {
    property: schedule ? { value: String(schedule.property_id), label: schedule.property_name } : null,
    unit:
      schedule && schedule.unit_id !== null
        ? { value: String(schedule.unit_id), label: schedule.unit_name }
        : null,
    category: schedule ? { value: String(schedule.category_id), label: schedule.category_title } : null,
  };
}

export function ScheduleFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  // A new schedule's choices are searched as the form is filled in; an edit starts from the schedule.
  const query = useSchedule(id);
  if (id === null) return <ScheduleForm schedule={null} panel={panel} />;
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;
  return <ScheduleForm schedule={query.data} panel={panel} />;
}

function ScheduleForm({ schedule, panel }: { schedule: ApiSchedule | null; panel: PanelControls }) {
  // The browser's date: the preview's "from", and a new schedule's start.
  const [today] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [chosen, setChosen] = useState(() => startingChoices(schedule));
  const repeatsId = useId();
  const { form, shell } = useRecordEditor<ScheduleFormValues>({
    kind: scheduleKind,
    record: schedule,
    panel,
    initialValues: scheduleFormValues(schedule, today),
    schema: scheduleSchema,
    body: scheduleBody,
    errorLabels: { create: t.buttonErrors.create, update: t.buttonErrors.update },
    // The answer is the schedule, with no message: the dictionary's names it.
    savedMessage: ({ record, values, creating }) =>
      format(creating ? t.schedules.created : t.schedules.updated, {
        title: (record as Partial<ApiSchedule> | null)?.title ?? values.title,
      }),
  });

  /** A field's error and its check when left (the value and its change are the field's own). */
  const checked = (name: keyof ScheduleFormValues) => {
    const { error, onBlur, onFocus } = form.getInputProps(name);
    return { error, onBlur, onFocus };
  };

  function chooseProperty(choice: Choice | null) {
    const value = choice?.value ?? '';
    if (value === form.values.property_id) return;
    setChosen((current) => ({ ...current, property: choice, unit: null }));
    form.setFieldValue('property_id', value);
    // A unit belongs to one property.
    form.setFieldValue('unit_id', '');
  }

  function chooseUnit(choice: Choice | null) {
    const whole = choice === null || choice.value === WHOLE_PROPERTY;
    setChosen((current) => ({ ...current, unit: whole ? null : choice }));
    form.setFieldValue('unit_id', whole ? '' : choice.value);
  }

  function chooseCategory(choice: Choice | null) {
    setChosen((current) => ({ ...current, category: choice }));
    form.setFieldValue('category_id', choice?.value ?? '');
  }

  /** A date changed: the end's check (after the start, falls on a date) follows the start too. */
  function changeDate(name: 'starts_on' | 'ends_on', value: string | null) {
    form.setFieldValue(name, value ?? '');
    form.validateField(name);
    if (name === 'starts_on' && form.errors.ends_on) form.validateField('ends_on');
  }

  const unitSource = useMemo(
    () => ({
      resource: 'units',
      url: 'units',
      sort: 'name',
      params: { property_id: form.values.property_id },
    }),
    [form.values.property_id],
  );
  const uses = dayFieldsOf(form.values.frequency);
  const preview = useMemo(() => schedulePreview(form.values, today), [form.values, today]);

  return (
    <RecordFormShell {...shell}>
      <FormSection title={S.sections.work}>
        <ChoiceSelect<ApiProperty>
          label={F.property}
          placeholder={t.screens.placeholders.property}
          withAsterisk
          source={PROPERTY_SOURCE}
          toChoice={propertyChoice}
          chosen={chosen.property}
          onChoose={chooseProperty}
          name="property_id"
          {...checked('property_id')}
        />
        <ChoiceSelect<ApiUnit>
          label={F.unit}
          source={unitSource}
          toChoice={unitChoice}
          leading={LEADING_UNITS}
          chosen={chosen.unit ?? WHOLE_CHOICE}
          onChoose={chooseUnit}
          enabled={form.values.property_id !== ''}
          disabled={form.values.property_id === ''}
          name="unit_id"
          {...checked('unit_id')}
        />
        <TextInput size="sm" label={F.title} withAsterisk {...form.getInputProps('title')} name="title" />
        <Textarea
          label={F.description}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('description')}
          name="description"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ChoiceSelect<ApiCategory>
            label={F.category}
            placeholder={TF.categoryPlaceholder}
            withAsterisk
            source={CATEGORY_SOURCE}
            toChoice={categoryChoice}
            chosen={chosen.category}
            onChoose={chooseCategory}
            name="category_id"
            {...checked('category_id')}
          />
          <Select
            size="sm"
            label={F.priority}
            placeholder={TF.priorityPlaceholder}
            data={PRIORITY_OPTIONS}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ zIndex: 400 }}
            name="priority"
            {...form.getInputProps('priority')}
            value={form.values.priority || null}
            onChange={(value) => form.setFieldValue('priority', value ?? '')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title={S.sections.repeats}>
        {/* "Repeats every [2] [Weeks]": one group, named by its label; the number and the unit are named each. */}
        <Input.Wrapper
          label={F.frequency}
          labelElement="div"
          labelProps={{ id: repeatsId }}
          role="group"
          aria-labelledby={repeatsId}
          data-repeats
        >
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <TextInput
              className={classes.interval}
              size="sm"
              aria-label={F.interval}
              inputMode="numeric"
              autoComplete="off"
              maxLength={String(SCHEDULE_INTERVAL_MAX).length}
              name="interval"
              {...form.getInputProps('interval')}
            />
            <Select
              className={classes.unit}
              size="sm"
              aria-label={F.frequency}
              data={FREQUENCY_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ zIndex: 400 }}
              name="frequency"
              {...form.getInputProps('frequency')}
              onChange={(value) => {
                if (value) form.setFieldValue('frequency', value);
              }}
            />
          </Group>
        </Input.Wrapper>
        {uses.weekday ? (
          <DaySelect label={F.weekday} data={WEEKDAY_OPTIONS} name="weekday" form={form} />
        ) : null}
        {uses.month ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DaySelect label={F.month} data={MONTH_OPTIONS} name="month" form={form} />
            <DaySelect label={F.monthDay} data={MONTH_DAY_OPTIONS} name="month_day" form={form} />
          </SimpleGrid>
        ) : uses.monthDay ? (
          <DaySelect label={F.monthDay} data={MONTH_DAY_OPTIONS} name="month_day" form={form} />
        ) : null}
        {/* Each calendar gives the focus back to its field once a day is chosen (else it fell to the page's start). */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DatePickerInput
            size="sm"
            label={F.startsOn}
            withAsterisk
            valueFormat="ddd, MMM D, YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            popoverProps={{ zIndex: 400, returnFocus: true }}
            name="starts_on"
            {...checked('starts_on')}
            value={form.values.starts_on || null}
            onChange={(value) => changeDate('starts_on', value)}
          />
          <DatePickerInput
            size="sm"
            label={F.endsOn}
            placeholder={S.endsOnPlaceholder}
            clearable
            valueFormat="ddd, MMM D, YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            popoverProps={{ zIndex: 400, returnFocus: true }}
            minDate={form.values.starts_on || undefined}
            name="ends_on"
            {...checked('ends_on')}
            value={form.values.ends_on || null}
            onChange={(value) => changeDate('ends_on', value)}
          />
        </SimpleGrid>
        <TextInput
          size="sm"
          label={F.leadDays}
          description={S.leadDaysHint}
          inputMode="numeric"
          autoComplete="off"
          maxLength={String(SCHEDULE_LEAD_DAYS_MAX).length}
          name="lead_days"
          {...form.getInputProps('lead_days')}
        />
        {preview ? (
          <Paper withBorder radius="md" p="sm" bg="gray.0" role="status" aria-live="polite" data-preview>
            <Text size="sm" fw={600}>
              {S.upcoming}
            </Text>
            <Text size="sm" c="dimmed" mb={6}>
              {preview.rule}
            </Text>
            {preview.dates.length === 0 ? (
              <Text size="sm">{S.noUpcoming}</Text>
            ) : (
              <ul className={classes.dates}>
                {preview.dates.map((date) => (
                  <li key={date}>{dateText(date)}</li>
                ))}
              </ul>
            )}
          </Paper>
        ) : null}
      </FormSection>
    </RecordFormShell>
  );
}

/** A titled section of the form ("The work", "When"), as the ticket form's. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" className={classes.formSection}>
      <Title order={3} className={classes.formSectionTitle}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A required day field of the frequency (weekday, month, day of the month). */
function DaySelect({
  label,
  data,
  name,
  form,
}: {
  label: string;
  data: { value: string; label: string }[];
  name: 'weekday' | 'month' | 'month_day';
  form: UseFormReturnType<ScheduleFormValues>;
}) {
  return (
    <Select
      size="sm"
      label={label}
      data={data}
      withAsterisk
      allowDeselect={false}
      maxDropdownHeight={260}
      comboboxProps={{ zIndex: 400 }}
      name={name}
      {...form.getInputProps(name)}
      value={form.values[name] || null}
      onChange={(value) => {
        form.setFieldValue(name, value ?? '');
        form.validateField(name);
      }}
    />
  );
}
