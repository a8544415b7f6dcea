/**
 * A landlord's webhooks (issue 27) in its details, for the super admin and the landlord's managers: each endpoint's
 * address, description, events and state (on, off, switched off after failures), with Deliveries, Edit, Switch on/off
 * and Remove; Add webhook opens the form, and a new webhook's signing secret is shown once.
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  type ApiWebhook,
  can,
  type MessageResponse,
  type WebhookCreatedResponse,
  type WebhookListResponse,
  type WebhookSavedResponse,
} from '@mend/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DetailSection } from '../../components/details';
import { confirmAction, toastError, toastSuccess } from '../../components/feedback';
import { SecretShownOnce } from '../../components/SecretShownOnce';
import { useActor } from '../../lib/actor';
import { apiSend } from '../../lib/api';
import { dateFormat } from '../../lib/dates';
import { invalidateAfterWrite } from '../../lib/invalidation';
import { fetchJson } from '../../lib/records';
import { format, t } from '../../lib/translations';
import { WebhookDeliveriesDialog } from './WebhookDeliveries';
import { WebhookFormDialog } from './WebhookForm';

const W = t.webhooks;
const S = W.screen;

function WebhookRow({
  webhook,
  onDeliveries,
  onEdit,
  onSwitch,
  onRemove,
}: {
  webhook: ApiWebhook;
  onDeliveries: () => void;
  onEdit: () => void;
  onSwitch: () => void;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-webhook={webhook.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Text>
          <Badge
            color={webhook.enabled ? 'green' : 'gray'}
            variant="light"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {webhook.enabled ? S.on : S.off}
          </Badge>
        </Group>
        {webhook.description ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {webhook.description}
          </Text>
        ) : null}
        <Group gap={4}>
          {webhook.events.map((event) => (
            <Badge key={event} size="sm" variant="outline" color="gray" tt="none">
              {W.events[event]}
            </Badge>
          ))}
        </Group>
        {webhook.disabled_at ? (
          <Text size="sm" c="red.9">
            {format(S.offSince, { date: dayjs(webhook.disabled_at).format(dateFormat('dateTime')) })}
          </Text>
        ) : null}
        {webhook.failures > 0 ? (
          <Text size="sm" c="var(--mend-color-warning-text)">
            {format(S.failuresInARow, { count: webhook.failures })}
          </Text>
        ) : null}
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button size="xs" variant="light" onClick={onDeliveries}>
            {S.deliveries}
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            {S.edit}
          </Button>
          <Button size="xs" variant="default" onClick={onSwitch}>
            {webhook.enabled ? S.switchOff : S.switchOn}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onRemove}>
            {S.remove}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function WebhooksSection({ landlordId }: { landlordId: number }) {
  const actor = useActor();
  const allowed = can(actor, 'webhook.manage', { id: landlordId });
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ editing: ApiWebhook | null } | null>(null);
  const [created, setCreated] = useState<WebhookCreatedResponse | null>(null);
  const [showing, setShowing] = useState<ApiWebhook | null>(null);
  const webhooks = useQuery({
    queryKey: ['webhooks', landlordId],
    queryFn: () => fetchJson<WebhookListResponse>(`landlords/${landlordId}/webhooks`),
    enabled: allowed,
  });
  if (!allowed) return null;

  const base = `landlords/${landlordId}/webhooks`;
  async function switchOnOff(webhook: ApiWebhook): Promise<void> {
    const action = webhook.enabled ? 'disable' : 'enable';
    const result = await apiSend<WebhookSavedResponse>('POST', `${base}/${webhook.id}/${action}`);
    await invalidateAfterWrite(queryClient, 'webhooks');
    if (result.ok) toastSuccess(t.toasts.saved, result.data.message);
    else toastError(t.errors.yikes, result.data.message || t.errors.generic);
  }
  async function remove(webhook: ApiWebhook): Promise<void> {
    const confirmed = await confirmAction({
      title: S.removeTitle,
      message: format(S.removeText, { url: webhook.url }),
      confirmLabel: S.remove,
      cancelLabel: t.confirm.noKeep,
      danger: true,
    });
    if (!confirmed) return;
    const result = await apiSend<MessageResponse>('DELETE', `${base}/${webhook.id}`);
    await invalidateAfterWrite(queryClient, 'webhooks');
    if (result.ok) toastSuccess(t.toasts.deleted, result.data.message);
    else toastError(t.errors.yikes, result.data.message || t.errors.generic);
  }

  const rows = webhooks.data?.data ?? [];
  return (
    <DetailSection title={S.title}>
      <Text size="sm" c="dimmed">
        {S.intro}
      </Text>
      {webhooks.data && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {S.none}
        </Text>
      ) : null}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={S.title}>
        {rows.map((webhook) => (
          <WebhookRow
            key={webhook.id}
            webhook={webhook}
            onDeliveries={() => setShowing(webhook)}
            onEdit={() => setForm({ editing: webhook })}
            onSwitch={() => void switchOnOff(webhook)}
            onRemove={() => void remove(webhook)}
          />
        ))}
      </Stack>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setForm({ editing: null })}
        >
          {S.add}
        </Button>
      </Group>
      <WebhookFormDialog
        landlordId={landlordId}
        editing={form?.editing ?? null}
        opened={form !== null}
        onClose={() => setForm(null)}
        onCreated={setCreated}
      />
      <SecretShownOnce
        secret={created?.secret ?? null}
        texts={{ title: S.secretTitle, text: S.secretText, copy: S.copy, copied: S.copied, done: S.done }}
        testId="webhook-secret"
        onClose={() => setCreated(null)}
      />
      <WebhookDeliveriesDialog landlordId={landlordId} webhook={showing} onClose={() => setShowing(null)} />
    </DetailSection>
  );
}
