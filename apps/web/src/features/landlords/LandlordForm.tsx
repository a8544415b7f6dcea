import { MultiSelect, Text } from '@mantine/core';
import {
  type ApiLandlord,
  type ApiLandlordEdit,
  type ApiLandlordFormOptions,
  type LandlordValues,
  landlordSchema,
} from '@mend/shared';
import { PanelError, PanelStatus } from '../../components/details';
import {
  avatarError,
  FormAvatarField,
  NameDescriptionFields,
  RecordFormShell,
} from '../../components/forms/fields';
import type { FormValues } from '../../components/forms/form-values';
import { savedRecord } from '../../components/forms/payload';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useFormOptions } from '../../lib/records';
import { t } from '../../lib/translations';

const F = t.screens.fields;

/** The schema's fields, and the logo (checked apart: avatarError). */
type LandlordFormValues = FormValues<LandlordValues> & { avatar: File | null };

export function LandlordFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  const query = useFormOptions<ApiLandlordEdit | ApiLandlordFormOptions>(
    'landlords',
    id ? `landlords/${id}/edit` : 'landlords/create',
  );
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;
  const landlord = id !== null ? (query.data as ApiLandlordEdit) : null;
  return <LandlordForm landlord={landlord} options={query.data} panel={panel} />;
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
  const creating = landlord === null;
  const canChangeUsers = options.can_change_users;
  const { form, canSubmit } = useRecordForm<LandlordFormValues>({
    initialValues: {
      avatar: null,
      name: landlord?.name ?? '',
      description: landlord?.description ?? '',
      users: (landlord?.user_ids ?? []).map(String),
    },
    schema: landlordSchema,
    extraValidate: (values) => avatarError(values.avatar),
    stored: !creating,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'landlords' });

  // The landlord's own users, then those of no landlord that may join it.
  const userData = [...(landlord?.users ?? []), ...(options.user_options ?? [])].map((user) => ({
    value: String(user.id),
    label: `${user.company_name && user.company_name !== user.name ? `${user.name} · ${user.company_name}` : user.name} (${user.role_name})`,
  }));

  const onSubmit = form.onSubmit(async ({ users, ...values }) => {
    const result = await submit({
      method: creating ? 'POST' : 'PATCH',
      url: creating ? 'landlords' : `landlords/${landlord.id}`,
      body: canChangeUsers ? { ...values, users } : values,
      toast: { title: creating ? t.toasts.landlordCreated : t.toasts.landlordUpdated },
    });
    if (!result?.ok) return;
    const { id } = savedRecord(result.data);
    if (id !== null) panel.saved(id);
    else panel.deleted();
  });

  return (
    <RecordFormShell
      onSubmit={onSubmit}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit}
      submitLabel={creating ? t.buttons.create : t.buttons.save}
      errorLabel={creating ? t.buttonErrors.create : t.buttonErrors.updateLandlord}
      onCancel={panel.cancel}
    >
      <FormAvatarField form={form} label={F.logo} current={landlord?.avatar} />
      <NameDescriptionFields form={form} nameLabel={F.name} descriptionLabel={F.description} />
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
