/** What the page the app opens on will load next, asked for at start-up (see `preloadersFor`). */

import type { CurrentUserResponse } from '@mend/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';

export type Loader = () => Promise<unknown>;
/**
 * Fetches what a screen shows first into the query cache, for `current`: its list's page as `query` (the
 * address's query string) asks for it (list-url.ts `readListState`, as the screen reads it).
 */
export type Prefetcher = (
  client: QueryClient,
  current: CurrentUserResponse,
  query: URLSearchParams,
) => Promise<unknown> | undefined;

/** The matched routes' screen components (the elements' types). */
function screensOf(matches: readonly { route: RouteObject }[] | null): unknown[] {
  return (matches ?? []).map(({ route }) => (isValidElement(route.element) ? route.element.type : null));
}

/**
 * The code a page needs beyond the first load, given the routes it matches (the router's own matches,
 * or `matchRoutes`): the main layout (`layout`, for the signed-in routes under `/`) and the lazy
 * screens its routes render (components with a `preload`). Asked for at start-up instead of one after
 * the other once each has rendered: the screen's chunk used to be the fourth request in a row before
 * its title painted.
 */
export function preloadersFor(matches: readonly { route: RouteObject }[] | null, layout?: Loader): Loader[] {
  if (!matches) return [];
  const loaders: Loader[] = [];
  if (layout && matches.some((match) => match.route.path === '/')) loaders.push(layout);
  for (const type of screensOf(matches)) {
    const preload = (type as { preload?: unknown } | null)?.preload;
    if (typeof preload === 'function') loaders.push(preload as Loader);
  }
  return loaders;
}

/**
 * The data the matched screens show first (screens with a `prefetch`), to fetch at start-up alongside
 * their code when the page says who is signed in: the list then renders with the screen, instead of
 * being asked for once the screen's code has loaded and rendered.
 */
export function prefetchersFor(matches: readonly { route: RouteObject }[] | null): Prefetcher[] {
  return screensOf(matches)
    .map((type) => (type as { prefetch?: unknown } | null)?.prefetch)
    .filter((prefetch): prefetch is Prefetcher => typeof prefetch === 'function');
}

/** A screen the server can render: where its code is (as the build lists it) and what it shows first. */
export interface ServerRenderedScreen {
  source: string;
  prefetch: Prefetcher;
  preload: Loader;
}

/**
 * The screen the server may render for the matched routes (src/prerender.tsx), or null: only a screen's
 * own page (its index route, no side panel open) whose screen names its module (`source`) and its first
 * data (`prefetch`).
 */
export function serverRenderedScreen(
  matches: readonly { route: RouteObject }[] | null,
): ServerRenderedScreen | null {
  if (!matches?.length || matches[matches.length - 1].route.index !== true) return null;
  for (const type of screensOf(matches)) {
    const screen = type as Partial<ServerRenderedScreen> | null;
    if (
      typeof screen?.source === 'string' &&
      typeof screen.prefetch === 'function' &&
      typeof screen.preload === 'function'
    )
      return screen as ServerRenderedScreen;
  }
  return null;
}
