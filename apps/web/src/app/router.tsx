/**
 * Every route of SPEC.md section 2, in browser-history mode. Auth screens use the auth layout; the
 * rest sit behind RequireAuth in the main layout, which (with its pages) is loaded on demand so the
 * login page stays small. Each record screen is its own chunk (React.lazy); its list route holds the
 * panel routes (create, details, edit) as children, so the list stays mounted while the side panel
 * follows the URL. The account screens (forgot and reset password, activation, unsubscribe) and the
 * signed assignment, sign-off and owner approval links' pages are chunks of their own too, so the login page stays the only
 * screen of the first load.
 */
import { linkPageRoute } from '@mend/shared';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { Allowed } from '../components/NotAllowed';
import LoginPage from '../features/auth/LoginPage';
import { prefetchDashboard } from '../features/dashboard/dashboard-query';
import { prefetchTicketsScreen } from '../features/tickets/ticket-list';
import { PageLoader, pageCurrentUser, RequireAuth } from '../lib/auth';
import { lazyWithPreload } from '../lib/lazy';
import { AuthLayout } from './layouts/AuthLayout';
import { RouteError } from './RouteError';
import { type Loader, type Prefetcher, preloadersFor } from './route-preload';

/**
 * A screen loaded on demand (React.lazy) whose code can also be asked for ahead (`preload`), and the
 * data it shows first (`prefetch`), fetched ahead when the app opens on it signed in (main.tsx). A screen
 * that also names its module (`source`, as the build lists it) can be rendered on the server
 * (src/prerender.tsx): the server then links its stylesheets in the page.
 */
function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  options: { prefetch?: Prefetcher; source?: string } = {},
) {
  return Object.assign(lazyWithPreload(load), options);
}

/** The main layout's module, as the build lists it (its stylesheets go with a page rendered on the server). */
export const MAIN_LAYOUT_SOURCE = 'src/app/layouts/MainLayout.tsx';
const MainLayout = lazyWithPreload(() => import('./layouts/MainLayout'));
const loadMainLayout: Loader = MainLayout.preload;
const DashboardPage = lazyScreen(() => import('../features/dashboard/DashboardPage'), {
  prefetch: prefetchDashboard,
});
const NotFoundPage = lazyScreen(() => import('../features/placeholder/NotFoundPage'));
const UnitsPage = lazyScreen(() => import('../features/units/UnitsPage'));
const PropertiesPage = lazyScreen(() => import('../features/properties/PropertiesPage'));
const LandlordsPage = lazyScreen(() => import('../features/landlords/LandlordsPage'));
const CategoriesPage = lazyScreen(() => import('../features/categories/CategoriesPage'));
const UsersPage = lazyScreen(() => import('../features/users/UsersPage'));
const BatchCreatePage = lazyScreen(() => import('../features/users/BatchCreatePage'));
const ForgotPasswordPage = lazyScreen(() => import('../features/account/ForgotPasswordPage'));
const ResetPasswordPage = lazyScreen(() => import('../features/account/ResetPasswordPage'));
const ActivationPage = lazyScreen(() => import('../features/account/ActivationPage'));
const UnsubscribePage = lazyScreen(() => import('../features/account/UnsubscribePage'));
const AssignmentLinkPage = lazyScreen(() => import('../features/tickets/assignment/AssignmentLinkPage'));
const SignoffLinkPage = lazyScreen(() => import('../features/tickets/signoff/SignoffLinkPage'));
const ApprovalLinkPage = lazyScreen(() => import('../features/tickets/costs/ApprovalLinkPage'));
const TicketPrintPage = lazyScreen(() => import('../features/tickets/work-order/TicketPrintPage'));
const ProfilePage = lazyScreen(() => import('../features/profile/ProfilePage'));
const ContactPage = lazyScreen(() => import('../features/contact/ContactPage'));
const OutboxPage = lazyScreen(() => import('../features/outbox/OutboxPage'));
const CalendarPage = lazyScreen(() => import('../features/calendar/CalendarPage'));
const SchedulesPage = lazyScreen(() => import('../features/schedules/SchedulesPage'));
const TicketsPage = lazyScreen(() => import('../features/tickets/TicketsPage'), {
  prefetch: prefetchTicketsScreen,
  source: 'src/features/tickets/TicketsPage.tsx',
});

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

/** An auth-layout screen loaded on demand (the login page stays the only one in the first load). */
function authPage(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/password/reset', element: authPage(<ForgotPasswordPage />) },
  { path: '/password/email', element: authPage(<ForgotPasswordPage />) },
  { path: linkPageRoute('passwordReset'), element: authPage(<ResetPasswordPage />) },
  { path: '/user-activation/:username?', element: authPage(<ActivationPage />) },
  { path: linkPageRoute('unsubscribe'), element: authPage(<UnsubscribePage />) },
  // Issue 25: the signed link of an assignment's email or SMS, answered without signing in.
  { path: linkPageRoute('assignment'), element: authPage(<AssignmentLinkPage />) },
  // Issue 25: the signed link of a completed ticket's email or SMS: the tenant confirms and rates, or reopens.
  { path: linkPageRoute('signoff'), element: authPage(<SignoffLinkPage />) },
  // Issue 26: the signed link of an owner's email: the owner approves or declines an estimate above the limit.
  { path: linkPageRoute('approval'), element: authPage(<ApprovalLinkPage />) },
];

/**
 * The screens a role may not open at all answer with the not-allowed page (`Allowed`, deciding with
 * `can()`); on the others, a create or edit panel the role may not use says the same (ListPage).
 */
export const appRoutes: RouteObject[] = [
  // The dashboard (its own chunk: the charts load only there).
  { index: true, element: <DashboardPage /> },
  // Contact submissions: the list with its details panel at /contact/{id} (read-only, no create or edit).
  {
    path: '/contact',
    element: (
      <Allowed action="contact.list">
        <ContactPage />
      </Allowed>
    ),
    children: [
      { index: true, element: null },
      { path: ':id', element: null },
    ],
  },
  {
    path: '/outbox',
    element: (
      <Allowed action="outbox.view">
        <OutboxPage />
      </Allowed>
    ),
  },
  // Issue 25: the calendar of visits (its view and date in the query string); a visit opens its ticket.
  {
    path: '/calendar',
    element: (
      <Allowed action="calendar.view">
        <CalendarPage />
      </Allowed>
    ),
  },
  // Issue 26: recurring and preventive work (managers and the super admin), a record screen with Pause / Resume.
  records(
    '/schedules',
    <Allowed action="schedule.view">
      <SchedulesPage />
    </Allowed>,
  ),
  // `key` gives each list its own state when moving between them in the sidebar.
  records(
    '/contractors',
    <Allowed action="contractors.list">
      <UsersPage key="contractors" type="contractors" />
    </Allowed>,
  ),
  records(
    '/tenants',
    <Allowed action="tenants.list">
      <UsersPage key="tenants" type="tenants" />
    </Allowed>,
  ),
  records(
    '/users',
    <Allowed action="users.list">
      <UsersPage key="users" type="users" />
    </Allowed>,
  ),
  {
    path: '/users/batch-create',
    element: (
      <Allowed action="user.batchCreate">
        <BatchCreatePage />
      </Allowed>
    ),
  },
  // The profile: one screen, the tab is the route.
  { path: '/users/:id/info', element: <ProfilePage tab="info" /> },
  { path: '/users/:id/security', element: <ProfilePage tab="security" /> },
  { path: '/users/:id/notifications', element: <ProfilePage tab="notifications" /> },
  { path: '/users/:id/contact', element: <ProfilePage tab="contact" /> },
  records('/categories', <CategoriesPage />),
  records('/properties', <PropertiesPage />),
  records(
    '/landlords',
    <Allowed action="landlords.list">
      <LandlordsPage />
    </Allowed>,
  ),
  records('/units', <UnitsPage />),
  records('/tickets', <TicketsPage />),
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  { element: <AuthLayout />, errorElement: <RouteError />, children: authRoutes },
  // Issue 27: a ticket's work order made for paper, signed in but without the app's navigation.
  {
    path: '/tickets/:id/print',
    element: (
      <RequireAuth>
        <Suspense fallback={<PageLoader />}>
          <TicketPrintPage />
        </Suspense>
      </RequireAuth>
    ),
    errorElement: <RouteError />,
  },
  {
    path: '/',
    element: (
      <RequireAuth onMount={preloadOnMount}>
        <Suspense fallback={<PageLoader />}>
          <MainLayout />
        </Suspense>
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: appRoutes,
  },
];

/**
 * Loads the main layout and the screen the app opened on. Called at start-up when the page says who is
 * signed in, else by RequireAuth once the current-user request is on its way: the chunks load meanwhile,
 * not one after the other (asked before that request, they took the browser's six connections ahead of it).
 */
export function preloadSignedInScreen(
  matches: readonly { route: RouteObject }[] | null = matchRoutes(routes, window.location.pathname),
): Promise<unknown> {
  // Only a head start: the screen's own import, when it renders, reports a failure.
  return Promise.all(preloadersFor(matches, loadMainLayout).map((load) => load().catch(() => undefined)));
}

/** RequireAuth's head start, only when main.tsx has not already given it (no user in the page). */
function preloadOnMount() {
  if (!pageCurrentUser) void preloadSignedInScreen();
}

/** For the server-side render (src/prerender.tsx): the layout's loader, to have it loaded before rendering. */
export { loadMainLayout };

export function createRouter() {
  return createBrowserRouter(routes);
}
