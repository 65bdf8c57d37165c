// Pages over HTTP, the pages room's two parts: at the front door, what the page cache answers at once (a
// fresh page, or a stale one while its re-render runs or pauses) sent from memory; in Express, the page route,
// which adapts a request to the page engine through the page cache — its one ask of the cache: the page
// stored, waited for or rendered now (one render per page at a time, the others wait for its page) — and
// answers form posts. Both key a page by the protocol (http/client-address.ts protocolOf, one rule for
// both), the Host and the target as sent, so a page stored by one is found by the other.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pageKey, type PageCache, type PageToSend } from '../cache/page-cache.ts';
import { clientAddressOf, protocolOf, type ProxyTrust } from '../http/client-address.ts';
import { requestOriginIsPlain, safeOrigin } from '../http/origin.ts';
import { sendPrepared, type HeaderPairs, type Sending } from '../http/prepared.ts';
import { beginDoorRequest, labelCache, requestIdOf, setRouteId, type DoorPart, type RequestLogDeps } from '../http/request-log.ts';
import type { WriteLimiter } from '../writes/limit.ts';
import { refusal, type PageBody, type PageEngine } from './engine.ts';
import { FormBodyError, pageRequestOf, type PageRequest } from './request.ts';
import type { Speculation } from './speculation.ts';

/** The page cache as the pages room has it: keyed pages of the engine, rendered from its page requests. */
export type StoredPages = PageCache<PageRequest, PageBody>;

/** Counts the view of a page sent from the store (content/visits.ts countTags). */
type CountView = (tags: readonly string[]) => void;

interface StoredPagesDeps {
  pages: StoredPages;
  /** Stored pages asked for on a guess (Sec-Purpose) and the views they leave pending. */
  speculation: Pick<Speculation, 'storedPage'>;
  countView: CountView;
  log: RequestLogDeps;
  trust: ProxyTrust;
}

/**
 * What the page cache answered, on the response: a stored page through the one sender (one writeHead,
 * one write), a render as it is made; then the view it owes, once the visitor has the answer.
 */
function sendFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  page: PageToSend<PageBody>,
  sending: Pick<Sending, 'requestId' | 'close'>,
  countView: CountView,
): void {
  setRouteId(res, page.routeId);
  const { answer } = page;
  if ('prepared' in answer)
    sendPrepared(req, res, answer.prepared, { requestId: sending.requestId, close: sending.close, cache: page.cache, ageS: page.ageS });
  else {
    labelCache(res, page.cache, page.ageS);
    sendMade(req, res, answer.status, answer.headers, answer.body);
  }
  if (req.method === 'GET' && !page.viewCounted) countView(page.tags);
}

/**
 * The door's part: a GET or HEAD without credentials that the page cache answers at once, sent from
 * memory. Anything else (a miss, a page to wait for, a form post, a guess Express refuses) goes on to
 * Express untouched; the cache has done nothing for it.
 */
export function storedPagesAtDoor({ pages, speculation, countView, log, trust }: StoredPagesDeps): DoorPart {
  return (req, res, started, next) => {
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization || !url.startsWith('/')) return next(req, res);
    const ready = pages.ready(pageKey(protocolOf(req, trust), req.headers.host ?? '', url));
    const page = ready && speculation.storedPage(req, ready, () => clientAddressOf(req, trust));
    if (!page) return next(req, res);
    sendFromCache(req, res, page, beginDoorRequest(req, res, log, started), countView);
  };
}

interface PageRouteDeps {
  engine: PageEngine;
  /** Null when PAGE_CACHE_TTL_S is 0. */
  pages: StoredPages | null;
  speculation: Pick<Speculation, 'storedPage' | 'allowance' | 'refuse'>;
  countView: CountView;
  writeLimiter: WriteLimiter;
  logger: Logger;
  publicUrl: string;
  trust: ProxyTrust;
}

/**
 * Express's part: the request adapted to the page engine, and its answer to the response. A GET or HEAD
 * of a plain address goes through the page cache (one render per page at a time, the others wait for its
 * page); a guess the edge will not render gets what the cache holds or is refused; a POST spends the
 * client's write budget without being turned away (past it, the action's write is refused and the form
 * comes back with the visitor's input kept).
 */
export function pageRoute({
  engine,
  pages,
  speculation,
  countView,
  writeLimiter,
  logger,
  publicUrl,
  trust,
}: PageRouteDeps): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return next();
    try {
      const writeLimitedForS = req.method === 'POST' ? await writeLimiter.spend(req, res) : undefined;
      const protocol = protocolOf(req, trust);
      const host = req.headers.host;
      const origin = safeOrigin(publicUrl, protocol, host);
      const requestId = requestIdOf(res) ?? '';
      let request;
      try {
        request = await pageRequestOf(req, { origin, requestId, writeLimitedForS });
      } catch (err) {
        if (!(err instanceof FormBodyError)) throw err;
        logger.info({ reqId: requestId, status: err.status, code: err.code }, err.message);
        const refused = refusal(err.status, err.message);
        setRouteId(res, refused.routeId);
        return sendMade(req, res, refused.status, refused.headers, refused.body);
      }
      // A guess may not start a render when it would count a view or wait behind others (decision 047).
      const allowed = speculation.allowance(req);
      if (allowed === 'none') return speculation.refuse(req, res);
      const mayRender = allowed === 'render';
      if (req.method === 'GET' && mayRender && wantsEarlyHints(req)) earlyHints(res, engine.earlyHints());
      // Answered, never stored: pages are kept by the raw protocol, Host and target.
      const storable = requestOriginIsPlain(protocol, host) && req.originalUrl.startsWith('/');
      if (pages && storable && req.method !== 'POST' && !req.headers.authorization) {
        const answered = await pages.fetch(pageKey(protocol, host ?? '', req.originalUrl), { request, mayRender });
        const page = answered && speculation.storedPage(req, answered, () => clientAddressOf(req, trust));
        if (!page) return speculation.refuse(req, res);
        return sendFromCache(req, res, page, { requestId, close: res.getHeader('connection') === 'close' }, countView);
      }
      if (!mayRender) return speculation.refuse(req, res);
      const answer = await engine.render(request);
      setRouteId(res, answer.routeId);
      sendMade(
        req,
        res,
        answer.status,
        storable
          ? withDefaultCaching(answer.headers)
          : [...answer.headers.filter(([n]) => n.toLowerCase() !== 'cache-control'), ['Cache-Control', 'no-store']],
        answer.body,
      );
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Whether the client is a browser loading a document, the one client that uses 103 Early Hints. An
 * interim answer trips HTTP/1.1 clients that take the first status line for the answer (Python's
 * urllib raises on it, `requests` returns it with an empty body), so feed readers, crawlers and scripts,
 * which send no fetch metadata, get the page alone. A proxy in front forwards the browser's headers.
 */
function wantsEarlyHints(req: IncomingMessage): boolean {
  return req.headers['sec-fetch-dest'] === 'document' && req.headers['sec-fetch-mode'] === 'navigate';
}

/** 103 Early Hints: the stylesheet starts before any data. */
function earlyHints(res: ServerResponse, links: string[]): void {
  if (links.length === 0) return;
  try {
    res.writeEarlyHints({ link: links });
  } catch {
    // Early hints are an optimisation; an HTTP/1.0 client or a proxy may refuse them.
  }
}

/** A page not kept by the page cache: revalidated by browsers unless the engine said more. */
function withDefaultCaching(headers: HeaderPairs): HeaderPairs {
  return headers.some(([n]) => n.toLowerCase() === 'cache-control') ? headers : [...headers, ['Cache-Control', 'no-cache']];
}

/** A page made now on the response: the document streamed as it renders, anything else whole. */
function sendMade(req: IncomingMessage, res: ServerResponse, status: number, headers: HeaderPairs, body: PageBody): void {
  res.statusCode = status;
  for (const [name, value] of headers) res.setHeader(name, value);
  const head = req.method === 'HEAD';
  if (Buffer.isBuffer(body)) {
    res.setHeader('Content-Length', body.length);
    res.end(head ? undefined : body);
  } else if (head) res.end();
  else body.pipe(res as Request['res'] & ServerResponse);
}
