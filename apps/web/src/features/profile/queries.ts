/**
 * The profile of /users/{id}/info|security|notifications|contact: GET users/{id}/profile answers the
 * user and whether it is someone else than the signed-in user (`not_you`). The tabs save through
 * useFormSubmit as writes to 'users', which refreshes this cache, the current user (sidebar name, avatar,
 * email banner) and every list showing the user (lib/invalidation.ts); the avatar upload does the same here.
 */
import type { ApiUser, ProfileResponse } from '@mend/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterWrite } from '../../lib/invalidation';
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
 * After an avatar upload: the answered user replaces the cached one at once, then everything showing the
 * user refreshes (a write to 'users', lib/invalidation.ts).
 */
export function useProfileSaved(id: number) {
  const queryClient = useQueryClient();
  return (body: unknown) => {
    const user = answeredUser(body);
    if (user)
      queryClient.setQueryData<ProfileResponse>(profileKey(id), (previous) =>
        previous ? { ...previous, user: { ...previous.user, ...user } } : previous,
      );
    void invalidateAfterWrite(queryClient, 'users');
  };
}
