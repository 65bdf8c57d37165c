// The front door: what the HTTP server runs. Every answer the edge already holds in memory is answered
// here and only here, before Express: /healthz, the build files, stored pages (fresh or
// stale-while-revalidate), fresh API reads and IIIF image answers already made. Each is a prepared answer sent in one writeHead, with the
// same request id, log line and metric as any other answer. A request that names more than one host is
// refused first, before anything reads its Host. Everything else — misses, writes, operators, other bad
// input — goes to Express untouched.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { BUILD_PREFIX, type BuildFiles } from './build-files.ts';
import { pageKey, type PageCache, type PageFound } from './cache/page-cache.ts';
import { safeJson } from './http/error-answers.ts';
import type { TLSSocket } from 'node:tls';
import { flatHead, preparedOf, sendPrepared, type Prepared } from './http/prepared.ts';
import { clientAddressOf } from './http/client-address.ts';
import { beginDoorRequest, setRouteId, type RequestLogDeps } from './http/request-log.ts';
import type { SecurityHeaders } from './http/security.ts';
import type { Speculation } from './pages/speculation.ts';
import { IIIF_PREFIX } from '../shared/iiif.ts';

export interface FrontDoorDeps {
  /** Where everything the door does not answer goes (Express). */
  next: RequestListener;
  pageCache: PageCache | null;
  buildFiles: BuildFiles;
  /** The path prefixes of the API: a request below one is an API call, never a page. */
  apiPrefixes: readonly string[];
  /** Fresh API reads: true when the read was answered or is being answered here. */
  apiHits: (req: IncomingMessage, res: ServerResponse, started: number) => boolean;
  /** IIIF image answers already in memory (server/pictures/iiif-image.ts); false for anything else. */
  iiifHits?: (req: IncomingMessage, res: ServerResponse, started: number, protocol: string) => boolean;
  security: SecurityHeaders;
  log: RequestLogDeps;
  /** Express's compiled `trust proxy` (app.get('trust proxy fn')): the page key's protocol is Express's. */
  trustProxy: (address: string, hop: number) => boolean;
  /** Stored pages asked for on a guess (Sec-Purpose) and the views they leave pending; without it, every GET counts. */
  speculation?: Pick<Speculation, 'storedPage'>;
}

/** Express's req.protocol, from the raw request (the same rule, so the door and Express key pages alike). */
/** Where the IIIF image answers live (the manifests below it are Express's alone). */
const IIIF_IMAGES = `${IIIF_PREFIX}/`;

function protocolOf(req: IncomingMessage, trust: FrontDoorDeps['trustProxy']): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  if (typeof header !== 'string' || header === '') return own;
  const comma = header.indexOf(',');
  return (comma === -1 ? header : header.slice(0, comma)).trim();
}

/**
 * Whether a path is below one of the prefixes (the prefix itself, or it and a `/` or `?`). The prefixes'
 * second characters are looked at first: a page address (`/News/…`, `/EN_…`) is told apart in one step.
 */
function prefixTest(prefixes: readonly string[]): (url: string) => boolean {
  const seconds = new Set(prefixes.map((p) => p.charCodeAt(1)));
  return (url) => {
    if (!seconds.has(url.charCodeAt(1))) return false;
    for (const prefix of prefixes) {
      if (!url.startsWith(prefix)) continue;
      const next = url.charCodeAt(prefix.length);
      if (Number.isNaN(next) || next === 0x2f || next === 0x3f) return true; // end, `/` or `?`
    }
    return false;
  };
}

const HEALTH_BODY = Buffer.from('{"status":"ok"}');
/** The stable `error` of a request that names more than one host. */
export const HOST_REFUSED = 'HOST_NOT_ONE';
const HOST_REFUSED_MSG =
  'This request names more than one host (several Host headers, or a list in one): send exactly one Host header, holding one host name';

/**
 * Whether the request names more than one host (RFC 9112 §3.2: a 400). Node keeps the first of several
 * Host lines in req.headers.host and drops the others, so only rawHeaders shows them; a value with a
 * comma is two hosts joined, as a proxy folding repeated lines would send them.
 */
export function namesSeveralHosts(req: IncomingMessage): boolean {
  const host = req.headers.host;
  if (host !== undefined && host.indexOf(',') !== -1) return true;
  const raw = req.rawHeaders;
  let lines = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') lines += 1;
  }
  return lines > 1;
}

export function createFrontDoor(deps: FrontDoorDeps): RequestListener {
  const { next, pageCache, log, apiHits } = deps;
  const isApi = prefixTest(deps.apiPrefixes);
  const files = deps.buildFiles;
  const health = preparedOf(
    200,
    [...deps.security, ['Content-Type', 'application/json; charset=utf-8'], ['Cache-Control', 'no-store']],
    'W/"f-ok"',
    HEALTH_BODY,
    null,
  );
  // The refusal's headers, flattened once; it closes the connection (what follows its head cannot be trusted).
  const refusedHead = flatHead([
    ...deps.security,
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Cache-Control', 'no-store'],
    ['Connection', 'close'],
  ]);

  const refuseHosts = (req: IncomingMessage, res: ServerResponse, started: number): void => {
    const { requestId } = beginDoorRequest(req, res, log, started);
    setRouteId(res, 'refused:host');
    const body = Buffer.from(safeJson({ code: 400, msg: HOST_REFUSED_MSG, data: null, error: HOST_REFUSED, requestId }));
    res.writeHead(400, [...refusedHead, 'X-Request-Id', requestId, 'Content-Length', String(body.length)]);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const sendKnown = (req: IncomingMessage, res: ServerResponse, started: number, routeId: string, p: Prepared): void => {
    const sending = beginDoorRequest(req, res, log, started);
    setRouteId(res, routeId);
    sendPrepared(req, res, p, sending);
  };

  const sendPage = (req: IncomingMessage, res: ServerResponse, started: number, found: PageFound): void => {
    const page = deps.speculation ? deps.speculation.storedPage(req, found, () => clientAddressOf(req, deps.trustProxy)) : found;
    if (page === null) return next(req, res); // a guess Express refuses
    const sending = beginDoorRequest(req, res, log, started);
    setRouteId(res, page.entry.routeId);
    pageCache!.send(req, res, page, sending);
  };

  /** A failure inside the door is Express's to answer (its error handler logs it and sends a 500). */
  const pass = (req: IncomingMessage, res: ServerResponse) => (): void => {
    if (!res.headersSent) next(req, res);
  };

  const getOrHead = (req: IncomingMessage, res: ServerResponse, started: number): void => {
    const url = req.url ?? '/';
    if (url === '/healthz') return sendKnown(req, res, started, 'healthz', health);
    if (isApi(url)) {
      if (!apiHits(req, res, started)) next(req, res);
      return;
    }
    if (url.startsWith(BUILD_PREFIX)) {
      const q = url.indexOf('?');
      const file = files.find(q === -1 ? url : url.slice(0, q));
      if (file) {
        file.then((p) => (p ? sendKnown(req, res, started, 'static:build', p) : next(req, res)), pass(req, res));
        return;
      }
      return next(req, res);
    }
    if (deps.iiifHits && url.startsWith(IIIF_IMAGES) && deps.iiifHits(req, res, started, protocolOf(req, deps.trustProxy))) return;
    if (pageCache && !req.headers.authorization && url.startsWith('/')) {
      const found = pageCache.find(pageKey(protocolOf(req, deps.trustProxy), req.headers.host ?? '', url));
      if (found instanceof Promise) {
        found.then((f) => (f ? sendPage(req, res, started, f) : next(req, res)), pass(req, res));
        return;
      }
      if (found) return sendPage(req, res, started, found);
    }
    next(req, res);
  };

  return (req, res) => {
    const started = performance.now();
    if (namesSeveralHosts(req)) return refuseHosts(req, res, started);
    const method = req.method;
    if (method === 'GET' || method === 'HEAD') return getOrHead(req, res, started);
    if (method === 'POST' && isApi(req.url ?? '/') && apiHits(req, res, started)) return;
    next(req, res);
  };
}
