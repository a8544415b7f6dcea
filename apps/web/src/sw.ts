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
};

/** Paths a navigation may reach that are not the app's pages (files, the API): never the offline page. */
const NOT_PAGES = [/^\/api(\/|$)/, /^\/uploads\//, /^\/refresh-csrf$/, /^\/healthz$/, /^\/assets\//];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache(`/${SHELL_FILE}`);
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: NOT_PAGES },
  ),
);

// No navigation preload: the browser would send it for every navigation, the worker's to leave alone too, and a
// one-time link (an email's verification, a signed answer) would then be opened twice, the second time refused.

// A new version takes over the open pages at once: the files it keeps are the server's current ones.
void self.skipWaiting();
clientsClaim();
