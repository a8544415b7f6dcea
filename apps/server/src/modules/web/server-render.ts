// Kept because it halves /tickets' largest paint (measured in ADR 0028); the decision is ADR 0015.
/**
 * A signed-in visitor's screen rendered on the server, so that its page shows the list before the app's
 * JavaScript has loaded (the web build's dist/server/prerender.js, `renderSignedInPage`; the app then
 * hydrates it). The screen's first data is fetched through this server's own API as the visitor (the
 * same calls, checks and answers as the browser's), and the page names the stylesheets of what it shows.
 *
 * Only when the layout is known: the layout differs by width (the rail, a phone's menu), which the server
 * learns from the width the app last reported (`VIEWPORT_COOKIE`) or, on a first visit, from a phone's user
 * agent. Otherwise, and whenever the render fails or is slow, the page goes as before, rendered in the browser.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type CurrentUserResponse,
  LAYOUT_COLLAPSE_PX,
  LAYOUT_PHONE_MAX_EM,
  VIEWPORT_COOKIE,
} from '@mend/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long a page waits for its server-side render before going without it. */
export const SERVER_RENDER_TIMEOUT_MS = 2_000;

/**
 * `MEND_SERVER_RENDER=off` sends every page as if this render did not exist: to measure what it earns
 * (`npm run bench:lighthouse -- --server-render off`, ADR 0028). Read per page.
 */
const SWITCH_VARIABLE = 'MEND_SERVER_RENDER';

/** The layout a page is rendered for (apps/web/src/lib/prerendered.tsx, PageRender, without the clock). */
export interface PageLayout {
  collapsed: boolean;
  phone: boolean;
}

/** The layout and the clock a page was rendered with (PageRender in the web app). */
type PageRender = PageLayout & { renderedAt: number };

/** What apps/web/src/prerender.tsx exports for the server (its own types are the web app's). */
interface RenderModule {
  renderSignedInPage(options: {
    url: string;
    current: CurrentUserResponse;
    render: PageRender;
    fetch: typeof fetch;
  }): Promise<{ markup: string; queries: unknown; sources: string[] } | null>;
}

export interface RenderedScreen {
  markup: string;
  queries: unknown;
  render: PageRender;
  /** The stylesheets of the layout and the screen (paths under the web build). */
  styles: string[];
}

/** Widths the layout is told apart by, in CSS pixels (a phone's at most LAYOUT_PHONE_MAX_EM at 16 px). */
const PHONE_MAX_PX = LAYOUT_PHONE_MAX_EM * 16;
const MAX_VIEWPORT_PX = 100_000;

/**
 * The layout of the visitor's window: from the width the app last reported, else a phone's for a phone's
 * user agent ("Mobi", as browsers on phones say), else unknown (null).
 */
export function pageLayoutFor(request: Pick<FastifyRequest, 'cookies' | 'headers'>): PageLayout | null {
  const reported = request.cookies?.[VIEWPORT_COOKIE];
  const width = reported && /^\d{1,6}$/.test(reported) ? Number(reported) : 0;
  if (width > 0 && width < MAX_VIEWPORT_PX) {
    return { collapsed: width <= LAYOUT_COLLAPSE_PX, phone: width <= PHONE_MAX_PX };
  }
  if (/Mobi/.test(String(request.headers['user-agent'] ?? ''))) return { collapsed: true, phone: true };
  return null;
}

/** `screenStyles`: the stylesheets the web build lists per module loaded on demand (routes.ts readBuildFileLists). */
export function createServerRenderer(
  app: FastifyInstance,
  webDist: string,
  screenStyles: ReadonlyMap<string, string[]>,
  now: () => Date = () => new Date(),
) {
  const moduleFile = path.join(webDist, 'server', 'prerender.js');
  let loaded: Promise<RenderModule | null> | null = null;
  // Loaded on the first signed-in page (React and the screens' code, kept out of the server's start-up).
  const load = () => {
    loaded ??= existsSync(moduleFile)
      ? (import(pathToFileURL(moduleFile).href) as Promise<RenderModule>).catch((error: unknown) => {
          app.log.error({ err: error }, 'The web build’s server-side render could not be loaded');
          return null;
        })
      : Promise.resolve(null);
    return loaded;
  };

  /** The screen's API calls, answered by this server as the visitor (their session cookie); reads only. */
  const fetchAs =
    (request: FastifyRequest): typeof fetch =>
    async (input, init) => {
      const method = init?.method ?? 'GET';
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (method !== 'GET' || !url.startsWith('/api/'))
        throw new Error(`Not a read of the API: ${method} ${url}`);
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: {
          cookie: request.headers.cookie ?? '',
          'user-agent': request.headers['user-agent'] ?? '',
          'accept-language': request.headers['accept-language'] ?? '',
        },
        remoteAddress: request.ip,
      });
      return new Response(answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    };

  return {
    /**
     * The screen at the request's URL rendered for `current` in the visitor's layout, or null (see the
     * file's comment).
     */
    async render(request: FastifyRequest, current: CurrentUserResponse): Promise<RenderedScreen | null> {
      const layout = pageLayoutFor(request);
      if (!layout || process.env[SWITCH_VARIABLE] === 'off') return null;
      const module = await load();
      if (!module) return null;
      // The app's clock (a moved one in tests): the screen shows what is due and overdue as its API answered.
      const render: PageRender = { ...layout, renderedAt: now().getTime() };
      let timer: NodeJS.Timeout | undefined;
      try {
        const page = await Promise.race([
          module.renderSignedInPage({ url: request.url, current, render, fetch: fetchAs(request) }),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), SERVER_RENDER_TIMEOUT_MS);
          }),
        ]);
        if (!page) return null;
        const styles = page.sources.map((source) => screenStyles.get(source));
        // A module the build does not list: its styles are unknown, and an unstyled screen is worse than none.
        if (styles.some((list) => list === undefined)) return null;
        return { ...page, render, styles: [...new Set(styles.flat() as string[])] };
      } catch (error) {
        request.log.error({ err: error }, 'A signed-in page could not be rendered on the server');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
