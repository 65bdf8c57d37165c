// The start of every request, in Express or on the hit fast path: a request id (X-Request-Id accepted
// when sane, otherwise made up, always returned), `Connection: close` while draining, and — once the
// answer is sent — one JSON log line and the request-duration metric, written at the end of the turn.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { cacheLabelOf, routeIdOf, setRequestId } from '../http-context.ts';
import type { EdgeMetrics } from './metrics.ts';

const SANE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The code of a request whose client left before its answer was complete: the visitor's doing, not a failure. */
export const CLIENT_GONE = 'CLIENT_GONE';
/** The status such a request is logged and counted with (nginx's "client closed request"). */
const CLIENT_GONE_STATUS = 499;

export interface RequestLogDeps {
  logger: Logger;
  metrics: EdgeMetrics;
  draining: () => boolean;
}

/** The request's id: its own X-Request-Id when sane, else a new one. */
function idOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

export function beginRequest(req: IncomingMessage, res: ServerResponse, deps: RequestLogDeps, started = performance.now()): void {
  const id = idOf(req);
  setRequestId(res, id);
  res.setHeader('X-Request-Id', id);
  if (deps.draining()) res.setHeader('Connection', 'close');
  logWhenFinished(req, res, id, deps, started);
}

/**
 * The front door's start of a request: the same id, log line and metric, but no header is set here —
 * the answer's headers go out in one writeHead (server/door/prepared.ts), which is what makes it cheap.
 */
export function beginDoorRequest(req: IncomingMessage, res: ServerResponse, deps: RequestLogDeps, started: number): { requestId: string; close: boolean } {
  const id = idOf(req);
  setRequestId(res, id);
  logWhenFinished(req, res, id, deps, started);
  return { requestId: id, close: deps.draining() };
}

/** What the access line and the duration metric of one finished answer need, read when it finished. */
interface Finished {
  deps: RequestLogDeps;
  /** The client went away before the answer was complete (logged as such, status 499 as nginx does). */
  gone: boolean;
  id: string;
  method: string;
  url: string | undefined;
  status: number;
  seconds: number;
  route: string;
  cache: string | undefined;
}

/**
 * Answers finished in this turn of the event loop, written out together once the turn's I/O is done
 * (setImmediate). Logging each one on its 'finish' put the line's serialisation and the histogram between
 * one answer's write and the next request's read; batched, the answers of a busy turn all go out first.
 * Bare node:http with these duties, the two forms side by side under wrk: 0.56–0.63 of bare inline,
 * 0.73–0.81 batched (README "Figures"). Nothing is dropped: the check phase comes before the loop can
 * end, and the drain in main.ts waits for connections and the app to close before it exits.
 */
let finished: Finished[] = [];

function writeFinished(): void {
  const batch = finished;
  finished = [];
  for (const f of batch) {
    f.deps.metrics.observeRequest(f.route, f.method, f.status, f.seconds);
    const code = f.gone ? CLIENT_GONE : undefined;
    const line = { reqId: f.id, method: f.method, url: f.url, status: f.status, ms: Math.round(f.seconds * 10_000) / 10, route: f.route, cache: f.cache, code };
    f.deps.logger.info(line, f.gone ? 'client went away before the answer was complete' : 'request');
  }
}

function logWhenFinished(req: IncomingMessage, res: ServerResponse, id: string, deps: RequestLogDeps, started: number): void {
  // As the client sent it: Express's mounted routers strip their prefix from req.url while they run
  // (a 404 under /api was logged as `/nope`).
  const url = req.url;
  const done = (gone: boolean): void => {
    if (finished.length === 0) setImmediate(writeFinished);
    finished.push({
      deps,
      gone,
      id,
      method: req.method ?? 'GET',
      url,
      status: gone ? CLIENT_GONE_STATUS : res.statusCode,
      seconds: (performance.now() - started) / 1000,
      route: routeIdOf(res),
      cache: cacheLabelOf(res),
    });
  };
  res.on('finish', () => done(false));
  res.on('close', () => {
    if (!res.writableFinished) done(true);
  });
}

export function requestLog(deps: RequestLogDeps): RequestHandler {
  return (req, res, next) => {
    beginRequest(req, res, deps);
    next();
  };
}
