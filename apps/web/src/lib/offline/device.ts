/**
 * What the app keeps on the device for a signed-in user, in one IndexedDB store (through idb-keyval): the tickets
 * written offline (features/tickets/drafts) and what the offline app needs to open and write one (./kept-queries.ts).
 * Nothing here outlives the session it was kept for: signing out, a page that says nobody is signed in and a
 * 401 all empty it (`forgetDevice`), and what another user kept is dropped before anything is read.
 */
import { clear, createStore, del, get, type UseStore, update } from 'idb-keyval';

const DATABASE = 'mend';
const STORE = 'device';

let store: UseStore | null = null;

/** The store, opened on first use (never while the page's modules evaluate, never where there is no IndexedDB). */
function deviceStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore(DATABASE, STORE);
  return store;
}

/** The value kept under `key`, or undefined (also when IndexedDB is unavailable or refuses, e.g. a private window). */
export async function readKept<T>(key: string): Promise<T | undefined> {
  const kept = deviceStore();
  if (!kept) return undefined;
  try {
    return await get<T>(key, kept);
  } catch {
    return undefined;
  }
}

/** Reads and writes the value under `key` in one transaction; fails where the device keeps nothing. */
export async function updateKept<T>(key: string, change: (value: T | undefined) => T): Promise<void> {
  const kept = deviceStore();
  if (!kept) throw new Error('This browser keeps nothing on the device (no IndexedDB).');
  await update<T>(key, change, kept);
}

/** Forgets the value under `key`. */
export async function forgetKept(key: string): Promise<void> {
  const kept = deviceStore();
  if (kept) await del(key, kept).catch(() => undefined);
}

/** Listeners told when everything kept has been forgotten (the drafts' view empties). */
const forgetListeners = new Set<() => void>();

export function onDeviceForgotten(listener: () => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

/** Empties the store: the session it was kept for has ended (or is ending). Never fails. */
export async function forgetDevice(): Promise<void> {
  const kept = deviceStore();
  if (kept) await clear(kept).catch(() => undefined);
  for (const listener of forgetListeners) listener();
}
