/**
 * Live updates (issue 28, ADR 0046): while the app is shown, one stream of server-sent events (GET /api/live) tells
 * it what changed for the signed-in user, and the screens showing it fetch again at once (list rows, details, the
 * calendar, the dashboard, the bell). The events carry ids only; the data comes from the usual scoped reads.
 *
 * A hidden tab closes its stream (a browser allows few connections per site) and catches up as it is shown again.
 * While the stream is down the bell polls as it did before (`isLive`, read by its query's refetch interval); the
 * stream is tried again after the poll's interval. Coming back up, every screen fetches again: events sent
 * meanwhile were missed.
 */
import { NOTIFICATION_POLL_MS } from '@mend/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateAfterWrite } from './invalidation';

/** The events of the server's modules/live/hub.ts. */
export const LIVE_EVENTS = { ready: 'ready', tickets: 'tickets', notifications: 'notifications' } as const;

/** Where the stream is read. */
export const LIVE_URL = '/api/live';

/** What `connectLive` does on each event: refresh what shows tickets, and what shows the user's notifications. */
export interface LiveEffects {
  tickets(): void;
  notifications(): void;
}

/** The effects of events on the app's queries. */
export function queryEffects(queryClient: QueryClient): LiveEffects {
  return {
    tickets: () => void invalidateAfterWrite(queryClient, 'tickets'),
    notifications: () => void queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  };
}

let live = false;
const listeners = new Set<() => void>();

/** Whether the stream is open now: the bell then waits to be told instead of polling. */
export function isLive(): boolean {
  return live;
}

/** Calls `listener` whenever the stream opens or goes down. */
export function onLiveChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setLive(value: boolean): void {
  if (live === value) return;
  live = value;
  for (const listener of listeners) listener();
}

export interface ConnectLiveOptions {
  effects: LiveEffects;
  /** How long to wait before trying again once the stream could not be opened (or was refused). */
  retryMs: number;
  /** Injected by tests: the EventSource class and the document whose visibility decides. */
  EventSourceClass?: typeof EventSource;
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/** Opens the stream while the document is shown, until the answered function is called (signing out). */
export function connectLive({
  effects,
  retryMs,
  EventSourceClass = globalThis.EventSource,
  document: doc = globalThis.document,
}: ConnectLiveOptions): () => void {
  if (!EventSourceClass || !doc) return () => {};
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Whether the screens are current: false until a first stream is ready (what they loaded is then the latest). */
  let caughtUp = true;

  /** The stream went down: the bell polls again from its next fetch, asked for at once (`refresh`). */
  const goneDown = (refresh: boolean) => {
    if (!isLive()) return;
    setLive(false);
    caughtUp = false;
    if (refresh) effects.notifications();
  };

  const open = () => {
    clearTimeout(retry);
    if (source || doc.visibilityState === 'hidden') return;
    const next = new EventSourceClass(LIVE_URL, { withCredentials: true });
    source = next;
    next.addEventListener(LIVE_EVENTS.ready, () => {
      setLive(true);
      if (caughtUp) return;
      caughtUp = true;
      effects.notifications();
      effects.tickets();
    });
    next.addEventListener(LIVE_EVENTS.tickets, () => effects.tickets());
    next.addEventListener(LIVE_EVENTS.notifications, () => effects.notifications());
    next.addEventListener('error', () => {
      // CONNECTING: the browser tries again by itself (the server's `retry`); CLOSED: refused, try later.
      goneDown(true);
      caughtUp = false;
      if (next.readyState !== EventSourceClass.CLOSED) return;
      if (source === next) source = null;
      retry = setTimeout(open, retryMs);
    });
  };

  // Hidden, nothing polls (nor shows): shown again, the stream's `ready` catches the screens up.
  const close = () => {
    clearTimeout(retry);
    source?.close();
    source = null;
    goneDown(false);
  };

  const onVisibility = () => (doc.visibilityState === 'hidden' ? close() : open());
  doc.addEventListener('visibilitychange', onVisibility);
  open();
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    close();
  };
}

/** The signed-in layout's stream: open while it is mounted, tried again at the bell's poll interval. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => connectLive({ effects: queryEffects(queryClient), retryMs: NOTIFICATION_POLL_MS }),
    [queryClient],
  );
}
