// The allow-listed API pass-through: every catalogue row at its own path under its own prefix (/api,
// /sw-es, /sw-file, /sw-cms-zb), unsigned from the browser and signed by the edge. Routes are built by
// iterating the catalogue; anything else under those prefixes is a 404 (405 for a known path).
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { EndpointSpec } from '../../shared/endpoints.ts';
import { labelCache, requestIdOf, setRouteId } from '../http-context.ts';
import { sendJsonError, upstreamErrorAnswer } from '../ops/errors.ts';
import type { UpstreamCall } from '../upstream/api.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import type { Gateway } from '../upstream/gateway.ts';
import type { ApiPaths } from './api-paths.ts';
import { sendGatewayAnswer } from './answer.ts';
import { CallRefused, checkedCall, searchOf } from './call.ts';
import { hasBody, hasJsonType, prereadBodies, readJsonBody } from './body.ts';
import type { MissBudget } from './miss-budget.ts';
import { checkWrite, type Lang } from '../writes/rules.ts';


export interface ProxyOptions {
  gateway: Gateway;
  paths: ApiPaths;
  writeLimiter: RequestHandler;
  /** The per-address budget of cache misses that reads spend. */
  missBudget: MissBudget;
}

/** The JSON body, read here or picked up from the fast path; 415 for other content types. */
const jsonBody: RequestHandler = (req, res, next) => {
  const preread = prereadBodies.get(req);
  if (preread) {
    if ('error' in preread) next(preread.error);
    else {
      req.body = preread.body;
      next();
    }
    return;
  }
  if (hasBody(req) && !hasJsonType(req)) {
    sendJsonError(res, { status: 415, code: 415, msg: 'Send the request body as JSON (Content-Type: application/json)' });
    return;
  }
  readJsonBody(req).then((body) => {
    req.body = body;
    next();
  }, next);
};

/** The site language of a JSON caller: `?lang=en`, else its Accept-Language, else Chinese. */
export function langOf(req: Request): Lang {
  const q = req.query.lang;
  if (q === 'en' || q === 'zh') return q;
  return req.acceptsLanguages('zh', 'en') === 'en' ? 'en' : 'zh';
}

function callOf(req: Request, r: Response, spec: EndpointSpec): UpstreamCall | CallRefused {
  return checkedCall(spec, { ...(req.params as Record<string, string>) }, searchOf(req.originalUrl), req.body, requestIdOf(r));
}

export function proxyRouter({ gateway, paths, writeLimiter, missBudget }: ProxyOptions): Router {
  const router = Router({ caseSensitive: true, strict: true });

  for (const { path, spec } of paths.routes) {
    const name: RequestHandler = (_req, r, next) => {
      setRouteId(r, `api:${spec.name}`);
      // Error answers say it too; a served answer overwrites both.
      labelCache(r, spec.write ? 'BYPASS' : 'MISS', 0);
      next();
    };
    const handler: RequestHandler = async (req, r) => {
      const call = callOf(req, r, spec);
      if (call instanceof CallRefused) {
        sendJsonError(r, { status: 400, code: 400, msg: call.msg }, { error: call.code });
        return;
      }
      if (spec.write) {
        const check = await checkWrite(spec.name, call, gateway, langOf(req));
        if (!check.ok) {
          sendJsonError(r, { status: check.status, code: check.status, msg: check.msg }, { errors: check.errors });
          return;
        }
        sendGatewayAnswer(req, r, await gateway.answer(spec.name, check.call));
        return;
      }
      call.onMiss = missBudget.spender(r);
      sendGatewayAnswer(req, r, await gateway.answer(spec.name, call));
    };
    for (const method of spec.accepts) {
      const chain: RequestHandler[] = [name];
      if (spec.write) chain.push(writeLimiter);
      if (method === 'POST') chain.push(jsonBody);
      // Right before the call: the check and the count of a miss happen in one turn (miss-budget.ts).
      if (!spec.write) chain.push(missBudget.gate);
      chain.push(handler);
      if (method === 'GET') router.get(path, ...chain);
      else router.post(path, ...chain);
    }
  }

  // Anything else below the API prefixes never reaches the service (nor the page router).
  const unknown: RequestHandler = (req, r) => {
    setRouteId(r, 'api:unknown');
    const path = `${req.baseUrl}${req.path}`;
    if (paths.isKnown(path)) {
      const allow = ['GET', 'POST'].filter((m) => paths.match(m, path)).join(', ');
      r.set('Allow', allow.includes('GET') ? `${allow}, HEAD` : allow);
      sendJsonError(r, { status: 405, code: 405, msg: `${req.method} is not allowed for ${path}; use ${allow}` });
      return;
    }
    sendJsonError(r, { status: 404, code: 404, msg: `No such endpoint: ${req.method} ${path}` });
  };
  for (const prefix of paths.prefixes) router.use(prefix, unknown);

  const errors: ErrorRequestHandler = (err, req, r, next) => {
    if (r.headersSent || !paths.prefixes.some((p) => req.path === p || req.path.startsWith(`${p}/`))) {
      next(err);
      return;
    }
    if (err instanceof UpstreamError) {
      const answer = upstreamErrorAnswer(err);
      sendJsonError(r, answer, { endpoint: err.endpoint, error: answer.error ?? err.code });
      return;
    }
    next(err);
  };
  router.use(errors);
  return router;
}
