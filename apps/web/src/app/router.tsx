/**
 * Every route of SPEC.md section 2, in browser-history mode. Auth screens use the auth layout; the
 * rest sit behind RequireAuth in the main layout, which (with its pages) is loaded on demand so the
 * login page stays small. Each record screen is its own chunk (React.lazy); its list route holds the
 * panel routes (create, details, edit) as children, so the list stays mounted while the side panel
 * follows the URL. Screens not built yet show "Coming soon" inside the real layout.
 */
import { lazy, type ReactNode, Suspense } from 'react';
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
const UnitsPage = lazy(() => import('../features/units/UnitsPage'));
const PropertiesPage = lazy(() => import('../features/properties/PropertiesPage'));
const LandlordsPage = lazy(() => import('../features/landlords/LandlordsPage'));
const CategoriesPage = lazy(() => import('../features/categories/CategoriesPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const BatchCreatePage = lazy(() => import('../features/users/BatchCreatePage'));

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

/** A list page with its create, detail and edit side-panel routes (placeholder screens). */
function resource(base: string, title: string, panels: PanelTitles = {}): RouteObject[] {
  return [
    { path: base, element: placeholder(title) },
    { path: `${base}/create`, element: placeholder(title, panels.create) },
    { path: `${base}/:id`, element: placeholder(title, panels.details) },
    { path: `${base}/:id/edit`, element: placeholder(title, panels.edit) },
  ];
}

/**
 * A record screen: the list at `base`; /create, /:id and /:id/edit render nothing of their own (the
 * page reads the panel mode from the URL), so moving between them keeps the list and its state.
 */
function records(base: string, element: ReactNode): RouteObject {
  return {
    path: base,
    element,
    children: [
      { index: true, element: null },
      { path: 'create', element: null },
      { path: ':id', element: null },
      { path: ':id/edit', element: null },
    ],
  };
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
  // `key` gives each list its own state when moving between them in the sidebar.
  records('/contractors', <UsersPage key="contractors" type="contractors" />),
  records('/tenants', <UsersPage key="tenants" type="tenants" />),
  records('/users', <UsersPage key="users" type="users" />),
  { path: '/users/batch-create', element: <BatchCreatePage /> },
  { path: '/users/:id/info', element: placeholder(t.titles.accountInfo) },
  { path: '/users/:id/security', element: placeholder(t.titles.security) },
  { path: '/users/:id/notifications', element: placeholder(t.titles.notifications) },
  { path: '/users/:id/contact', element: placeholder(t.titles.contact) },
  records('/categories', <CategoriesPage />),
  records('/properties', <PropertiesPage />),
  records('/landlords', <LandlordsPage />),
  records('/units', <UnitsPage />),
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
