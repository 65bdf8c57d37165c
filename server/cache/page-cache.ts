// The page cache: whole answers of the page engine (HTML documents) for anonymous GETs and HEADs, on
// lru-cache's fetch(). The render is its fetch method, given once at construction; `fetch(key, { request })`
// answers one shape whatever happened (a stored page, or the render this request started), and the caller
// sends it: nothing here knows HTTP. A page remembers the upstream cache tags it was built from, so purging
// an upstream entry — by an operator or after a write — purges the pages built on it too.
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
// What lru-cache's fetch() carries (docs/decisions/050-page-cache-on-lru-fetch.md): the pages and their
// byte bound; each page's whole stay (ttl = F and the longer window, then lru-cache drops it); one flight
// per key, which every request for the page joins and whose page they all get; the stale page served while
// a re-render runs (allowStale) and kept when the re-render keeps nothing. What it does not, and is done
// around it here: the first visitor, who gets the render's stream at once (handed over through the
// flight's context) while the others wait for the stored page; when a page is re-rendered and how long a
// visitor waits for it (the two windows, the patience, the retry pause); how long a request follows
// another's render; the purge generation; the shared tier; whose view a re-render carries.
//
// A render settles when the render itself has ended — with the page it stored, or none — never on what
// happens to the socket of the visitor it is streamed to. Stored only when it is safe to replay: status
// 200 and every upstream answer the page used was fresh (a page built on stale data is not pinned for
// another lifetime); a page that changes by the clock alone says when, and is kept no longer than that,
// with no stale window.
import { LRUCache } from 'lru-cache';
import { lacksBrotli, prepare, preparedBytes, withBrotli, type HeaderPairs, type Prepared } from '../http/prepared.ts';
import { createCacheCounts, etagOf, matcher, stringBytes, within } from './kit.ts';
import type { CacheEvent, CacheStats, LookupStatus, PurgedEntry, PurgeSelector } from './kit.ts';

/** How long a request follows the render another request started before rendering itself (and how long a background re-render may take). */
const FOLLOW_LIMIT_MS = 15_000;
/** How long a request in the stale-if-error window waits for the re-render before it gets the old page. */
const STALE_PATIENCE_MS = 1_000;
/**
 * After a background re-render that could not keep the page (a part's upstream call failed, the service
 * is down), that page is not re-rendered again for this long: its visitors get the stored page at once,
 * rather than each paying a render of its own that cannot be kept.
 * @public the page cache's tests move their clock by it.
 */
export const RERENDER_RETRY_MS = 5_000;
/** Pages bigger than this are not kept (they would crowd out everything else). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Book-keeping per page beyond its key, tags and prepared answer (entry object, lru-cache's slot). */
const PAGE_OVERHEAD_BYTES = 1024;

/** A render as the page cache takes it: what the answer is, its body as made, and its whole body once the render has ended. */
export interface RenderedPage<B = unknown> {
  status: number;
  /** The answer's own headers (type, location, caching, a STALE label); per-request ones are the sender's. */
  headers: HeaderPairs;
  /** What the page was built from; null when it must not be kept (an error, stale or failed parts). */
  keep: { tags: readonly string[]; expiresAt?: number } | null;
  /** The bounded metrics label of the route that made it. */
  routeId: string;
  /** The body as the render gives it (the engine's: its stream, or whole bytes), for the visitor it was made for. */
  body: B;
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

/**
 * What the page cache answers, for every outcome (fresh, stale, waited for, followed, from the shared
 * tier, rendered now): the caller sends it as it is. A stored page is prepared whole — status, headers and
 * each coding — for http/prepared.ts sendPrepared; a render is its status, its headers as the cache judged
 * them (caching, CDN tags) and the body it was made with, which the caller pipes.
 */
export interface PageToSend<B> {
  readonly answer: { readonly prepared: Prepared } | { readonly status: number; readonly headers: HeaderPairs; readonly body: B };
  /** X-Cache. */
  readonly cache: LookupStatus;
  /** Age, in seconds. */
  readonly ageS: number;
  /** The bounded metrics label of the route that made the page. */
  readonly routeId: string;
  /** A stored page's upstream tags (its `visit:` tags say whose view it shows); none for a render. */
  readonly tags: readonly string[];
  /**
   * Its view is counted elsewhere, so sending it does not: by the render itself, by the re-render this
   * request started (decision 019), or by the view beacon when the browser fetched it on a guess (047).
   */
  readonly viewCounted: boolean;
}

/** The response cache's figures, plus the renders. */
export interface PageCacheStats extends CacheStats {
  /** Pages rendered to be kept (misses and background re-renders). */
  renders: number;
  /** Requests that waited out the follow limit behind another render, then rendered themselves. */
  followTimeouts: number;
}

export interface PageFetchOptions<Q> {
  /** The request, as a render of it needs it (the engine's page request). */
  request: Q;
  /**
   * False for a request that may not start a render (a guess the edge will not render): it gets what is
   * stored or being made, else null. Default true.
   */
  mayRender?: boolean;
}

export interface PageCache<Q, B> {
  /**
   * What the cache can answer at once, without waiting or rendering: a fresh page (HIT), or a stale one
   * within SWR (one re-render started) or the retry pause. Null when it would have to wait or render —
   * and then it has done nothing: the request's one ask is fetch.
   */
  ready(key: string): PageToSend<never> | null;
  /** The answer for a request: at once, after waiting for a re-render or another request's render, or this request's own render. */
  fetch(key: string, options: PageFetchOptions<Q> & { mayRender?: true }): Promise<PageToSend<B>>;
  fetch(key: string, options: PageFetchOptions<Q>): Promise<PageToSend<B> | null>;
  /** Follows a purge of the upstream cache: the same selector, and every page built on a removed entry. */
  purge(selector: PurgeSelector, removedUpstream?: readonly PurgedEntry[]): number;
  stats(): PageCacheStats;
  close(): void;
}

/** @public test/unit/page-cache.test.ts builds caches over a fake render with it. */
export interface PageCacheOptions<Q, B> {
  /**
   * Renders the page of a key: for a visitor's request, or, given null, again in the background with no
   * visitor (a stored page past its lifetime). The cache's fetch method, given once.
   */
  render: (key: string, request: Q | null) => Promise<RenderedPage<B>>;
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
  /**
   * Counts the view of a page sent from the store whose re-render was to count it and came to nothing
   * (decision 019); every other view is the sender's to count (PageToSend.viewCounted).
   */
  countView?: (tags: readonly string[]) => void;
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
const keepMsOf = (e: PageEntry): number => e.freshMs + Math.max(e.swrMs, e.staleIfErrorMs);

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
  /** Its headers, caching decided; X-Cache and Age are the sender's (the render's own label, when it gave one). */
  headers: HeaderPairs;
  cache: LookupStatus;
  ageS: number;
}

function judgeRender(policy: Policy, key: string, page: RenderedPage): Judged {
  const cacheControl = headerOf(page.headers, 'cache-control') ?? '';
  const { freshMs, byClock } = lifetimeOf(policy, page.keep?.expiresAt);
  const keepable = page.keep !== null && page.status === 200 && !/no-store|private/.test(cacheControl) && freshMs > 0;
  const tags = page.keep ? [...page.keep.tags, `path:${pagePathOf(key)}`] : [];
  const headers: Array<readonly [string, string]> = page.headers.filter(([n]) => !/^(?:cache-control|x-cache|age)$/i.test(n));
  if (keepable) {
    const stale = (ms: number) => (byClock ? 0 : Math.floor(ms / 1000));
    headers.push(
      ['Cache-Control', sharedCacheControl(Math.floor(freshMs / 1000), stale(policy.swrMs), stale(policy.staleIfErrorMs))],
      ...tagHeaders(tags),
    );
  } else headers.push(['Cache-Control', cacheControl || 'no-cache']);
  // A page built on stale upstream data says so itself (the engine's label, with the age of its oldest part).
  const stale = headerOf(page.headers, 'x-cache') === 'STALE';
  return {
    keepable,
    freshMs,
    byClock,
    tags,
    headers,
    cache: stale ? 'STALE' : 'MISS',
    ageS: stale ? Number(headerOf(page.headers, 'age')) || 0 : 0,
  };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const ignore = (): undefined => undefined;

/**
 * What one flight of lru-cache's fetch carries (its context, the first fetch's of the key): a visitor's
 * render, with where its answer goes as soon as there is one; or a re-render of a stored page, told
 * whether it kept a page (the view it may carry).
 */
interface Flight<Q, B> {
  readonly visitor: { readonly request: Q; readonly hand: Deferred<PageToSend<B>> } | null;
  readonly settled?: (kept: boolean) => void;
}

/** The page cache itself: the timeline above over lru-cache's fetch(). */
class Pages<Q, B> implements PageCache<Q, B> {
  private readonly policy: Policy;
  private readonly patienceMs: number;
  private readonly followLimitMs: number;
  /** Hits, misses and stale answers (each told to onEvent as it is counted). */
  private readonly counts: ReturnType<typeof createCacheCounts>;
  private readonly work = { renders: 0, followTimeouts: 0 };
  private readonly lru: LRUCache<string, PageEntry, Flight<Q, B>>;
  /** Bumped by every purge: a render begun before a purge may show purged data, so it is not kept. */
  private gen = 0;
  /**
   * Visitors' renders under way, by key: lru-cache holds a slot for each until it settles or a page is set
   * over it (not a page: the figures leave them out).
   */
  private readonly flights = new Map<string, Flight<Q, B>>();
  /** Pages whose brotli copy is being made. */
  private readonly compressing = new Set<string>();
  /** When a stored page's last re-render came to nothing (gone with the page). */
  private readonly failedAt = new WeakMap<PageEntry, number>();

  constructor(private readonly options: PageCacheOptions<Q, B>) {
    this.policy = {
      ttlMs: options.ttlS * 1000,
      swrMs: (options.swrS ?? 0) * 1000,
      staleIfErrorMs: (options.staleIfErrorS ?? 0) * 1000,
      now: options.now,
    };
    this.counts = createCacheCounts((event) => this.emit(event));
    this.patienceMs = options.stalePatienceMs ?? STALE_PATIENCE_MS;
    this.followLimitMs = options.followLimitMs ?? FOLLOW_LIMIT_MS;
    this.lru = new LRUCache<string, PageEntry, Flight<Q, B>>({
      maxSize: options.maxBytes,
      maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
      sizeCalculation: (e, key) =>
        stringBytes(key) + e.tags.reduce((n, t) => n + stringBytes(t), 0) + preparedBytes(e.prepared) + PAGE_OVERHEAD_BYTES,
      ttlResolution: 0,
      perf: { now: options.now },
      // A re-render that fails keeps the stored page (resolving nothing keeps it too).
      noDeleteOnFetchRejection: true,
      // A purge or an eviction during a render must not cut off the requests waiting on it; the purge
      // generation keeps its page out.
      ignoreFetchAbort: true,
      dispose: (_v, _k, reason) => {
        if (reason === 'evict') this.emit('evict');
      },
      fetchMethod: (key, stale, { options: set, context }) => this.fly(key, stale, set, context),
    });
  }

  private emit(event: CacheEvent): void {
    this.options.onEvent?.(event);
  }

  /** lru-cache keeps an entry while its age is not above the ttl: one ms less makes the end of its last window a miss. */
  private ttlOf(page: PageEntry): number {
    return page.storedAt + keepMsOf(page) - this.options.now() - 1;
  }

  private keep(page: PageEntry): void {
    const ttl = this.ttlOf(page);
    if (ttl <= 0) return;
    this.lru.set(page.key, page, { ttl });
    this.flights.delete(page.key);
  }

  // ---- Answers ----

  private stored(entry: PageEntry, cache: LookupStatus, viewCounted: boolean): PageToSend<never> {
    return {
      answer: { prepared: entry.prepared },
      cache,
      ageS: Math.max(0, Math.floor((this.options.now() - entry.storedAt) / 1000)),
      routeId: entry.routeId,
      tags: entry.tags,
      viewCounted,
    };
  }

  private hit(entry: PageEntry, viewCounted: boolean): PageToSend<never> {
    this.counts.count('HIT');
    this.brotliAtFirstHit(entry);
    return this.stored(entry, 'HIT', viewCounted);
  }

  private stale(entry: PageEntry, viewCounted: boolean): PageToSend<never> {
    this.counts.count('STALE');
    return this.stored(entry, 'STALE', viewCounted);
  }

  /** A page a request waited for (a render it followed): fresh as a rule. */
  private waitedFor(entry: PageEntry): PageToSend<never> {
    return this.options.now() - entry.storedAt < entry.freshMs ? this.hit(entry, false) : this.stale(entry, false);
  }

  private made(rendered: RenderedPage<B>, judged: Judged): PageToSend<B> {
    return {
      answer: { status: rendered.status, headers: judged.headers, body: rendered.body },
      cache: judged.cache,
      ageS: judged.ageS,
      routeId: rendered.routeId,
      tags: [],
      // A render counts its view at the service itself (its article call).
      viewCounted: true,
    };
  }

  // ---- The timeline ----

  ready(key: string): PageToSend<never> | null {
    // A page past every window is gone (lru-cache drops it); during a re-render, the page being replaced.
    const entry = this.lru.get(key);
    if (entry === undefined) return null;
    const pastMs = this.options.now() - entry.storedAt - entry.freshMs;
    if (pastMs < 0) return this.hit(entry, false);
    const failed = this.failedAt.get(entry);
    if (failed !== undefined && this.options.now() - failed < RERENDER_RETRY_MS) return this.stale(entry, false);
    if (pastMs < entry.swrMs) {
      const { page, started } = this.refresh(key, entry, true);
      void page.catch(ignore);
      return this.stale(entry, started);
    }
    return null;
  }

  fetch(key: string, options: PageFetchOptions<Q> & { mayRender?: true }): Promise<PageToSend<B>>;
  fetch(key: string, options: PageFetchOptions<Q>): Promise<PageToSend<B> | null>;
  async fetch(key: string, { request, mayRender = true }: PageFetchOptions<Q>): Promise<PageToSend<B> | null> {
    const now = this.ready(key);
    if (now) return now;
    const seen: LRUCache.Status<string, PageEntry, Flight<Q, B>> = {};
    // Drops a page past every window, unless a re-render of it is under way.
    const entry = this.lru.get(key, { allowStale: true, status: seen });
    if (entry && this.options.now() - entry.storedAt - entry.freshMs < entry.staleIfErrorMs) return this.waitForRefresh(key, entry);
    const underWay = seen.get === 'fetching' || seen.get === 'stale-fetching';
    if (!underWay && !mayRender) return null;
    return this.renderOrFollow(key, request, mayRender);
  }

  /**
   * One re-render of a stored page, through lru-cache's fetch (forced: the fresh life is the cache's to
   * judge), or the one under way; with allowStale the page itself comes back at once. `started` when
   * this call started it: then the re-render's article call counts this request's view (decision 019),
   * and when it comes to nothing the view is counted as it settles.
   */
  private refresh(key: string, entry: PageEntry, allowStale: boolean): { page: Promise<PageEntry | undefined>; started: boolean } {
    const status: LRUCache.Status<string, PageEntry, Flight<Q, B>> = {};
    const context: Flight<Q, B> = {
      visitor: null,
      settled: (kept) => {
        if (!kept) this.options.countView?.(entry.tags);
      },
    };
    const page = this.lru.fetch(key, { forceRefresh: true, allowStale, context, status });
    return { page, started: status.fetchDispatched === true };
  }

  /** Past the SWR window, inside stale-if-error: the re-render's page if it comes within the patience, else the old one. */
  private async waitForRefresh(key: string, entry: PageEntry): Promise<PageToSend<never>> {
    const { page, started } = this.refresh(key, entry, false);
    const fresh = await within(page.catch(ignore), this.patienceMs);
    return fresh ? this.hit(fresh, started) : this.stale(entry, started);
  }

  /**
   * Nothing to answer at once: this request's render, the one flight of the key (it gets the stream as the
   * render makes it), or the flight under way, whose page it waits for — up to the follow limit; when that
   * flight keeps nothing (or is not done by then), the request renders for itself.
   */
  private async renderOrFollow(key: string, request: Q, mayRender: boolean): Promise<PageToSend<B> | null> {
    const hand = deferred<PageToSend<B>>();
    const status: LRUCache.Status<string, PageEntry, Flight<Q, B>> = {};
    const context: Flight<Q, B> = { visitor: { request, hand } };
    const flight = this.lru.fetch(key, { context, status });
    if (status.fetchDispatched) {
      this.flights.set(key, context);
      void flight.then(ignore, ignore).finally(() => {
        if (this.flights.get(key) === context) this.flights.delete(key);
      });
      return hand.promise;
    }
    const followed = await within(
      flight.then(
        (page) => ({ page }),
        () => ({ page: undefined }),
      ),
      this.followLimitMs,
    );
    if (followed?.page) return this.waitedFor(followed.page);
    if (followed === null) this.work.followTimeouts += 1;
    return mayRender ? this.renderAlone(key, request) : null;
  }

  /** A render outside the flight (its followers already let go): kept like any other when it may be. */
  private renderAlone(key: string, request: Q): Promise<PageToSend<B>> {
    const hand = deferred<PageToSend<B>>();
    this.visit(key, request, hand).then((page) => page && this.keep(page), ignore);
    return hand.promise;
  }

  // ---- The flights: lru-cache's fetch method ----

  /** The fetch method: a visitor's render or a re-render; its page is what lru-cache stores (for the rest of its windows) and hands every follower. */
  private async fly(
    key: string,
    stale: PageEntry | undefined,
    set: LRUCache.FetcherFetchOptions<string, PageEntry, Flight<Q, B>>,
    flight: Flight<Q, B>,
  ): Promise<PageEntry | undefined> {
    const page = flight.visitor
      ? await this.visit(key, flight.visitor.request, flight.visitor.hand)
      : await this.rerender(key, stale, flight);
    const ttl = page ? this.ttlOf(page) : 0;
    if (!page || ttl <= 0) return undefined;
    set.ttl = ttl;
    return page;
  }

  /**
   * A visitor's render: the shared tier's copy when another instance has the page, else the engine's
   * render, handed over as soon as it answers; resolves with the page to keep once the render has ended.
   */
  private async visit(key: string, request: Q, hand: Deferred<PageToSend<B>>): Promise<PageEntry | null> {
    const began = this.gen;
    let rendered: RenderedPage<B>;
    try {
      const shared = this.options.shared ? await this.fromShared(key) : null;
      if (shared) {
        hand.resolve(this.hit(shared, false));
        return shared;
      }
      this.counts.count('MISS');
      this.work.renders += 1;
      rendered = await this.options.render(key, request);
    } catch (err) {
      hand.reject(err);
      throw err;
    }
    const judged = judgeRender(this.policy, key, rendered);
    hand.resolve(this.made(rendered, judged));
    const page = await this.keepable(key, rendered, judged, began);
    if (page) this.options.shared?.set(page, keepMsOf(page));
    return page;
  }

  /**
   * A background re-render of a stored page, let go after the follow limit (reported: the page stays as
   * it was, and the next visitor past the retry pause starts another). One that keeps nothing starts the
   * retry pause; it is recorded before lru-cache puts the old page back, so no visitor sees neither.
   */
  private async rerender(key: string, stale: PageEntry | undefined, flight: Flight<Q, B>): Promise<PageEntry | null> {
    this.emit('refresh');
    this.work.renders += 1;
    const began = this.gen;
    const work = this.options
      .render(key, null)
      .then((rendered) => this.keepable(key, rendered, judgeRender(this.policy, key, rendered), began));
    const settled = await within(
      work.then(
        (page) => ({ page }),
        () => ({ page: null }),
      ),
      this.followLimitMs,
    );
    if (settled === null) this.options.onRerenderAbandoned?.(key);
    const page = settled?.page ?? null;
    if (page) this.options.shared?.set(page, keepMsOf(page));
    else if (stale) this.failedAt.set(stale, this.options.now());
    flight.settled?.(page !== null);
    return page;
  }

  /** The page a render made, once it has ended, prepared to be kept (gzip in the thread pool); null when it may not be, or a purge came since `began`. */
  private async keepable(key: string, rendered: RenderedPage<B>, judged: Judged, began: number): Promise<PageEntry | null> {
    const body = await rendered.complete.catch(() => null);
    if (!body || !judged.keepable || body.length > MAX_PAGE_BYTES || this.gen !== began) return null;
    // Its age counts from when the render ended, not from when its compressed copies are ready.
    const storedAt = this.options.now();
    const replayed = [...(this.options.headers ?? []), ...judged.headers.filter(([n]) => !SKIPPED_HEADERS.has(n.toLowerCase()))];
    // Compressed once per page and lifetime, in the thread pool, after the visitor has the answer: gzip
    // now, brotli at the page's first hit (most of the compression work, and under many distinct URLs
    // most pages are never asked for again).
    const prepared = await prepare(200, replayed, body, etagOf(body), { brotli: false });
    if (this.gen !== began) return null;
    return {
      key,
      prepared,
      storedAt,
      freshMs: judged.freshMs,
      swrMs: judged.byClock ? 0 : this.policy.swrMs,
      staleIfErrorMs: judged.byClock ? 0 : this.policy.staleIfErrorMs,
      tags: judged.tags,
      routeId: rendered.routeId,
      brotliDue: lacksBrotli(prepared),
    };
  }

  /** A fresh copy another instance stored in the shared tier; null when there is none. */
  private async fromShared(key: string): Promise<PageEntry | null> {
    const entry = await this.options.shared?.get(key).catch(() => null);
    return entry && this.options.now() - entry.storedAt < entry.freshMs ? entry : null;
  }

  /** A fresh page was answered from here: it gains its brotli copy if it has none yet (in the background). */
  private brotliAtFirstHit(entry: PageEntry): void {
    if (!entry.brotliDue || this.compressing.has(entry.key)) return;
    this.compressing.add(entry.key);
    const began = this.gen;
    withBrotli(entry.prepared)
      .then((prepared) => {
        // Not if it was purged, replaced or dropped meanwhile, nor over a re-render under way (setting
        // would cut it off); the shared tier keeps its copy as it was (another instance makes its own
        // brotli copy at its first hit).
        const seen: LRUCache.Status<string, PageEntry, Flight<Q, B>> = {};
        if (this.gen !== began || this.lru.get(entry.key, { status: seen }) !== entry || seen.get !== 'hit') return;
        const { key, storedAt, freshMs, swrMs, staleIfErrorMs, tags, routeId } = entry;
        this.keep({ key, prepared, storedAt, freshMs, swrMs, staleIfErrorMs, tags, routeId, brotliDue: false });
      })
      // Without it the page is still sent, in gzip: nothing to tell the visitor.
      .catch(ignore)
      .finally(() => this.compressing.delete(entry.key));
  }

  // ---- Purges, figures ----

  purge(selector: PurgeSelector, removedUpstream: readonly PurgedEntry[] = []): number {
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

  stats(): PageCacheStats {
    const entries = Math.max(0, this.lru.size - this.flights.size);
    const counted = this.counts.stats({ entries, bytes: this.lru.calculatedSize, maxBytes: this.options.maxBytes });
    return Object.assign(counted, { renders: this.work.renders, followTimeouts: this.work.followTimeouts });
  }

  close(): void {
    this.lru.clear();
    this.flights.clear();
  }
}

export function createPageCache<Q, B>(options: PageCacheOptions<Q, B>): PageCache<Q, B> {
  return new Pages(options);
}
