/**
 * What the server renders of the app, built for Node by `vite build --ssr` of this file into dist/server/:
 *
 * - At build time (scripts/prerender.mjs), the login page: a signed-out visitor's /login arrives as the
 *   finished page, shows before the app's JavaScript has loaded, and the app then hydrates it (main.tsx)
 *   instead of rendering it again. Only what the page shows to every signed-out visitor is rendered here;
 *   what depends on the browser (the remembered landlord) is added after hydration.
 * - Per request (apps/server/src/modules/web), a signed-in visitor's screen (`renderSignedInPage`): the
 *   layout and the screen with its first data, fetched through the server's own API as that visitor. The
 *   page shows the list before the app's JavaScript has loaded; the app hydrates it with the same data.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { APP_PAGE_PLACEHOLDERS, type CurrentUserResponse } from '@mend/shared';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { serverRenderedScreen } from './app/route-preload';
import { loadMainLayout, MAIN_LAYOUT_SOURCE, routes } from './app/router';
import { documentTitle } from './components/PageHeader';
import { setApiTransport } from './lib/api';
import { CURRENT_USER_KEY } from './lib/auth';
import type { PageRender } from './lib/prerendered';
import { t } from './lib/translations';

/** For scripts/prerender.mjs: the attribute that marks the root element as prerendered. */
export { PRERENDERED_ATTRIBUTE } from './lib/prerendered';
export { APP_PAGE_PLACEHOLDERS };

/** The page prerendered, and what its `<title>` says (what the screen's useDocumentTitle sets). */
export const PRERENDERED_PAGE = { path: '/login', title: documentTitle(t.auth.signIn) };

/**
 * The app's routes at `location`, as React Router renders them on the server, or the Response the routes
 * answer instead of a page. `hydrate={false}`: no inline script with the router's state (the CSP allows
 * none; the routes have no loaders).
 */
async function staticRoutes(location: URL) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  return <StaticRouterProvider router={router} context={context} hydrate={false} />;
}

/** The markup of the app's root element at `path`, as a first render in the browser would make it. */
export async function renderAppMarkup(path: string): Promise<string> {
  const page = await staticRoutes(new URL(path, 'http://localhost'));
  if (page instanceof Response) throw new Error(`${path} answers ${page.status}, not a page`);
  return renderToString(
    <StrictMode>
      <Providers>{page}</Providers>
    </StrictMode>,
  );
}

/** The request's API calls, per render: renders of different visitors run at once in one process. */
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setApiTransport((input, init) => {
  const send = requestFetch.getStore();
  if (!send) return Promise.reject(new Error('An API call outside a server-side render.'));
  return send(input, init);
});

export interface SignedInPage {
  /** The root element's content. */
  markup: string;
  /** The query cache the screen rendered from, for the browser's (TanStack Query's `hydrate`). */
  queries: DehydratedState;
  /** The modules rendered (as the build lists them): the server links their stylesheets in the page. */
  sources: string[];
}

// The signed-in screen rendered on the server: ADR 0015 (measured in ADR 0028).
/**
 * The signed-in screen at `url` rendered for `current`, or null when the server does not render it
 * (not a screen that can be, see `serverRenderedScreen`, or its first data could not be fetched).
 * `fetch` answers the screen's API calls, as the visitor.
 */
export function renderSignedInPage(options: {
  url: string;
  current: CurrentUserResponse;
  render: PageRender;
  fetch: typeof fetch;
}): Promise<SignedInPage | null> {
  return requestFetch.run(options.fetch, async () => {
    const location = new URL(options.url, 'http://localhost');
    const screen = serverRenderedScreen(matchRoutes(routes, location.pathname));
    if (!screen) return null;
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_KEY, options.current);
    await Promise.all([
      screen.prefetch(client, options.current, location.searchParams),
      screen.preload(),
      loadMainLayout(),
    ]);
    // A failed first fetch: the browser fetches (and reports) it again, as in a page not rendered here.
    if (
      client
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'success')
    )
      return null;

    const page = await staticRoutes(location);
    if (page instanceof Response) return null;
    // prerender (not renderToString): it waits for the lazy layout and screen instead of their fallbacks.
    // An error in a part of the screen would leave that part to the browser, through an inline script the
    // page's CSP refuses: the whole render fails instead (the server then sends the page unrendered).
    let renderError: unknown = null;
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <Providers client={client} render={options.render}>
          {page}
        </Providers>
      </StrictMode>,
      {
        // Every part in place in the markup: a large one would otherwise come after the rest with an inline
        // script to move it (React's progressive rendering), which the page's CSP refuses.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => {
          renderError ??= error;
        },
      },
    );
    if (renderError) throw renderError;
    let markup = '';
    for await (const chunk of prelude) markup += String(chunk);
    return { markup, queries: dehydrate(client), sources: [MAIN_LAYOUT_SOURCE, screen.source] };
  });
}
