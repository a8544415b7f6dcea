/**
 * The Outbox (super admin; DESIGN.md "Delivery"): every email, text message and voice call the app has
 * sent or is about to send, newest first, filterable by status. Without a configured provider messages
 * stay here rather than being dropped; a failed one can be sent again (POST /outbox/{id}/retry).
 * Reached from the account menu (the sidebar entries are fixed per role by SPEC.md).
 */
import { Badge, Button, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { LIST_SORTS } from '@mend/shared';
import { IconMail, IconMessage, IconPhoneCall, IconRefresh, IconWebhook } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { toastError, toastSuccess } from '../../components/feedback';
import { PageHeader } from '../../components/PageHeader';
import { DataTable } from '../../components/table/DataTable';
import { type ListCardContent, labelled } from '../../components/table/ListCard';
import type { ListFilter } from '../../components/table/list-url';
import { apiSend } from '../../lib/api';
import { dateFormat } from '../../lib/dates';
import { format, t } from '../../lib/translations';
import { type ApiOutboxMessage, canRetry, kindLabel, OUTBOX_STATUSES, statusColor, toDate } from './outbox';

const O = t.accountScreens.outbox;
/** The status filter (in the list's URL: `status=failed`); 'all' is none. */
const FILTERS: readonly ListFilter[] = [
  { name: 'status', accepts: (value) => (OUTBOX_STATUSES as readonly string[]).includes(value) },
];
const CHANNEL_ICONS = { email: IconMail, sms: IconMessage, voice: IconPhoneCall, webhook: IconWebhook };
/**
 * A badge's label ends in "…" when its cell is narrow; these are one or two words, so the badge keeps its
 * width instead (the table scrolls sideways on a phone rather than cut them).
 */
const WHOLE_BADGE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

function TimeCell({ value }: { value: string | number | null }) {
  const date = toDate(value);
  if (!date)
    return (
      <Text size="sm" c="dimmed">
        {t.screens.empty}
      </Text>
    );
  return (
    <Tooltip label={dayjs(date).format(dateFormat('dateTime'))} withArrow>
      <Text
        size="sm"
        c="dimmed"
        style={{ whiteSpace: 'nowrap' }}
        component="time"
        dateTime={date.toISOString()}
      >
        {dayjs(date).format(dateFormat('dayTime'))}
      </Text>
    </Tooltip>
  );
}

function RetryButton({ message }: { message: ApiOutboxMessage }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function retry() {
    setBusy(true);
    const result = await apiSend<{ message?: string }>('POST', `outbox/${message.id}/retry`);
    setBusy(false);
    if (result.ok) {
      toastSuccess(O.retriedTitle, result.data?.message || O.retried);
      await queryClient.invalidateQueries({ queryKey: ['outbox'] });
    } else toastError(t.errors.oops, result.data.message || t.errors.generic);
  }

  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={busy}
      onClick={(event) => {
        event.stopPropagation();
        void retry();
      }}
      aria-label={format(O.retryLabel, { id: message.id })}
    >
      {O.retry}
    </Button>
  );
}

/** A message on a phone: recipient and status, subject and kind, the failure whole, then channel, attempts and times. */
function card(message: ApiOutboxMessage): ListCardContent {
  const created = toDate(message.created_at);
  const sent = toDate(message.sent_at);
  return {
    title: message.recipient,
    badge: (
      <Badge component="span" variant="light" color={statusColor(message.status)} tt="none">
        {O.statuses[message.status] ?? message.status}
      </Badge>
    ),
    lines: [message.subject, kindLabel(message.kind)],
    notes: [
      message.last_error ? (
        <Text key="error" component="span" size="xs" c="red.9">
          {message.last_error}
        </Text>
      ) : null,
    ],
    meta: [
      O.channels[message.channel] ?? message.channel,
      labelled(O.attempts, message.attempts),
      created ? labelled(O.created, dayjs(created).format(dateFormat('dayTime'))) : null,
      sent ? labelled(O.sent, dayjs(sent).format(dateFormat('dayTime'))) : null,
    ],
    action: canRetry(message) ? <RetryButton message={message} /> : null,
  };
}

export default function OutboxPage() {
  const columns = useMemo<ColumnDef<ApiOutboxMessage, unknown>[]>(
    () => [
      {
        id: 'channel',
        header: O.channel,
        enableSorting: false,
        cell: ({ row }) => {
          const Icon = CHANNEL_ICONS[row.original.channel] ?? IconMail;
          return (
            <Badge
              variant="light"
              color="gray"
              tt="none"
              fw={500}
              leftSection={<Icon size={14} aria-hidden />}
              styles={WHOLE_BADGE}
            >
              {O.channels[row.original.channel] ?? row.original.channel}
            </Badge>
          );
        },
      },
      {
        id: 'recipient',
        header: O.recipient,
        cell: ({ row }) => (
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate="end" maw={260}>
              {row.original.recipient}
            </Text>
            <Text size="xs" c="dimmed">
              {kindLabel(row.original.kind)}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'subject',
        header: O.subject,
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" lineClamp={2} miw={180} maw={360}>
            {row.original.subject || t.screens.empty}
          </Text>
        ),
      },
      {
        id: 'status',
        header: O.status,
        cell: ({ row }) => (
          <Stack gap={2} align="flex-start" miw={180} maw={320}>
            <Badge variant="light" color={statusColor(row.original.status)} tt="none" styles={WHOLE_BADGE}>
              {O.statuses[row.original.status] ?? row.original.status}
            </Badge>
            {row.original.last_error ? (
              <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                {row.original.last_error}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'attempts',
        header: O.attempts,
        cell: ({ row }) => <Text size="sm">{row.original.attempts}</Text>,
      },
      {
        id: 'created_at',
        header: O.created,
        cell: ({ row }) => <TimeCell value={row.original.created_at} />,
      },
      {
        id: 'sent_at',
        header: O.sent,
        cell: ({ row }) => <TimeCell value={row.original.sent_at} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{O.retry}</span>,
        enableSorting: false,
        cell: ({ row }) => (canRetry(row.original) ? <RetryButton message={row.original} /> : null),
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader title={O.title} description={O.intro} />
      <DataTable<ApiOutboxMessage>
        resource="outbox"
        url="outbox"
        stateInUrl
        filters={FILTERS}
        columns={columns}
        defaultSort={{ id: 'created_at', desc: true }}
        sortKeys={LIST_SORTS.outbox}
        label={O.title}
        loadingText={O.loading}
        emptyText={O.empty}
        searchPlaceholder={O.search}
        card={card}
        toolbar={({ values, set }) => (
          <SegmentedControl
            size="xs"
            value={values.status ?? 'all'}
            onChange={(value) => set('status', value === 'all' ? null : value)}
            data={[
              { value: 'all', label: O.allStatuses },
              ...OUTBOX_STATUSES.map((value) => ({ value, label: O.statuses[value] })),
            ]}
            aria-label={O.status}
          />
        )}
      />
    </>
  );
}
