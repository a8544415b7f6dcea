/**
 * The tickets screen's "Waiting to send" (issue 28, ADR 0044): the new tickets this user wrote without a
 * connection, kept on this device until they are sent (each with its photo count and when it was written), and
 * a note while the device is offline. A ticket the server refused says why, and can be removed; nothing shows
 * when there is nothing to say.
 */
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudUp, IconWifiOff } from '@tabler/icons-react';
import { useId } from 'react';
import { format, t } from '../../../lib/translations';
import { RelativeTime } from '../TicketParts';
import { type TicketDraft, ticketDrafts, useTicketDrafts } from './ticket-drafts';

const T = t.offline;

function photoCount(draft: TicketDraft): string | null {
  const images = Array.isArray(draft.body.images) ? draft.body.images.length : 0;
  if (images === 0) return null;
  return format(T.photos, { count: images });
}

export function WaitingTickets({ owner, now }: { owner: number; now: number }) {
  const { drafts, sending } = useTicketDrafts(owner);
  const { online } = useNetwork();
  const headingId = useId();
  if (drafts.length === 0 && online) return null;

  return (
    <Stack gap="sm" mb="md">
      {online ? null : (
        <Group gap="xs" wrap="nowrap" role="status">
          <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{T.offlineNotice}</Text>
        </Group>
      )}
      {drafts.length === 0 ? null : (
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby={headingId}
          data-testid="waiting-tickets"
        >
          <Group gap="xs" wrap="nowrap" mb={4}>
            <ThemeIcon variant="light" size="md" radius="xl" aria-hidden>
              <IconCloudUp size={18} />
            </ThemeIcon>
            <Title order={2} size="h5" id={headingId}>
              {T.waitingTitle}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            {T.waitingText}
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {drafts.map((draft) => {
              const title = String(draft.body.title ?? '');
              const photos = photoCount(draft);
              return (
                <Group
                  component="li"
                  key={draft.nonce}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  data-draft={draft.nonce}
                >
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate>
                      {title}
                    </Text>
                    <Text size="xs" c={draft.refused ? 'red.9' : 'dimmed'}>
                      {draft.refused
                        ? format(T.refused, { message: draft.refused })
                        : sending === draft.nonce
                          ? T.sending
                          : T.waiting}
                      {photos ? ` · ${photos}` : ''}
                      {' · '}
                      {/* The screen's clock ticks every so often: one written since reads "a few seconds ago". */}
                      <RelativeTime
                        timestamp={Math.floor(draft.writtenAt / 1000)}
                        now={Math.max(now, draft.writtenAt)}
                      />
                    </Text>
                  </div>
                  {draft.refused ? (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={format(T.discardLabel, { title })}
                      onClick={() => void ticketDrafts.remove(draft.nonce)}
                    >
                      {T.discard}
                    </Button>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
