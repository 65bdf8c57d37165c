// The page cache (DESIGN.md "Caching semantics"): whole answers of the page router (HTML documents and
// /__data JSON) for anonymous GETs. A page remembers the upstream cache tags it was built from
// (pageLocalsOf, set by server/render), so purging an upstream entry — by an operator or after a
// write — purges the pages built on it too.
//
// Timeline of one page (t = time since it was stored, F = its fresh lifetime, PAGE_CACHE_TTL_S):
//   t < F                              HIT
//   F ≤ t < F + PAGE_CACHE_SWR_S        STALE at once, one re-render in the background
//   F ≤ t < F + PAGE_CACHE_STALE_IF_ERROR_S (past the SWR window)
//                                      wait (a bounded while) for one re-render; if it cannot be kept
//                                      (an upstream failed, the page broke) → STALE, and for the next
//                                      RERENDER_RETRY_MS (page-cache/renders.ts) STALE at once
//   later, or nothing stored           render (concurrent requests for one page wait on the first render)
//
// Stored only when it is safe to replay: GET, status 200, no Set-Cookie, not no-store/private, and every
// upstream answer the page used was fresh (a page built on STALE data is not pinned for another TTL).
// A page that changes by the clock alone (an activity's status words) says when (PageLocals.pageExpiresAt)
// and is kept no longer than that, with no stale window.
// The parts: how a render is captured and judged keepable (page-cache/capture.ts), the renders under way
// (page-cache/renders.ts), the stored pages and the purge (page-cache/store.ts), one page and its form
// in the shared tier (page-cache/entry.ts). This file is the timeline and the middleware.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { cachedSending, sendPrepared, type Sending } from './door/prepared.ts';
import { markRerender, requestIdOf, setRouteId } from './http-context.ts';
import { capturePage, type KeepPolicy } from './page-cache/capture.ts';
import type { PageEntry } from './page-cache/entry.ts';
import { createRenders, type Refresh, type Rerender } from './page-cache/renders.ts';
import { within } from './upstream/time-limit.ts';
import { createPageStore, type PageSecondTier } from './page-cache/store.ts';
import type { CacheEvent, PurgedEntry, PurgeSelector } from './upstream/cache.ts';
import type { CacheStats } from './upstream/cache-stats.ts';

export type { PageSecondTier } from './page-cache/store.ts';
export { pagePathOf } from './page-cache/entry.ts';

/** How long a request waits for the render another request started before rendering itself (and how long a background re-render may take). */
const FOLLOW_LIMIT_MS = 15_000;
/** How long a request in the stale-if-error window waits for the re-render before it gets the old page. */
const STALE_PATIENCE_MS = 1_000;

/** The response cache's figures, plus the renders. */
export interface PageCacheStats extends CacheStats {
  /** Pages rendered to be kept (misses and background re-renders). */
  renders: number;
  /** Requests that waited out the follow limit behind another request's render, then rendered themselves. */
  followTimeouts: number;
}

/** A page answer found for a request. */
export interface PageFound {
  entry: PageEntry;
  status: 'HIT' | 'STALE';
  /** The re-render this request started counts its view (see carriedBy), so sending it does not. */
  visitCarried?: boolean;
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
  /** Told of a background re-render let go unfinished after followLimitMs. */
  onRerenderAbandoned?: (key: string) => void;
}

/** The page key: protocol, Host as sent, and the raw target. */
export const pageKey = (protocol: string, host: string, target: string): string => `${protocol}://${host}${target}`;

function keyOf(req: Request): string {
  return pageKey(req.protocol, req.get('host') ?? '', req.originalUrl);
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlS, maxBytes, now, onEvent, onHit } = options;
  const policy: KeepPolicy = { ttlS, swrS: options.swrS ?? 0, staleIfErrorS: options.staleIfErrorS ?? 0, now };
  const patienceMs = options.stalePatienceMs ?? STALE_PATIENCE_MS;
  const followLimitMs = options.followLimitMs ?? FOLLOW_LIMIT_MS;
  const counts = { hits: 0, misses: 0, stale: 0, renders: 0, followTimeouts: 0 };
  const emit = (event: CacheEvent) => onEvent?.(event);
  const pages = createPageStore({ maxBytes, now, swrS: policy.swrS, staleIfErrorS: policy.staleIfErrorS, emit, shared: options.shared });
  const renders = createRenders({
    rerender: options.rerender,
    now,
    followLimitMs,
    onRefresh: () => emit('refresh'),
    onAbandon: options.onRerenderAbandoned,
  });

  function found(entry: PageEntry, status: PageFound['status'], visitCarried = false): PageFound {
    if (status === 'HIT') {
      counts.hits += 1;
      pages.hit(entry);
    } else counts.stale += 1;
    emit(status === 'HIT' ? 'hit' : 'stale');
    return { entry, status, visitCarried };
  }

  /**
   * Whether the view of the request that started this re-render is the re-render's to count: its article
   * call counts one at the service (a fetch, or a cache hit told to it), so counting the answer as well
   * made two views of one (wire-facts.md "Behaviour"). A re-render that comes to nothing may not have
   * got that far: the view is counted when it settles.
   */
  function carriedBy(refresh: Refresh, entry: PageEntry): boolean {
    if (!refresh.started) return false;
    void refresh.page.then((page) => {
      if (!page) onHit?.(entry.tags);
    });
    return true;
  }

  async function waitForRefresh(entry: PageEntry): Promise<PageFound> {
    const refresh = renders.refresh(entry);
    const carried = carriedBy(refresh, entry);
    const fresh = await within(refresh.page, patienceMs);
    return fresh ? found(fresh, 'HIT', carried) : found(entry, 'STALE', carried);
  }

  /** A stored page by its age: the timeline at the top of this file; null once it is past every window. */
  function judge(entry: PageEntry): PageFound | null | Promise<PageFound> {
    const pastMs = now() - entry.storedAt - entry.freshMs;
    if (pastMs < 0) return found(entry, 'HIT');
    if (pastMs < entry.swrMs) return found(entry, 'STALE', carriedBy(renders.refresh(entry), entry));
    if (pastMs < entry.staleIfErrorMs) return waitForRefresh(entry);
    return null;
  }

  function find(key: string): PageFound | null | Promise<PageFound | null> {
    const entry = pages.get(key);
    if (entry) {
      const result = judge(entry);
      if (result) return result;
      pages.delete(key);
    }
    const running = renders.running(key);
    // Behind a render under way: its page (judged like a stored one), or render it here after all.
    if (running) return follow(running).then((rendered) => (rendered ? judge(rendered) : null));
    return null;
  }

  /** The page a render under way stores; null when it keeps none, or when it is not done within the follow limit. */
  function follow(running: Promise<PageEntry | null>): Promise<PageEntry | null> {
    return within(running.then((page) => ({ page })), followLimitMs).then((settled) => {
      if (settled) return settled.page;
      counts.followTimeouts += 1;
      return null;
    });
  }

  function send(req: IncomingMessage, res: ServerResponse, { entry, status, visitCarried }: PageFound, sending: Omit<Sending, 'cache' | 'ageS'>): void {
    setRouteId(res, entry.routeId);
    const ageS = Math.max(0, Math.floor((now() - entry.storedAt) / 1000));
    sendPrepared(req, res, entry.prepared, cachedSending(sending, status, ageS));
    if (req.method === 'GET' && !visitCarried) onHit?.(entry.tags);
  }

  /** Captures what the page router sends; `settle` is told the stored page (or null) once it is done. */
  function record(req: Request, res: Response, key: string, settle: (entry: PageEntry | null) => void): void {
    const began = pages.generation();
    counts.renders += 1;
    capturePage(policy, req, res)
      .then((page) => (page ? pages.store(key, page, began) : null))
      .then(settle, () => settle(null));
  }

  /** A page nobody here has: the shared tier's copy, else rendered (and recorded) by this request. */
  function renderOrShare(req: Request, res: Response, key: string, sending: () => Omit<Sending, 'cache' | 'ageS'>, next: () => void): void {
    // In `renders` from now on, so the requests behind this one wait instead of rendering.
    const settle = renders.start(key);
    const render = (): void => {
      counts.misses += 1;
      emit('miss');
      record(req, res, key, settle);
      next();
    };
    if (!options.shared) return render();
    pages.fromShared(key).then((entry) => {
      if (!entry) return render();
      settle(entry);
      send(req, res, found(entry, 'HIT'), sending());
    }, render);
  }

  const middleware: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization) return next();
    const job = renders.jobOf(req);
    if (job) {
      // refresh() registered this render already.
      job.started = true;
      markRerender(res);
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
      renderOrShare(req, res, key, sending, next);
    };
    const result = find(key);
    if (result instanceof Promise) result.then(answer, next);
    else answer(result);
  };

  return {
    middleware,
    find,
    send,
    purge: (selector, removedUpstream = []) => pages.purge(selector, removedUpstream),
    stats() {
      const looked = counts.hits + counts.misses + counts.stale;
      // Per operator look, not per answer.
      // eslint-disable-next-line no-restricted-syntax
      return { ...pages.size(), maxBytes, ...counts, hitRatio: looked === 0 ? 0 : (counts.hits + counts.stale) / looked };
    },
    close: () => pages.clear(),
  };
}
