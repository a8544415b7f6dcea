/**
 * The live streams of one app process (issue 28, ADR 0046): each signed-in user's open screens hold a server-sent
 * events stream, told at once when a ticket they may see or their notifications change, so the screens fetch again
 * what they show (the events carry ids, never data). Changes arrive from the database's live channel, whichever
 * process made them: the hub listens once its first stream opens. Each ticket event goes only to the streams whose
 * viewer sees that ticket now (`seesTicket`, the list scopes' rule); the streams' sessions are checked again on
 * every heartbeat, so a stream ends soon after its session does, in any process.
 */
import type { ServerResponse } from 'node:http';
import { isTemporaryEmail, LIVE_STREAMS_PER_SESSION } from '@mend/shared';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, listenTo } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';
import { type Actor, actorOf } from '../../lib/actor';
import { isSameViewer } from '../../lib/session-reuse';
import { seesTicket, type TicketAudience, ticketAudiences } from '../tickets/queries';
import { LIVE_CHANNEL, type LiveMessage, readLiveMessage } from './events';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live streams (app.ts); sign-out ends a session's. */
    live: LiveHub;
  }
}

/** The events a stream sends (the web's lib/live.ts reads them). */
export const LIVE_EVENT = {
  /** The stream is listening: what changed before it may not have been told. */
  ready: 'ready',
  /** `{ ids }`: tickets the viewer sees changed, were created or deleted; `{ ids: null }`: any may have. */
  tickets: 'tickets',
  /** The viewer's notifications changed. */
  notifications: 'notifications',
} as const;

export interface LiveHubOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How long ticket changes are gathered before their audiences are read, in one statement. */
  batchMs?: number;
  /** How often each stream is sent a comment (proxies close silent connections) and sessions are checked. */
  heartbeatMs?: number;
}

interface LiveStream {
  readonly viewer: Actor;
  readonly user: UserRow;
  readonly sessionId: string;
  readonly response: ServerResponse;
}

const DEFAULT_BATCH_MS = 20;
const DEFAULT_HEARTBEAT_MS = 25_000;

/** How soon a browser connects again after its stream ends (the EventSource `retry` field). */
const RECONNECT_MS = 3000;

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<number, Set<LiveStream>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Ticket changes waiting to be sent: ids, or every ticket (null). */
  private pendingTickets: Set<number> | null = new Set();
  private pendingDeleted: TicketAudience[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly batchMs: number;
  private readonly heartbeatMs: number;

  constructor(private readonly options: LiveHubOptions) {
    this.batchMs = options.batchMs ?? DEFAULT_BATCH_MS;
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  }

  /** How many streams are open (the bench and tests read it). */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Opens a stream on `response` for the signed-in `user` of session `sessionId` (its status and headers not sent
   * yet); it lasts until the client goes, the session ends or the app closes.
   */
  async open(response: ServerResponse, user: UserRow, sessionId: string, headers: Record<string, unknown>) {
    await this.listen();
    if (this.closed || response.destroyed) {
      response.destroy();
      return;
    }
    const stream: LiveStream = { viewer: actorOf(user), user, sessionId, response };
    this.endOldest(sessionId);
    this.streams.add(stream);
    const mine = this.byUser.get(user.id) ?? new Set();
    mine.add(stream);
    this.byUser.set(user.id, mine);
    response.on('close', () => this.forget(stream));
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and the like would hold the events back to fill their buffers.
      'x-accel-buffering': 'no',
    });
    response.write(`retry: ${RECONNECT_MS}\n${frame(LIVE_EVENT.ready, {})}`);
    this.startHeartbeat();
  }

  /** Ends the streams of a session this process signed out (another process's end in a heartbeat). */
  endSession(sessionId: string): void {
    for (const stream of this.streams) if (stream.sessionId === sessionId) this.end(stream);
  }

  /** Ends every stream and stops listening (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.flushTimer);
    for (const stream of this.streams) this.end(stream);
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => async () => {}))();
  }

  /** A message on the live channel (also for tests, which may hand one in). */
  receive(payload: string): void {
    const message = readLiveMessage(payload);
    if (message === null) {
      this.options.log.warn({ payload: payload.slice(0, 200) }, 'live: unreadable message');
      return;
    }
    this.take(message);
  }

  private take(message: LiveMessage): void {
    if ('users' in message) {
      this.sendNotifications(message.users);
      return;
    }
    if ('deleted' in message) this.pendingDeleted.push(...message.deleted);
    else if (message.tickets === null) this.pendingTickets = null;
    else if (this.pendingTickets) for (const id of message.tickets) this.pendingTickets.add(id);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flushing = this.flushing.then(() => this.flushTickets());
    }, this.batchMs);
  }

  /** Messages may have been missed (the listening connection was lost): every screen fetches again. */
  private missedSome(): void {
    this.sendNotifications(null);
    this.take({ tickets: null });
  }

  private listen(): Promise<() => Promise<void>> {
    this.listening ??= listenTo(this.options.db, LIVE_CHANNEL, {
      message: (payload) => this.receive(payload),
      missed: () => this.missedSome(),
    });
    return this.listening;
  }

  private sendNotifications(userIds: number[] | null): void {
    const data = frame(LIVE_EVENT.notifications, {});
    if (userIds === null) for (const stream of this.streams) this.write(stream, data);
    else for (const id of userIds) for (const stream of this.byUser.get(id) ?? []) this.write(stream, data);
  }

  private async flushTickets(): Promise<void> {
    const ids = this.pendingTickets;
    const deleted = this.pendingDeleted;
    this.pendingTickets = new Set();
    this.pendingDeleted = [];
    if (this.streams.size === 0) return;
    if (ids === null) {
      const data = frame(LIVE_EVENT.tickets, { ids: null });
      for (const stream of this.streams) this.write(stream, data);
      return;
    }
    let audiences = deleted;
    if (ids.size > 0) {
      try {
        audiences = [...(await ticketAudiences(this.options.db, [...ids])), ...deleted];
      } catch (error) {
        // Told nothing is better than told wrongly: the screens catch up when they next fetch.
        this.options.log.error({ err: error }, 'live: reading the audiences of changed tickets failed');
        return;
      }
    }
    if (audiences.length === 0) return;
    for (const stream of this.streams) {
      const seen = audiences.filter((audience) => seesTicket(stream.viewer, audience)).map(({ id }) => id);
      if (seen.length > 0) this.write(stream, frame(LIVE_EVENT.tickets, { ids: [...new Set(seen)] }));
    }
  }

  private write(stream: LiveStream, data: string): void {
    if (!stream.response.destroyed) stream.response.write(data);
  }

  /** A session holds a few streams (a browser's visible tabs): a new one beyond them ends its oldest. */
  private endOldest(sessionId: string): void {
    const own = [...this.streams].filter((stream) => stream.sessionId === sessionId);
    for (const stream of own.slice(0, Math.max(0, own.length - LIVE_STREAMS_PER_SESSION + 1)))
      this.end(stream);
  }

  private end(stream: LiveStream): void {
    this.forget(stream);
    stream.response.end();
  }

  private forget(stream: LiveStream): void {
    this.streams.delete(stream);
    const mine = this.byUser.get(stream.viewer.id);
    mine?.delete(stream);
    if (mine?.size === 0) this.byUser.delete(stream.viewer.id);
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private startHeartbeat(): void {
    this.heartbeat ??= setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** A comment to every stream, and the end of those whose session ended or whose user changed. */
  async beat(now = new Date()): Promise<void> {
    for (const stream of this.streams) this.write(stream, ': ping\n\n');
    const ids = [...new Set([...this.streams].map((stream) => stream.sessionId))];
    if (ids.length === 0) return;
    let holding: Array<{ sessionId: string; user: UserRow }>;
    try {
      holding = await this.options.db
        .select({ sessionId: sessions.id, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, now)));
    } catch (error) {
      this.options.log.error({ err: error }, 'live: checking the streams’ sessions failed');
      return;
    }
    const bySession = new Map(holding.map((row) => [row.sessionId, row.user]));
    for (const stream of this.streams) {
      const user = bySession.get(stream.sessionId);
      if (!user || isTemporaryEmail(user.email) || !isSameViewer(stream.user, user)) this.end(stream);
    }
  }
}
