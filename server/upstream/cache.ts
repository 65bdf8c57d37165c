// The bounded response cache (DESIGN.md "Caching semantics") on lru-cache's fetch(): lru-cache does the
// coalescing (one upstream call per key, however many wait) and the background refresh; this file adds
// the two stale windows, the byte bound, tags and purges.
//
// Timeline of one entry (t = time since it was stored, F = its fresh lifetime):
//   t < F                        HIT
//   F ≤ t < F + CACHE_SWR_S      STALE at once, one background refresh
//   later                        wait for a fresh answer (MISS); if the upstream fails in a transient way
//                                (timeout, network, 5xx, unreadable) and t < F + CACHE_STALE_IF_ERROR_S → STALE
//
// With a second tier (REDIS_URL, server/shared-tier/), a first-tier miss asks it before the upstream: an
// entry another instance stored comes back with its own storedAt (ages stay true) and counts as a HIT; a
// cold key is fetched by one instance while the others wait for it. A first-tier hit never touches it.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CacheStatus } from './api.ts';
import { UpstreamError } from './api.ts';
import { keyPath } from './keys.ts';

const gzip = promisify(gzipCb);

/** Answers smaller than this are not worth a compressed copy. */
const GZIP_MIN_BYTES = 1024;
/**
 * Book-keeping per entry beyond its key, tags and bytes, counted in the bound: the entry object, its
 * etag, the tags array, two Buffers with their ArrayBuffers and backing stores, lru-cache's slot. A heap
 * snapshot after `npm run bench:soak` showed ~0.8 KB of heap per entry plus the backing stores; 256 B
 * made thousands of small answers (an empty search is ~150 B) cost several times what was counted.
 */
const ENTRY_OVERHEAD_BYTES = 1024;

/** What a string costs in V8 at most: two bytes per UTF-16 unit (any CJK makes all of it two-byte), plus its header. */
export function stringBytes(s: string): number {
  return 2 * s.length + 16;
}

/**
 * The same bytes in an ArrayBuffer of their own and of their size. A Buffer that is a slice of a bigger
 * one keeps all of it alive for as long as the cache keeps the slice: undici's body is a view into the
 * socket read (headers included), Buffer.concat and Buffer.from put anything under 4 KiB into a
 * shared 8 KiB pool slab, and zlib's output is a slice of its 16 KiB output chunk. Measured in the soak:
 * 26.5 MiB of ArrayBuffers held by entries counted as 14.8 MiB, most of it 8 KiB slabs behind ~2 KB
 * gzip copies. (Buffer.from(buf) and Buffer.copyBytesFrom use the pool too, hence the ArrayBuffer copy.)
 */
export function ownBytes(buf: Buffer): Buffer {
  if (buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength) return buf;
  return Buffer.from(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}

export interface CacheEntry {
  readonly key: string;
  readonly endpoint: string;
  /** The upstream's answer exactly as received. */
  readonly raw: Buffer;
  /** The same bytes gzipped once at store time (null when too small to bother). */
  readonly gzip: Buffer | null;
  readonly etag: string;
  /** When the upstream produced it (injected clock, ms). */
  readonly storedAt: number;
  readonly freshMs: number;
  readonly tags: readonly string[];
}

export type CacheEvent = 'hit' | 'miss' | 'stale' | 'refresh' | 'evict';

export interface LookupSpec {
  endpoint: string;
  ttlS: number;
  tags: () => readonly string[];
  /** Fetches the answer bytes; throws an UpstreamError on failure (then nothing is stored). */
  load: () => Promise<Buffer>;
  /** Wait for the refresh of an entry past its fresh life (a background page render): no STALE at once. */
  preferFresh?: boolean;
}

export interface Lookup {
  entry: CacheEntry;
  status: Exclude<CacheStatus, 'BYPASS'>;
}

export type PurgeSelector = { all: true } | { prefix: string } | { tag: string } | { allTags: readonly string[] };

export interface PurgedEntry {
  key: string;
  tags: readonly string[];
}

export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  stale: number;
  hitRatio: number;
}

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

/** A tier shared by instances below this one (server/shared-tier/api-entries.ts); copes with its own failures. */
export interface SecondTier {
  /**
   * A fresh entry from the shared tier (shared: true), else load()'s — run by one instance per cold burst —
   * which is shared for its fresh life plus keepMs. When load() fails in a transient way, a stored copy
   * within keepMs of its fresh life (shared: true); otherwise load()'s error passes through.
   */
  fill(key: string, load: () => Promise<CacheEntry>, keepMs: number): Promise<{ entry: CacheEntry; shared: boolean }>;
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

/** A healthy service answers well within this; a slower one is treated as failing for this request. */
export const STALE_PATIENCE_MS = 100;

const TOO_SLOW = Symbol('too slow');

/** The promise's value if it settles within `ms`, else TOO_SLOW (the promise itself goes on). */
async function withinPatience<T>(promise: Promise<T>, ms: number): Promise<T | typeof TOO_SLOW> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<typeof TOO_SLOW>((resolve) => (timer = setTimeout(() => resolve(TOO_SLOW), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

interface FetchContext {
  spec: LookupSpec;
}

/** Failures where an old answer beats no answer; an application error or a 4xx is an answer. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof UpstreamError)) return false;
  if (err.code === 'UPSTREAM_HTTP') return (err.httpStatus ?? 0) >= 500;
  return err.code !== 'UPSTREAM_APP';
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { maxBytes, now, onEvent } = options;
  const swrMs = options.swrS * 1000;
  const staleIfErrorMs = options.staleIfErrorS * 1000;
  const keepMs = Math.max(swrMs, staleIfErrorMs);
  const stalePatienceMs = options.stalePatienceMs ?? STALE_PATIENCE_MS;
  const counts = { hits: 0, misses: 0, stale: 0 };
  const listeners: Array<(selector: PurgeSelector, removed: PurgedEntry[]) => void> = [];
  const emit = (event: CacheEvent) => onEvent?.(event);
  /** Keys being fetched, with their tags: a purge also drops an answer still on its way. */
  const loading = new Map<string, readonly string[]>();
  /** Entries that came from the second tier: no upstream call was made for them (HIT, or STALE for a fallback copy). */
  const fromShared = new WeakSet<CacheEntry>();
  const { secondTier } = options;

  async function loadEntry(key: string, spec: LookupSpec, tags: readonly string[]): Promise<CacheEntry> {
    const raw = ownBytes(await spec.load());
    return {
      key,
      endpoint: spec.endpoint,
      raw,
      gzip: raw.length >= GZIP_MIN_BYTES ? ownBytes(await gzip(raw)) : null,
      etag: etagOf(raw),
      storedAt: now(),
      freshMs: spec.ttlS * 1000,
      tags,
    };
  }

  const lru = new LRUCache<string, CacheEntry, FetchContext>({
    maxSize: maxBytes,
    // One answer may not take more than a quarter of the cache (it would flush everything else).
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    // What the entry really holds (its Buffers own their memory: see ownBytes).
    sizeCalculation: (entry, key) =>
      stringBytes(key) + entry.tags.reduce((n, t) => n + stringBytes(t), 0) + entry.raw.length + (entry.gzip?.length ?? 0) + ENTRY_OVERHEAD_BYTES,
    ttl: 60_000,
    // Lets forEach (purges, sweeps, stats) see stale entries too; every lookup passes its own allowStale.
    allowStale: true,
    noDeleteOnStaleGet: true,
    // Keep the old answer while a refresh runs and when it fails; we decide when to serve it.
    noDeleteOnFetchRejection: true,
    // A purge or an eviction during a fetch must not fail the visitors waiting on it.
    ignoreFetchAbort: true,
    perf: { now },
    // No cached clock reading: the injected clock decides alone (tests move it by hand).
    ttlResolution: 0,
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') emit('evict');
    },
    fetchMethod: async (key, staleValue, { context, options: stored }) => {
      if (staleValue !== undefined) emit('refresh');
      const { spec } = context;
      const tags = spec.tags();
      loading.set(key, tags);
      try {
        if (!secondTier) return await loadEntry(key, spec, tags);
        const { entry, shared } = await secondTier.fill(key, () => loadEntry(key, spec, tags), keepMs);
        if (shared) fromShared.add(entry);
        // A shared entry is older than this fetch: it stays fresh here only for the rest of its own life.
        stored.ttl = Math.max(1, entry.freshMs - (now() - entry.storedAt));
        return entry;
      } finally {
        loading.delete(key);
      }
    },
  });

  const timer = setInterval(() => sweep(), options.sweepEveryMs ?? 60_000);
  timer.unref();

  function sweep(): number {
    const t = now();
    const dead: string[] = [];
    lru.forEach((entry, key) => {
      if (t - entry.storedAt >= entry.freshMs + keepMs) dead.push(key);
    });
    for (const key of dead) lru.delete(key);
    return dead.length;
  }

  function count(status: Lookup['status']): Lookup['status'] {
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
  }

  return {
    async lookup(key, spec) {
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
        const entry = canFallBack ? await withinPatience(fetching, stalePatienceMs) : await fetching;
        if (entry === TOO_SLOW) {
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
    },

    peekFresh(key) {
      const entry = lru.peek(key);
      if (!entry || now() - entry.storedAt >= entry.freshMs) return null;
      lru.get(key); // recency: a busy entry is the last to be evicted
      count('HIT');
      return entry;
    },

    purge(selector) {
      const removed: PurgedEntry[] = [];
      const matches = matcher(selector);
      lru.forEach((entry, key) => {
        if (matches(key, entry.tags)) removed.push({ key, tags: entry.tags });
      });
      for (const { key } of removed) lru.delete(key);
      // Deleting a key mid-fetch lets the waiters have the answer (ignoreFetchAbort) but keeps it out.
      for (const [key, tags] of loading) if (matches(key, tags)) lru.delete(key);
      for (const listener of listeners) listener(selector, removed);
      return removed;
    },

    onPurge(listener) {
      listeners.push(listener);
    },

    stats() {
      const looked = counts.hits + counts.misses + counts.stale;
      return {
        entries: lru.size,
        bytes: lru.calculatedSize,
        maxBytes,
        ...counts,
        hitRatio: looked === 0 ? 0 : (counts.hits + counts.stale) / looked,
      };
    },

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

/** The weak validator of an answer's bytes. */
export function etagOf(raw: Buffer): string {
  return `W/"${createHash('sha1').update(raw).digest('base64url').slice(0, 27)}"`;
}

/** Whether an entry (key, tags) is removed by a purge selector; the shared tier matches keys with it too. */
/** What a purge selector removes; `pathOf` reads a key's path (API keys by default; pages pass theirs). */
export function matcher(selector: PurgeSelector, pathOf: (key: string) => string = keyPath): (key: string, tags: readonly string[]) => boolean {
  if ('all' in selector) return () => true;
  if ('prefix' in selector) {
    const { prefix } = selector;
    return (key) => key.startsWith(prefix) || pathOf(key).startsWith(prefix);
  }
  if ('tag' in selector) return (_key, tags) => tags.includes(selector.tag);
  return (_key, tags) => selector.allTags.every((t) => tags.includes(t));
}
