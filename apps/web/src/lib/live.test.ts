import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { connectLive, isLive, LIVE_URL, type LiveEffects } from './live';

/** A stand-in EventSource whose events the test fires. */
class FakeSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  closed = false;
  private handlers = new Map<string, Array<() => void>>();

  constructor(
    readonly url: string,
    readonly init: EventSourceInit,
  ) {
    FakeSource.opened.push(this);
  }

  addEventListener(type: string, handler: () => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  fire(type: string, readyState = FakeSource.OPEN): void {
    this.readyState = readyState;
    for (const handler of this.handlers.get(type) ?? []) handler();
  }

  close(): void {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
}

class FakeDocument {
  visibilityState: DocumentVisibilityState = 'visible';
  private handlers: Array<() => void> = [];
  addEventListener(_type: string, handler: () => void) {
    this.handlers.push(handler);
  }
  removeEventListener(_type: string, handler: () => void) {
    this.handlers = this.handlers.filter((one) => one !== handler);
  }
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    for (const handler of this.handlers) handler();
  }
}

let effects: { tickets: Mock<() => void>; notifications: Mock<() => void> } & LiveEffects;
let doc: FakeDocument;
let disconnect: () => void;

function connect() {
  disconnect = connectLive({
    effects,
    retryMs: 30_000,
    EventSourceClass: FakeSource as unknown as typeof EventSource,
    document: doc as unknown as Document,
  });
  return FakeSource.opened.at(-1)!;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.opened = [];
  effects = { tickets: vi.fn<() => void>(), notifications: vi.fn<() => void>() };
  doc = new FakeDocument();
});
afterEach(() => {
  disconnect();
  vi.useRealTimers();
});

describe('connectLive', () => {
  it('opens the stream with the cookies and is live once it is ready, without fetching what just loaded', () => {
    const source = connect();
    expect(source.url).toBe(LIVE_URL);
    expect(source.init).toEqual({ withCredentials: true });
    expect(isLive()).toBe(false);
    source.fire('ready');
    expect(isLive()).toBe(true);
    expect(effects.tickets).not.toHaveBeenCalled();
    expect(effects.notifications).not.toHaveBeenCalled();
  });

  it('refreshes the tickets’ screens and the bell on their events', () => {
    const source = connect();
    source.fire('ready');
    source.fire('tickets');
    expect(effects.tickets).toHaveBeenCalledTimes(1);
    source.fire('notifications');
    expect(effects.notifications).toHaveBeenCalledTimes(1);
  });

  it('goes back to polling when the stream drops, and catches up when it is back', () => {
    const source = connect();
    source.fire('ready');
    // The browser reconnects by itself (CONNECTING): the bell polls meanwhile, fetching at once.
    source.fire('error', FakeSource.CONNECTING);
    expect(isLive()).toBe(false);
    expect(effects.notifications).toHaveBeenCalledTimes(1);
    source.fire('ready');
    expect(isLive()).toBe(true);
    expect(effects.tickets).toHaveBeenCalledTimes(1);
    expect(effects.notifications).toHaveBeenCalledTimes(2);
  });

  it('tries a refused stream again after the poll interval', () => {
    const source = connect();
    source.fire('error', FakeSource.CLOSED);
    expect(FakeSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(FakeSource.opened).toHaveLength(2);
    FakeSource.opened[1]!.fire('ready');
    expect(isLive()).toBe(true);
    // What changed while it was refused shows.
    expect(effects.tickets).toHaveBeenCalledTimes(1);
  });

  it('closes while the tab is hidden and catches up when it is shown', () => {
    const source = connect();
    source.fire('ready');
    doc.show('hidden');
    expect(source.closed).toBe(true);
    expect(isLive()).toBe(false);
    expect(effects.tickets).not.toHaveBeenCalled();
    doc.show('visible');
    const again = FakeSource.opened.at(-1)!;
    expect(again).not.toBe(source);
    again.fire('ready');
    expect(effects.tickets).toHaveBeenCalledTimes(1);
    expect(effects.notifications).toHaveBeenCalledTimes(1);
  });

  it('closes for good when disconnected (signing out)', () => {
    const source = connect();
    source.fire('ready');
    disconnect();
    expect(source.closed).toBe(true);
    expect(isLive()).toBe(false);
    doc.show('hidden');
    doc.show('visible');
    expect(FakeSource.opened).toHaveLength(1);
  });
});
