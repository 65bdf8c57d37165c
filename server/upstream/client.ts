// The content service, one call at a time: base URL + gateway prefix + catalogue path (call-url.ts),
// keep-alive connections (undici — chosen by measurement, see bench/client-choice.ts and the README), a
// time limit per call (time-limit.ts), fresh signed headers, the `{code,msg,data}` envelope checked
// (envelope.ts). Every failure becomes an UpstreamError with a stable code, logged with the spec §8 message.
import { Agent, request, type Dispatcher } from 'undici';
import type { Logger } from 'pino';
import type { EndpointSpec, GatewayPrefixes } from '../../shared/endpoints.ts';
import { UpstreamError } from './upstream-error.ts';
import { canonicalJson } from './keys.ts';
import { createBreaker, type Breaker } from './breaker.ts';
import type { Signer } from './sign.ts';
import { callUrl } from './call-url.ts';
import { isDownSignal, OUTCOME, type CallOutcome } from './call-outcome.ts';
import { checkEnvelope, readCapped, type Envelope } from './envelope.ts';
import { withinTimeLimit } from './time-limit.ts';

export type { CallOutcome } from './call-outcome.ts';
export type { Envelope } from './envelope.ts';

export interface UpstreamRequest {
  spec: EndpointSpec;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  requestId?: string;
  signal?: AbortSignal;
}

export interface UpstreamAnswer {
  /** The envelope exactly as the service sent it (the proxy passes these bytes on). */
  raw: Buffer;
  envelope: Envelope;
}

export interface UpstreamClientOptions {
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

export interface FileAnswer {
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
        throw new UpstreamError('UPSTREAM_NETWORK', `Network Error (${endpoint} failed repeatedly; next try in ${breaker.retryInS(endpoint)} s)`, {
          endpoint,
        });
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
        const res = await request(`${baseUrl}${path}`, { method: init.method, headers: { ...init.headers, ...sign() }, dispatcher, signal });
        return { statusCode: res.statusCode, headers: res.headers, body: res.body };
      });
    },
    async close() {
      await ownDispatcher?.close();
    },
  };
}
