/**
 * Who is signed in. The current user comes from GET /api/users/current through TanStack Query; it is
 * refetched when the window regains focus, not polled: the bell's notification poll already notices an
 * ended session (features/notifications). `RequireAuth` sends to /login?redirect=<path+search> when the
 * first fetch fails or any fetch answers 401.
 */
import { Center, Loader } from '@mantine/core';
import { type CurrentUserResponse, type LoginResponse, ROOT_ELEMENT_ID } from '@mend/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiError, apiGet, apiSend, unwrap } from './api';
import { forgetDevice } from './offline/device';
import { loginUrl } from './redirects';
import { t } from './translations';

export const CURRENT_USER_KEY = ['users', 'current'] as const;

/** What index.html holds before the server replaces it (with nothing for a signed-out visitor). */
const CURRENT_USER_PLACEHOLDER = '__MEND_CURRENT_USER__';

/** Reads the current user the server put in the page (`data-current-user`): a user, or null. */
export function readPageCurrentUser(raw: string | null | undefined): CurrentUserResponse | null {
  if (!raw || raw === CURRENT_USER_PLACEHOLDER) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isCurrentUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const pageCurrentUserAttribute =
  typeof document === 'undefined' ? null : document.getElementById(ROOT_ELEMENT_ID)?.dataset.currentUser;

/** The current user the page came with (read once at start-up), or null. */
export const pageCurrentUser: CurrentUserResponse | null = readPageCurrentUser(pageCurrentUserAttribute);

/**
 * Whether the server said that nobody is signed in (it filled the attribute in with nothing): what the device
 * kept for a session (lib/offline) is then forgotten. Not the page Vite serves in development, nor the offline
 * page, whose attribute still holds the placeholder.
 */
export const pageSaysSignedOut = pageCurrentUserAttribute === '';

function isCurrentUser(value: unknown): value is CurrentUserResponse {
  const current = value as CurrentUserResponse | null;
  return typeof current === 'object' && current !== null && typeof current.user?.id === 'number';
}

export async function fetchCurrentUser(): Promise<CurrentUserResponse> {
  const current = await unwrap(apiGet<unknown>('users/current'));
  // Anything but a user (e.g. an HTML page from a misrouted proxy) counts as a failed fetch.
  if (!isCurrentUser(current)) throw new ApiError(502, { message: t.errors.server });
  return current;
}

export function useCurrentUserQuery() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    retry: false,
    staleTime: 0,
    // The page brings the user (seedCurrentUser): no second ask when RequireAuth mounts. Later changes
    // invalidate the query, and returning to the window refetches it.
    refetchOnMount: false,
    refetchOnWindowFocus: true,
  });
}

const CurrentUserContext = createContext<CurrentUserResponse | null>(null);

/** The signed-in user; only inside `RequireAuth`. */
export function useCurrentUser(): CurrentUserResponse {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser() is only available inside <RequireAuth>.');
  return value;
}

export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader role="progressbar" aria-label={t.app.loading} />
    </Center>
  );
}

export function RequireAuth({ children, onMount }: { children: ReactNode; onMount?: () => void }) {
  const location = useLocation();
  const query = useCurrentUserQuery();

  useEffect(() => {
    // Start loading the signed-in part of the app while the user is being fetched.
    onMount?.();
  }, [onMount]);

  const unauthenticated = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    // The session has ended: what the device kept for it (tickets waiting to send included) goes with it.
    if (unauthenticated) void forgetDevice();
  }, [unauthenticated]);
  if (query.data && !unauthenticated) {
    return <CurrentUserContext.Provider value={query.data}>{children}</CurrentUserContext.Provider>;
  }
  if (query.isPending) return <PageLoader />;
  return <Navigate to={loginUrl(`${location.pathname}${location.search}`)} replace />;
}

export interface LoginValues {
  /** Email or username. */
  email: string;
  password: string;
  login_redirect: string;
  _nonce: string;
}

/** POST /api/login; answers the API response (the page shows field errors and the message). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoginValues) => apiSend<LoginResponse>('POST', 'login', { ...values }),
    onSuccess: (result) => {
      if (result.ok) queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

/**
 * Forgets what the device kept for the session (tickets waiting to send, the offline copies), then POST
 * /api/logout, then a full load of /login (fresh session, token and caches).
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      await forgetDevice();
      return apiSend('POST', 'logout');
    },
    onSettled: () => {
      window.location.assign('/login');
    },
  });
}
