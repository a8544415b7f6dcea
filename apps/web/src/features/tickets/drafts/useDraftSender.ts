/**
 * The main layout's part in offline tickets (ADR 0044): starts ./draft-sender.ts for the signed-in user once the
 * layout has mounted. Its code is loaded then, on its own: the layout's first render and hydration do not wait
 * for it, and it brings nothing into the layout's files.
 */
import { can } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useActor } from '../../../lib/actor';
import { useCurrentUser } from '../../../lib/auth';

export function useDraftSender(): void {
  const { user } = useCurrentUser();
  const actor = useActor();
  const queryClient = useQueryClient();
  const writesOwnTickets = can(actor, 'ticket.create') && !can(actor, 'ticket.pickUnit');

  useEffect(() => {
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('./draft-sender').then(({ startDraftSender }) => {
      if (!stopped) stop = startDraftSender({ queryClient, owner: user.id, writesOwnTickets });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient, user.id, writesOwnTickets]);
}
