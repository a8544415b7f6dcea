import { MultiSelect, Text, TextInput } from '@mantine/core';
import {
  type ApiLandlord,
  type ApiLandlordEdit,
  type ApiLandlordFormOptions,
  ASSIGNMENT_RESPONSE_HOURS_DEFAULT,
  ASSIGNMENT_RESPONSE_HOURS_MAX,
  type LandlordValues,
} from '@mend/shared';
import { avatarError, FormAvatarField, NameDescriptionFields } from '../../components/forms/fields';
import type { FormValues } from '../../components/forms/form-values';
import { RecordFormShell } from '../../components/forms/RecordFormShell';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { RecordFormPanel } from '../../components/records/RecordFormPanel';
import { useRecordEditor } from '../../components/records/useRecordEditor';
import { t } from '../../lib/translations';
import { landlordKind } from './kind';
import { MoneyFields } from './MoneyFields';
import { memberLabel } from './members';
import { landlordFormSchema, type MoneyFormValues, moneyBody, moneyFormValues } from './money';
import { TargetFields } from './TargetFields';
import { targetFormValues } from './targets';

const F = t.screens.fields;

/**
 * The schema's fields, and the logo (checked apart: avatarError). The money fields are held as money.ts says: the
 * approval limit as typed in units, the owners as rows with a key for React.
 */
type LandlordFormValues = Omit<FormValues<LandlordValues>, keyof MoneyFormValues> &
  MoneyFormValues & { avatar: File | null };

export function LandlordFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  return (
    <RecordFormPanel<ApiLandlordEdit, ApiLandlordFormOptions> kind={landlordKind} id={id}>
      {({ record, options }) => <LandlordForm landlord={record} options={options} panel={panel} />}
    </RecordFormPanel>
  );
}

function LandlordForm({
  landlord,
  options,
  panel,
}: {
  landlord: ApiLandlord | null;
  options: ApiLandlordFormOptions;
  panel: PanelControls;
}) {
  const canChangeUsers = options.can_change_users;
  const { form, shell } = useRecordEditor<LandlordFormValues>({
    kind: landlordKind,
    record: landlord,
    panel,
    initialValues: {
      avatar: null,
      name: landlord?.name ?? '',
      description: landlord?.description ?? '',
      users: (landlord?.user_ids ?? []).map(String),
      assignment_response_hours: String(
        landlord?.assignment_response_hours ?? ASSIGNMENT_RESPONSE_HOURS_DEFAULT,
      ),
      // Issue 26: its service targets, a new landlord's the defaults (TARGET_HOURS_DEFAULT).
      ...targetFormValues(landlord),
      // Issue 26: its currency, approval limit and owners (a new landlord's the defaults, no owners).
      ...moneyFormValues(landlord),
    },
    schema: landlordFormSchema,
    extraValidate: (values) => avatarError(values.avatar),
    body: ({ users, currency, approval_limit_cents, owners, ...values }) => ({
      ...values,
      ...moneyBody({ currency, approval_limit_cents, owners }),
      ...(canChangeUsers && { users }),
    }),
    toasts: { created: t.toasts.landlordCreated, updated: t.toasts.landlordUpdated },
    errorLabels: { create: t.buttonErrors.create, update: t.buttonErrors.updateLandlord },
  });

  // The landlord's own users, then those of no landlord that may join it.
  const userData = [...(landlord?.users ?? []), ...(options.user_options ?? [])].map((user) => ({
    value: String(user.id),
    label: `${memberLabel(user)} (${user.role_name})`,
  }));

  return (
    <RecordFormShell {...shell}>
      <FormAvatarField form={form} label={F.logo} current={landlord?.avatar} />
      <NameDescriptionFields form={form} nameLabel={F.name} descriptionLabel={F.description} />
      {/* Issue 25: how long an assigned contractor has to accept or decline before the managers are alerted. */}
      <TextInput
        label={F.assignmentResponseHours}
        description={t.screens.hints.assignmentResponseHours}
        withAsterisk
        inputMode="numeric"
        autoComplete="off"
        maxLength={String(ASSIGNMENT_RESPONSE_HOURS_MAX).length}
        name="assignment_response_hours"
        {...form.getInputProps('assignment_response_hours')}
      />
      <TargetFields form={form} />
      <MoneyFields form={form} />
      {canChangeUsers ? (
        <MultiSelect
          label={F.users}
          placeholder={form.values.users.length ? undefined : t.screens.placeholders.users}
          data={userData}
          searchable
          clearable
          nothingFoundMessage={t.screens.nothingFound}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('users')}
        />
      ) : (
        // A manager sees its landlord's users on the details; only the super admin changes them.
        <Text size="sm" c="dimmed">
          {t.screens.hints.usersLocked}
        </Text>
      )}
    </RecordFormShell>
  );
}
