// How the response cache is filled: lru-cache's fetch() does the coalescing (one upstream call per key,
// however many wait) and the background refresh; this file sets the byte bound and makes the entry,
// asking the second tier first when there is one.
//
// With a second tier (REDIS_URL, server/shared-tier/), a first-tier miss asks it before the upstream: an
// entry another instance stored comes back with its own storedAt (ages stay true) and counts as a HIT; a
// cold key is fetched by one instance while the others wait for it. A first-tier hit never touches it.
import { LRUCache } from 'lru-cache';
import { entryBytes, newEntry, type CacheEntry } from './cache-entry.ts';

export interface LookupSpec {
  endpoint: string;
  ttlS: number;
  tags: () => readonly string[];
  /** Fetches the answer bytes; throws an UpstreamError on failure (then nothing is stored). */
  load: () => Promise<Buffer>;
  /**
   * Told at once when this lookup starts filling a key the cache does not hold (not a refresh of a stored
   * answer, not a wait on a fill another lookup started).
   */
  onFill?: () => void;
  /** Wait for the refresh of an entry past its fresh life (a background page render): no STALE at once. */
  preferFresh?: boolean;
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

export interface FetchContext {
  spec: LookupSpec;
}

export type EntryLru = LRUCache<string, CacheEntry, FetchContext>;

/** The entries and what is known about the ones on their way. */
export interface FilledCache {
  lru: EntryLru;
  /** Keys being fetched, with their tags: a purge also drops an answer still on its way. */
  loading: Map<string, readonly string[]>;
  /** Entries that came from the second tier: no upstream call was made for them (HIT, or STALE for a fallback copy). */
  fromShared: WeakSet<CacheEntry>;
}

export interface FillOptions {
  maxBytes: number;
  now: () => number;
  /** How long past its fresh life an entry may still be served (the longer stale window). */
  keepMs: number;
  secondTier?: SecondTier;
  emit: (event: 'refresh' | 'evict') => void;
}

/** What one answer may take of a small cache: the largest page a list call may ask for, with its gzip copy, fits. */
const ENTRY_FLOOR_BYTES = 256 * 1024;

/**
 * The largest entry kept: a small share of the cache, so a few big answers (each distinct call is its own
 * key) cannot push out everything else; in a small cache, up to ENTRY_FLOOR_BYTES but never more than a
 * quarter. A bigger answer is served and not kept.
 */
export function maxEntryBytes(maxBytes: number): number {
  return Math.max(1, Math.floor(maxBytes / 64), Math.min(Math.floor(maxBytes / 4), ENTRY_FLOOR_BYTES));
}

export function createFilledCache({ maxBytes, now, keepMs, secondTier, emit }: FillOptions): FilledCache {
  const loading = new Map<string, readonly string[]>();
  const fromShared = new WeakSet<CacheEntry>();

  const loadEntry = async (key: string, spec: LookupSpec, tags: readonly string[]): Promise<CacheEntry> =>
    newEntry(await spec.load(), { key, endpoint: spec.endpoint, freshMs: spec.ttlS * 1000, tags }, now);

  const lru: EntryLru = new LRUCache<string, CacheEntry, FetchContext>({
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes(maxBytes),
    sizeCalculation: entryBytes,
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
      const { spec } = context;
      if (staleValue !== undefined) emit('refresh');
      else spec.onFill?.();
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

  return { lru, loading, fromShared };
}
