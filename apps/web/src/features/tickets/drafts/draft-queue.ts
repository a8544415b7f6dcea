/**
 * New tickets written without a connection (issue 28, ADR 0044), no React and no IndexedDB: the queue keeps
 * them through a small storage (draft-store.ts gives it IndexedDB, the tests a Map) and sends them, oldest
 * first, when asked to (on start, when the browser is online again, every so often while some wait).
 *
 * Exactly once: a kept ticket is sent with the `_nonce` its form made when it was first submitted, every time.
 * The server remembers (user, POST /api/tickets, nonce) and answers a copy with the first answer instead of
 * creating a second ticket (ADR 0003), so a send whose answer was lost (the connection dropped after the server
 * had acted) is sent again safely; it leaves the device only once an answer says it was created.
 */
import type { ApiResponse } from '../../../lib/api';

export interface TicketDraft {
  /** The `_nonce` of the submission, made once by the form: also the draft's id. */
  nonce: string;
  /** The id of the user who wrote it: only ever sent as that user, and dropped on another's device session. */
  owner: number;
  /** When it was written (ms since the epoch). */
  writtenAt: number;
  /** The body of POST tickets as the form made it (ticketPayload: the photos as File objects). */
  body: Record<string, unknown>;
  /** Set when the server refused it (a 4xx other than the session's end): its message. Not sent again. */
  refused: string | null;
}

/** Where the drafts are kept; `update` reads and writes in one step (one IndexedDB transaction). */
export interface DraftStorage {
  read(): Promise<TicketDraft[]>;
  update(change: (drafts: TicketDraft[]) => TicketDraft[]): Promise<void>;
}

/** What came of sending one draft. */
export type SendOutcome =
  /** Created (or the server's remembered answer to an earlier copy): off the device. */
  | { kind: 'sent'; data: unknown }
  /** No answer (offline, the connection dropped) or a server in trouble: try again later. */
  | { kind: 'retry' }
  /** The session has ended (401): nothing is sent; signing in again on this device starts afresh. */
  | { kind: 'signedOut' }
  /** Refused for good (a 4xx: the ticket as written cannot be created): kept, shown, not sent again. */
  | { kind: 'refused'; message: string };

/** Statuses worth another try: none came, a timeout, a copy still being handled, too many requests, a 5xx. */
const RETRY_STATUSES = new Set([0, 408, 409, 425, 429]);

/** Reads an answer of POST tickets as a SendOutcome. */
export function sendOutcome(result: ApiResponse<unknown>, fallbackMessage: string): SendOutcome {
  if (result.ok) return { kind: 'sent', data: result.data };
  if (result.status === 401) return { kind: 'signedOut' };
  if (RETRY_STATUSES.has(result.status) || result.status >= 500) return { kind: 'retry' };
  return { kind: 'refused', message: result.data.message || fallbackMessage };
}

export interface DraftQueueOptions {
  storage: DraftStorage;
  /** Sends one draft: POST tickets with its body and its own `_nonce`. */
  send: (draft: TicketDraft) => Promise<SendOutcome>;
  /** Runs `task` alone across the app's tabs (the Web Locks API); by default only within this queue. */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  /** Told after each change of the kept drafts, and of which one is being sent. */
  onChange?: () => void;
  /** Told of each draft that reached the server, with the server's answer. */
  onSent?: (draft: TicketDraft, data: unknown) => void;
}

export interface FlushResult {
  sent: number;
  /** Drafts still waiting to be sent (refused ones not counted). */
  waiting: number;
}

export interface DraftQueue {
  /** The drafts of `owner`, oldest first. */
  list(owner: number): Promise<TicketDraft[]>;
  /** Keeps a new draft (a second copy of the same nonce replaces the first). */
  add(draft: TicketDraft): Promise<void>;
  /** Takes a draft off the device, unsent. */
  remove(nonce: string): Promise<void>;
  /** Drops every draft not written by `owner` (another user's, from a session that ended unseen). */
  keepOnly(owner: number): Promise<void>;
  /**
   * Sends the waiting drafts of `owner`, one at a time, oldest first; stops at the first that must wait (no
   * connection: the next would fail the same way). A call while one runs shares it.
   */
  flush(owner: number): Promise<FlushResult>;
  /** The nonce of the draft on its way, if any. */
  sending(): string | null;
}

export function createDraftQueue({
  storage,
  send,
  exclusive,
  onChange,
  onSent,
}: DraftQueueOptions): DraftQueue {
  let running: Promise<FlushResult> | null = null;
  let inFlight: string | null = null;
  const changed = () => onChange?.();
  const alone = exclusive ?? (<T>(task: () => Promise<T>) => task());

  const list = async (owner: number) =>
    (await storage.read()).filter((draft) => draft.owner === owner).sort((a, b) => a.writtenAt - b.writtenAt);

  const remove = async (nonce: string) => {
    await storage.update((drafts) => drafts.filter((draft) => draft.nonce !== nonce));
    changed();
  };

  async function sendAll(owner: number): Promise<FlushResult> {
    let sent = 0;
    // Read again before each send: another tab may have sent or removed one meanwhile.
    for (;;) {
      const next = (await list(owner)).find((draft) => draft.refused === null);
      if (!next) return { sent, waiting: 0 };
      inFlight = next.nonce;
      changed();
      let outcome: SendOutcome;
      try {
        outcome = await send(next);
      } catch {
        outcome = { kind: 'retry' };
      } finally {
        inFlight = null;
      }
      if (outcome.kind === 'sent') {
        await remove(next.nonce);
        sent++;
        onSent?.(next, outcome.data);
        continue;
      }
      if (outcome.kind === 'refused') {
        const { message } = outcome;
        await storage.update((drafts) =>
          drafts.map((draft) => (draft.nonce === next.nonce ? { ...draft, refused: message } : draft)),
        );
        changed();
        continue;
      }
      changed();
      const waiting = (await list(owner)).filter((draft) => draft.refused === null).length;
      return { sent, waiting };
    }
  }

  return {
    list,
    remove,
    async add(draft) {
      await storage.update((drafts) => [...drafts.filter((kept) => kept.nonce !== draft.nonce), draft]);
      changed();
    },
    async keepOnly(owner) {
      const before = await storage.read();
      if (before.every((draft) => draft.owner === owner)) return;
      await storage.update((drafts) => drafts.filter((draft) => draft.owner === owner));
      changed();
    },
    flush(owner) {
      if (!running) {
        running = alone(() => sendAll(owner)).finally(() => {
          running = null;
        });
      }
      return running;
    },
    sending: () => inFlight,
  };
}
