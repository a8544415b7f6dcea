import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { pageCurrentUser } from './app/auth';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { Providers, queryClient } from './app/providers';
import { prefetchersFor } from './app/route-preload';
import { createRouter, preloadSignedInScreen } from './app/router';

const router = createRouter();
// Signed in (the page says who): the layout, the screen and its first data start loading before the
// first render.
if (pageCurrentUser) {
  preloadSignedInScreen(router.state.matches);
  for (const prefetch of prefetchersFor(router.state.matches)) prefetch(queryClient, pageCurrentUser);
}
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
// The signed-out login page arrives rendered (src/prerender.tsx): React takes it over as it is. Either
// way the first render is a transition, so React yields to the browser every few milliseconds instead of
// holding the main thread in one long task.
if (root.hasAttribute(PRERENDERED_ATTRIBUTE)) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
}
