// The one place a browser's request becomes an upstream call: its query string is read and filtered
// here, once, for both the fast path (proxy/fast-hits.ts) and the Express routes (proxy/router.ts).
// Its path parameters and paging are checked here too (checks.ts): inside the edge (gateway, cache keys,
// client) a call is trusted as it is.
import type { EndpointSpec } from '../../shared/endpoints.ts';
import type { UpstreamCall } from '../upstream/api.ts';
import { bodyRefusal, pathParamRefusal, type CallRefused } from './checks.ts';

export { CallRefused } from './checks.ts';

/** Names that are the edge's own or the caller's signature: never forwarded from a browser. */
const NOT_FORWARDED = new Set(['appid', 'token']);
/** A row that takes any parameter forwards at most this many (a longer query is a fault or an attack). */
const MAX_FORWARDED_PARAMS = 16;
/** A longer value is not a parameter of this family's services. */
const MAX_VALUE_LENGTH = 512;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/**
 * Only the catalogue row's own query names count; a row with `query: 'any'` forwards every plain
 * parameter (the service reads extras), up to MAX_FORWARDED_PARAMS, sorted by name. appId is the
 * edge's own, so it is left out; a name given twice is left out (which one would the service read?).
 */
export function pickQuery(spec: EndpointSpec, query: Record<string, unknown> | undefined): Record<string, string> {
  const picked: Record<string, string> = {};
  if (!spec.query || !query) return picked;
  const names = spec.query === 'any' ? Object.keys(query).filter((n) => PARAM_NAME.test(n)).sort().slice(0, MAX_FORWARDED_PARAMS) : spec.query;
  for (const name of names) {
    const value = query[name];
    if (!NOT_FORWARDED.has(name.toLowerCase()) && typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) picked[name] = value;
  }
  return picked;
}

/** The single-valued parameters of a raw query string (`a=1&b=2`, no `?`); a repeated name maps to null. */
function singleValued(search: string): Record<string, string | null> {
  const values: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
  for (const [name, value] of new URLSearchParams(search)) values[name] = name in values ? null : value;
  return values;
}

/**
 * The upstream call a proxied request asks for, or why it is refused (a 400): what the fast path and the
 * Express routes both send on. `search` is the raw query string of the request's target (without `?`).
 */
export function checkedCall(
  spec: EndpointSpec,
  params: Record<string, string>,
  search: string,
  body: unknown,
  requestId: string | undefined,
): UpstreamCall | CallRefused {
  return pathParamRefusal(spec, params) ?? (spec.method === 'POST' ? bodyRefusal(spec, body) : null) ?? callFromRequest(spec, params, search, body, requestId);
}

/**
 * The call itself, its parameters taken as they are: `search` is read only when the row takes
 * parameters. Proxied requests go through checkedCall.
 */
export function callFromRequest(
  spec: EndpointSpec,
  params: Record<string, string>,
  search: string,
  body: unknown,
  requestId: string | undefined,
): UpstreamCall {
  const query = spec.query && search ? pickQuery(spec, singleValued(search)) : {};
  // A GET row called with POST (getQuestionnaireById by real clients) ignores the empty body.
  return { params, query, body: spec.method === 'POST' ? (body ?? {}) : undefined, requestId };
}

/** The raw query string of a request target (`/api/x?a=1` → `a=1`). */
export function searchOf(target: string): string {
  const q = target.indexOf('?');
  return q === -1 ? '' : target.slice(q + 1);
}
