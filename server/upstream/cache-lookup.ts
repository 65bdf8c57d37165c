// Which answer a lookup gets, and how it counts: the two stale windows of DESIGN.md "Caching semantics".
//
// Timeline of one entry (t = time since it was stored, F = its fresh lifetime):
//   t < F                        HIT
//   F ≤ t < F + CACHE_SWR_S      STALE at once, one background refresh
//   later                        wait for a fresh answer (MISS); if the upstream fails in a transient way
//                                (timeout, network, 5xx, unreadable) and t < F + CACHE_STALE_IF_ERROR_S → STALE
import type { LRUCache } from 'lru-cache';
import type { CacheStatus } from './api.ts';
import type { CacheEntry } from './cache-entry.ts';
import type { FetchContext, FilledCache, LookupSpec } from './cache-fill.ts';
import { within } from './time-limit.ts';
import { UpstreamError } from './upstream-error.ts';

export interface Lookup {
  entry: CacheEntry;
  status: Exclude<CacheStatus, 'BYPASS'>;
}

/** A healthy service answers well within this; a slower one is treated as failing for this request. */
export const STALE_PATIENCE_MS = 100;

/** Failures where an old answer beats no answer; an application error or a 4xx is an answer. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof UpstreamError)) return false;
  if (err.code === 'UPSTREAM_HTTP') return (err.httpStatus ?? 0) >= 500;
  return err.code !== 'UPSTREAM_APP';
}

export interface StaleWindows {
  swrMs: number;
  staleIfErrorMs: number;
  /** How long a stale-if-error entry waits for its refresh before it is served. */
  stalePatienceMs: number;
}

/** The lookup of a cache: `count` records each answer's status (and returns it). */
export function createLookup(
  { lru, fromShared }: FilledCache,
  { swrMs, staleIfErrorMs, stalePatienceMs }: StaleWindows,
  now: () => number,
  count: (status: Lookup['status']) => Lookup['status'],
): (key: string, spec: LookupSpec) => Promise<Lookup> {
  return async (key, spec) => {
    const current = lru.peek(key, { allowStale: true });
    const staleForMs = current ? now() - (current.storedAt + current.freshMs) : Number.NEGATIVE_INFINITY;
    const status: LRUCache.Status<string, CacheEntry, FetchContext> = {};
    const fetching = lru.fetch(key, {
      allowStale: !spec.preferFresh && current !== undefined && staleForMs >= 0 && staleForMs < swrMs,
      ttl: spec.ttlS * 1000,
      context: { spec },
      status,
    });
    // Past the revalidate window but inside stale-if-error, a slow or hung service must not hold the
    // visitor for a whole timeout: the old answer goes out after a short wait, the refresh goes on.
    const canFallBack = !spec.preferFresh && current !== undefined && staleForMs >= swrMs && staleForMs < staleIfErrorMs;
    try {
      const entry = canFallBack ? await within(fetching, stalePatienceMs) : await fetching;
      if (entry === null) {
        fetching.catch(() => undefined); // its failure, if any, was the background's to have
        return { entry: current!, status: count('STALE') };
      }
      if (!entry) throw new Error(`cache fetch of ${key} gave nothing`);
      const shared = fromShared.has(entry) ? (now() - entry.storedAt < entry.freshMs ? 'HIT' : 'STALE') : null;
      const kind = status.returnedStale ? 'STALE' : status.fetch === 'hit' ? 'HIT' : (shared ?? 'MISS');
      return { entry, status: count(kind) };
    } catch (err) {
      if (current && staleForMs < staleIfErrorMs && isTransient(err)) return { entry: current, status: count('STALE') };
      throw err;
    }
  };
}
