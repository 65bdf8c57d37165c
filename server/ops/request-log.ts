// The start of every request, in Express or on the hit fast path: a request id (X-Request-Id accepted
// when sane, otherwise made up, always returned), `Connection: close` while draining, and — once the
// answer is sent — one JSON log line and the request-duration metric.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { cacheLabelOf, routeIdOf, setRequestId } from '../http-context.ts';
import type { EdgeMetrics } from './metrics.ts';

const SANE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

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

function logWhenFinished(req: IncomingMessage, res: ServerResponse, id: string, { logger, metrics }: RequestLogDeps, started: number): void {
  res.on('finish', () => {
    const seconds = (performance.now() - started) / 1000;
    const route = routeIdOf(res);
    metrics.observeRequest(route, req.method ?? 'GET', res.statusCode, seconds);
    logger.info(
      {
        reqId: id,
        method: req.method,
        url: req.url,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
        route,
        cache: cacheLabelOf(res),
      },
      'request',
    );
  });
}

export function requestLog(deps: RequestLogDeps): RequestHandler {
  return (req, res, next) => {
    beginRequest(req, res, deps);
    next();
  };
}
