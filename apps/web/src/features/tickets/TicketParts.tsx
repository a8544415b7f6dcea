/** Small pieces shared by the ticket list and details: the status tag, the priority marker, relative times. */
import type { BadgeProps } from '@mantine/core';
import { PRIORITY, statusText } from '@mend/shared';
import { IconFlag3Filled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';
import { StateTag } from '../../components/StateTag';
import { dateFormat } from '../../lib/dates';
import { usePageRender } from '../../lib/prerendered';
import { t } from '../../lib/translations';
import { statusColor } from './ticket-status';

dayjs.extend(relativeTime);

/** The status as a coloured tag (colour by status_slug), its name in the page's language. */
export function StatusTag({ slug, status, ...props }: { slug: string; status: number } & BadgeProps) {
  return (
    <StateTag color={statusColor(slug)} size="md" data-status={slug} {...props}>
      {statusText(status, t)}
    </StateTag>
  );
}

/**
 * The marker of a high-priority ticket (priority 1); nothing otherwise. Its hint is the icon's own
 * title: a Mantine Tooltip would mount a portal per row of the list.
 */
export function PriorityMark({ priority }: { priority: number }) {
  if (priority !== PRIORITY.high) return null;
  return (
    <IconFlag3Filled
      size={15}
      color="var(--mantine-color-red-6)"
      role="img"
      aria-label={t.ticketScreens.highPriority}
      title={t.ticketScreens.highPriority}
      style={{ flexShrink: 0 }}
    />
  );
}

/** The current time, refreshed every `intervalMs` (relative times re-render with it). */
export function useNow(intervalMs: number): number {
  // A page rendered on the server hydrates with the server's clock (the same "3 hours ago"). Only during the
  // page's first interval: any render within an interval shows times as of its start, and a screen opened
  // later in the page's life starts from the browser's clock.
  const pageRender = usePageRender();
  const [now, setNow] = useState(() =>
    pageRender && (typeof window === 'undefined' || performance.now() < intervalMs)
      ? pageRender.renderedAt
      : Date.now(),
  );
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * "3 hours ago", with the full date on hover. `now` makes it re-render when the clock ticks. A plain
 * element (styled by `className`): the list shows one per row.
 */
export function RelativeTime({
  timestamp,
  now,
  className,
}: {
  timestamp: number;
  now: number;
  className?: string;
}) {
  const moment = dayjs.unix(timestamp);
  return (
    <time
      className={className}
      dateTime={moment.toISOString()}
      title={moment.format(dateFormat('dateTime'))}
      style={{ whiteSpace: 'nowrap' }}
    >
      {moment.from(dayjs(now))}
    </time>
  );
}
