// The upstream client with its signing: the content service, one call at a time. A call goes to the
// base URL + its service's gateway prefix + the catalogue row's service path, over keep-alive
// connections (undici, chosen by measurement: bench/client-choice.ts), under a time limit, with fresh
// signed headers and a body in canonical JSON; the `{code,msg,data}` envelope of the answer is checked.
// A circuit breaker per endpoint fails calls at once while the service is known to be down. Every
// failure becomes an UpstreamError (upstream-error.ts) with a stable code and an axios-style message
// (`Network Error`, `timeout of … ms exceeded`), and is logged.
import { canonicalJson } from '../../shared/canonical-json.ts';
import { Agent, request, type Dispatcher } from 'undici';
import type { Logger } from 'pino';
import { z } from 'zod';
import { buildPath, type EndpointSpec, type GatewayPrefixes } from '../../shared/endpoints.ts';
import { APP_ID_HEADER, signToken, TOKEN_HEADER } from '../../shared/token.ts';
import { createAesEcbCipher } from '../../shared/node/aes-ecb.ts';
import { isDownSignal, OUTCOME, UpstreamError, type CallOutcome } from './upstream-error.ts';

// ---- Signing ----

interface SignerOptions {
  appId: string;
  tokenKey: string;
  now: () => number;
  random: () => number;
}

/** The two headers every upstream call carries: a fresh token per call and the appId. */
type Signer = () => Record<string, string>;

/** Clock and random are injected so tests can pin the token's plaintext. */
export function createSigner({ appId, tokenKey, now, random }: SignerOptions): Signer {
  const cipher = createAesEcbCipher(tokenKey);
  return () => ({ [TOKEN_HEADER]: signToken({ cipher, now, random }), [APP_ID_HEADER]: appId });
}

// ---- One attempt: where it goes, its time limit, its answer ----

/** Where a catalogue call goes, with the query string its row allows. */
function callUrl(
  { baseUrl, gateways, appId }: { baseUrl: string; gateways: GatewayPrefixes; appId: string },
  req: { spec: EndpointSpec; params?: Record<string, string | number>; query?: Record<string, string> },
): string {
  const base = `${baseUrl}${gateways[req.spec.service]}${buildPath(req.spec, req.params, 'servicePath')}`;
  if (!req.spec.query) return base;
  const search = new URLSearchParams();
  // The query was filtered where the call was made (proxy/calls.ts: no browser sends appId or a token);
  // appId is the edge's own: the key never leaves the server.
  for (const [name, value] of Object.entries(req.query ?? {})) search.set(name, value);
  if (req.spec.query !== 'any' && req.spec.query.includes('appId')) search.set('appId', appId);
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

const TIMED_OUT = Symbol('timeout');

/**
 * Runs `work` under the call's time limit and the caller's signal, on one AbortSignal; a failure becomes
 * UPSTREAM_TIMEOUT, UPSTREAM_ABORTED or UPSTREAM_NETWORK (an UpstreamError passes through as it is).
 */
async function withinTimeLimit<T>(
  endpoint: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await work(controller.signal);
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    if (controller.signal.aborted) {
      if (controller.signal.reason === TIMED_OUT) {
        throw new UpstreamError('UPSTREAM_TIMEOUT', `timeout of ${timeoutMs} ms exceeded`, { endpoint, cause: err });
      }
      throw new UpstreamError('UPSTREAM_ABORTED', 'Request aborted', { endpoint, cause: err });
    }
    throw new UpstreamError('UPSTREAM_NETWORK', 'Network Error', { endpoint, cause: err });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Bigger answers are refused rather than buffered (a list of this size is a fault upstream). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const envelopeSchema = z.object({
  code: z.number(),
  msg: z
    .string()
    .nullish()
    .transform((m) => m ?? ''),
  data: z.unknown(),
});

/** The body read whole, up to the cap. */
async function readCapped(body: Dispatcher.ResponseData['body'], endpoint: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      throw new UpstreamError('UPSTREAM_BAD_PAYLOAD', `Invalid answer: larger than ${MAX_ANSWER_BYTES} bytes`, { endpoint });
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** The `{code,msg,data}` envelope: an HTTP error, unreadable bytes or an application code other than 200 become UpstreamErrors. */
function checkEnvelope(endpoint: string, httpStatus: number, raw: Buffer): Envelope {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch (cause) {
    if (httpStatus >= 400) {
      throw new UpstreamError('UPSTREAM_HTTP', `Request failed with status code ${httpStatus}`, { endpoint, httpStatus, cause });
    }
    throw new UpstreamError('UPSTREAM_BAD_PAYLOAD', 'Invalid answer: not JSON', { endpoint, httpStatus, cause });
  }
  const parsed = envelopeSchema.safeParse(json);
  if (httpStatus >= 400) {
    const said = parsed.success && parsed.data.msg ? `: ${parsed.data.msg}` : '';
    throw new UpstreamError('UPSTREAM_HTTP', `Request failed with status code ${httpStatus}${said}`, {
      endpoint,
      httpStatus,
      appCode: parsed.success ? parsed.data.code : undefined,
      serviceMessage: parsed.success ? parsed.data.msg : undefined,
    });
  }
  if (!parsed.success) {
    throw new UpstreamError('UPSTREAM_BAD_PAYLOAD', 'Invalid answer: not a {code, msg, data} envelope', { endpoint, httpStatus });
  }
  if (parsed.data.code !== 200) {
    throw new UpstreamError('UPSTREAM_APP', parsed.data.msg || `The content service answered code ${parsed.data.code}`, {
      endpoint,
      httpStatus,
      appCode: parsed.data.code,
      serviceMessage: parsed.data.msg,
    });
  }
  return parsed.data;
}

// ---- The circuit breaker ----

/**
 * A circuit breaker per endpoint: after a few transient failures in a row (timeout, network, 5xx) the
 * service is known to be down for that call, and every request no longer waits a whole timeout to
 * learn it again — calls fail at once (cached answers are then served stale) while one trial call per
 * cool-down finds out whether the service is back. Any answer closes the circuit.
 */
interface Breaker {
  /** May a call go out now? False while open (one trial call is let through per cool-down). */
  allow(endpoint: string): boolean;
  /** The call got an answer (success or an application error): the service is there. */
  succeeded(endpoint: string): void;
  /** The call failed in a way that says the service is down or unwell. */
  failed(endpoint: string): void;
  /** Seconds until the next trial call, for the error message; 0 when closed. */
  retryInS(endpoint: string): number;
}

interface BreakerOptions {
  now: () => number;
  /** Failures in a row that open the circuit. */
  threshold?: number;
  cooldownMs?: number;
}

interface BreakerState {
  failures: number;
  /** While open: when the next trial call may go. */
  openUntil: number;
}

export function createBreaker({ now, threshold = 3, cooldownMs = 5_000 }: BreakerOptions): Breaker {
  const states = new Map<string, BreakerState>();
  return {
    allow(endpoint) {
      const s = states.get(endpoint);
      if (!s || s.failures < threshold) return true;
      if (now() < s.openUntil) return false;
      // Half-open: this call is the trial; the others wait for its verdict a cool-down longer.
      s.openUntil = now() + cooldownMs;
      return true;
    },
    succeeded(endpoint) {
      states.delete(endpoint);
    },
    failed(endpoint) {
      const s = states.get(endpoint) ?? { failures: 0, openUntil: 0 };
      s.failures += 1;
      if (s.failures >= threshold && s.openUntil <= now()) s.openUntil = now() + cooldownMs;
      states.set(endpoint, s);
    },
    retryInS(endpoint) {
      const s = states.get(endpoint);
      return s && s.failures >= threshold ? Math.max(0, Math.ceil((s.openUntil - now()) / 1000)) : 0;
    },
  };
}

// ---- The client ----

export interface UpstreamRequest {
  spec: EndpointSpec;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  requestId?: string;
  signal?: AbortSignal;
}

interface UpstreamAnswer {
  /** The envelope exactly as the service sent it (the proxy passes these bytes on). */
  raw: Buffer;
  envelope: Envelope;
}

interface UpstreamClientOptions {
  baseUrl: string;
  /** Each service's gateway prefix on the upstream origin. */
  gateways: GatewayPrefixes;
  appId: string;
  timeoutMs: number;
  sign: Signer;
  logger: Logger;
  /** Injected in tests; default: a keep-alive undici Agent owned (and closed) by the client. */
  dispatcher?: Dispatcher;
  /** Told about every finished call (metrics, readiness). */
  onCall?: (endpoint: string, outcome: CallOutcome, seconds: number) => void;
  /** Fails calls at once while an endpoint is known to be down; default: a breaker on the real clock. */
  breaker?: Breaker;
}

interface FileAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

export interface UpstreamClient {
  readonly baseUrl: string;
  send(req: UpstreamRequest): Promise<UpstreamAnswer>;
  /** A file below the upstream origin (not below the gateway prefix), streamed. */
  file(path: string, init: { method: 'GET' | 'HEAD'; headers: Record<string, string>; signal?: AbortSignal }): Promise<FileAnswer>;
  close(): Promise<void>;
}

/** The client's own connection pool when none is injected; its timeouts sit just past the call's limit. */
function keepAliveAgent(timeoutMs: number): Agent {
  return new Agent({
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connections: 64,
    headersTimeout: timeoutMs + 1000,
    bodyTimeout: timeoutMs + 1000,
  });
}

/** The headers of one attempt, with the token signed for it. */
function callHeaders(signed: Record<string, string>, body: string | undefined, requestId: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...signed };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (requestId) headers['x-request-id'] = requestId;
  return headers;
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { baseUrl, timeoutMs, sign, logger, onCall } = options;
  const ownDispatcher = options.dispatcher ? null : keepAliveAgent(timeoutMs);
  const dispatcher = options.dispatcher ?? ownDispatcher!;
  const breaker = options.breaker ?? createBreaker({ now: Date.now });

  async function attempt(req: UpstreamRequest, url: string, body: string | undefined): Promise<UpstreamAnswer> {
    const endpoint = req.spec.name;
    return withinTimeLimit(endpoint, timeoutMs, req.signal, async (signal) => {
      const headers = callHeaders(sign(), body, req.requestId);
      const res = await request(url, { method: req.spec.method, headers, body, dispatcher, signal });
      const raw = await readCapped(res.body, endpoint);
      return { raw, envelope: checkEnvelope(endpoint, res.statusCode, raw) };
    });
  }

  async function attemptTwiceIfRead(req: UpstreamRequest, url: string, body: string | undefined, started: number): Promise<UpstreamAnswer> {
    try {
      return await attempt(req, url, body);
    } catch (err) {
      // A keep-alive socket the service closed under us fails at once; a read may try once more.
      // Writes are never retried: a lost answer must not become a second message.
      if (req.spec.write || !(err instanceof UpstreamError) || err.code !== 'UPSTREAM_NETWORK') throw err;
      if (performance.now() - started > timeoutMs / 2) throw err;
      return await attempt(req, url, body);
    }
  }

  /** Tells the breaker, onCall and the log about a failed call; returns the UpstreamError to throw. */
  function failed(req: UpstreamRequest, err: unknown, started: number): UpstreamError {
    const endpoint = req.spec.name;
    const error = err instanceof UpstreamError ? err : new UpstreamError('UPSTREAM_NETWORK', 'Network Error', { endpoint, cause: err });
    if (isDownSignal(error)) breaker.failed(endpoint);
    else if (error.code !== 'UPSTREAM_ABORTED') breaker.succeeded(endpoint);
    onCall?.(endpoint, OUTCOME[error.code], (performance.now() - started) / 1000);
    const level = error.code === 'UPSTREAM_APP' ? 'info' : 'warn';
    logger[level](
      { reqId: req.requestId, endpoint, code: error.code, httpStatus: error.httpStatus, appCode: error.appCode, err: error },
      error.message,
    );
    return error;
  }

  return {
    baseUrl,
    async send(req) {
      const started = performance.now();
      const endpoint = req.spec.name;
      const url = callUrl(options, req);
      // The canonical form is sent, so the answer matches its cache key exactly.
      const body = req.spec.method === 'POST' ? canonicalJson(req.body ?? {}) : undefined;
      if (!breaker.allow(endpoint)) {
        onCall?.(endpoint, 'circuit_open', 0);
        throw new UpstreamError(
          'UPSTREAM_NETWORK',
          `Network Error (${endpoint} failed repeatedly; next try in ${breaker.retryInS(endpoint)} s)`,
          {
            endpoint,
          },
        );
      }
      try {
        const answer = await attemptTwiceIfRead(req, url, body, started);
        breaker.succeeded(endpoint);
        onCall?.(endpoint, 'ok', (performance.now() - started) / 1000);
        return answer;
      } catch (err) {
        throw failed(req, err, started);
      }
    },
    async file(path, init) {
      return withinTimeLimit('file', timeoutMs, init.signal, async (signal) => {
        const res = await request(`${baseUrl}${path}`, {
          method: init.method,
          headers: { ...init.headers, ...sign() },
          dispatcher,
          signal,
        });
        return { statusCode: res.statusCode, headers: res.headers, body: res.body };
      });
    },
    async close() {
      await ownDispatcher?.close();
    },
  };
}
