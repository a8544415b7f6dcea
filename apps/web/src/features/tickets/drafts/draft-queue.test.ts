import { describe, expect, it, vi } from 'vitest';
import {
  createDraftQueue,
  type DraftStorage,
  type SendOutcome,
  sendOutcome,
  type TicketDraft,
} from './draft-queue';

/** The storage in memory, as IndexedDB keeps it: copies in, copies out. */
function memoryStorage(initial: TicketDraft[] = []): DraftStorage & { drafts: TicketDraft[] } {
  const state = { drafts: structuredClone(initial) };
  return {
    get drafts() {
      return state.drafts;
    },
    read: async () => structuredClone(state.drafts),
    update: async (change) => {
      state.drafts = structuredClone(change(structuredClone(state.drafts)));
    },
  };
}

const draft = (nonce: string, owner = 7, writtenAt = 1000): TicketDraft => ({
  nonce,
  owner,
  writtenAt,
  body: { title: `Ticket ${nonce}` },
  refused: null,
});

/**
 * The server's side of ADR 0003, in small: one ticket per (user, nonce); a copy gets the first answer. `lose`
 * drops the answer of the next sends after the server has acted (the connection broke on the way back).
 */
function fakeServer() {
  const answers = new Map<string, { id: number }>();
  const tickets: string[] = [];
  let lose = 0;
  let offline = false;
  return {
    tickets,
    loseNextAnswers(count: number) {
      lose = count;
    },
    setOffline(value: boolean) {
      offline = value;
    },
    async send(sent: TicketDraft): Promise<SendOutcome> {
      if (offline) return { kind: 'retry' };
      const key = `${sent.owner} ${sent.nonce}`;
      let answer = answers.get(key);
      if (!answer) {
        tickets.push(String(sent.body.title));
        answer = { id: tickets.length };
        answers.set(key, answer);
      }
      if (lose > 0) {
        lose--;
        throw new TypeError('Failed to fetch');
      }
      return { kind: 'sent', data: answer };
    },
  };
}

describe('the queue of tickets written offline', () => {
  it('keeps a draft and lists only its owner’s, oldest first', async () => {
    const queue = createDraftQueue({ storage: memoryStorage(), send: async () => ({ kind: 'retry' }) });
    await queue.add(draft('b', 7, 2000));
    await queue.add(draft('a', 7, 1000));
    await queue.add(draft('c', 8, 500));
    expect((await queue.list(7)).map((kept) => kept.nonce)).toEqual(['a', 'b']);
  });

  it('sends each draft once and takes it off the device', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const sent: string[] = [];
    const queue = createDraftQueue({
      storage,
      send: server.send,
      onSent: (kept) => sent.push(kept.nonce),
    });
    await queue.add(draft('a', 7, 1000));
    await queue.add(draft('b', 7, 2000));
    expect(await queue.flush(7)).toEqual({ sent: 2, waiting: 0 });
    expect(server.tickets).toEqual(['Ticket a', 'Ticket b']);
    expect(sent).toEqual(['a', 'b']);
    expect(storage.drafts).toEqual([]);
    expect(await queue.flush(7)).toEqual({ sent: 0, waiting: 0 });
    expect(server.tickets).toHaveLength(2);
  });

  it('keeps what could not be sent while offline, and sends it once online', async () => {
    const server = fakeServer();
    const queue = createDraftQueue({ storage: memoryStorage(), send: server.send });
    await queue.add(draft('a'));
    server.setOffline(true);
    expect(await queue.flush(7)).toEqual({ sent: 0, waiting: 1 });
    expect(await queue.list(7)).toHaveLength(1);
    server.setOffline(false);
    expect(await queue.flush(7)).toEqual({ sent: 1, waiting: 0 });
    expect(server.tickets).toEqual(['Ticket a']);
  });

  it('sends again with the same nonce when the answer was lost, so one ticket is created', async () => {
    const server = fakeServer();
    const nonces: string[] = [];
    const queue = createDraftQueue({
      storage: memoryStorage(),
      send: (kept) => {
        nonces.push(kept.nonce);
        return server.send(kept);
      },
    });
    await queue.add(draft('Zx81Spectr'));
    server.loseNextAnswers(2);
    expect(await queue.flush(7)).toEqual({ sent: 0, waiting: 1 });
    expect(await queue.flush(7)).toEqual({ sent: 0, waiting: 1 });
    expect(await queue.flush(7)).toEqual({ sent: 1, waiting: 0 });
    expect(nonces).toEqual(['Zx81Spectr', 'Zx81Spectr', 'Zx81Spectr']);
    expect(server.tickets).toEqual(['Ticket Zx81Spectr']);
  });

  it('shares one run between calls made while it runs', async () => {
    const server = fakeServer();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = createDraftQueue({
      storage: memoryStorage(),
      send: async (kept) => {
        await gate;
        return server.send(kept);
      },
    });
    await queue.add(draft('a'));
    const first = queue.flush(7);
    const second = queue.flush(7);
    await vi.waitFor(() => expect(queue.sending()).toBe('a'));
    release();
    expect(await first).toEqual({ sent: 1, waiting: 0 });
    expect(await second).toEqual({ sent: 1, waiting: 0 });
    expect(server.tickets).toEqual(['Ticket a']);
    expect(queue.sending()).toBeNull();
  });

  it('marks a refused draft with the server’s message, sends the next and never the refused one again', async () => {
    const server = fakeServer();
    let calls = 0;
    const queue = createDraftQueue({
      storage: memoryStorage(),
      send: async (kept) => {
        calls++;
        return kept.nonce === 'bad'
          ? { kind: 'refused', message: 'The title is required.' }
          : server.send(kept);
      },
    });
    await queue.add(draft('bad', 7, 1));
    await queue.add(draft('good', 7, 2));
    expect(await queue.flush(7)).toEqual({ sent: 1, waiting: 0 });
    expect(await queue.list(7)).toEqual([{ ...draft('bad', 7, 1), refused: 'The title is required.' }]);
    await queue.flush(7);
    expect(calls).toBe(2);
    await queue.remove('bad');
    expect(await queue.list(7)).toEqual([]);
  });

  it('stops when the session has ended, keeping the drafts', async () => {
    const queue = createDraftQueue({ storage: memoryStorage(), send: async () => ({ kind: 'signedOut' }) });
    await queue.add(draft('a'));
    expect(await queue.flush(7)).toEqual({ sent: 0, waiting: 1 });
  });

  it('never sends another user’s draft, and drops them on keepOnly', async () => {
    const storage = memoryStorage([draft('theirs', 8)]);
    const sent: string[] = [];
    const queue = createDraftQueue({
      storage,
      send: async (kept) => {
        sent.push(kept.nonce);
        return { kind: 'sent', data: null };
      },
    });
    await queue.add(draft('mine', 7));
    await queue.flush(7);
    expect(sent).toEqual(['mine']);
    await queue.keepOnly(7);
    expect(storage.drafts).toEqual([]);
  });

  it('runs each flush inside the cross-tab lock', async () => {
    const order: string[] = [];
    const queue = createDraftQueue({
      storage: memoryStorage([draft('a')]),
      send: async () => {
        order.push('send');
        return { kind: 'sent', data: null };
      },
      exclusive: async (task) => {
        order.push('lock');
        const result = await task();
        order.push('unlock');
        return result;
      },
    });
    await queue.flush(7);
    expect(order).toEqual(['lock', 'send', 'unlock']);
  });
});

describe('sendOutcome', () => {
  it('reads the answers of POST tickets', () => {
    expect(sendOutcome({ ok: true, status: 201, data: { id: 3 } }, 'x')).toEqual({
      kind: 'sent',
      data: { id: 3 },
    });
    expect(sendOutcome({ ok: false, status: 0, data: {} }, 'x')).toEqual({ kind: 'retry' });
    expect(sendOutcome({ ok: false, status: 503, data: {} }, 'x')).toEqual({ kind: 'retry' });
    expect(sendOutcome({ ok: false, status: 409, data: {} }, 'x')).toEqual({ kind: 'retry' });
    expect(sendOutcome({ ok: false, status: 401, data: {} }, 'x')).toEqual({ kind: 'signedOut' });
    expect(sendOutcome({ ok: false, status: 422, data: { message: 'Bad range.' } }, 'x')).toEqual({
      kind: 'refused',
      message: 'Bad range.',
    });
    expect(sendOutcome({ ok: false, status: 403, data: {} }, 'Oops')).toEqual({
      kind: 'refused',
      message: 'Oops',
    });
  });
});
