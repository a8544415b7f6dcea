import { type ComponentType, lazy } from 'react';

/**
 * React.lazy with a `preload` that also lets the component render at once, without suspending, once its
 * module has loaded. React.lazy alone suspends on its first render even when the module is already there
 * (its import() is a new promise); a page rendered on the server then hydrates that part only later, and
 * an update reaching it meanwhile (the app's switch out of hydration) makes React render it again from
 * scratch, throwing the server's markup away. Given a thenable that has already settled, React reads the
 * module on the spot.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const settled = (module: { default: ComponentType<P> }) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles at once is the point (see above).
    ({ then: (resolve: (value: typeof module) => void) => resolve(module) }) as Promise<typeof module>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
