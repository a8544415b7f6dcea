/**
 * The due times against the landlords' targets on the dashboard (issue 26; not a tenant's, whose `due` is null): the
 * open tickets overdue now (the card links to them: /tickets?due=overdue) and due within DUE_SOON_HOURS, as the
 * figures atop the page (StatCard), and the share resolved within target over the last DASHBOARD_TARGET_MONTHS months,
 * a row per month (its bar hidden from screen readers, which read the table instead).
 *
 * Laid out as one row on wide screens (the two figures stacked beside the months); from `xs` to `lg` the two figures
 * side by side above the months; at 390 px everything one under the other, in the page's width.
 */
import { Box, Grid, SimpleGrid, Text } from '@mantine/core';
import { type ApiDashboardDue, DASHBOARD_TARGET_MONTHS, DUE_SOON_HOURS } from '@mend/shared';
import { IconAlarm, IconAlertTriangle } from '@tabler/icons-react';
import { format, t } from '../../lib/translations';
import { ChartCard, ChartTable, EmptyChart } from './ChartCard';
import classes from './Dashboard.module.css';
import { formatCount, targetMonthRow } from './dashboard-format';
import { StatCard } from './StatCards';

const D = t.dashboard;

/** The tickets list at its Overdue filter (its address: features/tickets/ticket-list.ts). */
export const OVERDUE_TICKETS = '/tickets?due=overdue';

export function DueCards({ due }: { due: ApiDashboardDue }) {
  return (
    <Grid gap="lg" data-due-cards>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 1 }} spacing="lg" h="100%">
          <StatCard
            icon={<IconAlertTriangle size={19} stroke={1.8} />}
            color="red"
            label={D.overdueNow}
            value={formatCount(due.overdue)}
            hint={D.overdueHint}
            to={OVERDUE_TICKETS}
          />
          <StatCard
            icon={<IconAlarm size={19} stroke={1.8} />}
            color="orange"
            label={format(D.dueSoon, { hours: DUE_SOON_HOURS })}
            value={formatCount(due.due_soon)}
            hint={D.dueSoonHint}
          />
        </SimpleGrid>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <TargetCard months={due.months} />
      </Grid.Col>
    </Grid>
  );
}

/** "Resolved within target": per month, oldest first, how many of the completed tickets were in time. */
function TargetCard({ months }: { months: ApiDashboardDue['months'] }) {
  const rows = months.slice(-DASHBOARD_TARGET_MONTHS).map(targetMonthRow);
  return (
    <ChartCard title={D.inTarget} hint={D.inTargetHint}>
      {rows.length === 0 ? (
        <EmptyChart text={D.noneResolved} h={200} />
      ) : (
        <>
          <Box component="ul" className={classes.statusList} aria-hidden>
            {rows.map((row) => (
              <li key={row.month} className={classes.targetItem} data-month={row.month}>
                <Text size="sm">{row.label}</Text>
                <span className={classes.targetBar}>
                  <span style={{ width: `${row.percent ?? 0}%` }} />
                </span>
                <Text
                  size="sm"
                  fw={row.percent === null ? undefined : 700}
                  c={row.percent === null ? 'dimmed' : undefined}
                  ta="right"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {row.text}
                </Text>
              </li>
            ))}
          </Box>
          <ChartTable
            caption={D.inTarget}
            head={[D.month, D.inTarget]}
            rows={rows.map((row) => [row.label, row.text])}
          />
        </>
      )}
    </ChartCard>
  );
}
