import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { pageCurrentUser } from './app/auth';
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

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
