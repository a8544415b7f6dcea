/**
 * The Activity log of a ticket (SPEC.md section 2): newest first, ACTIVITY_LOG_FIRST entries at first
 * and ACTIVITY_LOG_MORE more per click on "Show more +"; each entry reads the action description, by
 * the user's name, and the relative time (refreshed every RELATIVE_TIME_LIST_REFRESH_MS).
 */
import { Button, Group, Text, Timeline } from '@mantine/core';
import {
  ACTIVITY_LOG_FIRST,
  ACTIVITY_LOG_MORE,
  type ApiTicketLogEntry,
  RELATIVE_TIME_LIST_REFRESH_MS,
} from '@mend/shared';
import { useState } from 'react';
import { format, inPageLanguage, t } from '../../lib/translations';
import { logEntriesShown } from './activity-log-paging';
import { RelativeTime, useNow } from './TicketParts';
import classes from './tickets.module.css';

const S = t.ticketScreens;

export function ActivityLog({ log }: { log: readonly ApiTicketLogEntry[] }) {
  const [clicks, setClicks] = useState(0);
  const now = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  if (log.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {S.noActivity}
      </Text>
    );
  const shown = logEntriesShown(clicks, log.length, ACTIVITY_LOG_FIRST, ACTIVITY_LOG_MORE);
  return (
    <>
      <Timeline bulletSize={12} lineWidth={2} active={0} color="mend" aria-label={S.sections.activity}>
        {log.slice(0, shown).map((entry) => (
          <Timeline.Item key={entry.id} data-log-entry>
            {/* Stored once, in English, for every reader: shown in the page's language when the dictionary knows it. */}
            <Text size="sm" fw={500} lh={1.35}>
              {inPageLanguage(entry.description)}
            </Text>
            <Group gap={6} mt={2} wrap="wrap">
              <Text size="xs" c="dimmed">
                {format(S.logBy, { name: entry.user?.name ?? S.logSystem })}
              </Text>
              <Text size="xs" c="dimmed" aria-hidden>
                ·
              </Text>
              <RelativeTime timestamp={entry.timestamp} now={now} className={classes.logTime} />
            </Group>
          </Timeline.Item>
        ))}
      </Timeline>
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {format(S.logCount, { shown, total: log.length })}
        </Text>
        {shown < log.length ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setClicks((n) => n + 1)}>
            {t.buttons.showMore}
          </Button>
        ) : null}
      </Group>
    </>
  );
}
