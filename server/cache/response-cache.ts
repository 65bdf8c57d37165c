// The bounded response cache, on lru-cache's fetch(): the answers of read-only content calls under a
// byte bound, each fetched once however many wait for it (lru-cache coalesces the calls and runs the
// background refresh), served stale within two windows, purged by key, path or tag, swept once past
// both windows, and counted.
//
// Timeline of one entry (t = time since it was stored, F = its fresh lifetime):
//   t < F                        HIT
//   F ≤ t < F + CACHE_SWR_S      STALE at once, one background refresh
//   later                        wait for a fresh answer (MISS); if the upstream fails in a transient way
//                                (timeout, network, 5xx, unreadable) and t < F + CACHE_STALE_IF_ERROR_S → STALE
//
// With a second tier (REDIS_URL, server/sharing/), a first-tier miss asks it before the upstream: an
// entry another instance stored comes back with its own storedAt (ages stay true) and counts as a HIT; a
// cold key is fetched by one instance while the others wait for it. A first-tier hit never touches it.
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import {
  createCacheCounts,
  etagOf,
  matcher,
  stringBytes,
  within,
  type CacheEvent,
  type CacheStats,
  type LookupStatus,
  type PurgedEntry,
  type PurgeSelector,
} from './kit.ts';
import { ownBytes } from '../http/prepared.ts';

// ---- Entries ----

const gzip = promisify(gzipCb);

/** Answers smaller than this are not worth a compressed copy. */
const GZIP_MIN_BYTES = 1024;
/**
 * Book-keeping per entry beyond its key, tags and bytes, counted in the bound: the entry object, its
 * etag, the tags array, two Buffers with their ArrayBuffers and backing stores, lru-cache's slot. It is
 * counted generously: a small answer (an empty search) is mostly book-keeping, and a bound that counted
 * little of it would hold several times what it says.
 */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * One answer: its bytes (its own copies, and a gzip copy made once), its validator, when it was stored
 * and for how long it is fresh.
 */
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

/** What the entry really holds (its Buffers own their memory: see ownBytes): its size in the byte bound. */
function entryBytes(entry: CacheEntry, key: string): number {
  return (
    stringBytes(key) +
    entry.tags.reduce((n, t) => n + stringBytes(t), 0) +
    entry.raw.length +
    (entry.gzip?.length ?? 0) +
    ENTRY_OVERHEAD_BYTES
  );
}

/** An entry for an answer just received; stored at `now()` once its gzip copy is made. */
async function newEntry(
  answer: Buffer,
  about: { key: string; endpoint: string; freshMs: number; tags: readonly string[] },
  now: () => number,
): Promise<CacheEntry> {
  const raw = ownBytes(answer);
  return {
    key: about.key,
    endpoint: about.endpoint,
    raw,
    gzip: raw.length >= GZIP_MIN_BYTES ? ownBytes(await gzip(raw)) : null,
    etag: etagOf(raw),
    storedAt: now(),
    freshMs: about.freshMs,
    tags: about.tags,
  };
}

// ---- The cache's interface ----

interface LookupSpec {
  endpoint: string;
  ttlS: number;
  tags: () => readonly string[];
  /** Fetches the answer bytes; on failure nothing is stored, and a transient error (isTransient) may be answered stale. */
  load: () => Promise<Buffer>;
  /**
   * Told at once when this lookup starts filling a key the cache does not hold (not a refresh of a stored
   * answer, not a wait on a fill another lookup started).
   */
  onFill?: () => void;
  /** Wait for the refresh of an entry past its fresh life (a background page render): no STALE at once. */
  preferFresh?: boolean;
}

/** A tier shared by instances below this one (server/sharing/); copes with its own failures. */
export interface SecondTier {
  /**
   * A fresh entry from the shared tier (shared: true), else load()'s — run by one instance per cold burst —
   * which is shared for its fresh life plus keepMs. When load() fails in a transient way, a stored copy
   * within keepMs of its fresh life (shared: true); otherwise load()'s error passes through.
   */
  fill(key: string, load: () => Promise<CacheEntry>, keepMs: number): Promise<{ entry: CacheEntry; shared: boolean }>;
}

interface Lookup {
  entry: CacheEntry;
  status: LookupStatus;
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

interface ResponseCacheOptions {
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
const STALE_PATIENCE_MS = 100;

/**
 * Failures where an old answer beats no answer: the error says so itself (`isTransient: true`, as the
 * upstream client's errors do for a timeout, the network, a 5xx or unreadable bytes). An application
 * error or a 4xx is an answer.
 */
export function isTransient(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { isTransient?: unknown }).isTransient === true;
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
  const store = createStore({ maxBytes, now, keepMs, secondTier, emit });
  const { lru } = store;
  const sweep = (): number => sweepEntries(store, now, keepMs);

  const timer = setInterval(() => sweep(), options.sweepEveryMs ?? 60_000);
  timer.unref();

  return {
    lookup: createLookup(store, { swrMs, staleIfErrorMs, stalePatienceMs }, now, counts.count),

    peekFresh(key) {
      // One read, which also keeps a busy entry the last to be evicted (stale ones come back too: allowStale).
      const entry = lru.get(key);
      if (!entry || now() - entry.storedAt >= entry.freshMs) return null;
      counts.count('HIT');
      return entry;
    },

    purge(selector) {
      const removed = purgeEntries(store, selector);
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

// ---- Filling: the byte bound, single flight, the second tier ----

interface FetchContext {
  spec: LookupSpec;
}

/** The entries and what is known about the ones on their way. */
interface Store {
  lru: LRUCache<string, CacheEntry, FetchContext>;
  /** Keys being fetched, with their tags: a purge also drops an answer still on its way. */
  loading: Map<string, readonly string[]>;
  /** Entries that came from the second tier: no upstream call was made for them (HIT, or STALE for a fallback copy). */
  fromShared: WeakSet<CacheEntry>;
}

interface StoreOptions {
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
function maxEntryBytes(maxBytes: number): number {
  return Math.max(1, Math.floor(maxBytes / 64), Math.min(Math.floor(maxBytes / 4), ENTRY_FLOOR_BYTES));
}

function createStore({ maxBytes, now, keepMs, secondTier, emit }: StoreOptions): Store {
  const loading = new Map<string, readonly string[]>();
  const fromShared = new WeakSet<CacheEntry>();

  const loadEntry = async (key: string, spec: LookupSpec, tags: readonly string[]): Promise<CacheEntry> =>
    newEntry(await spec.load(), { key, endpoint: spec.endpoint, freshMs: spec.ttlS * 1000, tags }, now);

  const lru = new LRUCache<string, CacheEntry, FetchContext>({
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

// ---- Lookups: the two stale windows ----

interface StaleWindows {
  swrMs: number;
  staleIfErrorMs: number;
  /** How long a stale-if-error entry waits for its refresh before it is served. */
  stalePatienceMs: number;
}

/** The lookup of a cache: `count` records each answer's status (and returns it). */
function createLookup(
  { lru, fromShared }: Store,
  { swrMs, staleIfErrorMs, stalePatienceMs }: StaleWindows,
  now: () => number,
  count: (status: LookupStatus) => LookupStatus,
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

// ---- Removal: purges and sweeps ----

/** Removes what the selector matches, answers on their way included; returns the stored entries removed. */
function purgeEntries({ lru, loading }: Store, selector: PurgeSelector): PurgedEntry[] {
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
function sweepEntries({ lru }: Store, now: () => number, keepMs: number): number {
  const t = now();
  const dead: string[] = [];
  lru.forEach((entry, key) => {
    if (t - entry.storedAt >= entry.freshMs + keepMs) dead.push(key);
  });
  for (const key of dead) lru.delete(key);
  return dead.length;
}
