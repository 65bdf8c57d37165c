// The start of every request, in Express or on the hit fast path: a request id (X-Request-Id accepted
// when sane, otherwise made up, always returned), `Connection: close` while draining, and — once the
// answer is sent — one JSON log line and the request-duration metric.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { routeIdOf, setRequestId } from '../http-context.ts';
import type { EdgeMetrics } from './metrics.ts';

const SANE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

export interface RequestLogDeps {
  logger: Logger;
  metrics: EdgeMetrics;
  draining: () => boolean;
}

export function beginRequest(
  req: IncomingMessage,
  res: ServerResponse,
  { logger, metrics, draining }: RequestLogDeps,
  started = performance.now(),
): void {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
  setRequestId(res, id);
  res.setHeader('X-Request-Id', id);
  if (draining()) res.setHeader('Connection', 'close');
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
        cache: res.getHeader('x-cache'),
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
