// What a finished call was, for the metrics and the readiness figures, and whether its failure says the
// service is unwell (the breaker counts those).
import type { UpstreamError, UpstreamErrorCode } from './upstream-error.ts';

export type CallOutcome = 'ok' | 'app_error' | 'http_error' | 'timeout' | 'network' | 'aborted' | 'bad_payload' | 'circuit_open';

export const OUTCOME: Record<UpstreamErrorCode, CallOutcome> = {
  UPSTREAM_TIMEOUT: 'timeout',
  UPSTREAM_NETWORK: 'network',
  UPSTREAM_ABORTED: 'aborted',
  UPSTREAM_HTTP: 'http_error',
  UPSTREAM_BAD_PAYLOAD: 'bad_payload',
  UPSTREAM_APP: 'app_error',
};

/** Failures that say the service is down or unwell (not a 4xx or an application answer). */
export function isDownSignal(err: UpstreamError): boolean {
  return err.code === 'UPSTREAM_TIMEOUT' || err.code === 'UPSTREAM_NETWORK' || (err.code === 'UPSTREAM_HTTP' && (err.httpStatus ?? 0) >= 500);
}
