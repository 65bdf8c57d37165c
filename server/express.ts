// The Express chain: what produces new answers — page misses and form posts (the page engine, through the
// page cache), API misses and writes, the file proxy, public files, discovery files and the operator's
// routes. The front door (door.ts) answers everything already in memory before a request gets here. Each
// router is mounted where its paths are, so a page miss passes only the request log, the security
// headers, compression and the page route. The order is behaviour.
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { CALENDAR_PREFIX, FEED_PREFIX, ROBOTS_PATH, SITEMAP_PART_PREFIX, SITEMAP_PATH } from '../shared/discovery-paths.ts';
import { IIIF_CROSS_ORIGIN, IIIF_PREFIX } from '../shared/iiif.ts';
import { pageKey, type PageCache } from './cache/page-cache.ts';
import type { Config } from './config.ts';
import { errorHandler, sendJsonError } from './http/error-answers.ts';
import { requestOriginIsPlain, safeOrigin } from './http/origin.ts';
import { BROTLI_WINDOW_BITS, type HeaderPairs } from './http/prepared.ts';
import { beginRequest, requestIdOf, setRouteId, type RequestLogDeps } from './http/request-log.ts';
import { applySecurityHeaders, type SecurityHeaders } from './http/security.ts';
import { upstreamAnswerOf } from './upstream/upstream-error.ts';
import { refusal, type PageAnswer, type PageEngine } from './pages/engine.ts';
import { FormBodyError, pageRequestOf } from './pages/request.ts';
import { SPECULATION_RULES_PATH, SPECULATION_RULES_TYPE } from './pages/speculation-rules.ts';
import type { WriteLimiter } from './writes/limit.ts';

/** Public files other than the build (logo, QR codes, favicon): their names do not change with a deploy. */
export const PUBLIC_MAX_AGE_S = 600;

type ChainConfig = Pick<Config, 'trustProxy'> & { publicUrl: string };

export interface ChainParts {
  log: RequestLogDeps;
  security: SecurityHeaders;
  publicDir: string;
  logger: Logger;
  /** GET /readyz and GET /metrics (exact paths). */
  probes: RequestHandler;
  /** /_edge/* with ADMIN_TOKEN; null when the operator routes do not exist. */
  admin: RequestHandler | null;
  /** The API pass-through (every catalogue path) and the file proxy, routers over their own paths. */
  api: RequestHandler;
  files: RequestHandler;
  /** The IIIF image service and manifests, mounted at IIIF_PREFIX (open to other origins: CORS). */
  iiif: RequestHandler;
  discovery: RequestHandler;
  engine: PageEngine;
  /** Null when PAGE_CACHE_TTL_S is 0. */
  pageCache: PageCache | null;
  writeLimiter: WriteLimiter;
  /** The view beacon and the gate of guessed page requests (pages/speculation.ts), just before the page route. */
  speculation: RequestHandler;
}

export function buildExpress(config: ChainConfig, parts: ChainParts): Express {
  const app = express();
  app.disable('x-powered-by');
  // res.json escapes <, > and & (operator answers list cache keys, which hold callers' bodies).
  app.set('json escape', true);
  app.set('trust proxy', config.trustProxy);

  app.use((req, res, next) => {
    beginRequest(req, res, parts.log);
    applySecurityHeaders(res, parts.security);
    next();
  });
  app.use(parts.probes);
  if (parts.admin) app.use(parts.admin);
  else app.use('/_edge', absentAdmin);
  // Answers compressed as they go out (a page's first visitor, before it is stored) with brotli's window
  // as small as the stored copies' (http/prepared.ts): with its 4 MiB default every such answer sets up a
  // 4 MiB ring buffer.
  const compress = compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } });
  // The proxy and the files send their own encodings (cached answers carry a gzipped copy), so
  // compression starts after them. The IIIF router answers everything below its prefix: its JSON
  // (manifests, collections, info.json) is compressed there; its pictures are not (their types are not
  // compressible).
  app.use(parts.api);
  app.use(parts.files);
  app.use(IIIF_PREFIX, iiifCors, compress, parts.iiif);
  app.use(compress);
  app.use(publicFiles(parts.publicDir));
  app.all([ROBOTS_PATH, SITEMAP_PATH, `${SITEMAP_PART_PREFIX}/*rest`, `${FEED_PREFIX}/*rest`, `${CALENDAR_PREFIX}/*rest`], parts.discovery);
  app.use(parts.speculation);
  app.use(pageRoute(config, parts));
  app.use(errorHandler(parts.logger, upstreamAnswerOf));
  return app;
}

/**
 * IIIF viewers and aggregators load images and manifests from other sites: the IIIF paths, and only
 * they, are open to every origin, to scripts and to plain `<img>` alike (GET and HEAD; a preflight is
 * answered here).
 */
const iiifCors: RequestHandler = (req, res, next) => {
  for (const [name, value] of IIIF_CROSS_ORIGIN) res.setHeader(name, value);
  if (req.method !== 'OPTIONS') return next();
  setRouteId(res, 'iiif:preflight');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Accept, Range');
  res.setHeader('Access-Control-Max-Age', '86400');
  res.status(204).end();
};

/** Without ADMIN_TOKEN the operator routes do not exist: a plain 404 for everything under /_edge. */
const absentAdmin: RequestHandler = (req, res) => {
  setRouteId(res, 'edge-admin');
  sendJsonError(res, { status: 404, code: 404, msg: `No such endpoint: ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/**
 * public/ beside the build: the file system is asked only for a first segment that names something at
 * the top of the folder (read once: it ships with the build), so a page address never costs a `stat`.
 */
function publicFiles(publicDir: string): RequestHandler {
  let names: ReadonlySet<string>;
  try {
    names = new Set(readdirSync(publicDir));
  } catch {
    names = new Set();
  }
  const files = express.static(publicDir, {
    index: false,
    redirect: false,
    maxAge: PUBLIC_MAX_AGE_S * 1000,
    setHeaders: (res, path) => {
      setRouteId(res as ServerResponse, 'static');
      // Browsers take speculation rules in their own type only.
      if (path.endsWith(SPECULATION_RULES_PATH)) res.setHeader('Content-Type', SPECULATION_RULES_TYPE);
    },
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const end = req.path.indexOf('/', 1);
    const first = req.path.slice(1, end === -1 ? undefined : end);
    let named: boolean;
    try {
      named = names.has(decodeURIComponent(first));
    } catch {
      named = true; // a segment that does not decode: the files answer it as before
    }
    return named ? files(req, res, next) : next();
  };
}

/**
 * Pages: the Express request adapted to the page engine, and its answer to the response. A GET of a
 * plain address goes through the page cache (one render per page at a time, the others wait for its
 * page); a POST spends the client's write budget without being turned away (past it, the action's write
 * is refused and the form comes back with the visitor's input kept).
 */
function pageRoute(config: ChainConfig, { engine, pageCache, writeLimiter, logger }: ChainParts): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return next();
    try {
      const writeLimitedForS = req.method === 'POST' ? await writeLimiter.spend(req, res) : undefined;
      const origin = safeOrigin(config.publicUrl, req.protocol, req.get('host'));
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
      const storable = requestOriginIsPlain(req.protocol, req.get('host')) && req.originalUrl.startsWith('/');
      if (pageCache && storable && req.method === 'GET' && !req.headers.authorization) {
        const fetched = await pageCache.fetch(pageKey(req.protocol, req.get('host') ?? '', req.originalUrl), () => engine.render(request));
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
