/**
 * Registers the service worker (src/sw.ts, built by vite-plugin-pwa into dist/sw.js): it keeps the app's
 * files and the offline page, so that the installed app opens without a connection (ADR 0044).
 */
import { SERVICE_WORKER_FILE } from './shell';

/** How long the page may stay busy before the registration goes ahead anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * After the page has loaded, in an idle moment: installing, the worker downloads every file of the app, which
 * must not take the bandwidth from the page's own first files. Not in development (Vite serves no worker).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(`/${SERVICE_WORKER_FILE}`).catch(() => undefined);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(register, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
