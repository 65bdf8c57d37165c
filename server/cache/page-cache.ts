// The page cache: whole answers of the page engine (HTML documents) for anonymous GETs,
// wrapped around a render the way lru-cache's fetch() wraps its fetchMethod. A page remembers the
// upstream cache tags it was built from, so purging an upstream entry — by an operator or after a write —
// purges the pages built on it too.
//
// Timeline of one page (t = time since it was stored, F = its fresh lifetime, PAGE_CACHE_TTL_S):
//   t < F                              HIT
//   F ≤ t < F + PAGE_CACHE_SWR_S        STALE at once, one re-render in the background
//   F ≤ t < F + PAGE_CACHE_STALE_IF_ERROR_S (past the SWR window)
//                                      wait (a bounded while) for one re-render; if it cannot be kept
//                                      (an upstream failed, the page broke) → STALE, and for the next
//                                      RERENDER_RETRY_MS STALE at once
//   later, or nothing stored           render (concurrent requests for one page wait on the first render)
//
// A render settles when the render itself has ended — with the page it stored, or null — never on what
// happens to the socket of the visitor it is streamed to. Stored only when it is safe to replay: status
// 200 and every upstream answer the page used was fresh (a page built on stale data is not pinned for
// another lifetime); a page that changes by the clock alone says when, and is kept no longer than that,
// with no stale window.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import {
  lacksBrotli,
  prepare,
  preparedBytes,
  sendPrepared,
  withBrotli,
  type HeaderPairs,
  type Prepared,
  type Sending,
} from '../http/prepared.ts';
import { etagOf, matcher, stringBytes, within, type CacheEvent, type CacheStats, type PurgedEntry, type PurgeSelector } from './kit.ts';
import type { LookupStatus } from './kit.ts';

/** How long a request waits for the render another request started before rendering itself (and how long a background re-render may take). */
const FOLLOW_LIMIT_MS = 15_000;
/** How long a request in the stale-if-error window waits for the re-render before it gets the old page. */
const STALE_PATIENCE_MS = 1_000;
/**
 * After a background re-render that could not keep the page (a part's upstream call failed, the service
 * is down), that page is not re-rendered again for this long: its visitors get the stored page at once,
 * rather than each paying a render of its own that cannot be kept.
 */
export const RERENDER_RETRY_MS = 5_000;
/** Pages bigger than this are not kept (they would crowd out everything else). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Book-keeping per page beyond its key, tags and prepared answer (entry object, lru-cache's slot). */
const PAGE_OVERHEAD_BYTES = 1024;

/** A render as the page cache takes it: what the answer is, and its whole body once the render has ended. */
export interface RenderedPage {
  status: number;
  /** The answer's own headers (type, location, caching, a STALE label); per-request ones are the sender's. */
  headers: HeaderPairs;
  /** What the page was built from; null when it must not be kept (an error, stale or failed parts). */
  keep: { tags: readonly string[]; expiresAt?: number } | null;
  /** The bounded metrics label of the route that made it. */
  routeId: string;
  /** The whole body once the render has ended; null when it ended badly (cut off, broken) or is not kept. */
  complete: Promise<Buffer | null>;
}

/** One stored page. */
export interface PageEntry {
  readonly key: string;
  readonly prepared: Prepared;
  readonly storedAt: number;
  readonly freshMs: number;
  readonly swrMs: number;
  readonly staleIfErrorMs: number;
  readonly tags: readonly string[];
  readonly routeId: string;
  /** Stored without its brotli copy, which its first hit makes: a page asked for once never needs one. */
  readonly brotliDue: boolean;
}

/** Whole pages in the shared tier (never throws; a slow or absent tier answers null). */
export interface PageSecondTier {
  get(key: string): Promise<PageEntry | null>;
  set(entry: PageEntry, ttlMs: number): void;
}

/** A page answer found for a request. */
export interface PageFound {
  entry: PageEntry;
  /** A found page is never a MISS. */
  status: Exclude<LookupStatus, 'MISS'>;
  /**
   * Its view is counted elsewhere, so sending it does not: by the re-render this request started (see
   * carriedBy), or by the view beacon when the visitor opens a page the browser fetched on a guess.
   */
  visitCarried: boolean;
}

/** What fetch() hands the caller: a stored page, or the render this caller started (with its headers decided). */
export type Fetched<R extends RenderedPage> = { found: PageFound } | { rendered: R; headers: HeaderPairs };

/** The response cache's figures, plus the renders. */
export interface PageCacheStats extends CacheStats {
  /** Pages rendered to be kept (misses and background re-renders). */
  renders: number;
  /** Requests that waited out the follow limit behind another render, then rendered themselves. */
  followTimeouts: number;
}

export interface PageCache {
  /** The stored answer for a key, following the timeline above; null = render it (fetch counts the miss). */
  find(key: string): PageFound | null | Promise<PageFound | null>;
  /** The stored answer, or the render `render` starts: one render per key at a time, the others wait for its page. */
  fetch<R extends RenderedPage>(key: string, render: () => Promise<R>): Promise<Fetched<R>>;
  /** Sends a found page (HIT/STALE, true Age) and counts the view. */
  send(req: IncomingMessage, res: ServerResponse, found: PageFound, sending: Pick<Sending, 'requestId' | 'close'>): void;
  /** Follows a purge of the upstream cache: the same selector, and every page built on a removed entry. */
  purge(selector: PurgeSelector, removedUpstream?: readonly PurgedEntry[]): number;
  stats(): PageCacheStats;
  close(): void;
}

export interface PageCacheOptions {
  ttlS: number;
  /** PAGE_CACHE_SWR_S; default 0. */
  swrS?: number;
  /** PAGE_CACHE_STALE_IF_ERROR_S; default 0. */
  staleIfErrorS?: number;
  maxBytes: number;
  now: () => number;
  /** Headers every stored page is sent with (the security headers). */
  headers?: HeaderPairs;
  onEvent?: (event: CacheEvent) => void;
  /** Told the tags of every page served from the cache (the visits it was built on still count). */
  onHit?: (tags: readonly string[]) => void;
  /** Renders a stored page again, in the background (no visitor waits); without it, its visitor renders it. */
  rerender?: (key: string) => Promise<RenderedPage>;
  stalePatienceMs?: number;
  /** How long followers wait on a render, and a background re-render may take; default FOLLOW_LIMIT_MS. */
  followLimitMs?: number;
  /** The shared second tier (Redis): a page rendered by one instance is a hit on the others. */
  shared?: PageSecondTier;
  /** Told of a background re-render let go unfinished after followLimitMs. */
  onRerenderAbandoned?: (key: string) => void;
}

/** The page key: protocol, Host as sent, and the raw target. */
export const pageKey = (protocol: string, host: string, target: string): string => `${protocol}://${host}${target}`;

/** The path of a page key (what operators purge by prefix, here and in the shared tier). */
export function pagePathOf(key: string): string {
  try {
    return new URL(key).pathname;
  } catch {
    return key;
  }
}

/** How long a page is worth keeping from when it was stored: its fresh life and the longer stale window. */
export const keepMsOf = (e: PageEntry): number => e.freshMs + Math.max(e.swrMs, e.staleIfErrorMs);

/** Headers of a render that are per request or per coding, never replayed. */
const SKIPPED_HEADERS = new Set([
  'set-cookie',
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-cache',
  'age',
  'etag',
  'vary',
  'x-edge-worker',
]);

/** `Cache-Control` of a page that may be kept: browsers revalidate (a purge cannot reach them), shared caches keep it. */
const sharedCacheControl = (ttlS: number, swrS: number, staleIfErrorS: number): string =>
  `public, max-age=0, s-maxage=${ttlS}, stale-while-revalidate=${swrS}, stale-if-error=${staleIfErrorS}`;

/** Tags as CDN purge keys: Surrogate-Key (Fastly: space-separated) and Cache-Tag (Cloudflare, Akamai: commas). */
function tagHeaders(tags: readonly string[]): Array<[string, string]> {
  const safe = tags.filter((t) => /^[\x21-\x7e]+$/.test(t) && !t.includes(','));
  return safe.length === 0
    ? []
    : [
        ['Surrogate-Key', safe.join(' ')],
        ['Cache-Tag', safe.join(',')],
      ];
}

const headerOf = (headers: HeaderPairs, name: string): string | undefined => headers.find(([n]) => n.toLowerCase() === name)?.[1];

interface Policy {
  ttlMs: number;
  swrMs: number;
  staleIfErrorMs: number;
  now: () => number;
}

/** PAGE_CACHE_TTL_S, or less when the page goes out of date sooner by the clock (then no stale window). */
function lifetimeOf(policy: Policy, expiresAt: number | undefined): { freshMs: number; byClock: boolean } {
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return { freshMs: policy.ttlMs, byClock: false };
  const left = Math.max(0, expiresAt - policy.now());
  return left < policy.ttlMs ? { freshMs: left, byClock: true } : { freshMs: policy.ttlMs, byClock: false };
}

/** What a render is worth to the cache: whether it may be kept, for how long, and the headers it goes out with. */
interface Judged {
  keepable: boolean;
  freshMs: number;
  byClock: boolean;
  tags: string[];
  headers: HeaderPairs;
}

function judgeRender(policy: Policy, key: string, page: RenderedPage): Judged {
  const cacheControl = headerOf(page.headers, 'cache-control') ?? '';
  const { freshMs, byClock } = lifetimeOf(policy, page.keep?.expiresAt);
  const keepable = page.keep !== null && page.status === 200 && !/no-store|private/.test(cacheControl) && freshMs > 0;
  const tags = page.keep ? [...page.keep.tags, `path:${pagePathOf(key)}`] : [];
  const headers: Array<readonly [string, string]> = page.headers.filter(([n]) => n.toLowerCase() !== 'cache-control');
  if (keepable) {
    const stale = (ms: number) => (byClock ? 0 : Math.floor(ms / 1000));
    headers.push(
      ['Cache-Control', sharedCacheControl(Math.floor(freshMs / 1000), stale(policy.swrMs), stale(policy.staleIfErrorMs))],
      ...tagHeaders(tags),
    );
  } else headers.push(['Cache-Control', cacheControl || 'no-cache']);
  if (headerOf(page.headers, 'x-cache') === undefined) headers.push(['X-Cache', 'MISS'], ['Age', '0']);
  return { keepable, freshMs, byClock, tags, headers };
}

/** The stored pages: a byte-bounded LRU here, the shared tier behind it, and the purge generation. */
class PageStore {
  private readonly lru: LRUCache<string, PageEntry>;
  /** Bumped by every purge: a render begun before a purge may show purged data, so it is not kept. */
  private gen = 0;
  /** Pages whose brotli copy is being made. */
  private readonly compressing = new Set<string>();

  constructor(
    private readonly policy: Policy,
    maxBytes: number,
    private readonly baseHeaders: HeaderPairs,
    emit: (event: CacheEvent) => void,
    private readonly shared?: PageSecondTier,
  ) {
    this.lru = new LRUCache<string, PageEntry>({
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
      sizeCalculation: (e, key) =>
        stringBytes(key) + e.tags.reduce((n, t) => n + stringBytes(t), 0) + preparedBytes(e.prepared) + PAGE_OVERHEAD_BYTES,
      ttlResolution: 0,
      perf: { now: policy.now },
      dispose: (_v, _k, reason) => {
        if (reason === 'evict') emit('evict');
      },
    });
  }

  private keep(entry: PageEntry): void {
    // lru-cache keeps an entry while its age is not above the ttl: one ms less makes the end a miss.
    const ttl = entry.storedAt + keepMsOf(entry) - this.policy.now() - 1;
    if (ttl > 0) this.lru.set(entry.key, entry, { ttl });
  }

  get = (key: string): PageEntry | undefined => this.lru.get(key);
  delete = (key: string): void => void this.lru.delete(key);
  generation = (): number => this.gen;
  size = (): { entries: number; bytes: number } => ({ entries: this.lru.size, bytes: this.lru.calculatedSize });
  clear = (): void => this.lru.clear();

  /** Keeps a rendered page (compressed once, in the thread pool) unless a purge came since `began`. */
  async store(
    key: string,
    page: { body: Buffer; headers: HeaderPairs; at: number; judged: Judged; routeId: string },
    began: number,
  ): Promise<PageEntry | null> {
    if (this.gen !== began) return null;
    const replayed = [...this.baseHeaders, ...page.headers.filter(([n]) => !SKIPPED_HEADERS.has(n.toLowerCase()))];
    // Compressed once per page and lifetime, in the thread pool, after the visitor has the answer: gzip
    // now, brotli at the page's first hit (most of the compression work, and under many distinct URLs
    // most pages are never asked for again).
    const prepared = await prepare(200, replayed, page.body, etagOf(page.body), { brotli: false });
    if (this.gen !== began) return null;
    const { judged } = page;
    const entry: PageEntry = {
      key,
      prepared,
      storedAt: page.at,
      freshMs: judged.freshMs,
      swrMs: judged.byClock ? 0 : this.policy.swrMs,
      staleIfErrorMs: judged.byClock ? 0 : this.policy.staleIfErrorMs,
      tags: judged.tags,
      routeId: page.routeId,
      brotliDue: lacksBrotli(prepared),
    };
    this.keep(entry);
    this.shared?.set(entry, keepMsOf(entry));
    return this.lru.peek(key) === entry ? entry : null;
  }

  /** A fresh page was answered from here: it gains its brotli copy if it has none yet (in the background). */
  hit(entry: PageEntry): void {
    if (!entry.brotliDue || this.compressing.has(entry.key)) return;
    this.compressing.add(entry.key);
    const began = this.gen;
    withBrotli(entry.prepared)
      .then((prepared) => {
        // Not if it was purged, replaced or dropped meanwhile; the shared tier keeps its copy as it was
        // (another instance makes its own brotli copy at its first hit).
        if (this.gen !== began || this.lru.peek(entry.key) !== entry) return;
        const { key, storedAt, freshMs, swrMs, staleIfErrorMs, tags, routeId } = entry;
        this.keep({ key, prepared, storedAt, freshMs, swrMs, staleIfErrorMs, tags, routeId, brotliDue: false });
      })
      // Without it the page is still sent, in gzip: nothing to tell the visitor.
      .catch(() => undefined)
      .finally(() => this.compressing.delete(entry.key));
  }

  /** A fresh copy another instance stored in the shared tier, kept here too; null when there is none. */
  async fromShared(key: string): Promise<PageEntry | null> {
    const entry = await this.shared?.get(key);
    if (!entry || this.policy.now() - entry.storedAt >= entry.freshMs) return null;
    this.keep(entry);
    return entry;
  }

  /** The pages the selector names, and every page built on a removed upstream entry. */
  purge(selector: PurgeSelector, removedUpstream: readonly PurgedEntry[]): number {
    this.gen += 1;
    const entryTags = new Set(removedUpstream.flatMap((r) => r.tags.filter((t) => t.startsWith('entry:'))));
    const matches = matcher(selector, pagePathOf);
    const doomed: string[] = [];
    this.lru.forEach((page, key) => {
      if (matches(key, page.tags) || page.tags.some((t) => entryTags.has(t))) doomed.push(key);
    });
    for (const key of doomed) this.lru.delete(key);
    return doomed.length;
  }
}

/** The page cache itself: the timeline above over the stored pages, and the renders under way by key. */
class Pages implements PageCache {
  private readonly policy: Policy;
  private readonly patienceMs: number;
  private readonly followLimitMs: number;
  private readonly counts = { hits: 0, misses: 0, stale: 0, renders: 0, followTimeouts: 0 };
  private readonly pages: PageStore;
  /** Renders under way, by key: what their followers wait on (the page, or null when it was not kept). */
  private readonly inflight = new Map<string, Promise<PageEntry | null>>();
  /** When a stored page's last re-render came to nothing (gone with the page). */
  private readonly failedAt = new WeakMap<PageEntry, number>();

  constructor(private readonly options: PageCacheOptions) {
    const now = options.now;
    this.policy = {
      ttlMs: options.ttlS * 1000,
      swrMs: (options.swrS ?? 0) * 1000,
      staleIfErrorMs: (options.staleIfErrorS ?? 0) * 1000,
      now,
    };
    this.patienceMs = options.stalePatienceMs ?? STALE_PATIENCE_MS;
    this.followLimitMs = options.followLimitMs ?? FOLLOW_LIMIT_MS;
    this.pages = new PageStore(this.policy, options.maxBytes, options.headers ?? [], (event) => this.emit(event), options.shared);
  }

  private emit(event: CacheEvent): void {
    this.options.onEvent?.(event);
  }

  private track(key: string, render: Promise<PageEntry | null>): void {
    this.inflight.set(key, render);
    void render.finally(() => {
      if (this.inflight.get(key) === render) this.inflight.delete(key);
    });
  }

  /** Keeps what a render produced, once it has ended; the page, or null when it may not be kept. */
  private async settleRender(key: string, page: RenderedPage, judged: Judged, began: number): Promise<PageEntry | null> {
    const body = await page.complete;
    if (!body || !judged.keepable || body.length > MAX_PAGE_BYTES) return null;
    // Its age counts from when the render ended, not from when its compressed copies are ready.
    return this.pages.store(key, { body, headers: judged.headers, at: this.options.now(), judged, routeId: page.routeId }, began);
  }

  /**
   * Starts one render of `key` (registered before its first await, so the requests behind it wait on what
   * it stores). A visitor's render asks the shared tier first: another instance may have the page.
   */
  private async render<R extends RenderedPage>(key: string, start: () => Promise<R>, askShared: boolean): Promise<Fetched<R>> {
    const began = this.pages.generation();
    let settle!: (entry: PageEntry | null) => void;
    this.track(key, new Promise<PageEntry | null>((resolve) => (settle = resolve)));
    try {
      const shared = askShared && this.options.shared ? await this.pages.fromShared(key).catch(() => null) : null;
      if (shared) {
        settle(shared);
        return { found: this.found(shared, 'HIT') };
      }
      if (askShared) {
        this.counts.misses += 1;
        this.emit('miss');
      }
      this.counts.renders += 1;
      const rendered = await start();
      const judged = judgeRender(this.policy, key, rendered);
      this.settleRender(key, rendered, judged, began).then(settle, () => settle(null));
      return { rendered, headers: judged.headers };
    } catch (err) {
      settle(null);
      throw err;
    }
  }

  /**
   * Starts one background re-render of a stored page, unless one (or a visitor's render) is under way or
   * the last one came to nothing a moment ago. Its followers get the new page, or null.
   */
  private refresh(entry: PageEntry): { page: Promise<PageEntry | null>; started: boolean } {
    const running = this.inflight.get(entry.key);
    if (running) return { page: running, started: false };
    const failed = this.failedAt.get(entry);
    const rerender = this.options.rerender;
    if (!rerender || (failed !== undefined && this.options.now() - failed < RERENDER_RETRY_MS))
      return { page: Promise.resolve(null), started: false };
    this.emit('refresh');
    // render() registers the render before its first await: `stored` is what its followers wait on.
    void this.render(entry.key, () => rerender(entry.key), false).catch(() => undefined);
    const stored = this.inflight.get(entry.key)!;
    const page = within(
      stored.then((p) => ({ p })),
      this.followLimitMs,
    ).then((settled) => {
      if (settled) return settled.p;
      // A re-render that cannot finish leaves the page old for good: the operator hears of it, and the
      // next visitor past the window (and the retry pause) starts another.
      this.options.onRerenderAbandoned?.(entry.key);
      this.failedAt.set(entry, this.options.now());
      if (this.inflight.get(entry.key) === stored) this.inflight.delete(entry.key);
      return null;
    });
    // Recorded as the render settles, in the same turn its marker goes: no visitor sees neither.
    void stored.then((p) => {
      if (p === null) this.failedAt.set(entry, this.options.now());
    });
    return { page, started: true };
  }

  private found(entry: PageEntry, status: PageFound['status'], visitCarried = false): PageFound {
    if (status === 'HIT') {
      this.counts.hits += 1;
      this.pages.hit(entry);
    } else this.counts.stale += 1;
    this.emit(status === 'HIT' ? 'hit' : 'stale');
    return { entry, status, visitCarried };
  }

  /**
   * Whether the view of the request that started this re-render is the re-render's to count: its article
   * call counts one at the service (a fetch, or a cache hit told to it), so counting the answer as well
   * would count two views of one. A re-render that comes to nothing may not have got that far: the view
   * is counted when it settles.
   */
  private carriedBy(r: { page: Promise<PageEntry | null>; started: boolean }, entry: PageEntry): boolean {
    if (!r.started) return false;
    void r.page.then((page) => {
      if (!page) this.options.onHit?.(entry.tags);
    });
    return true;
  }

  private async waitForRefresh(entry: PageEntry): Promise<PageFound> {
    const r = this.refresh(entry);
    const carried = this.carriedBy(r, entry);
    const fresh = await within(r.page, this.patienceMs);
    return fresh ? this.found(fresh, 'HIT', carried) : this.found(entry, 'STALE', carried);
  }

  /** A stored page by its age: the timeline at the top of this file; null once it is past every window. */
  private judge(entry: PageEntry): PageFound | null | Promise<PageFound> {
    const pastMs = this.options.now() - entry.storedAt - entry.freshMs;
    if (pastMs < 0) return this.found(entry, 'HIT');
    if (pastMs < entry.swrMs) return this.found(entry, 'STALE', this.carriedBy(this.refresh(entry), entry));
    if (pastMs < entry.staleIfErrorMs) return this.waitForRefresh(entry);
    return null;
  }

  /** The page a render under way stores; null when it keeps none, or when it is not done within the follow limit. */
  private follow(running: Promise<PageEntry | null>): Promise<PageEntry | null> {
    return within(
      running.then((page) => ({ page })),
      this.followLimitMs,
    ).then((settled) => {
      if (settled) return settled.page;
      this.counts.followTimeouts += 1;
      return null;
    });
  }

  find(key: string): PageFound | null | Promise<PageFound | null> {
    const entry = this.pages.get(key);
    if (entry) {
      const result = this.judge(entry);
      if (result) return result;
      this.pages.delete(key);
    }
    const running = this.inflight.get(key);
    // Behind a render under way: its page (judged like a stored one), or render it here after all.
    if (running) return this.follow(running).then((rendered) => (rendered ? this.judge(rendered) : null));
    return null;
  }

  async fetch<R extends RenderedPage>(key: string, start: () => Promise<R>): Promise<Fetched<R>> {
    // find() follows a render under way itself; one that began while this request looked is followed here.
    const followed = this.inflight.has(key);
    const stored = await this.find(key);
    if (stored) return { found: stored };
    const running = followed ? undefined : this.inflight.get(key);
    const page = running ? await this.follow(running) : null;
    const result = page ? await this.judge(page) : null;
    if (result) return { found: result };
    return this.render(key, start, true);
  }

  send(
    req: IncomingMessage,
    res: ServerResponse,
    { entry, status, visitCarried }: PageFound,
    sending: Pick<Sending, 'requestId' | 'close'>,
  ): void {
    const ageS = Math.max(0, Math.floor((this.options.now() - entry.storedAt) / 1000));
    sendPrepared(req, res, entry.prepared, { requestId: sending.requestId, close: sending.close, cache: status, ageS });
    if (req.method === 'GET' && !visitCarried) this.options.onHit?.(entry.tags);
  }

  purge(selector: PurgeSelector, removedUpstream: readonly PurgedEntry[] = []): number {
    return this.pages.purge(selector, removedUpstream);
  }

  stats(): PageCacheStats {
    const { hits, misses, stale, renders, followTimeouts } = this.counts;
    const looked = hits + misses + stale;
    const { entries, bytes } = this.pages.size();
    const hitRatio = looked === 0 ? 0 : (hits + stale) / looked;
    return { entries, bytes, maxBytes: this.options.maxBytes, hits, misses, stale, renders, followTimeouts, hitRatio };
  }

  close(): void {
    this.pages.clear();
  }
}

export function createPageCache(options: PageCacheOptions): PageCache {
  return new Pages(options);
}
