/**
 * Every route of SPEC.md section 2, in browser-history mode. Auth screens use the auth layout; the
 * rest sit behind RequireAuth in the main layout, which (with its pages) is loaded on demand so the
 * login page stays small. Screens not built yet show "Coming soon" inside the real layout; feature
 * work replaces `placeholder(...)` with the feature's lazy page.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import AuthComingSoonPage from '../features/auth/AuthComingSoonPage';
import LoginPage from '../features/auth/LoginPage';
import { PageLoader, RequireAuth } from './auth';
import { AuthLayout } from './layouts/AuthLayout';
import { RouteError } from './RouteError';
import { t } from './translations';

const loadMainLayout = () => import('./layouts/MainLayout');
const MainLayout = lazy(loadMainLayout);
const PlaceholderPage = lazy(() => import('../features/placeholder/PlaceholderPage'));
const NotFoundPage = lazy(() => import('../features/placeholder/NotFoundPage'));

function preloadMainLayout() {
  void loadMainLayout();
}

function placeholder(title: string, panelTitle?: string) {
  return <PlaceholderPage title={title} panelTitle={panelTitle} />;
}

interface PanelTitles {
  details?: string;
  create?: string;
  edit?: string;
}

/** A list page with its create, detail and edit side-panel routes. */
function resource(base: string, title: string, panels: PanelTitles = {}): RouteObject[] {
  return [
    { path: base, element: placeholder(title) },
    { path: `${base}/create`, element: placeholder(title, panels.create) },
    { path: `${base}/:id`, element: placeholder(title, panels.details) },
    { path: `${base}/:id/edit`, element: placeholder(title, panels.edit) },
  ];
}

export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/password/reset', element: <AuthComingSoonPage title={t.auth.forgotPassword} /> },
  { path: '/password/email', element: <AuthComingSoonPage title={t.auth.forgotPassword} /> },
  { path: '/password/reset/:token', element: <AuthComingSoonPage title={t.auth.resetPassword} /> },
  { path: '/user-activation/:username?', element: <AuthComingSoonPage title={t.auth.activateAccount} /> },
  { path: '/unsubscribe/:token', element: <AuthComingSoonPage title={t.titles.unsubscribe} /> },
];

export const appRoutes: RouteObject[] = [
  // The dashboard issue replaces this redirect with the dashboard; the default landing is the ticket list.
  { index: true, element: <Navigate to="/tickets" replace /> },
  { path: '/contact', element: placeholder(t.nav.contactForm) },
  { path: '/contact/:id', element: placeholder(t.nav.contactForm, t.titles.contactDetails) },
  ...resource('/contractors', t.nav.contractors),
  ...resource('/tenants', t.nav.tenants),
  ...resource('/users', t.nav.users),
  { path: '/users/batch-create', element: placeholder(t.nav.users) },
  { path: '/users/:id/info', element: placeholder(t.titles.accountInfo) },
  { path: '/users/:id/security', element: placeholder(t.titles.security) },
  { path: '/users/:id/notifications', element: placeholder(t.titles.notifications) },
  { path: '/users/:id/contact', element: placeholder(t.titles.contact) },
  ...resource('/categories', t.nav.categories, { create: t.titles.createCategory }),
  ...resource('/properties', t.nav.properties, {
    details: t.titles.propertyDetails,
    create: t.titles.createProperty,
    edit: t.titles.editProperty,
  }),
  ...resource('/landlords', t.nav.landlords, {
    details: t.titles.landlordDetails,
    create: t.titles.createLandlord,
    edit: t.titles.editLandlord,
  }),
  ...resource('/units', t.nav.units),
  ...resource('/tickets', t.titles.myTickets, {
    details: t.titles.ticketDetails,
    create: t.titles.createTicket,
    edit: t.titles.editTicket,
  }),
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  { element: <AuthLayout />, errorElement: <RouteError />, children: authRoutes },
  {
    path: '/',
    element: (
      <RequireAuth onMount={preloadMainLayout}>
        <Suspense fallback={<PageLoader />}>
          <MainLayout />
        </Suspense>
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: appRoutes,
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
