/**
 * Results of pure, costly work kept by key, up to `limit` keys; past that all are dropped and kept again as they are
 * asked for. A bounded cache without an LRU's bookkeeping, for keys that repeat (zones and days, templates, rules):
 * a key that does not repeat (a viewer may send any spelling) can never make it grow without end.
 */
export function keptUpTo<V>(limit: number): (key: string, work: () => V) => V {
  const kept = new Map<string, V>();
  return (key, work) => {
    const found = kept.get(key);
    if (found !== undefined) return found;
    const value = work();
    if (kept.size >= limit) kept.clear();
    kept.set(key, value);
    return value;
  };
}
