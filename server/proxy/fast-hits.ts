// The hot path: a fresh cached answer to a read-only API call is sent before Express runs. Express's
// per-request set-up costs several times what the hit itself does (bench/proxy.ts), and a cached list
// is what the edge serves most. The answer is the same one the Express route sends — the same request
// id, log line and metric, helmet's headers, X-Cache/Age/ETag, gzip — from the same functions.
// Anything that is not a fresh hit (a miss, a write, a bad body, an unknown path) goes on to Express
// untouched, except that a body read here is handed over through prereadBodies. Every path out of
// here is answered: a failure of the fast path itself is a logged 500, never a silent socket.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { EndpointSpec, MatchedEndpoint } from '../../shared/endpoints.ts';
import { requestIdOf, setRouteId } from '../http-context.ts';
import { writeJsonError } from '../ops/errors.ts';
import { cachedSending, preparedOf, sendPrepared, type Prepared } from '../door/prepared.ts';
import { beginDoorRequest, beginRequest, type RequestLogDeps } from '../ops/request-log.ts';
import { applySecurityHeaders, type SecurityHeaders } from '../security.ts';
import type { CacheEntry } from '../upstream/cache.ts';
import type { Gateway } from '../upstream/gateway.ts';
import { rememberCanonical } from '../upstream/keys.ts';
import { hasBody, hasJsonType, prereadBodies, readJsonBodyThen } from './body.ts';
import { CallRefused, checkedCall } from './call.ts';
import { deepFreeze } from '../../shared/deep-freeze.ts';

export interface FastHitDeps {
  gateway: Gateway;
  /** The catalogue row of a browser-facing API path (spec §7 paths and the API_ALIASES forms); null when none. */
  route: (method: string, path: string) => MatchedEndpoint | null;
  security: SecurityHeaders;
  log: RequestLogDeps;
}

interface Candidate {
  spec: EndpointSpec;
  params: Record<string, string>;
  /** The raw query string (checkedCall reads it when the row takes parameters). */
  search: string;
}

function candidateOf(req: IncomingMessage, route: FastHitDeps['route']): Candidate | null {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (method !== 'GET' && method !== 'POST') return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const match = route(method, q === -1 ? url : url.slice(0, q));
  if (!match || match.endpoint.write) return null;
  return { spec: match.endpoint, params: match.params, search: q === -1 ? '' : url.slice(q + 1) };
}

/** The headers sendGatewayAnswer (answer.ts) sends with a cached read, beside the security headers. */
const API_HIT_HEADERS = [
  ['Content-Type', 'application/json; charset=utf-8'],
  ['Cache-Control', 'no-cache'],
] as const;

/**
 * Bodies by their bytes: visitors' browsers send the same few list calls over and over, so the same bytes
 * become one frozen object whose cache key is worked out once (upstream/keys.ts rememberCanonical).
 * Bounded: cleared when full (a client sending new bodies every time only costs the parse).
 */
const BODY_MEMO_LIMIT = 512;
const BODY_MEMO_MAX_BYTES = 4096;


export function withFastHits(app: RequestListener, deps: FastHitDeps): RequestListener {
  const bodies = new Map<string, unknown>();
  const memoBody = (text: string, parse: () => unknown): unknown => {
    if (text.length > BODY_MEMO_MAX_BYTES) return parse();
    let body = bodies.get(text);
    if (body === undefined) {
      body = deepFreeze(parse());
      if (body !== null && typeof body === 'object') rememberCanonical(body);
      if (bodies.size >= BODY_MEMO_LIMIT) bodies.clear();
      bodies.set(text, body);
    }
    return body;
  };
  // One prepared answer per cache entry, made at its first fast hit and dropped with the entry.
  const prepared = new WeakMap<CacheEntry, Prepared>();
  const preparedFor = (entry: CacheEntry): Prepared => {
    let p = prepared.get(entry);
    if (!p) {
      p = preparedOf(200, [...deps.security, ...API_HIT_HEADERS], entry.etag, entry.raw, entry.gzip);
      prepared.set(entry, p);
    }
    return p;
  };

  /**
   * The last resort of a fast-path failure: the error is logged with the request id and answered as
   * a 500 `{ code, msg }` (or, when the answer had begun, the socket is closed) — never left hanging.
   * Bad input never gets here: it is handed to Express, whose routes answer it with a 4xx.
   */
  const fail = (req: IncomingMessage, res: ServerResponse, startedAt: number, err: unknown): void => {
    if (requestIdOf(res) === undefined) beginRequest(req, res, deps.log, startedAt);
    const reqId = requestIdOf(res);
    deps.log.logger.error({ reqId, method: req.method, url: req.url, err }, 'fast path failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    setRouteId(res, 'api:fast-path');
    applySecurityHeaders(res, deps.security);
    writeJsonError(res, { status: 500, code: 500, msg: 'Internal server error' }, reqId);
  };

  /** Sends a fresh hit; false when there is none, or when the call is refused (Express answers both). */
  const serve = (req: IncomingMessage, res: ServerResponse, c: Candidate, body: unknown, startedAt: number): boolean => {
    const call = checkedCall(c.spec, c.params, c.search, body, undefined);
    if (call instanceof CallRefused) return false;
    const hit = deps.gateway.freshEntry(c.spec.name, call);
    if (!hit) return false;
    const sending = beginDoorRequest(req, res, deps.log, startedAt);
    setRouteId(res, `api:${c.spec.name}`);
    sendPrepared(req, res, preparedFor(hit.entry), cachedSending(sending, 'HIT', hit.ageS));
    return true;
  };

  const serveOrPass = (req: IncomingMessage, res: ServerResponse, c: Candidate, body: unknown, startedAt: number): void => {
    try {
      if (serve(req, res, c, body, startedAt)) return;
    } catch (err) {
      fail(req, res, startedAt, err);
      return;
    }
    // Only a request handed on needs its body left for the routes: a WeakMap entry per hit would be GC
    // work on the path that answers most.
    if (body !== undefined) prereadBodies.set(req, { body });
    app(req, res);
  };

  return (req, res) => {
    const startedAt = performance.now();
    let c: Candidate | null;
    try {
      c = candidateOf(req, deps.route);
    } catch {
      c = null; // a path the fast router cannot read: Express's routes answer it (404, 400)
    }
    if (!c) {
      app(req, res);
      return;
    }
    if (c.spec.method === 'GET') {
      serveOrPass(req, res, c, undefined, startedAt);
      return;
    }
    if (hasBody(req) && !hasJsonType(req)) {
      app(req, res); // the route answers 415
      return;
    }
    const candidate = c;
    readJsonBodyThen(req, memoBody, (error, body) => {
      try {
        if (error === null) return serveOrPass(req, res, candidate, body, startedAt);
        // Too large, too deep, not JSON: the route's error handler answers it (413/400/415).
        prereadBodies.set(req, { error });
        app(req, res);
      } catch (err) {
        fail(req, res, startedAt, err); // thrown into raw-body's callback, it would end the process
      }
    });
  };
}
