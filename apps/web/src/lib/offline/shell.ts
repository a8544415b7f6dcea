/**
 * The installed app's files (issue 28, ADR 0044), named once for the build (vite.config.ts), the service worker
 * (src/sw.ts) and the page (main.tsx). The server (apps/server/src/modules/web/routes.ts) serves them with
 * headers of their own and names them again there.
 */

/** The service worker's script, at the root so that it controls every page of the app. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The offline page: the built index.html as it is, with no user, token or dictionary in it (the placeholders
 * stay: the app then reads the bundled English texts and asks for a token before sending). The service worker
 * keeps it and answers a navigation with it only when the network does not answer.
 */
export const SHELL_FILE = 'shell.html';

/** Marks the offline page's root element: the app then opens as the user kept on the device (kept-queries.ts). */
export const OFFLINE_SHELL_ATTRIBUTE = 'data-offline-shell';
