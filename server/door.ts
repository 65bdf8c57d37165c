// The front door: what the HTTP server runs. It owns one choice, which room's part answers a request:
// the path table (paths.ts) names, per path, the room and its door part, which answers what the room
// holds in memory (/healthz, the build files, fresh and missed API reads, IIIF image answers already
// made, stored pages) through the one sender, with the same request id, log line and metric as any
// other answer, or hands the request to Express untouched. Nothing else is passed to Express with it.
// A request that names more than one host is refused first, before anything reads its Host.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { safeJson } from './http/error-answers.ts';
import { flatHead } from './http/prepared.ts';
import { beginDoorRequest, setRouteId, type RequestLogDeps } from './http/request-log.ts';
import type { SecurityHeaders } from './http/security.ts';
import { rowFinder, type PathRow } from './paths.ts';

interface FrontDoorDeps {
  /** The path table: which room's door part takes a request, if any. */
  rows: readonly PathRow[];
  /** Where everything the door parts do not answer goes (Express). */
  next: RequestListener;
  security: SecurityHeaders;
  log: RequestLogDeps;
}

/** The stable `error` of a request that names more than one host. */
const HOST_REFUSED = 'HOST_NOT_ONE';
const HOST_REFUSED_MSG =
  'This request names more than one host (several Host headers, or a list in one): send exactly one Host header, holding one host name';

/**
 * Whether the request names more than one host (RFC 9112 §3.2: a 400). Node keeps the first of several
 * Host lines in req.headers.host and drops the others, so only rawHeaders shows them; a value with a
 * comma is two hosts joined, as a proxy folding repeated lines would send them.
 */
function namesSeveralHosts(req: IncomingMessage): boolean {
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
  const { next, log } = deps;
  const rowOf = rowFinder(deps.rows);
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

  return (req, res) => {
    const started = performance.now();
    if (namesSeveralHosts(req)) return refuseHosts(req, res, started);
    const door = rowOf(req.url ?? '/').door;
    if (door === null) return next(req, res);
    try {
      door(req, res, started, next);
    } catch (err) {
      // A failure inside a door part is Express's to answer (its error handler logs it and sends a 500).
      if (res.headersSent) res.destroy(err as Error);
      else next(req, res);
    }
  };
}
