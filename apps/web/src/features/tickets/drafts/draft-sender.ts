/**
 * Started by the main layout while a user is signed in (./useDraftSender.ts; issue 28, ADR 0044): sends the tickets kept on the device
 * (at once, whenever the browser is online again, and every half minute while any wait), says when one has
 * been sent, drops what another user left, and keeps on the device what the app needs to open offline and, for
 * a tenant, to write a ticket (lib/offline/kept-queries.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../../../components/feedback';
import { invalidateAfterWrite } from '../../../lib/invalidation';
import { keepQueriesForOffline, readKeptQueries } from '../../../lib/offline/kept-queries';
import { format, t } from '../../../lib/translations';
import { ownUnitQuery, prioritiesQuery, unitCategoriesQuery } from '../ticket-data';
import { statusesQuery } from '../ticket-list';
import { onDraftSent, ticketDrafts } from './ticket-drafts';

/** How often drafts are tried again while some wait and the browser believes it is online. */
const RETRY_MS = 30_000;
/** A tenant's copies for the offline form are fetched again when older than this. */
const FORM_COPIES_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** After start-up: the copies are fetched once the screen's own requests are done. */
const FORM_COPIES_DELAY_MS = 5000;

/**
 * What the new-ticket form of a tenant reads (its unit, the unit's categories, the priorities and statuses),
 * fetched ahead so that the form also opens offline; skipped while the device's copies are recent.
 */
async function fetchFormCopies(queryClient: QueryClient, owner: number): Promise<void> {
  const kept = await readKeptQueries();
  const fresh = (prefix: string) =>
    kept?.owner === owner &&
    kept.queries.some(
      (query) => query.key.join('/').startsWith(prefix) && Date.now() - query.at < FORM_COPIES_MAX_AGE_MS,
    );
  if (fresh('units/own') && fresh('units/categories/') && fresh('ticket-lists/priorities')) return;
  const units = await queryClient.fetchQuery(ownUnitQuery());
  const unit = units.data[0];
  await Promise.all([
    unit ? queryClient.prefetchQuery(unitCategoriesQuery(String(unit.id))) : null,
    queryClient.prefetchQuery(prioritiesQuery()),
    queryClient.prefetchQuery(statusesQuery()),
  ]);
}

export interface DraftSenderOptions {
  queryClient: QueryClient;
  /** The signed-in user's id. */
  owner: number;
  /** A tenant (writes tickets on its own unit): the form's data is kept for offline use. */
  writesOwnTickets: boolean;
}

/** Starts sending and keeping for the signed-in user; answers the function that stops it (sign-out, another user). */
export function startDraftSender({ queryClient, owner, writesOwnTickets }: DraftSenderOptions): () => void {
  void ticketDrafts.keepOnly(owner);
  const stopKeeping = keepQueriesForOffline(queryClient, owner);
  const stopSent = onDraftSent((draft) => {
    toastSuccess(t.offline.sentTitle, format(t.offline.sentText, { title: String(draft.body.title ?? '') }));
    void invalidateAfterWrite(queryClient, 'tickets');
  });
  const flush = () => {
    if (navigator.onLine) void ticketDrafts.flush(owner);
  };
  flush();
  window.addEventListener('online', flush);
  const timer = setInterval(flush, RETRY_MS);
  const copies = writesOwnTickets
    ? setTimeout(() => {
        if (navigator.onLine) fetchFormCopies(queryClient, owner).catch(() => undefined);
      }, FORM_COPIES_DELAY_MS)
    : null;
  return () => {
    stopKeeping();
    stopSent();
    window.removeEventListener('online', flush);
    clearInterval(timer);
    if (copies) clearTimeout(copies);
  };
}
