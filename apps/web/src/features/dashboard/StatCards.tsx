/**
 * The figures atop the dashboard (DashboardPage.tsx), one card each: the open and closed tickets, the
 * mean and median time to close over the last DASHBOARD_CLOSE_WINDOW_DAYS days, in one unit, and (issue 25) the
 * tenants' average rating of the repairs. The due times' figures (issue 26, DueCards.tsx) are such cards too.
 */
import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { type ApiDashboard, DASHBOARD_CLOSE_WINDOW_DAYS } from '@mend/shared';
import { IconCircleCheck, IconClockHour4, IconHourglass, IconStar, IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { format, t } from '../../lib/translations';
import classes from './Dashboard.module.css';
import { closeWindowText, formatCount, ratingTexts, timeToCloseTexts } from './dashboard-format';

const D = t.dashboard;

/** The open and the closed tickets. */
export function TotalsCards({ totals }: { totals: ApiDashboard['totals'] }) {
  return (
    <>
      <StatCard
        icon={<IconTicket size={19} stroke={1.8} />}
        color="mend"
        label={D.openTickets}
        value={formatCount(totals.open)}
        hint={format(D.openOfAll, { all: formatCount(totals.all) })}
      />
      <StatCard
        icon={<IconCircleCheck size={19} stroke={1.8} />}
        color="teal"
        label={D.closedTickets}
        value={formatCount(totals.closed)}
        hint={D.closedHint}
      />
    </>
  );
}

/** The mean and the median time to close, and what they are computed over. */
export function TimeToCloseCards({ timeToClose }: { timeToClose: ApiDashboard['time_to_close'] }) {
  const closing = timeToCloseTexts(timeToClose);
  const windowText = closeWindowText(timeToClose.count, DASHBOARD_CLOSE_WINDOW_DAYS);
  return (
    <>
      <StatCard
        icon={<IconClockHour4 size={19} stroke={1.8} />}
        color="violet"
        label={D.meanTimeToClose}
        value={closing.mean}
        hint={windowText}
      />
      <StatCard
        icon={<IconHourglass size={19} stroke={1.8} />}
        color="orange"
        label={D.medianTimeToClose}
        value={closing.median}
        hint={windowText}
      />
    </>
  );
}

/** The tenants' average rating of the repairs in the viewer's scope, and how many ratings it is of. */
export function RatingCard({ ratings }: { ratings: NonNullable<ApiDashboard['ratings']> }) {
  const texts = ratingTexts(ratings);
  return (
    <StatCard
      icon={<IconStar size={19} stroke={1.8} />}
      color="yellow"
      label={D.averageRating}
      value={texts.value}
      hint={texts.hint}
    />
  );
}

/** One figure: its icon, label, value and what it counts; `to`: the whole card links there (the tickets it counts). */
export function StatCard({
  icon,
  color,
  label,
  value,
  hint,
  to,
}: {
  icon: ReactNode;
  color: string;
  label: string;
  value: string;
  hint: string;
  to?: string;
}) {
  const content = (
    <>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Text size="sm" fw={600} c="dimmed" lh={1.3}>
          {label}
        </Text>
      </Group>
      <Text fz={30} fw={700} lh={1.2} mt="md" className={classes.value}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </>
  );
  if (to)
    return (
      <Paper component={Link} to={to} withBorder radius="lg" p="lg" className={classes.card} data-link>
        {content}
      </Paper>
    );
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card}>
      {content}
    </Paper>
  );
}
