/**
 * The dashboard's figures (GET /api/dashboard): the screen's query, and its prefetch when the app opens on `/`
 * signed in, so that the figures are asked for alongside the screen's code instead of once it has loaded and
 * rendered. Kept out of the screen's lazy chunk for that reason.
 */
import type { ApiDashboard } from '@mend/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../../lib/records';

/** The figures refresh on their own while the page is open. */
const REFRESH_MS = 60_000;

export function dashboardQuery() {
  return queryOptions({
    queryKey: ['dashboard'] as const,
    // Weeks start on the viewer's Monday, in the viewer's time zone.
    queryFn: () =>
      fetchJson<ApiDashboard>('dashboard', { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    refetchInterval: REFRESH_MS,
  });
}

export function prefetchDashboard(client: QueryClient): Promise<void> {
  return client.prefetchQuery(dashboardQuery());
}
