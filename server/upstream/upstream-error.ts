// The one error of a content-service call (timeouts, network, HTTP, unreadable answers, application
// codes), with a stable code the loaders, the proxy and the error pages decide on, and what a finished
// call was for the metrics, the readiness figures and the circuit breaker; and how a failure looks to a
// browser or an API client.
import { ENDPOINT_BY_NAME, type EndpointName } from '../../shared/endpoints.ts';
import type { ErrorAnswer } from '../http/error-answers.ts';

type UpstreamErrorCode =
  'UPSTREAM_TIMEOUT' | 'UPSTREAM_NETWORK' | 'UPSTREAM_ABORTED' | 'UPSTREAM_HTTP' | 'UPSTREAM_BAD_PAYLOAD' | 'UPSTREAM_APP';

/** Every failure of a content-service call: a stable code, the HTTP status and app code when known. */
export class UpstreamError extends Error {
  readonly code: UpstreamErrorCode;
  readonly endpoint: string;
  readonly httpStatus: number | undefined;
  readonly appCode: number | undefined;
  /** What the service itself said (its envelope's `msg`), when it said something. */
  readonly serviceMessage: string | undefined;

  constructor(
    code: UpstreamErrorCode,
    message: string,
    details: { endpoint: string; httpStatus?: number; appCode?: number; serviceMessage?: string; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.name = 'UpstreamError';
    this.code = code;
    this.endpoint = details.endpoint;
    this.httpStatus = details.httpStatus;
    this.appCode = details.appCode;
    this.serviceMessage = details.serviceMessage || undefined;
  }

  /** The content service said the thing does not exist (HTTP 404 or app code 404). */
  get isNotFound(): boolean {
    return this.httpStatus === 404 || this.appCode === 404;
  }

  /**
   * A failure where an old answer beats no answer (a timeout, the network, a 5xx, unreadable bytes): the
   * response cache then serves a stale copy. An application error or a 4xx is an answer.
   */
  get isTransient(): boolean {
    if (this.code === 'UPSTREAM_HTTP') return (this.httpStatus ?? 0) >= 500;
    return this.code !== 'UPSTREAM_APP';
  }
}

export type CallOutcome = 'ok' | 'app_error' | 'http_error' | 'timeout' | 'network' | 'aborted' | 'bad_payload' | 'circuit_open';

/** The outcome a failed call counts as. */
export const OUTCOME: Record<UpstreamErrorCode, CallOutcome> = {
  UPSTREAM_TIMEOUT: 'timeout',
  UPSTREAM_NETWORK: 'network',
  UPSTREAM_ABORTED: 'aborted',
  UPSTREAM_HTTP: 'http_error',
  UPSTREAM_BAD_PAYLOAD: 'bad_payload',
  UPSTREAM_APP: 'app_error',
};

/** Failures that say the service is down or unwell (not a 4xx or an application answer): the breaker counts those. */
export function isDownSignal(err: UpstreamError): boolean {
  return (
    err.code === 'UPSTREAM_TIMEOUT' || err.code === 'UPSTREAM_NETWORK' || (err.code === 'UPSTREAM_HTTP' && (err.httpStatus ?? 0) >= 500)
  );
}

// ---- How a failure looks to a caller ----

const isWrite = (err: UpstreamError): boolean => ENDPOINT_BY_NAME[err.endpoint as EndpointName]?.write === true;

/** The HTTP statuses of a service that read a write and turned it down (bad input, a closed questionnaire). */
const REFUSAL_STATUSES: ReadonlySet<number> = new Set([400, 409, 422]);

/**
 * A write the service turned down in its own envelope (`{code, msg}`: a closed questionnaire, a refused
 * message): its words are the answer the visitor needs, as they are. Null for anything else, such as a
 * 404 of a router that does not know the path.
 */
function writeRefusal(err: UpstreamError): ErrorAnswer | null {
  if (!isWrite(err) || err.serviceMessage === undefined) return null;
  if (err.code === 'UPSTREAM_APP') return { status: err.httpStatus ?? 200, code: err.appCode ?? 500, msg: err.serviceMessage };
  const status = err.httpStatus ?? 502;
  return err.code === 'UPSTREAM_HTTP' && REFUSAL_STATUSES.has(status) ? { status, code: status, msg: err.serviceMessage } : null;
}

/** A service's HTTP failure in our words: its own text (a gateway's page, its router's "Not found: GET /…") stays in the log. */
function httpFailureAnswer(status: number): ErrorAnswer {
  if (status === 401 || status === 403) {
    return { status: 502, code: 502, msg: `The content service refused the edge's signature (HTTP ${status})` };
  }
  if (status === 404)
    return { status, code: status, msg: 'Not found: the content service has no answer for this call', error: 'NOT_FOUND' };
  if (status >= 400 && status < 500)
    return { status, code: status, msg: `The content service could not answer this call (HTTP ${status})` };
  return { status: 502, code: 502, msg: `The content service failed (HTTP ${status})` };
}

/**
 * How a failed content-service call looks to a browser or an API client. The words are the edge's own:
 * what the service said on failing is logged with the request id where the call failed
 * (client.ts), never passed on, except a write's refusal in its envelope (writeRefusal).
 */
export function upstreamErrorAnswer(err: UpstreamError): ErrorAnswer {
  const refusal = writeRefusal(err);
  if (refusal) return refusal;
  switch (err.code) {
    // These messages are the edge's own (client.ts, payloads.ts).
    case 'UPSTREAM_TIMEOUT':
      return { status: 504, code: 504, msg: `The content service did not answer in time (${err.message})` };
    case 'UPSTREAM_NETWORK':
      return { status: 502, code: 502, msg: `The content service cannot be reached (${err.message})` };
    case 'UPSTREAM_ABORTED':
      return { status: 502, code: 502, msg: `The call to the content service was cut off (${err.message})` };
    case 'UPSTREAM_BAD_PAYLOAD':
      return { status: 502, code: 502, msg: `The content service sent an answer the edge cannot read (${err.message})` };
    case 'UPSTREAM_HTTP':
      return httpFailureAnswer(err.httpStatus ?? 502);
    case 'UPSTREAM_APP':
      // An answer, passed on with the service's status and code; its text may be anything the service says.
      return {
        status: err.httpStatus ?? 200,
        code: err.appCode ?? 500,
        msg: `The content service could not answer this call (code ${err.appCode ?? 500})`,
      };
  }
}

/** The error handler's reading of an error: a content-service failure's answer, or null for any other error. */
export const upstreamAnswerOf = (err: unknown): ErrorAnswer | null => (err instanceof UpstreamError ? upstreamErrorAnswer(err) : null);
