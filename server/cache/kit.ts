// What the response cache and the page cache share: what strings and bytes cost in memory (the figure
// their byte bounds count), the validator of an answer, how a purge selects entries, the counters
// behind their statistics, and a time limit on waiting for a promise that goes on regardless.
import { createHash } from 'node:crypto';

// ---- Memory ----

/** What a string costs in V8 at most: two bytes per UTF-16 unit (any CJK makes all of it two-byte), plus its header. */
export function stringBytes(s: string): number {
  return 2 * s.length + 16;
}

// ---- Validators ----

/** The weak validator of an answer's bytes. */
export function etagOf(raw: Buffer): string {
  return `W/"${createHash('sha1').update(raw).digest('base64url').slice(0, 27)}"`;
}

// ---- Purges ----

export type PurgeSelector = { all: true } | { prefix: string } | { tag: string } | { allTags: readonly string[] };

export interface PurgedEntry {
  key: string;
  tags: readonly string[];
}

/**
 * The path part of a response-cache key, `METHOD path[ body]` (the content API makes them): what
 * operators purge by prefix.
 */
function keyPath(key: string): string {
  const afterMethod = key.slice(key.indexOf(' ') + 1);
  const space = afterMethod.indexOf(' ');
  return space === -1 ? afterMethod : afterMethod.slice(0, space);
}

/**
 * Whether an entry (key, tags) is removed by a purge selector; both caches and the shared tier match
 * with it. `pathOf` reads a key's path (response-cache keys by default; the page cache passes its own).
 */
export function matcher(
  selector: PurgeSelector,
  pathOf: (key: string) => string = keyPath,
): (key: string, tags: readonly string[]) => boolean {
  if ('all' in selector) return () => true;
  if ('prefix' in selector) {
    const { prefix } = selector;
    return (key) => key.startsWith(prefix) || pathOf(key).startsWith(prefix);
  }
  if ('tag' in selector) return (_key, tags) => tags.includes(selector.tag);
  return (_key, tags) => selector.allTags.every((t) => tags.includes(t));
}

// ---- Statistics ----

/** How a cache answered a lookup: a fresh entry, a new one, or an old one served on purpose. */
export type LookupStatus = 'HIT' | 'MISS' | 'STALE';

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

interface CacheCounts {
  /** Counts one answer's status (and tells the events listener) and returns it. */
  count(status: LookupStatus): LookupStatus;
  /** The counts with the cache's size against its bound. */
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

// ---- Time ----

/** `work`'s result, or null when it takes longer than `limitMs` (`work` itself goes on). */
export async function within<T>(work: Promise<T>, limitMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), limitMs)));
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
