/**
 * The landlord of the signed-in user. It comes with the current user; when only its id is known it is
 * fetched from GET /api/landlords/current, falling back to the copy this browser cached last session
 * (also what the login screen shows as the landlord logo).
 */
import type { ApiLandlordSummary, CurrentUserResponse } from '@mend/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiGet } from './api';

export const LANDLORD_CACHE_KEY = 'mend.landlord';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCachedLandlord(): ApiLandlordSummary | null {
  try {
    const raw = storage()?.getItem(LANDLORD_CACHE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ApiLandlordSummary>;
    if (typeof value?.id !== 'number' || typeof value.name !== 'string') return null;
    return {
      id: value.id,
      name: value.name,
      description: value.description ?? '',
      avatar: value.avatar ?? null,
      path: value.path ?? '',
    };
  } catch {
    return null;
  }
}

export function writeCachedLandlord(landlord: ApiLandlordSummary): void {
  try {
    storage()?.setItem(LANDLORD_CACHE_KEY, JSON.stringify(landlord));
  } catch {
    // Private mode or full storage: the cache is only a convenience.
  }
}

async function fetchCurrentLandlord(expectedId: number): Promise<ApiLandlordSummary | null> {
  const result = await apiGet<{ landlord: ApiLandlordSummary | null }>('landlords/current');
  if (result.ok && result.data?.landlord) return result.data.landlord;
  const cached = readCachedLandlord();
  if (cached && cached.id === expectedId) return cached;
  if (!result.ok) throw new ApiError(result.status, result.data);
  return null;
}

/** The user's landlord, or null when the user has none (or it could not be loaded). */
export function useCurrentLandlord(current: CurrentUserResponse): ApiLandlordSummary | null {
  const landlordId = current.landlord?.id ?? current.user.landlord_id ?? null;
  const needsFetch = !current.landlord && landlordId !== null;
  const query = useQuery({
    queryKey: ['landlords', 'current', landlordId],
    queryFn: () => fetchCurrentLandlord(landlordId as number),
    enabled: needsFetch,
    staleTime: 5 * 60_000,
  });
  const landlord = current.landlord ?? (needsFetch ? (query.data ?? null) : null);

  useEffect(() => {
    if (landlord) writeCachedLandlord(landlord);
  }, [landlord]);

  return landlord;
}
