// The two ways a discovery answer fails: the thing asked for does not exist (404, said in plain
// text), or the content service cannot give what it is built from right now (the last good copy, or
// 503 with Retry-After). Anything else is a bug, answered like an outage (never a 5xx page without
// Retry-After) and logged.
import { UpstreamError } from '../upstream/upstream-error.ts';

export class DiscoveryNotFound extends Error {
  readonly status = 404;
}

/** A service that is down, slow, refusing or answering garbage: a last good copy may stand in. */
export function isOutage(err: unknown): boolean {
  return !(err instanceof DiscoveryNotFound) && !(err instanceof UpstreamError && err.isNotFound);
}

/** Failures that lose one list's records but not the whole sitemap: the service said no to that call. */
export function isRefusal(err: unknown): boolean {
  if (!(err instanceof UpstreamError)) return false;
  if (err.code === 'UPSTREAM_APP' || err.code === 'UPSTREAM_BAD_PAYLOAD') return true;
  return err.code === 'UPSTREAM_HTTP' && err.httpStatus !== undefined && err.httpStatus >= 400 && err.httpStatus < 500 && err.httpStatus !== 401 && err.httpStatus !== 403;
}
