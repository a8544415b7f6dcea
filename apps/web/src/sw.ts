/**
 * The service worker (issue 28, ADR 0044), built by vite-plugin-pwa (injectManifest) into dist/sw.js with the
 * list of the build's files put in place of `self.__WB_MANIFEST`.
 *
 * - It keeps the app's files (scripts, stylesheets, icons, the manifest) and the offline page (lib/offline/
 *   shell.ts), and answers them from its cache: their names change with their content, the offline page's
 *   entry with its revision.
 * - A navigation goes to the network, as without a worker: the server's page (with its user, token and
 *   dictionary) is never stored. Only when no answer comes does the worker answer with the offline page,
 *   which holds nothing of any user.
 * - Anything else (the API, uploads, the token) is not its business: it goes to the network untouched.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SHELL_FILE } from './lib/offline/shell';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The parts of the worker's global scope used here (the DOM library the app is checked with has no worker types). */
declare const self: {
  __WB_MANIFEST: PrecacheEntry[];
  skipWaiting(): Promise<void>;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  addEventListener(
    type: 'activate',
    listener: (event: Event & { waitUntil(work: Promise<unknown>): void }) => void,
  ): void;
};

/** Paths a navigation may reach that are not the app's pages (files, the API): never the offline page. */
const NOT_PAGES = [/^\/api(\/|$)/, /^\/uploads\//, /^\/refresh-csrf$/, /^\/healthz$/, /^\/assets\//];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      try {
        // The browser has already started the request (navigation preload): the worker does not delay it.
        const preloaded = (await (event as Event & { preloadResponse?: Promise<Response | undefined> })
          .preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch (error) {
        const shell = await matchPrecache(`/${SHELL_FILE}`);
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: NOT_PAGES },
  ),
);

self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

// A new version takes over the open pages at once: the files it keeps are the server's current ones.
void self.skipWaiting();
clientsClaim();
