// /__data: the loader or action data of one route for a client navigation, as JSON (DataAnswer of
// shared/data-protocol.ts): the data, a redirect to follow, or an error with its stable code.
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { ROOT_ROUTE_ID } from '../../client/frame.ts';
import { DATA_PREFIX, ROUTE_PARAM, dropParam, type DataAnswer } from '../../shared/data-protocol.ts';
import { ROUTE_BY_ID } from '../../shared/route-table.ts';
import { setRouteId } from '../http-context.ts';
import type { Engine } from './engine.ts';
import { beginPageRequest, originOf, recordPage, storableTarget } from './page-request.ts';
import { pageTarget, type TargetRefusal } from './page-url.ts';
import { FormBodyError, toFetchRequest } from './request.ts';
import { isRouteResponse, routeAnswerOf } from './route-answer.ts';
import type { PageDeps } from './types.ts';

export const isDataPath = (path: string): boolean => path === DATA_PREFIX || path.startsWith(`${DATA_PREFIX}/`);

/** The page address a /__data request stands for (its `_route` marker dropped), or why there is none. */
function dataPageUrl(req: ExpressRequest, origin: string): URL | TargetRefusal {
  const raw = req.originalUrl;
  const q = raw.indexOf('?');
  // The same checks as a page's own address: `/__data//evil` is `//evil`, not evil's home page.
  const target = pageTarget(origin, `${req.path.slice(DATA_PREFIX.length) || '/'}${q === -1 ? '' : raw.slice(q)}`);
  if (!target.ok) return target;
  dropParam(target.url, ROUTE_PARAM);
  return target.url;
}

function answer(res: ExpressResponse, status: number, body: DataAnswer): void {
  res.status(status).setHeader('Cache-Control', storableTarget(res.req) ? 'no-cache' : 'no-store');
  res.json(body);
}

/** A /__data request refused before the router runs: the error answer plus a message for people. */
function refuseData(res: ExpressResponse, status: number, code: string, msg: string): void {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.json({ type: 'error', status, code, msg } satisfies DataAnswer & { msg: string });
}

/** A route's Response, returned or thrown: a redirect for the client to follow, or an error. */
async function answerRouteResponse(res: ExpressResponse, value: Parameters<typeof routeAnswerOf>[0]): Promise<void> {
  const routed = await routeAnswerOf(value);
  if (routed.kind === 'redirect') answer(res, 200, { type: 'redirect', location: routed.location, status: routed.status });
  else answer(res, routed.status, { type: 'error', status: routed.status, code: routed.code });
}

export function dataRoute(deps: PageDeps, ready: () => Promise<Engine>) {
  return async function serveData(req: ExpressRequest, res: ExpressResponse): Promise<void> {
    const engine = await ready();
    const { log, state, signal } = beginPageRequest(res, deps);
    const routeId = typeof req.query[ROUTE_PARAM] === 'string' ? req.query[ROUTE_PARAM] : '';
    setRouteId(res, 'page:data');
    if (routeId !== ROOT_ROUTE_ID && !ROUTE_BY_ID.has(routeId)) {
      answer(res, 400, { type: 'error', status: 400, code: 'UNKNOWN_ROUTE' });
      return;
    }
    const url = dataPageUrl(req, originOf(req, deps.site));
    if (!(url instanceof URL)) {
      log.info({ status: url.status, code: url.code }, url.msg);
      refuseData(res, url.status, url.code, url.msg);
      return;
    }
    try {
      const request = await toFetchRequest(req, url, signal);
      const value: unknown = await engine.handlerFor(url.pathname).queryRoute(request, { routeId, requestContext: state });
      recordPage(res, state);
      if (value instanceof Response) await answerRouteResponse(res, value);
      else answer(res, 200, { type: 'data', data: value ?? null });
    } catch (thrown) {
      if (isRouteResponse(thrown)) return answerRouteResponse(res, thrown);
      if (thrown instanceof FormBodyError) {
        log.info({ status: thrown.status, code: thrown.code }, thrown.message);
        refuseData(res, thrown.status, thrown.code, thrown.message);
        return;
      }
      if (signal.aborted) return; // the visitor left: the request log says so (CLIENT_GONE)
      log.error({ err: thrown, url: req.originalUrl }, 'page data failed');
      answer(res, 500, { type: 'error', status: 500, code: 'RENDER_ERROR' });
    }
  };
}
