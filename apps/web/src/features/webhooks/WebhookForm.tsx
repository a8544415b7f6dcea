/**
 * The form of a landlord's webhook (issue 27), in a dialog: the endpoint's address, what it is for, and the events it
 * receives (POST landlords/{id}/webhooks, or PATCH …/webhooks/{webhookId} for one being edited).
 */
import { Checkbox, Modal, SimpleGrid, TextInput } from '@mantine/core';
import {
  type ApiWebhook,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_TIMEOUT_SECONDS,
  type WebhookCreatedResponse,
  type WebhookValues,
  webhookSchema,
} from '@mend/shared';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { format, t } from '../../lib/translations';

const W = t.webhooks;
const S = W.screen;

export function WebhookFormDialog({
  landlordId,
  editing,
  opened,
  onClose,
  onCreated,
}: {
  landlordId: number;
  /** The webhook being edited; null: a new one. */
  editing: ApiWebhook | null;
  opened: boolean;
  onClose: () => void;
  onCreated: (created: WebhookCreatedResponse) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? S.editTitle : S.addTitle} centered zIndex={400}>
      {opened ? (
        <WebhookForm
          key={editing?.id ?? 'new'}
          landlordId={landlordId}
          editing={editing}
          onDone={(created) => {
            if (created) onCreated(created);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

function WebhookForm({
  landlordId,
  editing,
  onDone,
}: {
  landlordId: number;
  editing: ApiWebhook | null;
  onDone: (created: WebhookCreatedResponse | null) => void;
}) {
  const initialValues: WebhookValues = editing
    ? { url: editing.url, description: editing.description, events: [...editing.events] }
    : { url: '', description: '', events: [] };
  const { form, submit, submission } = useSubmittingForm<WebhookValues>({
    initialValues,
    schema: webhookSchema,
    writes: 'webhooks',
  });

  const onSubmit = form.onSubmit(async (values) => {
    const base = `landlords/${landlordId}/webhooks`;
    const result = await submit({
      method: editing ? 'PATCH' : 'POST',
      url: editing ? `${base}/${editing.id}` : base,
      body: { url: values.url.trim(), description: values.description.trim(), events: values.events },
      toast: editing ? { title: t.toasts.saved } : undefined,
    });
    if (!result?.ok) return;
    onDone(editing ? null : (result.data as WebhookCreatedResponse));
  });

  return (
    <SettingsForm
      label={editing ? S.editTitle : S.addTitle}
      submitLabel={editing ? S.save : S.add}
      errorLabel={editing ? t.buttonErrors.save : t.buttonErrors.create}
      {...submission}
      onSubmit={onSubmit}
    >
      <TextInput
        label={S.url}
        description={format(S.urlHint, { seconds: WEBHOOK_TIMEOUT_SECONDS })}
        placeholder="https://"
        withAsterisk
        type="url"
        inputMode="url"
        autoComplete="off"
        {...form.getInputProps('url')}
        name="url"
      />
      <TextInput
        label={S.description}
        description={S.descriptionHint}
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        autoComplete="off"
        {...form.getInputProps('description')}
        name="description"
      />
      <Checkbox.Group label={S.events} withAsterisk {...form.getInputProps('events')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={W.events[event]} name="events" />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </SettingsForm>
  );
}
