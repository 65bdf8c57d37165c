// The allow-listed API pass-through: every catalogue row at its own path under its own prefix, unsigned
// from the browser and signed by the edge. Two parts, from the path table (server/paths.ts): the front
// door's, apiReadsAtDoor, answers every read completely — a fresh hit from memory (Express's per-request
// set-up would cost several times what the hit itself does), and otherwise the body checks, the miss
// budget and the call through the content API, refusals and failures included; Express's, apiRouter,
// answers writes and every other path below the prefixes (404, or 405 for a known path), which never
// reach the service (nor the page router). A cached answer goes out through the one sender
// (http/prepared.ts sendPrepared), prepared once per cache entry (apiAnswers).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { deepFreeze } from '../../shared/deep-freeze.ts';
import type { EndpointSpec, MatchedEndpoint } from '../../shared/endpoints.ts';
import type { ContentAnswer, ContentApi, ContentCall } from '../content/content-api.ts';
import { hasBody, hasJsonType, readJsonBody, readJsonBodyThen } from '../http/body.ts';
import { loggedErrorAnswer, sendJsonError, type ErrorAnswer } from '../http/error-answers.ts';
import { preparedOf, sendPrepared, type Prepared } from '../http/prepared.ts';
import {
  beginDoorRequest,
  beginRequest,
  labelCache,
  requestIdOf,
  setRouteId,
  type DoorPart,
  type RequestLogDeps,
} from '../http/request-log.ts';
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

/** A body sent as anything but JSON. */
const NOT_JSON: ErrorAnswer = { status: 415, code: 415, msg: 'Send the request body as JSON (Content-Type: application/json)' };

/** What a cached answer is sent as: made once per cache entry (its bytes), dropped with the entry. */
interface ApiAnswers {
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

/**
 * A content answer: a cached read prepared, through the one sender; a write, or a read no cache keeps, as
 * it came (no-store). On Express's response or on the door's, whose headers are set one by one here.
 */
function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: ContentAnswer, answers: ApiAnswers): void {
  if (answer.cache !== 'BYPASS' && answer.etag) {
    sendPrepared(req, res, answers.of({ raw: answer.raw, gzip: answer.gzip, etag: answer.etag }), {
      requestId: requestIdOf(res) ?? '',
      close: res.getHeader('connection') === 'close',
      cache: answer.cache,
      ageS: answer.ageS,
    });
    return;
  }
  labelCache(res, answer.cache, answer.ageS);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', answer.raw.length);
  res.end(req.method === 'HEAD' ? undefined : answer.raw);
}

/** A failure of the content service, in the edge's words, naming the endpoint. */
function sendUpstreamError(res: ServerResponse, err: UpstreamError): void {
  const answer = upstreamErrorAnswer(err);
  sendJsonError(res, answer, { endpoint: err.endpoint, error: answer.error ?? err.code });
}

interface ApiRouterOptions {
  contentApi: ContentApi;
  paths: ApiPaths;
  answers: ApiAnswers;
  writeLimiter: RequestHandler;
}

/** A write's JSON body; 415 for other content types. */
const jsonBody: RequestHandler = (req, res, next) => {
  if (hasBody(req) && !hasJsonType(req)) return sendJsonError(res, NOT_JSON);
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

/** One write's handler: the checked call, the write rules, the answer. */
function writeHandler(spec: EndpointSpec, { contentApi, answers }: ApiRouterOptions): RequestHandler {
  return async (req, r) => {
    // A copy per call is no cost on a write.
    // eslint-disable-next-line no-restricted-syntax
    const params = { ...(req.params as Record<string, string>) };
    const call = checkedCall(spec, params, searchOf(req.originalUrl), req.body, requestIdOf(r));
    if (call instanceof CallRefused) {
      sendJsonError(r, { status: 400, code: 400, msg: call.msg }, { error: call.code });
      return;
    }
    const check = await checkWrite(spec.name, call, contentApi, langOf(req));
    if (!check.ok) {
      sendJsonError(r, { status: check.status, code: check.status, msg: check.msg }, { errors: check.errors });
      return;
    }
    sendAnswer(req, r, await contentApi.answer(spec.name, check.call), answers);
  };
}

/**
 * Express's part: the writes (the write limit, the body, the write rules) and every other path below the
 * API prefixes, a 404 or, for a path known under another method, a 405 naming the allowed ones. Reads are
 * the front door's (apiReadsAtDoor).
 */
export function apiRouter(options: ApiRouterOptions): Router {
  const { paths, writeLimiter } = options;
  const router = Router({ caseSensitive: true, strict: true });

  for (const { path, spec } of paths.routes) {
    if (!spec.write) continue;
    const name: RequestHandler = (_req, r, next) => {
      setRouteId(r, `api:${spec.name}`);
      // Error answers say it too; a served answer overwrites both.
      labelCache(r, 'BYPASS', 0);
      next();
    };
    const handler = writeHandler(spec, options);
    for (const method of spec.accepts) {
      if (method === 'GET') router.get(path, name, writeLimiter, handler);
      else router.post(path, name, writeLimiter, jsonBody, handler);
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
    if (err instanceof UpstreamError) return sendUpstreamError(r, err);
    next(err);
  };
  router.use(errors);
  return router;
}

// ---- Reads at the front door ----

interface ApiReadsOptions {
  contentApi: ContentApi;
  /** The catalogue row of a browser-facing API path; null when none. */
  route: (method: string, path: string) => MatchedEndpoint | null;
  answers: ApiAnswers;
  /** The per-address budget of cache misses that reads spend. */
  missBudget: MissBudget;
  security: SecurityHeaders;
  log: RequestLogDeps;
}

/** What beginDoorRequest gave the request: its id, and whether its answer closes the connection. */
type DoorSending = ReturnType<typeof beginDoorRequest>;

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
 * The door's part: every API read (GET, HEAD or POST of a read row), answered here completely. Once the
 * body is read and the call checked, a fresh hit goes out from memory in one write; anything else is
 * answered as Express answers, its headers set one by one: the miss budget (429), a refused call (400),
 * the call through the content API (a miss, a stale answer, a read no cache keeps), a failure of the
 * service in the edge's words. A body the edge will not read is a 415, 413 or 400. Writes and paths that
 * are no read go on to Express. Every path out of here is answered: a failure of this code itself is a
 * logged 500, never a silent socket.
 */
export function apiReadsAtDoor(deps: ApiReadsOptions): DoorPart {
  const { contentApi, answers, missBudget, security, log } = deps;
  const memoBody = bodyMemo();

  /** From here on the answer's headers go out one by one, as Express's do: the id, the security headers, X-Cache MISS until an answer says otherwise. */
  const open = (req: IncomingMessage, res: ServerResponse): void => {
    beginRequest(req, res, log); // the request keeps the id and the start the door gave it
    applySecurityHeaders(res, security);
    labelCache(res, 'MISS', 0);
  };

  /** An error answered: a body the edge will not read (4xx, logged as info), a fault of the edge (500, logged). */
  const fail = (req: IncomingMessage, res: ServerResponse, err: unknown): void => {
    const answer = loggedErrorAnswer(log.logger, () => null, err, { res, method: req.method, url: req.url });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    open(req, res);
    sendJsonError(res, answer, answer.error === undefined ? {} : { error: answer.error });
  };

  /** The call through the content API, once the miss budget lets it go: the answer, or the service's failure. */
  const call = (req: IncomingMessage, res: ServerResponse, name: EndpointSpec['name'], contentCall: ContentCall): void => {
    contentCall.onMiss = missBudget.spender(res);
    contentApi
      .answer(name, contentCall)
      .then(
        (answer) => sendAnswer(req, res, answer, answers),
        (err: unknown) => (err instanceof UpstreamError && !res.headersSent ? sendUpstreamError(res, err) : fail(req, res, err)),
      )
      .catch((err: unknown) => fail(req, res, err));
  };

  /** The read, with its body (undefined without one): a fresh hit, else the budget, the check and the call. */
  const read = (req: IncomingMessage, res: ServerResponse, c: Candidate, body: unknown, sending: DoorSending): void => {
    const checked = checkedCall(c.spec, c.params, c.search, body, sending.requestId);
    const hit = checked instanceof CallRefused ? null : contentApi.freshEntry(c.spec.name, checked);
    if (hit) {
      sendPrepared(req, res, answers.of(hit.entry), { requestId: sending.requestId, close: sending.close, cache: 'HIT', ageS: hit.ageS });
      return;
    }
    open(req, res);
    // Right before the call: the check and the count of a miss happen in one turn (miss-budget.ts).
    missBudget.gate(req, res, (err) => {
      if (err !== undefined) return fail(req, res, err);
      if (checked instanceof CallRefused) return sendJsonError(res, { status: 400, code: 400, msg: checked.msg }, { error: checked.code });
      call(req, res, c.spec.name, checked);
    });
  };

  const readOrFail = (req: IncomingMessage, res: ServerResponse, c: Candidate, body: unknown, sending: DoorSending): void => {
    try {
      read(req, res, c, body, sending);
    } catch (err) {
      fail(req, res, err); // thrown into raw-body's callback, it would end the process
    }
  };

  return (req, res, started, next) => {
    let c: Candidate | null;
    try {
      c = candidateOf(req, deps.route);
    } catch {
      c = null; // a path the catalogue cannot read: Express's routes answer it (404, 400)
    }
    if (!c) return next(req, res);
    const sending = beginDoorRequest(req, res, log, started);
    setRouteId(res, `api:${c.spec.name}`);
    // A GET or a HEAD has no body. (A POST of a GET row, as some old clients send, has its body read and ignored.)
    if (req.method !== 'POST') return readOrFail(req, res, c, undefined, sending);
    if (hasBody(req) && !hasJsonType(req)) {
      open(req, res);
      return sendJsonError(res, NOT_JSON);
    }
    const candidate = c;
    readJsonBodyThen(req, memoBody, (error, body) => {
      // Too large, too deep, not JSON, not UTF-8, cut off: 413, 400 or 415, saying which.
      if (error !== null) return fail(req, res, error);
      readOrFail(req, res, candidate, body, sending);
    });
  };
}
