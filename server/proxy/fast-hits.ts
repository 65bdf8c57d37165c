// The hot path: a fresh cached answer to a read-only API call is sent before Express runs. Express's
// per-request set-up costs several times what the hit itself does (bench/proxy.ts), and a cached list
// is what the edge serves most. The answer is the same one the Express route sends — the same request
// id, log line and metric, helmet's headers, X-Cache/Age/ETag, gzip — from the same functions.
// Anything that is not a fresh hit (a miss, a write, a bad body, an unknown path) goes on to Express
// untouched, except that a body read here is handed over through prereadBodies.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { API_PREFIXES, matchEndpoint, type EndpointSpec } from '../../shared/endpoints.ts';
import { setRouteId } from '../http-context.ts';
import { beginRequest, type RequestLogDeps } from '../ops/request-log.ts';
import { applySecurityHeaders, type SecurityHeaders } from '../security.ts';
import type { Gateway } from '../upstream/gateway.ts';
import { sendGatewayAnswer } from './answer.ts';
import { hasBody, hasJsonType, prereadBodies, readJsonBody } from './body.ts';
import { callFrom } from './router.ts';

export interface FastHitDeps {
  gateway: Gateway;
  security: SecurityHeaders;
  log: RequestLogDeps;
}

interface Candidate {
  spec: EndpointSpec;
  params: Record<string, string>;
  query: Record<string, string>;
}

const underApi = (path: string) => API_PREFIXES.some((p) => path.startsWith(`${p}/`));

function candidateOf(req: IncomingMessage): Candidate | null {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (method !== 'GET' && method !== 'POST') return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!underApi(path)) return null;
  const match = matchEndpoint(method, path);
  if (!match || match.endpoint.write) return null;
  const query: Record<string, string> = {};
  if (q !== -1 && match.endpoint.query?.length) {
    const search = new URLSearchParams(url.slice(q + 1));
    for (const name of match.endpoint.query) {
      const values = search.getAll(name);
      if (values.length === 1) query[name] = values[0]!;
    }
  }
  return { spec: match.endpoint, params: match.params, query };
}

export function withFastHits(app: RequestListener, deps: FastHitDeps): RequestListener {
  const serve = (req: IncomingMessage, res: ServerResponse, c: Candidate, body: unknown, startedAt: number): boolean => {
    const hit = deps.gateway.freshHit(c.spec.name, callFrom(c.spec, c.params, c.query, body, undefined));
    if (!hit) return false;
    beginRequest(req, res, deps.log, startedAt);
    applySecurityHeaders(res, deps.security);
    setRouteId(res, `api:${c.spec.name}`);
    sendGatewayAnswer(req, res, hit);
    return true;
  };

  return (req, res) => {
    const startedAt = performance.now();
    const c = candidateOf(req);
    if (!c) {
      app(req, res);
      return;
    }
    if (c.spec.method === 'GET') {
      if (!serve(req, res, c, undefined, startedAt)) app(req, res);
      return;
    }
    if (hasBody(req) && !hasJsonType(req)) {
      app(req, res); // the route answers 415
      return;
    }
    readJsonBody(req).then(
      (body) => {
        prereadBodies.set(req, { body });
        if (!serve(req, res, c, body, startedAt)) app(req, res);
      },
      (error: unknown) => {
        prereadBodies.set(req, { error });
        app(req, res);
      },
    );
  };
}
