/**
 * The page the server may send already rendered (src/prerender.tsx, the signed-out login page): the
 * attribute on the root element that says so, and the hook a prerendered screen uses for what only
 * the browser can know.
 */
import { useSyncExternalStore } from 'react';

/** On the root element of a prerendered page: main.tsx hydrates it instead of rendering it again. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

const subscribeToNothing = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and while it is rendered at build time), so that the
 * first render matches the prerendered markup; true right after, and always in a page rendered in the
 * browser from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
