/**
 * The open tickets of the DASHBOARD_TOP_PROPERTIES properties with most, on the dashboard
 * (DashboardPage.tsx).
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { type ApiDashboard, DASHBOARD_TOP_PROPERTIES } from '@mend/shared';
import { format, t } from '../../lib/translations';
import { ChartCard, ChartTable, EmptyChart } from './ChartCard';
import { formatCount, propertyChartData, shortLabel } from './dashboard-format';

const D = t.dashboard;

export function PropertyCard({ data }: { data: ApiDashboard }) {
  const rows = data.open_by_property;
  return (
    <ChartCard title={D.byProperty} hint={format(D.byPropertyHint, { count: DASHBOARD_TOP_PROPERTIES })}>
      {rows.length === 0 ? (
        <EmptyChart text={D.noOpenTickets} h={200} />
      ) : (
        <>
          <Box aria-hidden>
            <BarChart
              h={Math.max(264, rows.length * 34 + 40)}
              data={propertyChartData(rows)}
              dataKey="property"
              orientation="vertical"
              series={[{ name: 'open', label: D.openTickets, color: 'mend.6' }]}
              gridAxis="y"
              tickLine="none"
              withBarValueLabel
              maxBarWidth={22}
              yAxisProps={{ width: 170, tickFormatter: (value: string) => shortLabel(value) }}
              xAxisProps={{ allowDecimals: false }}
              valueFormatter={formatCount}
              accessibilityLayer={false}
            />
          </Box>
          <ChartTable
            caption={D.byProperty}
            head={[D.property, D.openTickets]}
            rows={rows.map((row) => [row.property_name, row.count])}
          />
        </>
      )}
    </ChartCard>
  );
}
