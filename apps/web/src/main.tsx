import { ROOT_ELEMENT_ID } from '@mend/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { prefetchersFor } from './app/route-preload';
import { createRouter, preloadSignedInScreen } from './app/router';
// Dates in the page's language from the first render (dayjs's locale is global).
import './lib/dates';
import { pageCurrentUser, pageSaysSignedOut } from './lib/auth';
import { forgetDevice } from './lib/offline/device';
import { restoreKeptQueries } from './lib/offline/kept-queries';
import { registerServiceWorker } from './lib/offline/service-worker';
import { OFFLINE_SHELL_ATTRIBUTE } from './lib/offline/shell';
import { hydratePageQueries, PRERENDERED_ATTRIBUTE, reportViewportWidth } from './lib/prerendered';

/** How long a signed-in page load waits for its screen's code and first data before rendering anyway
 * (a slow answer then shows the layout and its loader, as before, rather than the mark for longer). */
const FIRST_RENDER_WAIT_MS = 1500;

/** Lets the browser paint and answer input before the next step of start-up (a task of its own). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Start-up in three tasks instead of one: evaluating the app's modules (before this runs), creating the
 * router (reading the location and the saved scroll positions, matching the routes), then the first render.
 * On a slow phone each is a long task of its own; together they blocked the page for several hundred
 * milliseconds at once. (An async function rather than top-level await, which made the bundler split the
 * entry's modules into ten more files.)
 */
async function start(): Promise<void> {
  await nextTask();
  reportViewportWidth();
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!root) throw new Error('The page has no #root element.');
  // The offline page (the service worker's, when the network did not answer) carries no user: the app opens
  // as the user whose session the device kept, if any (lib/offline/kept-queries.ts). A page from the server
  // saying nobody is signed in means that session has ended: what the device kept for it is forgotten.
  const offline = root.hasAttribute(OFFLINE_SHELL_ATTRIBUTE);
  const current = offline ? await restoreKeptQueries(queryClient) : pageCurrentUser;
  if (pageSaysSignedOut) void forgetDevice();
  const router = createRouter();
  // Signed in (the page says who): the layout, the screen and its first data start loading at once, and the
  // first render waits for them (at most FIRST_RENDER_WAIT_MS, the page shows the Mend mark meanwhile). The
  // screen then renders once, complete: data arriving during a render made React start it again, blocking.
  const rendered = root.hasAttribute(PRERENDERED_ATTRIBUTE);
  const ready =
    current && !rendered
      ? Promise.race([
          Promise.all([
            preloadSignedInScreen(router.state.matches),
            ...prefetchersFor(router.state.matches).map((prefetch) =>
              prefetch(queryClient, current, new URLSearchParams(router.state.location.search)),
            ),
          ]),
          new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
        ])
      : null;
  // A signed-in screen the server rendered: its code starts loading now too, its data is in the page.
  const screenLoaded = current && rendered ? preloadSignedInScreen(router.state.matches) : null;
  await nextTask();

  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // The signed-out login page and a signed-in screen the server rendered (src/prerender.tsx) arrive
  // rendered: React takes them over as they are, a signed-in screen with the data it was rendered from and
  // once its code has loaded (the page shows meanwhile). Either way the first render is a transition, so
  // React yields to the browser every few milliseconds instead of holding the main thread in one long task.
  if (rendered) {
    hydratePageQueries(queryClient);
    if (screenLoaded) {
      await screenLoaded;
      // The screen's modules run as they arrive; hydration starts in a task of its own.
      await nextTask();
    }
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    const reactRoot = createRoot(root);
    const render = () => startTransition(() => reactRoot.render(app));
    if (ready) void ready.then(render);
    else render();
  }
}

void start();
registerServiceWorker();
