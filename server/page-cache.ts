// The page cache (DESIGN.md "Caching semantics"): whole answers of the page router (HTML documents and
// /__data JSON) for anonymous GETs. A page remembers the upstream cache tags it was built from
// (res.locals.pageTags, set by server/render), so purging an upstream entry — by an operator or after a
// write — purges the pages built on it too.
//
// Timeline of one page (t = time since it was stored, F = its fresh lifetime, PAGE_CACHE_TTL_S):
//   t < F                              HIT
//   F ≤ t < F + PAGE_CACHE_SWR_S        STALE at once, one re-render in the background
//   F ≤ t < F + PAGE_CACHE_STALE_IF_ERROR_S (past the SWR window)
//                                      wait (a bounded while) for one re-render; if it cannot be kept
//                                      (an upstream failed, the page broke) → STALE
//   later, or nothing stored           render (concurrent requests for one page wait on the first render)
//
// Stored only when it is safe to replay: GET, status 200, no Set-Cookie, not no-store/private, and every
// upstream answer the page used was fresh (a page built on STALE data is not pinned for another TTL).
// A page that changes by the clock alone (an activity's status words) says when (res.locals.pageExpiresAt)
// and is kept no longer than that, with no stale window.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { prepare, preparedBytes, sendPrepared, type Prepared, type Sending } from './door/prepared.ts';
import { decodeFrame, encodeFrame } from './shared-tier/frame.ts';
import { requestIdOf, routeIdOf, setRouteId } from './http-context.ts';
import { matcher, ownBytes, stringBytes, type CacheEvent, type PurgedEntry, type PurgeSelector } from './upstream/cache.ts';

/** Pages bigger than this are not kept (they would crowd out everything else). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Book-keeping per page beyond its key, tags and prepared answer (entry object, lru-cache's slot). */
const PAGE_OVERHEAD_BYTES = 1024;
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
  // Which worker answered is the worker's to say, per answer (a stored page may be served by another).
  'x-edge-worker',
]);
/** How long a request waits for the render another request started before rendering itself (and how long a background re-render may take). */
const FOLLOW_LIMIT_MS = 15_000;
/** How long a request in the stale-if-error window waits for the re-render before it gets the old page. */
const STALE_PATIENCE_MS = 1_000;

interface PageEntry {
  readonly key: string;
  readonly prepared: Prepared;
  readonly storedAt: number;
  readonly freshMs: number;
  readonly swrMs: number;
  readonly staleIfErrorMs: number;
  readonly tags: readonly string[];
  readonly routeId: string;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  stale: number;
  hitRatio: number;
  /** Pages rendered to be kept (misses and background re-renders). */
  renders: number;
}

/** A page answer found for a request. */
export interface PageFound {
  entry: PageEntry;
  status: 'HIT' | 'STALE';
}

/** Asks the page router for one page again, in the background (server/app.ts runs it through Express). */
export type Rerender = (
  target: { key: string; url: string; host: string; protocol: string },
  /** Called with the request that carries the re-render, before the app sees it. */
  mark: (req: IncomingMessage) => void,
) => Promise<void>;

interface RerenderJob {
  key: string;
  /** Set once the request reached the page cache (its recording settles the job). */
  started: boolean;
  settle: (entry: PageEntry | null) => void;
}

export interface PageCache {
  /** Express: serves what is stored (or waits for a render in flight), else records the render. */
  middleware: RequestHandler;
  /** The stored answer for a key, following the timeline above; null = render it (the middleware counts the miss). */
  find(key: string): PageFound | null | Promise<PageFound | null>;
  /** Sends a found page (HIT/STALE, true Age) and counts the view. */
  send(req: IncomingMessage, res: ServerResponse, found: PageFound, sending: Omit<Sending, 'cache' | 'ageS'>): void;
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
  onEvent?: (event: CacheEvent) => void;
  /** Told the tags of every page served from the cache (the visits it was built on still count). */
  onHit?: (tags: readonly string[]) => void;
  /** Re-renders a page in the background; without it, a page past its lifetime is rendered by its visitor. */
  rerender?: Rerender;
  stalePatienceMs?: number;
  /** How long followers wait on a render, and a background re-render may take; default FOLLOW_LIMIT_MS. */
  followLimitMs?: number;
  /** The shared second tier (Redis): a page rendered by one instance is a hit on the others. */
  shared?: PageSecondTier;
}

/** Whole pages in the shared tier, as bytes (never throws; a slow or absent tier answers null). */
export interface PageSecondTier {
  get(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer, ttlMs: number, tags: readonly string[]): void;
}

/** What a page is in the shared tier besides its bodies (identity, then gzip and brotli when present). */
interface SharedPageHeader {
  v: 1;
  status: number;
  head: string[];
  etag: string;
  storedAt: number;
  freshMs: number;
  swrMs: number;
  staleIfErrorMs: number;
  tags: string[];
  routeId: string;
  codings: Array<'gzip' | 'br'>;
}

function encodePage(e: PageEntry): Buffer {
  const { prepared: p } = e;
  const codings = (['gzip', 'br'] as const).filter((c) => p[c] !== null);
  const header: SharedPageHeader = {
    v: 1,
    status: p.status,
    head: [...p.head],
    etag: p.etag,
    storedAt: e.storedAt,
    freshMs: e.freshMs,
    swrMs: e.swrMs,
    staleIfErrorMs: e.staleIfErrorMs,
    tags: [...e.tags],
    routeId: e.routeId,
    codings,
  };
  return encodeFrame(header, [p.identity, ...codings.map((c) => p[c]!)]);
}

function decodePage(key: string, buf: Buffer): PageEntry | null {
  const frame = decodeFrame<SharedPageHeader>(buf);
  const h = frame?.header;
  if (!frame || h?.v !== 1 || frame.bodies.length !== 1 + h.codings.length) return null;
  // The bodies are views into one Buffer: copied into their own, as every stored page's are.
  const body = (i: number) => ownBytes(Buffer.from(frame.bodies[i]!));
  const gzipAt = h.codings.indexOf('gzip');
  const brAt = h.codings.indexOf('br');
  const prepared: Prepared = {
    status: h.status,
    head: h.head,
    etag: h.etag,
    identity: body(0),
    gzip: gzipAt === -1 ? null : body(1 + gzipAt),
    br: brAt === -1 ? null : body(1 + brAt),
  };
  return { key, prepared, storedAt: h.storedAt, freshMs: h.freshMs, swrMs: h.swrMs, staleIfErrorMs: h.staleIfErrorMs, tags: h.tags, routeId: h.routeId };
}

/** The page key: protocol, Host as sent, and the raw target. */
export const pageKey = (protocol: string, host: string, target: string): string => `${protocol}://${host}${target}`;

function keyOf(req: Request): string {
  return pageKey(req.protocol, req.get('host') ?? '', req.originalUrl);
}

/** The path of a page key (what operators purge by prefix, here and in the shared tier). */
export function pagePathOf(key: string): string {
  try {
    return new URL(key).pathname;
  } catch {
    return key;
  }
}

/** `Cache-Control` of a page that may be kept: browsers revalidate (a purge cannot reach them), shared caches keep it. */
function sharedCacheControl(ttlS: number, swrS: number, staleIfErrorS: number): string {
  return `public, max-age=0, s-maxage=${ttlS}, stale-while-revalidate=${swrS}, stale-if-error=${staleIfErrorS}`;
}

/** Tags as CDN purge keys: Surrogate-Key (Fastly: space-separated) and Cache-Tag (Cloudflare, Akamai: commas). */
function tagHeaders(tags: readonly string[]): Array<[string, string]> {
  const safe = tags.filter((t) => /^[\x21-\x7e]+$/.test(t) && !t.includes(','));
  return safe.length === 0 ? [] : [['Surrogate-Key', safe.join(' ')], ['Cache-Tag', safe.join(',')]];
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlS, maxBytes, now, onEvent, onHit, rerender } = options;
  const swrS = options.swrS ?? 0;
  const staleIfErrorS = options.staleIfErrorS ?? 0;
  const patienceMs = options.stalePatienceMs ?? STALE_PATIENCE_MS;
  const followLimitMs = options.followLimitMs ?? FOLLOW_LIMIT_MS;
  const counts = { hits: 0, misses: 0, stale: 0, renders: 0 };
  const emit = (event: CacheEvent) => onEvent?.(event);
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
  /** Renders under way, by key: what their followers wait on (the page, or null when it was not kept). */
  const inflight = new Map<string, Promise<PageEntry | null>>();
  /** Requests that are background re-renders (marked by the rerender hook): they render and store, never replay. */
  const rerenders = new WeakMap<IncomingMessage, RerenderJob>();
  /** Bumped by every purge: a render begun before a purge may show purged data and is not kept. */
  let generation = 0;

  /**
   * Starts one background re-render of a stored page, unless one (or a visitor's render) is under way.
   * Its followers get the new page, or null when it could not be kept.
   */
  function refresh(entry: PageEntry): Promise<PageEntry | null> {
    const running = inflight.get(entry.key);
    if (running) return running;
    if (!rerender) return Promise.resolve(null);
    emit('refresh');
    const url = new URL(entry.key);
    const target = { key: entry.key, url: `${url.pathname}${url.search}`, host: url.host, protocol: url.protocol.slice(0, -1) };
    const job: RerenderJob = { key: entry.key, started: false, settle: () => undefined };
    const result = new Promise<PageEntry | null>((resolve) => {
      job.settle = resolve;
      const marked = (req: IncomingMessage) => rerenders.set(req, job);
      // A re-render that never reached the page cache (refused on the way) keeps nothing.
      rerender(target, marked).then(
        () => !job.started && resolve(null),
        () => resolve(null),
      );
      // Nor does one that never ends: the page is not left waiting on it (a render is cut at 10 s anyway).
      setTimeout(() => resolve(null), followLimitMs).unref();
    });
    inflight.set(entry.key, result);
    void result.finally(() => {
      if (inflight.get(entry.key) === result) inflight.delete(entry.key);
    });
    return result;
  }

  function found(entry: PageEntry, status: PageFound['status']): PageFound {
    if (status === 'HIT') counts.hits += 1;
    else counts.stale += 1;
    emit(status === 'HIT' ? 'hit' : 'stale');
    return { entry, status };
  }

  async function follow(render: Promise<PageEntry | null>): Promise<PageFound | null> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), followLimitMs)));
    const entry = await Promise.race([render, limit]).finally(() => clearTimeout(timer));
    return entry ? judge(entry) : null;
  }

  async function waitForRefresh(entry: PageEntry): Promise<PageFound> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), patienceMs)));
    const fresh = await Promise.race([refresh(entry), limit]).finally(() => clearTimeout(timer));
    return fresh ? found(fresh, 'HIT') : found(entry, 'STALE');
  }

  /** A stored page by its age: the timeline at the top of this file; null once it is past every window. */
  function judge(entry: PageEntry): PageFound | null | Promise<PageFound> {
    const pastMs = now() - entry.storedAt - entry.freshMs;
    if (pastMs < 0) return found(entry, 'HIT');
    if (pastMs < entry.swrMs) {
      void refresh(entry);
      return found(entry, 'STALE');
    }
    if (pastMs < entry.staleIfErrorMs) return waitForRefresh(entry);
    return null;
  }

  function find(key: string): PageFound | null | Promise<PageFound | null> {
    const entry = lru.get(key);
    if (entry) {
      const result = judge(entry);
      if (result) return result;
      lru.delete(key);
    }
    const running = inflight.get(key);
    if (running) return follow(running);
    return null;
  }

  function send(req: IncomingMessage, res: ServerResponse, { entry, status }: PageFound, sending: Omit<Sending, 'cache' | 'ageS'>): void {
    setRouteId(res, entry.routeId);
    const ageS = Math.max(0, Math.floor((now() - entry.storedAt) / 1000));
    sendPrepared(req, res, entry.prepared, { ...sending, cache: status, ageS });
    if (req.method === 'GET') onHit?.(entry.tags);
  }

  /** PAGE_CACHE_TTL_S, or less when the page goes out of date sooner (then no stale window). */
  function lifetimeOf(expiresAt: unknown): { freshMs: number; byClock: boolean } {
    const ttl = ttlS * 1000;
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return { freshMs: ttl, byClock: false };
    const left = Math.max(0, expiresAt - now());
    return left < ttl ? { freshMs: left, byClock: true } : { freshMs: ttl, byClock: false };
  }

  /** Whether what the router decided so far allows keeping the page (read again when it has finished). */
  function keepable(res: Response): boolean {
    const tags = res.locals.pageTags as unknown;
    const upstream = (res.locals.pageUpstreamCache as unknown) ?? [];
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    return (
      res.statusCode === 200 &&
      Array.isArray(tags) &&
      Array.isArray(upstream) &&
      upstream.every((s) => s === 'HIT' || s === 'MISS') &&
      !res.getHeader('set-cookie') &&
      !/no-store|private/.test(cacheControl) &&
      lifetimeOf(res.locals.pageExpiresAt).freshMs > 0
    );
  }

  /** What purges a page: the upstream entries it was built from, and its own path. */
  const tagsOfPage = (req: Request, res: Response): string[] => [...(res.locals.pageTags as string[]), `path:${req.path}`];

  /** Just before the head goes out: shared caches may keep a keepable page; others say no-store. */
  function decideHeaders(req: Request, res: Response): void {
    if (keepable(res)) {
      const { freshMs, byClock } = lifetimeOf(res.locals.pageExpiresAt);
      res.setHeader('Cache-Control', sharedCacheControl(Math.floor(freshMs / 1000), byClock ? 0 : swrS, byClock ? 0 : staleIfErrorS));
      for (const [name, value] of tagHeaders(tagsOfPage(req, res))) res.setHeader(name, value);
    } else if (res.getHeader('set-cookie')) {
      res.setHeader('Cache-Control', 'private, no-store');
    } else if (!res.getHeader('cache-control')) {
      res.setHeader('Cache-Control', 'no-cache');
    }
  }

  /** Copies what the page router writes, and stores it once the answer is complete and replayable. */
  /** Registers a render of `key` in `inflight` (its followers wait on it); the caller settles it. */
  function startRender(key: string): (entry: PageEntry | null) => void {
    let settle!: (entry: PageEntry | null) => void;
    const render = new Promise<PageEntry | null>((resolve) => (settle = resolve));
    inflight.set(key, render);
    void render.finally(() => {
      if (inflight.get(key) === render) inflight.delete(key);
    });
    return settle;
  }

  /** Copies what the page router writes; `settle` is told the stored page (or null) once it is done. */
  function record(req: Request, res: Response, key: string, settle: (entry: PageEntry | null) => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const began = generation;
    counts.renders += 1;

    const keep = (chunk: unknown, encoding: unknown) => {
      if (size > MAX_PAGE_BYTES || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buf.length;
      chunks.push(buf);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response['end'];
    res.writeHead = ((...args: unknown[]) => {
      if (typeof args[0] === 'number') res.statusCode = args[0];
      decideHeaders(req, res);
      return writeHead(...args);
    }) as Response['writeHead'];
    res.setHeader('X-Cache', 'MISS');
    res.setHeader('Age', '0');

    res.on('close', () => {
      if (!res.writableFinished) settle(null);
    });
    res.on('finish', () => {
      if (!keepable(res) || size > MAX_PAGE_BYTES || generation !== began) {
        settle(null);
        return;
      }
      // Its age counts from now, when the visitor had it, not from when its compressed copies are ready.
      store(req, res, key, Buffer.concat(chunks, size), now()).then(settle, () => settle(null));
    });
  }

  async function store(req: Request, res: Response, key: string, body: Buffer, storedAt: number): Promise<PageEntry | null> {
    const { freshMs, byClock } = lifetimeOf(res.locals.pageExpiresAt);
    const began = generation;
    const pairs: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || SKIPPED_HEADERS.has(name)) continue;
      for (const v of Array.isArray(value) ? value : [value]) pairs.push([name, String(v)]);
    }
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
    // Compressed once per page and lifetime, in the thread pool, after the visitor has the answer.
    const prepared = await prepare(200, pairs, body, etag);
    if (generation !== began) return null;
    const entry: PageEntry = {
      key,
      prepared,
      storedAt,
      freshMs,
      swrMs: byClock ? 0 : swrS * 1000,
      staleIfErrorMs: byClock ? 0 : staleIfErrorS * 1000,
      tags: tagsOfPage(req, res),
      routeId: routeIdOf(res),
    };
    if (entry.freshMs <= 0) return null;
    keep(entry);
    options.shared?.set(key, encodePage(entry), keepMsOf(entry), entry.tags);
    return lru.peek(key) === entry ? entry : null;
  }

  /** How long a page is worth keeping from when it was stored: its fresh life and the longer stale window. */
  const keepMsOf = (e: PageEntry): number => e.freshMs + Math.max(e.swrMs, e.staleIfErrorMs);

  function keep(entry: PageEntry): void {
    // lru-cache keeps an entry while its age is not above the ttl: one ms less makes the end a miss.
    const ttl = entry.storedAt + keepMsOf(entry) - now() - 1;
    if (ttl > 0) lru.set(entry.key, entry, { ttl });
  }

  /** A fresh copy another instance stored in the shared tier, kept here too; null when there is none. */
  async function fromShared(key: string): Promise<PageEntry | null> {
    const buf = await options.shared?.get(key);
    const entry = buf ? decodePage(key, buf) : null;
    if (!entry || now() - entry.storedAt >= entry.freshMs) return null;
    keep(entry);
    return entry;
  }

  const middleware: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization) return next();
    const job = rerenders.get(req);
    if (job) {
      // refresh() registered this render in `inflight` already.
      job.started = true;
      res.locals.pageRerender = true;
      record(req, res, job.key, job.settle);
      return next();
    }
    const key = keyOf(req);
    const sending = (): Omit<Sending, 'cache' | 'ageS'> => ({
      requestId: requestIdOf(res) ?? '',
      close: res.getHeader('connection') === 'close',
    });
    const answer = (result: PageFound | null): void => {
      if (result) return send(req, res, result, sending());
      if (req.method !== 'GET') return next();
      // The first request for a page nobody here has: the shared tier may have it, else it is rendered.
      // Either way it is in `inflight` from now on, so the requests behind it wait instead of rendering.
      const settle = startRender(key);
      const render = (): void => {
        counts.misses += 1;
        emit('miss');
        record(req, res, key, settle);
        next();
      };
      if (!options.shared) return render();
      fromShared(key).then((entry) => {
        if (!entry) return render();
        settle(entry);
        send(req, res, found(entry, 'HIT'), sending());
      }, render);
    };
    const result = find(key);
    if (result instanceof Promise) result.then(answer, next);
    else answer(result);
  };

  return {
    middleware,
    find,
    send,
    purge(selector, removedUpstream = []) {
      generation += 1;
      const entryTags = new Set(removedUpstream.flatMap((r) => r.tags.filter((t) => t.startsWith('entry:'))));
      const matches = matcher(selector, pagePathOf);
      const doomed: string[] = [];
      lru.forEach((page, key) => {
        if (matches(key, page.tags) || page.tags.some((t) => entryTags.has(t))) doomed.push(key);
      });
      for (const key of doomed) lru.delete(key);
      return doomed.length;
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
    close() {
      lru.clear();
    },
  };
}
