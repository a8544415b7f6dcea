/**
 * Money on the dashboard (issue 26; staff only, whose `money` is not null): the estimates waiting for a decision and,
 * of those, the ones waiting for an owner, as the figures atop the page (StatCard); and the properties that spent
 * most, each with its total and a bar per month of the dashboard's months (hidden from screen readers, which read the
 * table instead).
 *
 * One row on wide screens (the two figures stacked beside the spend); from `xs` to `lg` the two figures side by side
 * above it; at 390 px one under the other, a property's months under its name.
 */
import { Box, Grid, SimpleGrid, Text } from '@mantine/core';
import type { ApiDashboardMoney } from '@mend/shared';
import { IconCoin, IconUserCheck } from '@tabler/icons-react';
import { t } from '../../lib/translations';
import { ChartCard, ChartTable, EmptyChart } from './ChartCard';
import classes from './Dashboard.module.css';
import { formatCount, spendRows } from './dashboard-format';
import { StatCard } from './StatCards';

const D = t.dashboard;

export function MoneyCards({ money }: { money: ApiDashboardMoney }) {
  return (
    <Grid gap="lg" data-money-cards>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 1 }} spacing="lg" h="100%">
          <StatCard
            icon={<IconCoin size={19} stroke={1.8} />}
            color="blue"
            label={D.openApprovals}
            value={formatCount(money.open_approvals)}
            hint={D.openApprovalsHint}
          />
          <StatCard
            icon={<IconUserCheck size={19} stroke={1.8} />}
            color="orange"
            label={D.awaitingOwner}
            value={formatCount(money.awaiting_owner)}
            hint={D.awaitingOwnerHint}
          />
        </SimpleGrid>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <SpendCard spend={money.spend} />
      </Grid.Col>
    </Grid>
  );
}

function SpendCard({ spend }: { spend: ApiDashboardMoney['spend'] }) {
  const rows = spendRows(spend);
  const months = rows[0]?.months ?? [];
  return (
    <ChartCard title={D.spend} hint={D.spendHint}>
      {rows.length === 0 ? (
        <EmptyChart text={D.noSpend} h={200} />
      ) : (
        <>
          <Box component="ul" className={classes.statusList} aria-hidden>
            {rows.map((row) => (
              <li key={row.key} className={classes.spendItem} data-property={row.name}>
                <Text size="sm" truncate="end">
                  {row.name}
                </Text>
                <span className={classes.spendBars}>
                  {row.months.map((month) => (
                    <span key={month.month} title={`${month.label}: ${month.text}`}>
                      <span style={{ height: `${Math.max(month.percent, month.percent > 0 ? 4 : 0)}%` }} />
                    </span>
                  ))}
                </span>
                <Text size="sm" fw={700} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {row.total}
                </Text>
              </li>
            ))}
          </Box>
          <ChartTable
            caption={D.spend}
            head={[D.property, ...months.map((month) => month.label), D.total]}
            rows={rows.map((row) => [row.name, ...row.months.map((month) => month.text), row.total])}
          />
        </>
      )}
    </ChartCard>
  );
}
