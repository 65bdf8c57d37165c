// What takes entries out of the response cache before the byte bound does: purges (by key prefix or
// path, tag, all tags, everything) and the sweep of entries past both stale windows.
import type { FilledCache } from './cache-fill.ts';
import { keyPath } from './keys.ts';

export type PurgeSelector = { all: true } | { prefix: string } | { tag: string } | { allTags: readonly string[] };

export interface PurgedEntry {
  key: string;
  tags: readonly string[];
}

/**
 * Whether an entry (key, tags) is removed by a purge selector; the page cache and the shared tier match
 * with it too. `pathOf` reads a key's path (API keys by default; pages pass theirs).
 */
export function matcher(selector: PurgeSelector, pathOf: (key: string) => string = keyPath): (key: string, tags: readonly string[]) => boolean {
  if ('all' in selector) return () => true;
  if ('prefix' in selector) {
    const { prefix } = selector;
    return (key) => key.startsWith(prefix) || pathOf(key).startsWith(prefix);
  }
  if ('tag' in selector) return (_key, tags) => tags.includes(selector.tag);
  return (_key, tags) => selector.allTags.every((t) => tags.includes(t));
}

/** Removes what the selector matches, answers on their way included; returns the stored entries removed. */
export function purgeEntries({ lru, loading }: FilledCache, selector: PurgeSelector): PurgedEntry[] {
  const removed: PurgedEntry[] = [];
  const matches = matcher(selector);
  lru.forEach((entry, key) => {
    if (matches(key, entry.tags)) removed.push({ key, tags: entry.tags });
  });
  for (const { key } of removed) lru.delete(key);
  // Deleting a key mid-fetch lets the waiters have the answer (ignoreFetchAbort) but keeps it out.
  for (const [key, tags] of loading) if (matches(key, tags)) lru.delete(key);
  return removed;
}

/** Drops entries more than `keepMs` past their fresh life; returns how many. */
export function sweepEntries({ lru }: FilledCache, now: () => number, keepMs: number): number {
  const t = now();
  const dead: string[] = [];
  lru.forEach((entry, key) => {
    if (t - entry.storedAt >= entry.freshMs + keepMs) dead.push(key);
  });
  for (const key of dead) lru.delete(key);
  return dead.length;
}
