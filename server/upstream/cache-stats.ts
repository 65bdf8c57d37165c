// The response cache's counters: every lookup answered is counted (and told to onEvent, the metrics)
// as a hit, a miss or a stale answer; stats() adds the entries and bytes against the bound.
import type { Lookup } from './cache-lookup.ts';

export type CacheEvent = 'hit' | 'miss' | 'stale' | 'refresh' | 'evict';

export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  stale: number;
  hitRatio: number;
}

export interface CacheCounts {
  /** Counts one answer's status and returns it. */
  count(status: Lookup['status']): Lookup['status'];
  stats(size: { entries: number; bytes: number; maxBytes: number }): CacheStats;
}

export function createCacheCounts(emit: (event: CacheEvent) => void): CacheCounts {
  const counts = { hits: 0, misses: 0, stale: 0 };
  return {
    count(status) {
      if (status === 'HIT') {
        counts.hits += 1;
        emit('hit');
      } else if (status === 'MISS') {
        counts.misses += 1;
        emit('miss');
      } else {
        counts.stale += 1;
        emit('stale');
      }
      return status;
    },
    stats(size) {
      const looked = counts.hits + counts.misses + counts.stale;
      return { ...size, ...counts, hitRatio: looked === 0 ? 0 : (counts.hits + counts.stale) / looked };
    },
  };
}
