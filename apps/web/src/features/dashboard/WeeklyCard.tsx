/**
 * The tickets opened and closed per week over the last DASHBOARD_WEEKS weeks, on the dashboard
 * (DashboardPage.tsx).
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, VisuallyHidden } from '@mantine/core';
import { type ApiDashboard, DASHBOARD_WEEKS } from '@mend/shared';
import { format, t } from '../../lib/translations';
import { ChartCard, ChartTable, LegendItem } from './ChartCard';
import classes from './Dashboard.module.css';
import { formatCount, weekLabel, weeklyChartData, weeklyTotals } from './dashboard-format';

const D = t.dashboard;

export function WeeklyCard({ weekly }: { weekly: ApiDashboard['weekly'] }) {
  const totals = weeklyTotals(weekly);
  return (
    <ChartCard
      title={D.weekly}
      hint={format(D.weeklyHint, { weeks: DASHBOARD_WEEKS })}
      aside={
        <Group gap="md" className={classes.legend}>
          <LegendItem color="var(--mantine-color-mend-6)" label={D.opened} value={totals.opened} />
          <LegendItem color="var(--mantine-color-teal-5)" label={D.closed} value={totals.closed} />
        </Group>
      }
    >
      <VisuallyHidden>
        {format(D.weeklyTotals, {
          opened: formatCount(totals.opened),
          closed: formatCount(totals.closed),
          weeks: DASHBOARD_WEEKS,
        })}
      </VisuallyHidden>
      <Box aria-hidden>
        <BarChart
          h={300}
          data={weeklyChartData(weekly)}
          dataKey="week"
          series={[
            { name: 'opened', label: D.opened, color: 'mend.6' },
            { name: 'closed', label: D.closed, color: 'teal.5' },
          ]}
          gridAxis="x"
          tickLine="none"
          maxBarWidth={14}
          barChartProps={{ barGap: 2, barCategoryGap: '22%' }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 4 }}
          yAxisProps={{ allowDecimals: false, width: 36 }}
          valueFormatter={formatCount}
          accessibilityLayer={false}
        />
      </Box>
      <ChartTable
        caption={D.weekly}
        head={[D.week, D.opened, D.closed]}
        rows={weekly.map((row) => [
          format(D.weekOf, { date: weekLabel(row.week_start) }),
          row.opened,
          row.closed,
        ])}
      />
    </ChartCard>
  );
}
