/**
 * The app's queue of tickets written offline (./draft-queue.ts): kept in the device's IndexedDB store
 * (lib/offline/device.ts, emptied on sign-out), sent with POST tickets and each one's own `_nonce`, one tab
 * at a time (the Web Locks API, where the browser has it). `useTicketDrafts` shows them.
 */
import { useEffect, useState } from 'react';
import { formPayload } from '../../../components/forms/payload';
import { apiSend } from '../../../lib/api';
import { onDeviceForgotten, readKept, updateKept } from '../../../lib/offline/device';
import { t } from '../../../lib/translations';
import { createDraftQueue, type DraftStorage, sendOutcome, type TicketDraft } from './draft-queue';

export type { TicketDraft };

const DRAFTS_KEY = 'ticket-drafts';
const LOCK_NAME = 'mend-ticket-drafts';

const storage: DraftStorage = {
  read: async () => (await readKept<TicketDraft[]>(DRAFTS_KEY)) ?? [],
  update: (change) => updateKept<TicketDraft[]>(DRAFTS_KEY, (drafts) => change(drafts ?? [])),
};

/** POST tickets with the draft's body and its own nonce (never a new one: see draft-queue.ts). */
async function sendDraft(draft: TicketDraft) {
  const result = await apiSend<unknown>('POST', 'tickets', {
    ...formPayload(draft.body),
    _nonce: draft.nonce,
  });
  return sendOutcome(result, t.errors.generic);
}

/** Runs `task` while no other tab of the app sends drafts (no lock where the browser has no Web Locks). */
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, task) : task();
}

const changeListeners = new Set<() => void>();
const sentListeners = new Set<(draft: TicketDraft, data: unknown) => void>();

export const ticketDrafts = createDraftQueue({
  storage,
  send: sendDraft,
  exclusive,
  onChange: () => {
    for (const listener of changeListeners) listener();
  },
  onSent: (draft, data) => {
    for (const listener of sentListeners) listener(draft, data);
  },
});

/** Tells `listener` of each kept ticket that reached the server; answers the function that stops it. */
export function onDraftSent(listener: (draft: TicketDraft, data: unknown) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** A new ticket the form could not send: kept on the device with the nonce it was (or would have been) sent with. */
export function keepTicketDraft(owner: number, nonce: string, body: Record<string, unknown>): Promise<void> {
  return ticketDrafts.add({ nonce, owner, writtenAt: Date.now(), body, refused: null });
}

export interface DraftsView {
  drafts: TicketDraft[];
  /** The nonce of the one on its way. */
  sending: string | null;
}

/** The tickets `owner` has waiting on this device, kept up to date. */
export function useTicketDrafts(owner: number): DraftsView {
  const [view, setView] = useState<DraftsView>({ drafts: [], sending: null });
  useEffect(() => {
    let live = true;
    const load = () => {
      void ticketDrafts.list(owner).then((drafts) => {
        if (live) setView({ drafts, sending: ticketDrafts.sending() });
      });
    };
    load();
    changeListeners.add(load);
    const stopForgotten = onDeviceForgotten(load);
    // Another tab may have sent or added one.
    window.addEventListener('focus', load);
    return () => {
      live = false;
      changeListeners.delete(load);
      stopForgotten();
      window.removeEventListener('focus', load);
    };
  }, [owner]);
  return view;
}
