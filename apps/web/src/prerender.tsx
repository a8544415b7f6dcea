/**
 * The login page rendered at build time (scripts/prerender.mjs, after `vite build --ssr` of this file):
 * a signed-out visitor's /login arrives as the finished page, shows before the app's JavaScript has
 * loaded, and the app then hydrates it (main.tsx) instead of rendering it again. Only what the page
 * shows to every signed-out visitor is rendered here; what depends on the browser (the remembered
 * landlord) is added after hydration.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { t } from './app/translations';
import { documentTitle } from './components/PageHeader';

/** For scripts/prerender.mjs: the attribute that marks the root element as prerendered. */
export { PRERENDERED_ATTRIBUTE } from './app/prerendered';

/** The page prerendered, and what its `<title>` says (what the screen's useDocumentTitle sets). */
export const PRERENDERED_PAGE = { path: '/login', title: documentTitle(t.auth.signIn) };

/** The markup of the app's root element at `path`, as a first render in the browser would make it. */
export async function renderAppMarkup(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        {/* hydrate={false}: no inline script with the router's state (the CSP allows none; no loaders). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}
