/** Small pieces shared by the ticket list and details: the status tag, the priority marker, relative times. */
import { Badge, type BadgeProps, Text, type TextProps, Tooltip } from '@mantine/core';
import { PRIORITY } from '@mend/shared';
import { IconFlag3Filled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';
import { t } from '../../app/translations';
import { statusColor } from './ticket-logic';

dayjs.extend(relativeTime);

/** The status as a coloured tag (colour by status_slug). */
export function StatusTag({ slug, text, ...props }: { slug: string; text: string } & BadgeProps) {
  return (
    <Badge
      variant="light"
      color={statusColor(slug)}
      radius="sm"
      tt="none"
      fw={600}
      data-status={slug}
      style={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 'max-content' }}
      {...props}
    >
      {text}
    </Badge>
  );
}

/** The marker of a high-priority ticket (priority 1); nothing otherwise. */
export function PriorityMark({ priority }: { priority: number }) {
  if (priority !== PRIORITY.high) return null;
  return (
    <Tooltip label={t.ticketScreens.highPriority} withArrow openDelay={200}>
      <IconFlag3Filled
        size={15}
        color="var(--mantine-color-red-6)"
        role="img"
        aria-label={t.ticketScreens.highPriority}
        style={{ flexShrink: 0 }}
      />
    </Tooltip>
  );
}

/** The current time, refreshed every `intervalMs` (relative times re-render with it). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "3 hours ago", with the full date on hover. `now` makes it re-render when the clock ticks. */
export function RelativeTime({ timestamp, now, ...props }: { timestamp: number; now: number } & TextProps) {
  const moment = dayjs.unix(timestamp);
  return (
    <Text
      component="time"
      dateTime={moment.toISOString()}
      title={moment.format('MMM D, YYYY h:mm A')}
      style={{ whiteSpace: 'nowrap' }}
      {...props}
    >
      {moment.from(dayjs(now))}
    </Text>
  );
}
