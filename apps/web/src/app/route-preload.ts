/** What the page the app opens on will load next, asked for at start-up (see `preloadersFor`). */
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';

export type Loader = () => Promise<unknown>;

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
  for (const { route } of matches) {
    const type: unknown = isValidElement(route.element) ? route.element.type : null;
    const preload = (type as { preload?: unknown } | null)?.preload;
    if (typeof preload === 'function') loaders.push(preload as Loader);
  }
  return loaders;
}
