// What the edge's caches share: what strings and bytes cost in memory (the figure byte bounds count),
// the one validator of an answer, the one name of a cache's status, how a purge selects entries, the
// counters behind the response and page caches' statistics, and a time limit on waiting for a promise
// that goes on regardless.
import { createHash } from 'node:crypto';

// ---- Memory ----

/** What a string costs in V8 at most: two bytes per UTF-16 unit (any CJK makes all of it two-byte), plus its header. */
export function stringBytes(s: string): number {
  return 2 * s.length + 16;
}

// ---- Validators ----

/**
 * The validator of an answer's bytes, for every answer the edge keeps in memory: API answers, pages,
 * build files, picture variants and IIIF answers. It is weak on purpose: the edge sends one representation as
 * identity, gzip or brotli under one validator, and a strong validator would promise the same bytes in
 * each coding (RFC 9110 §8.8.1), which they are not. A weak one promises what holds, the same content,
 * and is all a 304 needs (If-None-Match uses the weak comparison; `http/prepared.ts` `matchesEtag`).
 * The full SHA-1 (27 base64url characters) names the content.
 */
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

/**
 * What a cache did for an answer, as X-Cache says it, named here once for every cache of the edge: HIT
 * a fresh entry, MISS one made now, STALE an old one served on purpose (in a stale window, or the last
 * good copy while the service is down), BYPASS an answer no cache may keep.
 */
export type CacheStatus = 'HIT' | 'MISS' | 'STALE' | 'BYPASS';

/** How a cache answered a lookup: every status but BYPASS, which an answer that was looked up never has. */
export type LookupStatus = Exclude<CacheStatus, 'BYPASS'>;

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
