// The allow-listed API pass-through: every catalogue row at its own path under its own prefix, unsigned
// from the browser and signed by the edge. A fresh cached read is answered by the front door
// (createApiReads: Express's per-request set-up would cost several times what the hit itself does);
// everything else — a miss, a write, a bad body, an unknown path — is the Express router's. Both send a
// cached answer as one prepared answer made once per cache entry (apiAnswers), so they send the same
// bytes. Anything else under the API prefixes is a 404 (405 for a known path) and never reaches the
// service (nor the page router).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { deepFreeze } from '../../shared/deep-freeze.ts';
import type { EndpointSpec, MatchedEndpoint } from '../../shared/endpoints.ts';
import type { ContentAnswer, ContentApi, ContentCall } from '../content/content-api.ts';
import { hasBody, hasJsonType, prereadBodies, readJsonBody, readJsonBodyThen } from '../http/body.ts';
import { sendJsonError, writeJsonError } from '../http/error-answers.ts';
import { preparedOf, sendPrepared, type Prepared } from '../http/prepared.ts';
import { beginDoorRequest, beginRequest, labelCache, requestIdOf, setRouteId, type RequestLogDeps } from '../http/request-log.ts';
import { applySecurityHeaders, type SecurityHeaders } from '../http/security.ts';
import { rememberCanonical } from '../../shared/canonical-json.ts';
import { UpstreamError, upstreamErrorAnswer } from '../upstream/upstream-error.ts';
import { checkWrite, type Lang } from '../writes/write-rules.ts';
import { CallRefused, checkedCall, searchOf, type ApiPaths } from './calls.ts';
import type { MissBudget } from './miss-budget.ts';

/** The headers of a cached read beside the security headers: browsers revalidate (cheap with the ETag); the edge is the cache, and a purge must work. */
const CACHED_READ_HEADERS = [
  ['Content-Type', 'application/json; charset=utf-8'],
  ['Cache-Control', 'no-cache'],
] as const;

/** What a cached answer is sent as: made once per cache entry (its bytes), dropped with the entry. */
export interface ApiAnswers {
  of(answer: Pick<ContentAnswer, 'raw' | 'gzip'> & { etag: string }): Prepared;
}

export function createApiAnswers(security: SecurityHeaders): ApiAnswers {
  const prepared = new WeakMap<Buffer, Prepared>();
  return {
    of(answer) {
      let p = prepared.get(answer.raw);
      if (!p) {
        p = preparedOf(200, [...security, ...CACHED_READ_HEADERS], answer.etag, answer.raw, answer.gzip);
        prepared.set(answer.raw, p);
      }
      return p;
    },
  };
}

/** A content answer on an Express response: cached reads prepared, writes and uncached reads as they came (no-store). */
function sendAnswer(req: Request, res: Response, answer: ContentAnswer, answers: ApiAnswers): void {
  const sending = { requestId: requestIdOf(res) ?? '', close: res.getHeader('connection') === 'close' };
  if (answer.cache !== 'BYPASS' && answer.etag) {
    sendPrepared(req, res, answers.of({ raw: answer.raw, gzip: answer.gzip, etag: answer.etag }), {
      requestId: sending.requestId,
      close: sending.close,
      cache: answer.cache,
      ageS: answer.ageS,
    });
    return;
  }
  labelCache(res, answer.cache, answer.ageS);
  res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', answer.raw.length);
  res.end(req.method === 'HEAD' ? undefined : answer.raw);
}

export interface ApiRouterOptions {
  contentApi: ContentApi;
  paths: ApiPaths;
  answers: ApiAnswers;
  writeLimiter: RequestHandler;
  /** The per-address budget of cache misses that reads spend. */
  missBudget: MissBudget;
}

/** The JSON body, read here or picked up from the front door; 415 for other content types. */
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
function langOf(req: Request): Lang {
  const q = req.query.lang;
  if (q === 'en' || q === 'zh') return q;
  return req.acceptsLanguages('zh', 'en') === 'en' ? 'en' : 'zh';
}

function callOf(req: Request, r: Response, spec: EndpointSpec): ContentCall | CallRefused {
  // The Express route (a miss or a write), not the door's hit path: a copy per call is no cost here.
  // eslint-disable-next-line no-restricted-syntax
  return checkedCall(spec, { ...(req.params as Record<string, string>) }, searchOf(req.originalUrl), req.body, requestIdOf(r));
}

/** One catalogue row's handler: the checked call, the write rules for a write, the answer. */
function rowHandler(spec: EndpointSpec, { contentApi, answers, missBudget }: ApiRouterOptions): RequestHandler {
  return async (req, r) => {
    const call = callOf(req, r, spec);
    if (call instanceof CallRefused) {
      sendJsonError(r, { status: 400, code: 400, msg: call.msg }, { error: call.code });
      return;
    }
    if (spec.write) {
      const check = await checkWrite(spec.name, call, contentApi, langOf(req));
      if (!check.ok) {
        sendJsonError(r, { status: check.status, code: check.status, msg: check.msg }, { errors: check.errors });
        return;
      }
      sendAnswer(req, r, await contentApi.answer(spec.name, check.call), answers);
      return;
    }
    call.onMiss = missBudget.spender(r);
    sendAnswer(req, r, await contentApi.answer(spec.name, call), answers);
  };
}

export function apiRouter(options: ApiRouterOptions): Router {
  const { paths, writeLimiter, missBudget } = options;
  const router = Router({ caseSensitive: true, strict: true });

  for (const { path, spec } of paths.routes) {
    const name: RequestHandler = (_req, r, next) => {
      setRouteId(r, `api:${spec.name}`);
      // Error answers say it too; a served answer overwrites both.
      labelCache(r, spec.write ? 'BYPASS' : 'MISS', 0);
      next();
    };
    const handler = rowHandler(spec, options);
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

// ---- Fresh reads at the front door ----

export interface ApiReadsOptions {
  contentApi: ContentApi;
  /** The catalogue row of a browser-facing API path; null when none. */
  route: (method: string, path: string) => MatchedEndpoint | null;
  answers: ApiAnswers;
  security: SecurityHeaders;
  log: RequestLogDeps;
}

interface Candidate {
  spec: EndpointSpec;
  params: Record<string, string>;
  /** The raw query string (checkedCall reads it when the row takes parameters). */
  search: string;
}

function candidateOf(req: IncomingMessage, route: ApiReadsOptions['route']): Candidate | null {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (method !== 'GET' && method !== 'POST') return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const match = route(method, q === -1 ? url : url.slice(0, q));
  if (!match || match.endpoint.write) return null;
  return { spec: match.endpoint, params: match.params, search: q === -1 ? '' : url.slice(q + 1) };
}

/**
 * Bodies by their bytes: visitors' browsers send the same few list calls over and over, so the same bytes
 * become one frozen object whose cache key is worked out once (rememberCanonical). Bounded: cleared when
 * full (a client sending new bodies every time only costs the parse).
 */
const BODY_MEMO_LIMIT = 512;
const BODY_MEMO_MAX_BYTES = 4096;

function bodyMemo(): (text: string, parse: () => unknown) => unknown {
  const bodies = new Map<string, unknown>();
  return (text, parse) => {
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
}

/**
 * The fresh API reads, for the front door: true when the request is an API read (answered from the cache,
 * or handed to `app` with its body read), false when it is none (the door goes on). Anything that is not a
 * fresh hit goes to Express untouched, except that a body read here is handed over through prereadBodies.
 * Every path out of here is answered: a failure of this code itself is a logged 500, never a silent socket.
 */
export function createApiReads(
  app: RequestListener,
  deps: ApiReadsOptions,
): (req: IncomingMessage, res: ServerResponse, startedAt: number) => boolean {
  const memoBody = bodyMemo();

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
    const hit = deps.contentApi.freshEntry(c.spec.name, call);
    if (!hit) return false;
    const sending = beginDoorRequest(req, res, deps.log, startedAt);
    setRouteId(res, `api:${c.spec.name}`);
    sendPrepared(req, res, deps.answers.of(hit.entry), {
      requestId: sending.requestId,
      close: sending.close,
      cache: 'HIT',
      ageS: hit.ageS,
    });
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

  return (req, res, startedAt) => {
    let c: Candidate | null;
    try {
      c = candidateOf(req, deps.route);
    } catch {
      c = null; // a path the fast router cannot read: Express's routes answer it (404, 400)
    }
    if (!c) return false;
    if (c.spec.method === 'GET') {
      serveOrPass(req, res, c, undefined, startedAt);
      return true;
    }
    if (hasBody(req) && !hasJsonType(req)) {
      app(req, res); // the route answers 415
      return true;
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
    return true;
  };
}
