// The browser's half of the signed-in screen rendered on the server: ADR 0015 (measured in ADR 0028).
/**
 * A page the server may send already rendered (src/prerender.tsx: the signed-out login page, ADR 0011; a
 * signed-in screen, ADR 0015): the attribute on the root element that says so, the hook a prerendered screen
 * uses for what only the browser can know, and, for a signed-in screen, what it was rendered for
 * (PageRender), the data it was rendered from (`hydratePageQueries`) and the window's width the server lays
 * it out for (`reportViewportWidth`).
 */
import { ROOT_ELEMENT_ID, VIEWPORT_COOKIE } from '@mend/shared';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/** On the root element of a prerendered page: main.tsx hydrates it instead of rendering it again. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** True while the first render must match the prerendered markup: at build time, and until hydration is done. */
let hydrating =
  typeof document === 'undefined' ||
  document.getElementById(ROOT_ELEMENT_ID)?.hasAttribute(PRERENDERED_ATTRIBUTE) === true;

/**
 * False while React hydrates a prerendered page (and while it is rendered at build time), so that the
 * first render matches the prerendered markup; true right after, and always in a page rendered in the
 * browser from the start. The switch is a transition: React re-renders in slices after hydration instead of
 * in one blocking render (a `useSyncExternalStore` with a server snapshot of its own re-rendered synchronously).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (hydrated) return;
    hydrating = false;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * What a page rendered on the server for a signed-in visitor was rendered for: the layout's widths (guessed
 * from the user agent or the width the app last reported, `VIEWPORT_COOKIE`) and the clock. Such a page
 * hydrates with the layout and the relative times as the server rendered them, then follows the browser.
 */
export interface PageRender {
  /** The layout collapsed to its rail (at most LAYOUT_COLLAPSE_PX wide). */
  collapsed: boolean;
  /** A phone's layout: the rail hidden too. */
  phone: boolean;
  /** The server's clock when it rendered, in milliseconds. */
  renderedAt: number;
}

function isPageRender(value: unknown): value is PageRender {
  const render = value as PageRender | null;
  return (
    typeof render === 'object' &&
    render !== null &&
    typeof render.collapsed === 'boolean' &&
    typeof render.phone === 'boolean' &&
    typeof render.renderedAt === 'number'
  );
}

/**
 * The JSON the server put in a `data-*` attribute of the page's root element (`key` as in `dataset`),
 * when it is there, parses and passes `accept`; else null.
 */
export function readRootJson<T>(key: string, accept: (value: unknown) => value is T): T | null {
  const raw = typeof document === 'undefined' ? null : document.getElementById(ROOT_ELEMENT_ID)?.dataset[key];
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return accept(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const PageRenderContext = createContext<PageRender | null>(null);

/**
 * Gives the screens the server's render: `render` on the server, the page's own in the browser (null
 * when the page was not rendered on the server). The value never changes: a change would reach the parts
 * of the page React has yet to hydrate and make it hydrate them at once, in one long task.
 */
export function PageRenderProvider({
  render,
  children,
}: {
  render?: PageRender | null;
  children: ReactNode;
}) {
  const [pageRender] = useState(() => render ?? readRootJson('pageRender', isPageRender));
  return <PageRenderContext.Provider value={pageRender}>{children}</PageRenderContext.Provider>;
}

/** What the server rendered the page for (see PageRenderProvider), or null. */
export function usePageRender(): PageRender | null {
  return useContext(PageRenderContext);
}

/** A query cache as TanStack Query dehydrates it (a server-rendered page's `data-queries`). */
const isDehydratedState = (value: unknown): value is DehydratedState =>
  typeof value === 'object' && value !== null && Array.isArray((value as DehydratedState).queries);

/** Puts the data a signed-in screen was rendered from (the page's `data-queries`) in `client`, if any. */
export function hydratePageQueries(client: QueryClient): void {
  const queries = readRootJson('queries', isDehydratedState);
  if (queries) hydrate(client, queries);
}

/**
 * Tells the server the window's width (VIEWPORT_COOKIE), now and after each resize: a signed-in page it
 * renders is then laid out for this window (apps/server/src/modules/web/server-render.ts).
 */
export function reportViewportWidth(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const report = () => {
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports.
    document.cookie = `${VIEWPORT_COOKIE}=${window.innerWidth}; path=/; max-age=31536000; samesite=lax${secure}`;
  };
  report();
  window.addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(report, 500);
  });
}
