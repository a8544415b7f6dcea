/**
 * "Create New Ticket" and "Edit Ticket" (SPEC.md sections 2, 5, 6): contact fields (prefilled from the
 * signed-in user on create), the unit (picked by roles 0 and 1 on create, by the super admin only on
 * edit; a tenant's tickets are on its own unit), title, description, photos, category (offered on the
 * unit), priority, status (edit, roles 0 and 1) and availability ranges. Checked with the shared
 * ticketSchema on blur and on submit; the server's 422 errors land on their fields. After a create the
 * "Ticket Created" dialog shows, then the ticket's details.
 */
import {
  Button,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  type ApiTicket,
  type ApiUser,
  can,
  deviceTimeZone,
  format,
  SEARCH_DEBOUNCE_MS,
  TICKET_DIALOG_WIDTH,
  ticketSchema,
} from '@mend/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { PanelError, PanelStatus } from '../../components/details';
import { RecordFormShell } from '../../components/forms/fields';
import { savedRecord } from '../../components/forms/payload';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import type { ParsingSchema } from '../../components/forms/zod-errors';
import { NotAllowed } from '../../components/NotAllowed';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useActor } from '../../lib/actor';
import { useCurrentUser } from '../../lib/auth';
import { t } from '../../lib/translations';
import { AvailabilityFields, type RangeRow, rangeRow } from './AvailabilityFields';
import { PhotosField } from './PhotosField';
import {
  useOwnUnit,
  usePriorities,
  useStatuses,
  useTicket,
  useUnitCategories,
  useUnitOptions,
} from './ticket-data';
import {
  keptRanges,
  photosError,
  rangeFromWallClock,
  type TicketFormValues,
  ticketPayload,
} from './ticket-logic';
import classes from './tickets.module.css';

const S = t.ticketScreens.form;

type FormValues = Omit<TicketFormValues, 'availability'> & { availability: RangeRow[] };

interface UnitChoice {
  value: string;
  label: string;
  /** The IANA zone of the unit's property: the availability is entered in it. */
  timeZone: string;
}

/** Loads what the form needs (the ticket to edit, a tenant's own unit), then shows it. */
export function TicketFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  const actor = useActor();
  const { user } = useCurrentUser();
  const creating = id === null;
  const ticketQuery = useTicket(id);
  const ownUnit = useOwnUnit(creating && !can(actor, 'ticket.pickUnit'));

  if (creating && !can(actor, 'ticket.create')) return <NotAllowed variant="panel" />;
  if (!creating) {
    if (ticketQuery.isPending) return <PanelStatus loading />;
    if (!ticketQuery.data) return <PanelError error={ticketQuery.error} />;
    if (!ticketQuery.data.can.update) return <NotAllowed variant="panel" />;
    return <TicketForm ticket={ticketQuery.data} user={user} unit={null} panel={panel} />;
  }
  if (!can(actor, 'ticket.pickUnit')) {
    if (ownUnit.isPending) return <PanelStatus loading />;
    if (ownUnit.isError) return <PanelError error={ownUnit.error} />;
    if (!ownUnit.data) return <PanelStatus error={t.tickets.noUnit} />;
    return (
      <TicketForm
        ticket={null}
        user={user}
        unit={{ value: String(ownUnit.data.id), label: ownUnit.data.name, timeZone: ownUnit.data.time_zone }}
        panel={panel}
      />
    );
  }
  return <TicketForm ticket={null} user={user} unit={null} panel={panel} />;
}

function initialValues(
  ticket: ApiTicket | null,
  user: ApiUser,
  unit: UnitChoice | null,
  timeZone: string,
): FormValues {
  if (ticket)
    return {
      contact_details: { ...ticket.contact_details },
      unit_id: String(ticket.unit_id),
      title: ticket.title,
      description: ticket.description,
      category_id: ticket.category_ids[0] ? String(ticket.category_ids[0]) : '',
      priority: String(ticket.priority),
      status: String(ticket.status),
      availability: ticket.availability_ranges.length
        ? ticket.availability_ranges.map((range) => rangeRow(rangeFromWallClock(range)))
        : [rangeRow(timeZone)],
      images: [],
      remove_images: [],
    };
  return {
    contact_details: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.is_temporary ? '' : user.email,
      phone_number: user.phone_number,
    },
    unit_id: unit?.value ?? '',
    title: '',
    description: '',
    category_id: '',
    priority: '0',
    status: '0',
    availability: [rangeRow(timeZone)],
    images: [],
    remove_images: [],
  };
}

/** "Ticket Created": the ticket went to the contractor; GOT IT! (or closing) goes on to its details. */
function showCreatedDialog(onClose: () => void) {
  const id = modals.open({
    title: t.toasts.ticketCreatedTitle,
    size: TICKET_DIALOG_WIDTH,
    centered: true,
    zIndex: 400,
    radius: 'md',
    classNames: { title: classes.dialogTitle },
    onClose,
    children: (
      <Stack align="center" gap="md" ta="center" pb={4}>
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={34} aria-hidden />
        </ThemeIcon>
        <Text size="sm">{t.toasts.ticketCreated}</Text>
        <Button fullWidth data-autofocus onClick={() => modals.close(id)}>
          {t.buttons.gotIt}
        </Button>
      </Stack>
    ),
  });
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" className={classes.formSection}>
      <div>
        <Title order={3} className={classes.formSectionTitle}>
          {title}
        </Title>
        {hint ? (
          <Text size="xs" c="dimmed" mt={2}>
            {hint}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}

function TicketForm({
  ticket,
  user,
  unit,
  panel,
}: {
  ticket: ApiTicket | null;
  user: ApiUser;
  unit: UnitChoice | null;
  panel: PanelControls;
}) {
  const actor = useActor();
  const creating = ticket === null;
  const includeStatus = !creating && can(actor, 'ticket.setStatusInForm');
  const unitEditable = creating ? can(actor, 'ticket.pickUnit') : can(actor, 'ticket.changeUnitOnEdit');
  const unitShown = unitEditable || (!creating && can(actor, 'ticket.pickUnit'));
  const existing = ticket?.image_files ?? [];

  // The shared schema checks the body as it is sent, keyed by the form's paths; an older ticket's stored
  // ranges may stay as they are even when they start before yesterday.
  // The times are the property's (DESIGN.md "Time"): the chosen unit's zone, the ticket's on edit; the
  // device's only while a manager has not picked a unit yet.
  const initialUnit: UnitChoice | null = ticket
    ? {
        value: String(ticket.unit_id),
        label: format(S.unitOption, { unit: ticket.unit.name, property: ticket.property_name }),
        timeZone: ticket.availability_time_zone,
      }
    : unit;
  const [chosenUnit, setChosenUnit] = useState<UnitChoice | null>(initialUnit);
  const timeZone = chosenUnit?.timeZone ?? deviceTimeZone();
  const stored = ticket?.availability_ranges;
  const schema = useMemo<ParsingSchema>(() => {
    const ticketForm = ticketSchema({ kept: keptRanges(stored ?? [], timeZone), timeZone });
    return {
      safeParse: (values) => ticketForm.safeParse(ticketPayload(values as FormValues, { includeStatus })),
    };
  }, [includeStatus, stored, timeZone]);
  const { form, canSubmit } = useRecordForm<FormValues>({
    initialValues: initialValues(ticket, user, unit, timeZone),
    schema,
    extraValidate: (values): Record<string, string> => {
      const message = photosError(values.images, existing.length - values.remove_images.length);
      return message ? { images: message } : {};
    },
    stored: !creating,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'tickets' });
  // A chosen photo being scaled down is not in the form yet: no submit until it is.
  const [preparingPhotos, setPreparingPhotos] = useState(false);

  const statuses = useStatuses();
  const priorities = usePriorities();
  const categories = useUnitCategories(form.values.unit_id);

  // The unit picker searches on the server; the chosen unit stays in the list whatever is typed.
  const [unitSearch, setUnitSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(
    unitSearch === chosenUnit?.label ? '' : unitSearch.trim(),
    SEARCH_DEBOUNCE_MS,
  );
  const units = useUnitOptions(debouncedSearch, unitEditable);
  const unitData = useMemo(() => {
    const options: UnitChoice[] = (units.data?.data ?? []).map((item) => ({
      value: String(item.id),
      label: format(S.unitOption, { unit: item.name, property: item.property?.name ?? '' }),
      timeZone: item.time_zone,
    }));
    if (chosenUnit && !options.some((option) => option.value === chosenUnit.value))
      options.unshift(chosenUnit);
    return options;
  }, [units.data, chosenUnit]);

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

  function chooseUnit(value: string | null) {
    const option = unitData.find((item) => item.value === value) ?? null;
    setChosenUnit(option);
    form.setFieldValue('unit_id', value ?? '');
    form.setFieldValue('category_id', '');
    // A default range nobody touched starts again at the new property's "now".
    if (option && option.timeZone !== timeZone && !form.isDirty('availability'))
      form.setFieldValue('availability', [rangeRow(option.timeZone)]);
  }

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: creating ? 'POST' : 'PATCH',
      url: creating ? 'tickets' : `tickets/${ticket.id}`,
      body: ticketPayload(values, { includeStatus }),
      // A new ticket says so in its dialog instead.
      toast: creating ? undefined : { title: t.toasts.ticketUpdated },
    });
    if (!result?.ok) return;
    const { id } = savedRecord(result.data);
    const done = () => (id !== null ? panel.saved(id) : panel.deleted());
    if (creating) showCreatedDialog(done);
    else done();
  });

  const rangeError = (index: number) => form.errors[`availability.${index}`];

  return (
    <RecordFormShell
      onSubmit={(event) => {
        if (preparingPhotos) event?.preventDefault();
        else onSubmit(event);
      }}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit && !preparingPhotos}
      submitLabel={creating ? t.buttons.create : t.buttons.save}
      errorLabel={creating ? t.buttonErrors.create : t.buttonErrors.update}
      onCancel={panel.cancel}
    >
      <Section title={S.contactSection} hint={S.contactHint}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            size="sm"
            label={S.firstName}
            withAsterisk
            autoComplete="given-name"
            {...form.getInputProps('contact_details.first_name')}
          />
          <TextInput
            size="sm"
            label={S.lastName}
            withAsterisk
            autoComplete="family-name"
            {...form.getInputProps('contact_details.last_name')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            size="sm"
            type="email"
            label={S.email}
            withAsterisk
            autoComplete="email"
            {...form.getInputProps('contact_details.email')}
          />
          <TextInput
            size="sm"
            type="tel"
            label={S.phone}
            withAsterisk
            autoComplete="tel"
            {...form.getInputProps('contact_details.phone_number')}
          />
        </SimpleGrid>
      </Section>

      <Section title={S.ticketSection}>
        {unitShown ? (
          <Select
            size="sm"
            label={S.unit}
            placeholder={S.unitPlaceholder}
            description={unitEditable ? undefined : S.unitFixed}
            data={unitData}
            searchable={unitEditable}
            disabled={!unitEditable}
            searchValue={unitSearch}
            onSearchChange={setUnitSearch}
            filter={({ options }) => options}
            nothingFoundMessage={units.isFetching ? t.app.loading : t.screens.nothingFound}
            withAsterisk={unitEditable}
            comboboxProps={{ zIndex: 400 }}
            {...form.getInputProps('unit_id')}
            value={form.values.unit_id || null}
            onChange={chooseUnit}
          />
        ) : null}
        <TextInput
          size="sm"
          label={S.title}
          placeholder={S.titlePlaceholder}
          withAsterisk
          {...form.getInputProps('title')}
        />
        <Textarea
          label={S.description}
          placeholder={S.descriptionPlaceholder}
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          {...form.getInputProps('description')}
        />
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
        <PhotosField
          existing={existing}
          removeIds={form.values.remove_images}
          onToggleRemove={(imageId) => {
            const ids = form.values.remove_images;
            form.setFieldValue(
              'remove_images',
              ids.includes(imageId) ? ids.filter((item) => item !== imageId) : [...ids, imageId],
            );
            form.validateField('images');
          }}
          files={form.values.images}
          onFilesChange={(files) => {
            form.setFieldValue('images', files);
            form.validateField('images');
          }}
          onPreparingChange={setPreparingPhotos}
          error={form.errors.images}
        />
      </Section>

      <Section title={S.availabilitySection} hint={S.availabilityHint}>
        <AvailabilityFields
          ranges={form.values.availability}
          timeZone={timeZone}
          onChange={(index, range) => {
            form.setFieldValue(`availability.${index}`, range);
            form.validateField(`availability.${index}`);
          }}
          onAdd={() => form.insertListItem('availability', rangeRow(timeZone))}
          onRemove={(index) => {
            form.removeListItem('availability', index);
            form.clearFieldError(`availability.${index}`);
          }}
          errorOf={rangeError}
          listError={form.errors.availability}
        />
      </Section>
    </RecordFormShell>
  );
}
