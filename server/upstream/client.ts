// The content service, one call at a time: base URL + gateway prefix + catalogue path, keep-alive
// connections (undici — chosen by measurement, see bench/client-choice.ts and the README), a time limit
// per call, fresh signed headers, the `{code,msg,data}` envelope checked. Every failure becomes an
// UpstreamError with a stable code, logged with the spec §8 message.
import { Agent, request, type Dispatcher } from 'undici';
import type { Logger } from 'pino';
import { z } from 'zod';
import { buildPath, type EndpointSpec, type GatewayPrefixes } from '../../shared/endpoints.ts';
import { UpstreamError, type UpstreamErrorCode } from './api.ts';
import { canonicalJson } from './keys.ts';
import { createBreaker, type Breaker } from './breaker.ts';
import type { Signer } from './sign.ts';

export type CallOutcome = 'ok' | 'app_error' | 'http_error' | 'timeout' | 'network' | 'aborted' | 'bad_payload' | 'circuit_open';

export interface UpstreamRequest {
  spec: EndpointSpec;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  requestId?: string;
  signal?: AbortSignal;
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
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

/** Bigger answers are refused rather than buffered (a list of this size is a fault upstream). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const envelopeSchema = z.object({
  code: z.number(),
  msg: z.string().nullish().transform((m) => m ?? ''),
  data: z.unknown(),
});

const OUTCOME: Record<UpstreamErrorCode, CallOutcome> = {
  UPSTREAM_TIMEOUT: 'timeout',
  UPSTREAM_NETWORK: 'network',
  UPSTREAM_ABORTED: 'aborted',
  UPSTREAM_HTTP: 'http_error',
  UPSTREAM_BAD_PAYLOAD: 'bad_payload',
  UPSTREAM_APP: 'app_error',
};

const TIMED_OUT = Symbol('timeout');

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { baseUrl, gateways, appId, timeoutMs, sign, logger, onCall } = options;
  const ownDispatcher = options.dispatcher
    ? null
    : new Agent({
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        connections: 64,
        headersTimeout: timeoutMs + 1000,
        bodyTimeout: timeoutMs + 1000,
      });
  const dispatcher = options.dispatcher ?? ownDispatcher!;
  const breaker = options.breaker ?? createBreaker({ now: Date.now });
  /** Failures that say the service is down or unwell (not a 4xx or an application answer). */
  const downSignal = (err: UpstreamError): boolean =>
    err.code === 'UPSTREAM_TIMEOUT' || err.code === 'UPSTREAM_NETWORK' || (err.code === 'UPSTREAM_HTTP' && (err.httpStatus ?? 0) >= 500);

  /** Runs `work` under the call's time limit and the caller's signal; maps the failure to a code. */
  async function limited<T>(
    endpoint: string,
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

  async function attempt(req: UpstreamRequest, url: string, body: string | undefined): Promise<UpstreamAnswer> {
    const endpoint = req.spec.name;
    return limited(endpoint, req.signal, async (signal) => {
      const headers: Record<string, string> = { accept: 'application/json', ...sign() };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (req.requestId) headers['x-request-id'] = req.requestId;
      const res = await request(url, { method: req.spec.method, headers, body, dispatcher, signal });
      const raw = await readCapped(res.body, endpoint);
      return { raw, envelope: checkEnvelope(endpoint, res.statusCode, raw) };
    });
  }

  return {
    baseUrl,
    async send(req) {
      const started = performance.now();
      const endpoint = req.spec.name;
      const url = urlOf(req);
      // The canonical form is sent, so the answer matches its cache key exactly.
      const body = req.spec.method === 'POST' ? canonicalJson(req.body ?? {}) : undefined;
      if (!breaker.allow(endpoint)) {
        onCall?.(endpoint, 'circuit_open', 0);
        throw new UpstreamError('UPSTREAM_NETWORK', `Network Error (${endpoint} failed repeatedly; next try in ${breaker.retryInS(endpoint)} s)`, {
          endpoint,
        });
      }
      try {
        let answer: UpstreamAnswer;
        try {
          answer = await attempt(req, url, body);
        } catch (err) {
          // A keep-alive socket the service closed under us fails at once; a read may try once more.
          // Writes are never retried: a lost answer must not become a second message.
          if (req.spec.write || !(err instanceof UpstreamError) || err.code !== 'UPSTREAM_NETWORK') throw err;
          if (performance.now() - started > timeoutMs / 2) throw err;
          answer = await attempt(req, url, body);
        }
        breaker.succeeded(endpoint);
        onCall?.(endpoint, 'ok', (performance.now() - started) / 1000);
        return answer;
      } catch (err) {
        const error = err instanceof UpstreamError ? err : new UpstreamError('UPSTREAM_NETWORK', 'Network Error', { endpoint, cause: err });
        if (downSignal(error)) breaker.failed(endpoint);
        else if (error.code !== 'UPSTREAM_ABORTED') breaker.succeeded(endpoint);
        onCall?.(endpoint, OUTCOME[error.code], (performance.now() - started) / 1000);
        const level = error.code === 'UPSTREAM_APP' ? 'info' : 'warn';
        logger[level](
          { reqId: req.requestId, endpoint, code: error.code, httpStatus: error.httpStatus, appCode: error.appCode, err: error },
          error.message,
        );
        throw error;
      }
    },
    async file(path, init) {
      return limited('file', init.signal, async (signal) => {
        const res = await request(`${baseUrl}${path}`, { method: init.method, headers: { ...init.headers, ...sign() }, dispatcher, signal });
        return { statusCode: res.statusCode, headers: res.headers, body: res.body };
      });
    },
    async close() {
      await ownDispatcher?.close();
    },
  };

  function urlOf(req: UpstreamRequest): string {
    const base = `${baseUrl}${gateways[req.spec.service]}${buildPath(req.spec, req.params, 'servicePath')}`;
    if (!req.spec.query) return base;
    const search = new URLSearchParams();
    // The query was filtered where the call was made (proxy/call.ts: no browser sends appId or a token);
    // appId is the edge's own (DESIGN.md "The key never leaves the server").
    for (const [name, value] of Object.entries(req.query ?? {})) search.set(name, value);
    if (req.spec.query !== 'any' && req.spec.query.includes('appId')) search.set('appId', appId);
    const qs = search.toString();
    return qs ? `${base}?${qs}` : base;
  }
}

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
