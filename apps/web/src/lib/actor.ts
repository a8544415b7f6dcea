/** The signed-in user as an `Actor` for the shared `can()` rules (SPEC.md section 6). */
import { type Actor, actorFromUser } from '@mend/shared';
import { useMemo } from 'react';
import { useCurrentUser } from './auth';

export function useActor(): Actor {
  const { user } = useCurrentUser();
  return useMemo(() => actorFromUser(user), [user]);
}
