// The bounded response cache (DESIGN.md "Caching semantics") on lru-cache's fetch(), put together from
// its parts: cache-entry.ts (an entry and its bytes), cache-fill.ts (single flight, byte bound, second
// tier), cache-lookup.ts (the two stale windows), cache-purge.ts (purges, sweeps), cache-stats.ts
// (counters). Its API — ResponseCache and the helpers below — is what the rest of the server imports.
import type { CacheEntry } from './cache-entry.ts';
import { createFilledCache, type LookupSpec, type SecondTier } from './cache-fill.ts';
import { createLookup, STALE_PATIENCE_MS, type Lookup } from './cache-lookup.ts';
import { purgeEntries, sweepEntries, type PurgedEntry, type PurgeSelector } from './cache-purge.ts';
import { createCacheCounts, type CacheEvent, type CacheStats } from './cache-stats.ts';

export { etagOf, ownBytes, stringBytes, type CacheEntry } from './cache-entry.ts';
export type { LookupSpec, SecondTier } from './cache-fill.ts';
export { isTransient, STALE_PATIENCE_MS, type Lookup } from './cache-lookup.ts';
export { matcher, type PurgedEntry, type PurgeSelector } from './cache-purge.ts';
export type { CacheEvent, CacheStats } from './cache-stats.ts';

export interface ResponseCache {
  lookup(key: string, spec: LookupSpec): Promise<Lookup>;
  /** A fresh entry, counted as a hit, or null (then use lookup). Synchronous: the hit fast path. */
  peekFresh(key: string): CacheEntry | null;
  purge(selector: PurgeSelector): PurgedEntry[];
  /** Called after every purge with what it removed (the page cache follows the upstream cache). */
  onPurge(listener: (selector: PurgeSelector, removed: PurgedEntry[]) => void): void;
  stats(): CacheStats;
  /** Drops entries past both stale windows (also runs on a timer). */
  sweep(): number;
  entries(): CacheEntry[];
  close(): void;
}

export interface ResponseCacheOptions {
  maxBytes: number;
  swrS: number;
  staleIfErrorS: number;
  now: () => number;
  onEvent?: (event: CacheEvent) => void;
  sweepEveryMs?: number;
  /** How long a stale-if-error entry waits for its refresh before it is served; default STALE_PATIENCE_MS. */
  stalePatienceMs?: number;
  /** Redis under the in-memory tier (REDIS_URL); none = this process alone. */
  secondTier?: SecondTier;
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { maxBytes, now, onEvent, secondTier } = options;
  const swrMs = options.swrS * 1000;
  const staleIfErrorMs = options.staleIfErrorS * 1000;
  const keepMs = Math.max(swrMs, staleIfErrorMs);
  const stalePatienceMs = options.stalePatienceMs ?? STALE_PATIENCE_MS;
  const emit = (event: CacheEvent) => onEvent?.(event);
  const counts = createCacheCounts(emit);
  const listeners: Array<(selector: PurgeSelector, removed: PurgedEntry[]) => void> = [];
  const filled = createFilledCache({ maxBytes, now, keepMs, secondTier, emit });
  const { lru } = filled;
  const sweep = (): number => sweepEntries(filled, now, keepMs);

  const timer = setInterval(() => sweep(), options.sweepEveryMs ?? 60_000);
  timer.unref();

  return {
    lookup: createLookup(filled, { swrMs, staleIfErrorMs, stalePatienceMs }, now, counts.count),

    peekFresh(key) {
      // One read, which also keeps a busy entry the last to be evicted (stale ones come back too: allowStale).
      const entry = lru.get(key);
      if (!entry || now() - entry.storedAt >= entry.freshMs) return null;
      counts.count('HIT');
      return entry;
    },

    purge(selector) {
      const removed = purgeEntries(filled, selector);
      for (const listener of listeners) listener(selector, removed);
      return removed;
    },

    onPurge(listener) {
      listeners.push(listener);
    },

    stats: () => counts.stats({ entries: lru.size, bytes: lru.calculatedSize, maxBytes }),

    sweep,

    entries() {
      const all: CacheEntry[] = [];
      lru.forEach((entry) => all.push(entry));
      return all;
    },

    close() {
      clearInterval(timer);
      lru.clear();
    },
  };
}
