// Per-request facts shared by the middlewares and the hit fast path: the request id and the route id
// (the bounded metrics label). They live in `res.locals`, which Express keeps when it is already there,
// so answers served before Express (proxy/fast-hits.ts) use the same place. The portal's page router
// names its routes with setRouteId too.
import type { ServerResponse } from 'node:http';

type WithLocals = ServerResponse & { locals?: Record<string, unknown> };

function localsOf(res: WithLocals): Record<string, unknown> {
  res.locals ??= Object.create(null) as Record<string, unknown>;
  return res.locals;
}

export function setRouteId(res: WithLocals, routeId: string): void {
  localsOf(res).routeId = routeId;
}

export function routeIdOf(res: WithLocals): string {
  const id = res.locals?.routeId;
  return typeof id === 'string' ? id : 'unmatched';
}

export function setRequestId(res: WithLocals, requestId: string): void {
  localsOf(res).requestId = requestId;
}

export function requestIdOf(res: WithLocals): string | undefined {
  const id = res.locals?.requestId;
  return typeof id === 'string' ? id : undefined;
}

/** X-Cache of an answer whose headers went out in one writeHead (the log line reads it from here). */
export function setCacheLabel(res: WithLocals, label: string): void {
  localsOf(res).cacheLabel = label;
}

export function cacheLabelOf(res: WithLocals): string | undefined {
  const label = res.locals?.cacheLabel;
  return typeof label === 'string' ? label : undefined;
}
