/**
 * A webhook's delivery log (issue 27), in a dialog: each event sent, newest first (GET …/webhooks/{id}/deliveries,
 * older pages by `before`), with its state, the endpoint's last answer, its attempts and why it failed; Redeliver sends
 * an event again once it is no longer on its way (POST …/deliveries/{deliveryId}/redeliver). Rows stack on a phone.
 */
import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type {
  ApiOutboxStatus,
  ApiWebhook,
  ApiWebhookDelivery,
  WebhookDeliveryListResponse,
  WebhookRedeliveredResponse,
} from '@mend/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { toastError, toastSuccess } from '../../components/feedback';
import { apiSend } from '../../lib/api';
import { dateFormat } from '../../lib/dates';
import { invalidateAfterWrite } from '../../lib/invalidation';
import { fetchJson } from '../../lib/records';
import { format, t } from '../../lib/translations';

const W = t.webhooks;
const S = W.screen;
const STATUS_COLORS: Record<ApiOutboxStatus, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};
const momentOf = (iso: string) => dayjs(iso).format(dateFormat('dateTimeSeconds'));

function DeliveryRow({ delivery, onRedeliver }: { delivery: ApiWebhookDelivery; onRedeliver: () => void }) {
  const onItsWay = delivery.status === 'pending' || delivery.status === 'sending';
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-delivery={delivery.id}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {W.events[delivery.event]}
            {delivery.redelivery_of !== null ? ` · ${S.redelivery}` : ''}
          </Text>
          <Badge color={STATUS_COLORS[delivery.status]} variant="light" tt="none">
            {S.statuses[delivery.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {momentOf(delivery.created_at)}
        </Text>
        <Text size="sm">
          {S.response}:{' '}
          <span data-response>
            {delivery.response_status === null ? S.noResponse : String(delivery.response_status)}
          </span>
          {delivery.response_ms !== null ? ` · ${delivery.response_ms} ms` : ''} · {S.attempts}:{' '}
          {delivery.attempts}
        </Text>
        {delivery.last_error ? (
          <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
            {delivery.last_error}
          </Text>
        ) : null}
        {delivery.status === 'pending' && delivery.attempts > 0 ? (
          <Text size="sm" c="dimmed">
            {format(S.nextAttempt, { date: momentOf(delivery.next_attempt_at) })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            disabled={onItsWay}
            onClick={onRedeliver}
            aria-label={format(S.redeliverLabel, { id: delivery.id })}
          >
            {S.redeliver}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function WebhookDeliveriesDialog({
  landlordId,
  webhook,
  onClose,
}: {
  landlordId: number;
  webhook: ApiWebhook | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const base = webhook ? `landlords/${landlordId}/webhooks/${webhook.id}` : '';
  const deliveries = useInfiniteQuery({
    queryKey: ['webhooks', landlordId, webhook?.id, 'deliveries'],
    queryFn: ({ pageParam }) =>
      fetchJson<WebhookDeliveryListResponse>(
        `${base}/deliveries`,
        pageParam === null ? undefined : { before: pageParam },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    enabled: webhook !== null,
  });

  async function redeliver(delivery: ApiWebhookDelivery): Promise<void> {
    const result = await apiSend<WebhookRedeliveredResponse>(
      'POST',
      `${base}/deliveries/${delivery.id}/redeliver`,
    );
    await invalidateAfterWrite(queryClient, 'webhooks');
    if (result.ok) toastSuccess(S.redeliver, result.data.message);
    else toastError(t.errors.yikes, result.data.message || t.errors.generic);
  }

  const rows = deliveries.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      title={webhook ? format(S.deliveriesOf, { url: webhook.url }) : S.deliveries}
      size="lg"
      centered
      zIndex={400}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {deliveries.isPending ? <Loader size="sm" /> : null}
      {deliveries.data && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {S.noDeliveries}
        </Text>
      ) : null}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={S.deliveries}>
        {rows.map((delivery) => (
          <DeliveryRow key={delivery.id} delivery={delivery} onRedeliver={() => void redeliver(delivery)} />
        ))}
      </Stack>
      {deliveries.hasNextPage ? (
        <Group justify="center" mt="sm">
          <Button
            variant="subtle"
            loading={deliveries.isFetchingNextPage}
            onClick={() => void deliveries.fetchNextPage()}
          >
            {S.more}
          </Button>
        </Group>
      ) : null}
    </Modal>
  );
}
