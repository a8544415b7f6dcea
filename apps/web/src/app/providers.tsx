import '../lib/mantine.css';
import '@mantine/notifications/styles.css';
import '../lib/global.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@mend/shared';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { CURRENT_USER_KEY, pageCurrentUser } from '../lib/auth';
import { type PageRender, PageRenderProvider, useHydrated } from '../lib/prerendered';
import { theme } from '../lib/theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Retry once on network or server trouble, never on 4xx answers (401 must reach the login redirect).
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  });
}

// TanStack Query takes the browser to be online until an `offline` event: a page opened without a connection (the
// installed app's offline page, ADR 0044) says so at once, so that its queries wait for the connection instead of
// failing (a failed notifications poll would sign the user out).
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
  onlineManager.setOnline(navigator.onLine);

/** The app's query cache (exported for the start-up prefetch in main.tsx). */
export const queryClient = createQueryClient();
// A signed-in visitor's page carries the current user: RequireAuth renders the app at once.
if (pageCurrentUser) queryClient.setQueryData(CURRENT_USER_KEY, pageCurrentUser);

/**
 * App-wide providers. The ModalsProvider (confirm dialogs of the signed-in screens) lives in
 * ./signed-in-providers.tsx, inside the lazily loaded main layout: Mantine's Modal brings ScrollArea
 * and Floating UI, which the login page does not need.
 */
export function Providers({
  children,
  client = queryClient,
  render,
}: {
  children: ReactNode;
  /** The query cache (the server renders each page from one of its own). */
  client?: QueryClient;
  /** What the server renders the page for (in the browser, read from the page). */
  render?: PageRender | null;
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        <PageRenderProvider render={render}>
          <Toasts />
          {children}
        </PageRenderProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Toasts render in a portal, never in the prerendered markup: on a prerendered page the container mounts
 * after hydration, whose commit would otherwise end in a synchronous re-render (its transition group sets
 * its state as it mounts). A toast shown before then waits in the store. A component of its own, so that
 * only it renders again then: the providers above the page, rendered again while parts of the page are
 * still to be hydrated, would make React hydrate those at once.
 */
function Toasts() {
  const hydrated = useHydrated();
  return hydrated ? <Notifications autoClose={TOAST_MS} position="top-right" zIndex={1000} /> : null;
}
