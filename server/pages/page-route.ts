// Pages over HTTP, the pages room's two parts: at the front door, a stored page (the page cache's, fresh
// or stale-while-revalidate) sent from memory; in Express, the page route, which adapts a request to the
// page engine through the page cache (one render per page at a time, the others wait for its page) and
// answers form posts. Both key a page by the protocol (http/client-address.ts protocolOf, one rule for
// both), the Host and the target as sent, so a page stored by one is found by the other.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pageKey, type PageCache, type PageFound } from '../cache/page-cache.ts';
import { clientAddressOf, protocolOf, type ProxyTrust } from '../http/client-address.ts';
import { requestOriginIsPlain, safeOrigin } from '../http/origin.ts';
import type { HeaderPairs } from '../http/prepared.ts';
import { beginDoorRequest, requestIdOf, setRouteId, type DoorPart, type RequestLogDeps } from '../http/request-log.ts';
import type { WriteLimiter } from '../writes/limit.ts';
import { refusal, type PageAnswer, type PageEngine } from './engine.ts';
import { FormBodyError, pageRequestOf } from './request.ts';
import type { Speculation } from './speculation.ts';

export interface StoredPagesDeps {
  pageCache: PageCache;
  /** Stored pages asked for on a guess (Sec-Purpose) and the views they leave pending. */
  speculation: Pick<Speculation, 'storedPage'>;
  log: RequestLogDeps;
  trust: ProxyTrust;
}

/**
 * The door's part: a GET or HEAD without credentials of a page the page cache holds, sent from memory.
 * Anything else (a miss, a form post, a guess Express refuses) goes on to Express untouched.
 */
export function storedPagesAtDoor({ pageCache, speculation, log, trust }: StoredPagesDeps): DoorPart {
  const send = (req: IncomingMessage, res: ServerResponse, started: number, found: PageFound, next: RequestListener): void => {
    const page = speculation.storedPage(req, found, () => clientAddressOf(req, trust));
    if (page === null) return next(req, res); // a guess Express refuses
    const sending = beginDoorRequest(req, res, log, started);
    setRouteId(res, page.entry.routeId);
    pageCache.send(req, res, page, sending);
  };
  return (req, res, started, next) => {
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization || !url.startsWith('/')) return next(req, res);
    const found = pageCache.find(pageKey(protocolOf(req, trust), req.headers.host ?? '', url));
    if (found instanceof Promise) {
      found.then(
        (f) => (f ? send(req, res, started, f, next) : next(req, res)),
        // A failure while looking is Express's to answer (its error handler logs it and sends a 500).
        () => {
          if (!res.headersSent) next(req, res);
        },
      );
      return;
    }
    if (found) return send(req, res, started, found, next);
    next(req, res);
  };
}

export interface PageRouteDeps {
  engine: PageEngine;
  /** Null when PAGE_CACHE_TTL_S is 0. */
  pageCache: PageCache | null;
  writeLimiter: WriteLimiter;
  logger: Logger;
  publicUrl: string;
  trust: ProxyTrust;
}

/**
 * Express's part: the request adapted to the page engine, and its answer to the response. A GET of a
 * plain address goes through the page cache (one render per page at a time, the others wait for its
 * page); a POST spends the client's write budget without being turned away (past it, the action's write
 * is refused and the form comes back with the visitor's input kept).
 */
export function pageRoute({ engine, pageCache, writeLimiter, logger, publicUrl, trust }: PageRouteDeps): RequestHandler {
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
        return sendPage(req, res, refused, refused.headers);
      }
      if (req.method === 'GET' && wantsEarlyHints(req)) earlyHints(res, engine.earlyHints());
      // Answered, never stored: pages are kept by the raw protocol, Host and target.
      const storable = requestOriginIsPlain(protocol, host) && req.originalUrl.startsWith('/');
      if (pageCache && storable && req.method === 'GET' && !req.headers.authorization) {
        const fetched = await pageCache.fetch(pageKey(protocol, host ?? '', req.originalUrl), () => engine.render(request));
        if ('found' in fetched) {
          setRouteId(res, fetched.found.entry.routeId);
          return pageCache.send(req, res, fetched.found, { requestId, close: res.getHeader('connection') === 'close' });
        }
        return sendPage(req, res, fetched.rendered, fetched.headers);
      }
      const answer = await engine.render(request);
      sendPage(
        req,
        res,
        answer,
        storable
          ? withDefaultCaching(answer.headers)
          : [...answer.headers.filter(([n]) => n.toLowerCase() !== 'cache-control'), ['Cache-Control', 'no-store']],
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

/** An engine answer on the response: the document streamed as it renders, anything else whole. */
function sendPage(req: IncomingMessage, res: ServerResponse, answer: PageAnswer, headers: HeaderPairs): void {
  setRouteId(res, answer.routeId);
  res.statusCode = answer.status;
  for (const [name, value] of headers) res.setHeader(name, value);
  const head = req.method === 'HEAD';
  if (Buffer.isBuffer(answer.body)) {
    res.setHeader('Content-Length', answer.body.length);
    res.end(head ? undefined : answer.body);
  } else if (head) res.end();
  else answer.body.pipe(res as Request['res'] & ServerResponse);
}
