/**
 * The dashboard at `/` (DESIGN.md "Dashboard `/`"): open and closed counts, time to close, the due times against
 * the targets (issue 26: overdue now, due soon, resolved within target per month; not a tenant's), open tickets
 * by status and by property, opened and closed per week, and the oldest open tickets, over the tickets
 * the signed-in user may see (GET /api/dashboard). A lazy chunk, whose figures are asked for alongside it
 * (dashboard-query.ts); the chart cards (recharts) and their styles are a chunk of their own, asked for as the
 * figures render, and never load with the login page.
 *
 * Every chart sits in a section named by its heading, and its numbers are also given as text (a legend
 * with counts, value labels, or a table for screen readers): the SVG itself is hidden from them.
 * Each card is its own component (StatCards, DueCards, WeeklyCard, StatusCard, PropertyCard, OldestOpenCard, in the
 * frame of ChartCard.tsx); how figures read is dashboard-format.ts's.
 */
import { Alert, Button, Grid, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type ApiDashboard, can } from '@mend/shared';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { DueCards } from './DueCards';
import { dashboardQuery } from './dashboard-query';
import { MoneyCards } from './MoneyCards';
import { OldestOpenCard } from './OldestOpenCard';
import { RatingCard, TimeToCloseCards, TotalsCards } from './StatCards';

const D = t.dashboard;
/** A chart card's height while its chart loads (the loading screen's too). */
const CHART_HEIGHT = 340;

/**
 * The chart cards (recharts) in a chunk of their own, asked for as the figures render: the cards of figures above
 * them paint without waiting for it (on a phone the charts are below the first screen).
 */
function chartCard<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Chart = lazy(async () => ({ default: await load() }));
  return function DeferredChart(props: P) {
    return (
      <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="lg" />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}
const WeeklyCard = chartCard(async () => (await import('./WeeklyCard')).WeeklyCard);
const StatusCard = chartCard(async () => (await import('./StatusCard')).StatusCard);
const PropertyCard = chartCard(async () => (await import('./PropertyCard')).PropertyCard);

export default function DashboardPage() {
  const query = useQuery(dashboardQuery());

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
          <Skeleton h={CHART_HEIGHT} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Skeleton h={CHART_HEIGHT} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function DashboardContent({ data }: { data: ApiDashboard }) {
  const actor = useActor();
  // A tenant's tickets are all on its one unit: a chart per property tells it nothing.
  const byProperty = can(actor, 'dashboard.viewByProperty');
  return (
    <Stack gap="lg">
      {/* Five figures with the ratings (not a tenant's): one row of five on the widest screens only. */}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4, xl: data.ratings ? 5 : 4 }} spacing="lg">
        <TotalsCards totals={data.totals} />
        <TimeToCloseCards timeToClose={data.time_to_close} />
        {data.ratings ? <RatingCard ratings={data.ratings} /> : null}
      </SimpleGrid>

      {data.due ? <DueCards due={data.due} /> : null}
      {data.money ? <MoneyCards money={data.money} /> : null}

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
