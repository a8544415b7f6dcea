/** The open tickets by status, a donut and its legend with counts, on the dashboard (DashboardPage.tsx). */
import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { Box, Group, Stack, Text } from '@mantine/core';
import { type ApiDashboard, statusText } from '@mend/shared';
import { t } from '../../lib/translations';
import { ChartCard, EmptyChart } from './ChartCard';
import classes from './Dashboard.module.css';
import { formatCount, statusChartColor, statusChartData } from './dashboard-format';

const D = t.dashboard;

export function StatusCard({ data }: { data: ApiDashboard }) {
  const slices = statusChartData(data.open_by_status);
  return (
    <ChartCard title={D.byStatus} hint={D.byStatusHint}>
      {data.totals.open === 0 ? (
        <EmptyChart text={D.noOpenTickets} h={220} />
      ) : (
        <Stack gap="lg" align="center">
          <Box aria-hidden>
            <DonutChart
              data={slices.filter((slice) => slice.value > 0)}
              size={180}
              thickness={26}
              paddingAngle={2}
              chartLabel={formatCount(data.totals.open)}
              classNames={{ label: classes.donutLabel }}
              valueFormatter={formatCount}
              tooltipDataSource="segment"
              accessibilityLayer={false}
              // Recharts makes the pie a tab stop of its own: out of the tab order, as the chart is hidden from
              // screen readers (the legend below gives its numbers), and a hidden tab stop is a focus with no name.
              pieProps={{ rootTabIndex: -1 }}
            />
          </Box>
          <Box component="ul" className={classes.statusList} w="100%">
            {data.open_by_status.map((row) => (
              <li key={row.status} className={classes.statusItem}>
                <Group gap={8} wrap="nowrap">
                  <span
                    className={classes.swatch}
                    style={{
                      background: `var(--mantine-color-${statusChartColor(row.status).replace('.', '-')})`,
                    }}
                    aria-hidden
                  />
                  <Text size="sm">{statusText(row.status, t)}</Text>
                </Group>
                <Text size="sm" fw={700}>
                  {formatCount(row.count)}
                </Text>
              </li>
            ))}
          </Box>
        </Stack>
      )}
    </ChartCard>
  );
}
