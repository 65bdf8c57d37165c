// The stored pages: a byte-bounded LRU in this process, the shared tier (Redis) behind it, and the
// purge generation — a render begun before a purge may show purged data, so it is not kept.
import { LRUCache } from 'lru-cache';
import { lacksBrotli, prepare, preparedBytes, withBrotli } from '../door/prepared.ts';
import { etagOf, matcher, stringBytes, type CacheEvent, type PurgedEntry, type PurgeSelector } from '../upstream/cache.ts';
import type { CapturedPage } from './capture.ts';
import { decodePage, encodePage, keepMsOf, pagePathOf, type PageEntry } from './entry.ts';

/** Book-keeping per page beyond its key, tags and prepared answer (entry object, lru-cache's slot). */
const PAGE_OVERHEAD_BYTES = 1024;

/** Whole pages in the shared tier, as bytes (never throws; a slow or absent tier answers null). */
export interface PageSecondTier {
  get(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer, ttlMs: number, tags: readonly string[]): void;
}

export interface PageStore {
  get(key: string): PageEntry | undefined;
  /** A fresh page was answered from here: it gains its brotli copy if it has none yet (in the background). */
  hit(entry: PageEntry): void;
  delete(key: string): void;
  /** Bumped by every purge. */
  generation(): number;
  /** Keeps a captured page (compressed once, in the thread pool) unless a purge came since `began`. */
  store(key: string, page: CapturedPage, began: number): Promise<PageEntry | null>;
  /** A fresh copy another instance stored in the shared tier, kept here too; null when there is none. */
  fromShared(key: string): Promise<PageEntry | null>;
  /** The pages the selector names, and every page built on a removed upstream entry. */
  purge(selector: PurgeSelector, removedUpstream: readonly PurgedEntry[]): number;
  size(): { entries: number; bytes: number };
  clear(): void;
}

export interface PageStoreOptions {
  maxBytes: number;
  now: () => number;
  swrS: number;
  staleIfErrorS: number;
  emit: (event: CacheEvent) => void;
  shared?: PageSecondTier;
}

export function createPageStore({ maxBytes, now, swrS, staleIfErrorS, emit, shared }: PageStoreOptions): PageStore {
  const lru = new LRUCache<string, PageEntry>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (e, key) => stringBytes(key) + e.tags.reduce((n, t) => n + stringBytes(t), 0) + preparedBytes(e.prepared) + PAGE_OVERHEAD_BYTES,
    ttlResolution: 0,
    perf: { now },
    dispose: (_v, _k, reason) => {
      if (reason === 'evict') emit('evict');
    },
  });
  let generation = 0;

  function keep(entry: PageEntry): void {
    // lru-cache keeps an entry while its age is not above the ttl: one ms less makes the end a miss.
    const ttl = entry.storedAt + keepMsOf(entry) - now() - 1;
    if (ttl > 0) lru.set(entry.key, entry, { ttl });
  }

  async function store(key: string, page: CapturedPage, began: number): Promise<PageEntry | null> {
    if (generation !== began) return null;
    const etag = etagOf(page.body);
    // Compressed once per page and lifetime, in the thread pool, after the visitor has the answer — gzip
    // now, brotli at the page's first hit (hit()): brotli at quality 9 is most of a stored page's
    // compression work, and under many distinct URLs (crawls, searches) most pages are never asked for
    // again. bench/soak.ts (60 s of distinct URLs, 16 at a time), before and after in turn: 18,469 →
    // 21,653 and 18,364 → 19,963 answers.
    const prepared = await prepare(200, page.headers, page.body, etag, { brotli: false });
    if (generation !== began) return null;
    const entry: PageEntry = {
      key,
      prepared,
      storedAt: page.at,
      freshMs: page.freshMs,
      swrMs: page.byClock ? 0 : swrS * 1000,
      staleIfErrorMs: page.byClock ? 0 : staleIfErrorS * 1000,
      tags: page.tags,
      routeId: page.routeId,
      brotliDue: lacksBrotli(prepared),
    };
    if (entry.freshMs <= 0) return null;
    keep(entry);
    shared?.set(key, encodePage(entry), keepMsOf(entry), entry.tags);
    return lru.peek(key) === entry ? entry : null;
  }

  /** Pages whose brotli copy is being made. */
  const compressing = new Set<string>();

  function hit(entry: PageEntry): void {
    if (!entry.brotliDue || compressing.has(entry.key)) return;
    compressing.add(entry.key);
    const began = generation;
    withBrotli(entry.prepared)
      .then((prepared) => {
        // Not if it was purged, replaced or dropped meanwhile; the shared tier keeps its copy as it was
        // (another instance makes its own brotli copy at its first hit).
        if (generation !== began || lru.peek(entry.key) !== entry) return;
        const { key, storedAt, freshMs, swrMs, staleIfErrorMs, tags, routeId } = entry;
        keep({ key, prepared, storedAt, freshMs, swrMs, staleIfErrorMs, tags, routeId, brotliDue: false });
      })
      // Without it the page is still sent, in gzip: nothing to tell the visitor.
      .catch(() => undefined)
      .finally(() => compressing.delete(entry.key));
  }

  async function fromShared(key: string): Promise<PageEntry | null> {
    const buf = await shared?.get(key);
    const entry = buf ? decodePage(key, buf) : null;
    if (!entry || now() - entry.storedAt >= entry.freshMs) return null;
    keep(entry);
    return entry;
  }

  function purge(selector: PurgeSelector, removedUpstream: readonly PurgedEntry[]): number {
    generation += 1;
    const entryTags = new Set(removedUpstream.flatMap((r) => r.tags.filter((t) => t.startsWith('entry:'))));
    const matches = matcher(selector, pagePathOf);
    const doomed: string[] = [];
    lru.forEach((page, key) => {
      if (matches(key, page.tags) || page.tags.some((t) => entryTags.has(t))) doomed.push(key);
    });
    for (const key of doomed) lru.delete(key);
    return doomed.length;
  }

  return {
    get: (key) => lru.get(key),
    hit,
    delete: (key) => void lru.delete(key),
    generation: () => generation,
    store,
    fromShared,
    purge,
    size: () => ({ entries: lru.size, bytes: lru.calculatedSize }),
    clear: () => lru.clear(),
  };
}
