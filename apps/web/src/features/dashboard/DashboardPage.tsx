/**
 * The dashboard at `/` (DESIGN.md "Dashboard `/`"): open and closed counts, time to close, open tickets
 * by status and by property, opened and closed per week, and the oldest open tickets, over the tickets
 * the signed-in user may see (GET /api/dashboard). A lazy chunk: the charts (recharts) and their styles
 * load only here, never with the login page.
 *
 * Every chart sits in a section named by its heading, and its numbers are also given as text (a legend
 * with counts, value labels, or a table for screen readers): the SVG itself is hidden from them.
 */
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  type ApiDashboard,
  type ApiDashboardTicket,
  can,
  DASHBOARD_CLOSE_WINDOW_DAYS,
  DASHBOARD_TOP_PROPERTIES,
  DASHBOARD_WEEKS,
} from '@mend/shared';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCircleCheck,
  IconClockHour4,
  IconHourglass,
  IconTicket,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useActor } from '../../lib/actor';
import { fetchJson } from '../../lib/records';
import { format, t } from '../../lib/translations';
import classes from './Dashboard.module.css';
import {
  closeWindowText,
  formatCount,
  propertyChartData,
  shortLabel,
  statusChartColor,
  statusChartData,
  timeToCloseTexts,
  weekLabel,
  weeklyChartData,
  weeklyTotals,
} from './dashboard-format';

dayjs.extend(relativeTime);

const D = t.dashboard;
const DASHBOARD_KEY = ['dashboard'] as const;
/** The figures refresh on their own while the page is open. */
const REFRESH_MS = 60_000;

export default function DashboardPage() {
  const query = useQuery({
    queryKey: DASHBOARD_KEY,
    // Weeks start on the viewer's Monday, in the viewer's time zone.
    queryFn: () =>
      fetchJson<ApiDashboard>('dashboard', { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    refetchInterval: REFRESH_MS,
  });

  return (
    <>
      <PageHeader
        title={t.nav.dashboard}
        description={D.description}
        actions={
          <Button
            component={Link}
            to="/tickets"
            variant="default"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            {D.viewAllTickets}
          </Button>
        }
      />
      {query.data ? (
        <DashboardContent data={query.data} />
      ) : query.isError ? (
        <Alert
          color="red"
          variant="light"
          radius="lg"
          icon={<IconAlertTriangle aria-hidden />}
          title={D.error}
          role="alert"
        >
          <Button
            mt="xs"
            size="xs"
            variant="white"
            color="red"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {D.retry}
          </Button>
        </Alert>
      ) : (
        <DashboardLoading />
      )}
    </>
  );
}

function DashboardLoading() {
  return (
    <Stack gap="lg">
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {D.loading}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg" aria-hidden>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} h={112} radius="lg" />
        ))}
      </SimpleGrid>
      <Grid gap="lg" aria-hidden>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Skeleton h={340} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Skeleton h={340} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function DashboardContent({ data }: { data: ApiDashboard }) {
  const actor = useActor();
  // A tenant's tickets are all on its one unit: a chart per property tells it nothing.
  const byProperty = can(actor, 'dashboard.viewByProperty');
  const closing = timeToCloseTexts(data.time_to_close);
  const windowText = closeWindowText(data.time_to_close.count, DASHBOARD_CLOSE_WINDOW_DAYS);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        <StatCard
          icon={<IconTicket size={19} stroke={1.8} />}
          color="mend"
          label={D.openTickets}
          value={formatCount(data.totals.open)}
          hint={format(D.openOfAll, { all: formatCount(data.totals.all) })}
        />
        <StatCard
          icon={<IconCircleCheck size={19} stroke={1.8} />}
          color="teal"
          label={D.closedTickets}
          value={formatCount(data.totals.closed)}
          hint={D.closedHint}
        />
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
      </SimpleGrid>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <WeeklyCard weekly={data.weekly} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <StatusCard data={data} />
        </Grid.Col>
        {byProperty ? (
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <PropertyCard data={data} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, lg: byProperty ? 5 : 12 }}>
          <OldestOpenCard tickets={data.oldest_open} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function StatCard({
  icon,
  color,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  color: string;
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card}>
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
    </Paper>
  );
}

/** A titled card; the section is named by its heading. */
function ChartCard({
  title,
  hint,
  aside,
  children,
}: {
  title: string;
  hint: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p="lg"
      h="100%"
      className={classes.card}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

function EmptyChart({ text, h }: { text: string; h: number }) {
  return (
    <Center h={h} className={classes.empty}>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Center>
  );
}

/** The numbers of a chart for screen readers (the chart itself is hidden from them). */
function ChartTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={head[index]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={head[index]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

function WeeklyCard({ weekly }: { weekly: ApiDashboard['weekly'] }) {
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

function LegendItem({ color, label, value }: { color: string; label: string; value: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span className={classes.swatch} style={{ background: color }} aria-hidden />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700}>
        {formatCount(value)}
      </Text>
    </Group>
  );
}

function StatusCard({ data }: { data: ApiDashboard }) {
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
                  <Text size="sm">{row.status_text}</Text>
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

function PropertyCard({ data }: { data: ApiDashboard }) {
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

function OldestOpenCard({ tickets }: { tickets: ApiDashboardTicket[] }) {
  return (
    <ChartCard
      title={D.oldestOpen}
      hint={D.oldestOpenHint}
      aside={
        <Anchor component={Link} to="/tickets" size="sm" fw={600}>
          {D.viewAllTickets}
        </Anchor>
      }
    >
      {tickets.length === 0 ? (
        <EmptyChart text={D.noOpenTickets} h={200} />
      ) : (
        <Table verticalSpacing="sm" highlightOnHover={false} className={classes.oldest}>
          <Table.Tbody>
            {tickets.map((ticket) => (
              <Table.Tr key={ticket.id}>
                <Table.Td className={classes.oldestMain}>
                  <Anchor
                    component={Link}
                    to={`/tickets/${ticket.id}`}
                    fw={600}
                    size="sm"
                    className={classes.oldestTitle}
                  >
                    {ticket.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    #{ticket.visible_id} · {ticket.property_name} ·{' '}
                    <time dateTime={dayjs.unix(ticket.created_at_timestamp).toISOString()}>
                      {format(D.openedAgo, { time: dayjs.unix(ticket.created_at_timestamp).fromNow() })}
                    </time>
                  </Text>
                </Table.Td>
                <Table.Td ta="right" w={112} pr={0}>
                  <Badge
                    variant="light"
                    color={statusChartColor(ticket.status).split('.')[0]}
                    radius="sm"
                    tt="none"
                  >
                    {ticket.status_text}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ChartCard>
  );
}
