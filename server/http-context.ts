// Per-request facts shared by the middlewares, the page router, the page cache and the hit fast path.
// They live in `res.locals`, which Express keeps when it is already there, so answers served before
// Express (proxy/fast-hits.ts) use the same place. Every key is declared here (EdgeLocals) and read or
// written only through the functions below: no other file touches `res.locals` by name.
import type { ServerResponse } from 'node:http';
import type { CacheStatus } from './upstream/api.ts';

/** What the page cache reads after the page router built a page (set by server/render). */
export interface PageLocals {
  /** Upstream cache tags the page was built from. */
  pageTags: string[];
  /** Cache status of every upstream answer the page used (`ERROR` for a call that failed). */
  pageUpstreamCache: Array<CacheStatus | 'ERROR'>;
  /** When (ms, the app's clock) the page goes out of date by itself; the page cache keeps it no longer. */
  pageExpiresAt?: number;
}

/** Every `res.locals` key of the edge. */
interface EdgeLocals extends Partial<PageLocals> {
  /** The bounded metrics label of the route that answered. */
  routeId?: string;
  requestId?: string;
  /** X-Cache of the answer (labelCache and the door's sendPrepared set it; the access line reads it). */
  cacheLabel?: string;
  /** A background re-render of the page cache (server/page-cache.ts): no visitor waits for it. */
  pageRerender?: boolean;
  /** A page post: the write limiter marks it instead of answering 429 (server/writes/limit.ts). */
  softWriteLimit?: boolean;
  /** Seconds until the client may write again; set when a soft-limited request is over the limit. */
  writeLimitedForS?: number;
}

type WithLocals = ServerResponse & { locals?: Record<string, unknown> };

function localsOf(res: WithLocals): EdgeLocals {
  res.locals ??= Object.create(null) as Record<string, unknown>;
  return res.locals as EdgeLocals;
}

const readLocals = (res: WithLocals): EdgeLocals => (res.locals ?? {}) as EdgeLocals;

export function setRouteId(res: WithLocals, routeId: string): void {
  localsOf(res).routeId = routeId;
}

export function routeIdOf(res: WithLocals): string {
  const id = readLocals(res).routeId;
  return typeof id === 'string' ? id : 'unmatched';
}

export function setRequestId(res: WithLocals, requestId: string): void {
  localsOf(res).requestId = requestId;
}

export function requestIdOf(res: WithLocals): string | undefined {
  const id = readLocals(res).requestId;
  return typeof id === 'string' ? id : undefined;
}

/** X-Cache of the answer, however its headers went out (the access line reads it from here). */
export function setCacheLabel(res: WithLocals, label: string): void {
  localsOf(res).cacheLabel = label;
}

export function cacheLabelOf(res: WithLocals): string | undefined {
  const label = readLocals(res).cacheLabel;
  return typeof label === 'string' ? label : undefined;
}

/**
 * The one place an Express-side answer says how the edge's caches answered it: `X-Cache`, and `Age`
 * (seconds) when given. (The front door's prepared answers carry theirs in their header list.)
 */
export function labelCache(res: WithLocals, status: CacheStatus, ageS?: number | string): void {
  setCacheLabel(res, status);
  res.setHeader('X-Cache', status);
  if (ageS !== undefined) res.setHeader('Age', String(ageS));
}

export function setPageLocals(res: WithLocals, page: PageLocals): void {
  Object.assign(localsOf(res), page);
}

/** What the page router recorded about the page; null when it has recorded nothing (yet). */
export function pageLocalsOf(res: WithLocals): PageLocals | null {
  const { pageTags, pageUpstreamCache, pageExpiresAt } = readLocals(res);
  if (!Array.isArray(pageTags)) return null;
  return { pageTags, pageUpstreamCache: Array.isArray(pageUpstreamCache) ? pageUpstreamCache : [], pageExpiresAt };
}

export function markRerender(res: WithLocals): void {
  localsOf(res).pageRerender = true;
}

export function isRerender(res: WithLocals): boolean {
  return readLocals(res).pageRerender === true;
}

/** Ask the write limiter to mark rather than answer this request when it is over the limit. */
export function markSoftWriteLimit(res: WithLocals): void {
  localsOf(res).softWriteLimit = true;
}

export function isSoftWriteLimit(res: WithLocals): boolean {
  return readLocals(res).softWriteLimit === true;
}

export function setWriteLimitedFor(res: WithLocals, retryAfterS: number): void {
  localsOf(res).writeLimitedForS = retryAfterS;
}

/** Seconds to wait when this (soft-limited) request is over the write limit; undefined when it is not. */
export function writeLimitedFor(res: WithLocals): number | undefined {
  return readLocals(res).writeLimitedForS;
}
