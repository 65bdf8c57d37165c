// What the document route and the data route do alike for one request: its id and logger, the
// abort signal of a visitor who goes away, the request state the loaders share, the page's origin,
// and, once the router has run, what the page cache reads about the page and the stale label.
import { randomUUID } from 'node:crypto';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { Logger } from 'pino';
import { isRerender, labelCache, requestIdOf, setPageLocals, writeLimitedFor } from '../http-context.ts';
import { requestOriginIsPlain, safeOrigin } from './page-url.ts';
import { newRequestState, type RequestState } from './route-handlers.ts';
import type { PageDeps, SiteSettings } from './types.ts';

export interface PageRequest {
  log: Logger;
  state: RequestState;
  /** Fires when the visitor goes away before the answer is complete. */
  signal: AbortSignal;
}

export function beginPageRequest(res: ExpressResponse, deps: PageDeps): PageRequest {
  const requestId = requestIdOf(res) ?? randomUUID();
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return {
    log: deps.logger.child({ reqId: requestId }),
    state: newRequestState(requestId, writeLimitedFor(res), isRerender(res)),
    signal: controller.signal,
  };
}

/**
 * After the router ran: what the page cache reads (tags, upstream cache statuses, expiry), and a page
 * built on stale upstream data says so, with the age of its oldest part (it is never stored).
 */
export function recordPage(res: ExpressResponse, state: RequestState): void {
  setPageLocals(res, { pageTags: [...state.tags], pageUpstreamCache: state.cache, pageExpiresAt: state.expiresAt });
  if (state.cache.includes('STALE')) labelCache(res, 'STALE', state.ageS);
}

/** The pages' origin: PUBLIC_URL, else the request's own when its Host is sane (see page-url.ts). */
export const originOf = (req: ExpressRequest, site: SiteSettings): string => safeOrigin(site.publicUrl, req.protocol, req.get('host'));

/**
 * The page cache keys what it stores by `protocol://Host` + the raw target, and an operator's purge
 * by prefix parses those keys back into URLs: a page for a hostile Host or an absolute-form target is
 * answered (at a safe origin) but not stored.
 */
export const storableTarget = (req: ExpressRequest): boolean => requestOriginIsPlain(req.protocol, req.get('host')) && req.originalUrl.startsWith('/');
