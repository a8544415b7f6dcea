/**
 * "Calendar feed" on the profile's Notifications tab (issue 25 section 3; the signed-in user's own profile only):
 * the private address of the user's visits as an .ics feed (GET users/{id}/calendar-feed), read-only, with Copy,
 * and "Make a new address" after a question (POST …/reset: the old address stops working). A role the server
 * keeps no feed for (403) sees nothing.
 */
import { Button, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ApiCalendarFeed } from '@mend/shared';
import { IconCalendarEvent, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { confirmAction, toastError, toastSuccess } from '../../components/feedback';
import { isForbidden } from '../../components/NotAllowed';
import { apiSend } from '../../lib/api';
import { errorMessage } from '../../lib/records';
import { t } from '../../lib/translations';
import { calendarFeedKey, calendarFeedPath, useCalendarFeed } from './calendar-data';

const C = t.calendarScreens;

export function CalendarFeed({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const feed = useCalendarFeed(userId);
  const [resetting, setResetting] = useState(false);
  const titleId = useId();

  if (isForbidden(feed.error)) return null;

  async function reset() {
    if (resetting) return;
    const confirmed = await confirmAction({
      title: C.reset,
      message: C.resetConfirm,
      confirmLabel: C.reset,
      cancelLabel: t.confirm.no,
      danger: true,
    });
    if (!confirmed) return;
    setResetting(true);
    const result = await apiSend<ApiCalendarFeed>('POST', `${calendarFeedPath(userId)}/reset`);
    setResetting(false);
    if (!result.ok || !result.data?.url) {
      toastError(t.errors.oops, (!result.ok && result.data.message) || t.errors.generic);
      return;
    }
    queryClient.setQueryData<ApiCalendarFeed>(calendarFeedKey(userId), { url: result.data.url });
    toastSuccess(t.toasts.updated, result.data.message || C.resetDone);
  }

  const url = feed.data?.url ?? '';
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId} data-calendar-feed>
      <Group gap="xs" wrap="nowrap">
        <IconCalendarEvent size={20} stroke={1.7} aria-hidden />
        <Title order={3} fz={16} id={titleId}>
          {C.feedTitle}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {C.feedHint}
      </Text>
      {feed.isPending ? (
        <Loader size="sm" role="progressbar" aria-label={t.app.loading} />
      ) : feed.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {errorMessage(feed.error)}
        </Text>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              readOnly
              value={url}
              aria-label={C.feedTitle}
              style={{ flex: '1 1 240px', minWidth: 0 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? C.copied : C.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={resetting}
              onClick={() => void reset()}
            >
              {C.reset}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
