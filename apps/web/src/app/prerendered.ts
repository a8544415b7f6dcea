/**
 * The page the server may send already rendered (src/prerender.tsx, the signed-out login page): the
 * attribute on the root element that says so, and the hook a prerendered screen uses for what only
 * the browser can know.
 */
import { ROOT_ELEMENT_ID } from '@mend/shared';
import { startTransition, useEffect, useState } from 'react';

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
