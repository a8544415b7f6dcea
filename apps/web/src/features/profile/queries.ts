/**
 * The profile of /users/{id}/info|security|notifications|contact: GET users/{id}/profile answers the
 * user and whether it is someone else than the signed-in user (`not_you`). A save on any tab puts the
 * answered user in this cache and refreshes the current user (sidebar name, avatar, email banner).
 */
import type { ApiUser, ProfileResponse } from '@mend/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '../../lib/records';

export type { ProfileResponse };

export const PROFILE_KEY = ['profile'] as const;

export function profileKey(id: number) {
  return [...PROFILE_KEY, id] as const;
}

export function useProfile(id: number | null) {
  return useQuery({
    queryKey: profileKey(id ?? 0),
    queryFn: () => fetchJson<ProfileResponse>(`users/${id}/profile`),
    enabled: id !== null,
  });
}

/** The user of a save's answer (`{ message, data: user }`), when it carries one. */
export function answeredUser(body: unknown): Partial<ApiUser> | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'number'
    ? (data as Partial<ApiUser>)
    : null;
}

/**
 * After a save: the answered user (or `patch`, for answers that carry only part of it) replaces the
 * cached one; the current user and the user lists refresh.
 */
export function useProfileSaved(id: number) {
  const queryClient = useQueryClient();
  return (body: unknown, patch?: Partial<ApiUser>) => {
    const user = answeredUser(body) ?? patch ?? null;
    if (user)
      queryClient.setQueryData<ProfileResponse>(profileKey(id), (previous) =>
        previous ? { ...previous, user: { ...previous.user, ...user } } : previous,
      );
    void queryClient.invalidateQueries({ queryKey: profileKey(id) });
    // ['users', 'current'] and the users / tenants / contractors lists.
    for (const resource of ['users', 'tenants', 'contractors'])
      void queryClient.invalidateQueries({ queryKey: [resource] });
  };
}
