// Which browser-facing paths are API calls, and how a request to one becomes a call of the content
// service: checked here, once, for both the front door's reads and Express's writes. The paths are
// every catalogue row at its own path (`/api/…`, `/sw-file/…`, `/sw-es/…`, `/sw-cms-zb/…`) and the content
// rows again under each API_ALIASES prefix (`/japi/sw-cms/api/…`), the paths existing clients of the
// service call. A call's path parameters are checked by their rule in the catalogue and a list's paging by
// the row's page-size column; its query string is read and filtered. A refusal is a 400 with a stable
// code, and nothing refused reaches the cache or the service: inside the edge a call is trusted as it is.
import {
  API_PREFIXES,
  ENDPOINTS,
  matchEndpoint,
  PATH_PARAM_RULES,
  pathIsKnown,
  type EndpointSpec,
  type MatchedEndpoint,
  type PageSizePolicy,
} from '../../shared/endpoints.ts';
import type { ContentCall } from '../content/content-api.ts';

export interface ApiPaths {
  /** Every path prefix below which the edge answers API calls (and nothing else). */
  readonly prefixes: readonly string[];
  /** Every (path pattern, row) pair the router serves, aliases included. */
  readonly routes: ReadonlyArray<{ path: string; spec: EndpointSpec }>;
  /** The row of a browser-facing call; null when none (the front door's router of reads). */
  match(method: string, path: string): MatchedEndpoint | null;
  /** Known under some method (405 rather than 404); takes the alias forms too. */
  isKnown(path: string): boolean;
}

const CONTENT_ROOT = '/api';

export function createApiPaths(aliases: readonly string[]): ApiPaths {
  const content = (ENDPOINTS as readonly EndpointSpec[]).filter((e) => e.path.startsWith(`${CONTENT_ROOT}/`));
  const routes = [
    ...(ENDPOINTS as readonly EndpointSpec[]).map((spec) => ({ path: spec.path, spec })),
    ...aliases.flatMap((alias) => content.map((spec) => ({ path: `${alias}${spec.path}`, spec }))),
  ];
  const aliasRoots = aliases.map((a) => `${a}${CONTENT_ROOT}/`);
  /** An alias form as its spec path (`/japi/sw-cms/api/x` → `/api/x`); other paths as they are. */
  const unalias = (path: string): string | null => {
    for (const root of aliasRoots) if (path.startsWith(root)) return path.slice(root.length - CONTENT_ROOT.length - 1);
    return API_PREFIXES.some((p) => path.startsWith(`${p}/`)) ? path : null;
  };
  return {
    prefixes: [...API_PREFIXES, ...aliases.map((a) => `${a}${CONTENT_ROOT}`)],
    routes,
    match(method, path) {
      const spec = unalias(path);
      return spec === null ? null : matchEndpoint(method, spec);
    },
    isKnown(path) {
      const spec = unalias(path);
      return spec !== null && pathIsKnown(spec);
    },
  };
}

// ---- Checks ----

type RefusalCode = 'BAD_PATH_PARAM' | 'BAD_BODY' | 'BAD_PAGE_SIZE' | 'BAD_PAGE_NUMBER';

/** A proxied request the edge does not pass on: the 400's stable code and its message. */
export class CallRefused {
  constructor(
    readonly code: RefusalCode,
    readonly msg: string,
  ) {}
}

/** Where the services of this family read a page size and a page number: in `param`, or at the top (search). */
const SIZE_FIELDS = ['pageSize', 'size'] as const;
const NUMBER_FIELDS = ['pageNum', 'page'] as const;

/** The first path parameter its rule refuses; null when all pass. */
function pathParamRefusal(spec: EndpointSpec, params: Record<string, string>): CallRefused | null {
  // for…in over the matcher's own plain object: no array made per request on the hit path.
  for (const name in params) {
    const rule = PATH_PARAM_RULES[name];
    if (rule === undefined) return new CallRefused('BAD_PATH_PARAM', `${spec.name} takes no path parameter "${name}"`);
    if (!rule.pattern.test(params[name]!))
      return new CallRefused('BAD_PATH_PARAM', `The ${name} in the path of ${spec.name} must be ${rule.what}`);
  }
  return null;
}

type Whole = number | 'absent' | 'not whole';

/** A paging value as clients send it: a number or a numeric string; null and '' mean "not given". */
function wholeOf(value: unknown): Whole {
  if (value === undefined || value === null || value === '') return 'absent';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : 'not whole';
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value);
  return 'not whole';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function sizeRefusal(spec: EndpointSpec, policy: PageSizePolicy, prefix: string, name: string, value: unknown): CallRefused | null {
  const size = wholeOf(value);
  if (size === 'absent' || (typeof size === 'number' && size >= 1 && size <= policy.max)) return null;
  if (size === 0 && policy.all) return null;
  const field = `${prefix}${name}`;
  const range = `1 to ${policy.max} records a page${policy.all ? ', or 0 for all of them' : ''}`;
  if (size === 'not whole') return new CallRefused('BAD_PAGE_SIZE', `${field} must be a whole number: ${range}`);
  if (size === 0)
    return new CallRefused('BAD_PAGE_SIZE', `${field} 0 (all records at once) is not offered for ${spec.name}: ask for ${range}`);
  return new CallRefused('BAD_PAGE_SIZE', `${field} ${size} is not offered for ${spec.name}: ask for ${range}`);
}

function numberRefusal(prefix: string, name: string, value: unknown): CallRefused | null {
  const page = wholeOf(value);
  if (page === 'absent' || (typeof page === 'number' && page >= 0)) return null;
  return new CallRefused('BAD_PAGE_NUMBER', `${prefix}${name} must be a whole page number (1 for the first page)`);
}

/** The paging fields of one object (`param`, or the body itself), each checked by its kind. */
function pagingRefusal(spec: EndpointSpec, policy: PageSizePolicy, holder: Record<string, unknown>, prefix: string): CallRefused | null {
  for (const name of SIZE_FIELDS) {
    const refused = sizeRefusal(spec, policy, prefix, name, holder[name]);
    if (refused) return refused;
  }
  for (const name of NUMBER_FIELDS) {
    const refused = numberRefusal(prefix, name, holder[name]);
    if (refused) return refused;
  }
  return null;
}

/** The body of a list call: a JSON object whose paging the row's page-size column allows; null when it passes. */
function bodyRefusal(spec: EndpointSpec, body: unknown): CallRefused | null {
  const policy = spec.pageSize;
  if (policy === undefined || body === undefined || body === null) return null;
  if (!isRecord(body))
    return new CallRefused('BAD_BODY', 'The request body must be a JSON object like {"entity":{},"param":{"pageNum":1,"pageSize":10}}');
  const param = body.param;
  if (param !== undefined && param !== null && !isRecord(param)) {
    return new CallRefused('BAD_BODY', 'param must be an object like {"pageNum":1,"pageSize":10}');
  }
  return (isRecord(param) ? pagingRefusal(spec, policy, param, 'param.') : null) ?? pagingRefusal(spec, policy, body, '');
}

// ---- Calls ----

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
function pickQuery(spec: EndpointSpec, query: Record<string, unknown> | undefined): Record<string, string> {
  const picked: Record<string, string> = {};
  if (!spec.query || !query) return picked;
  const names =
    spec.query === 'any'
      ? Object.keys(query)
          .filter((n) => PARAM_NAME.test(n))
          .sort()
          .slice(0, MAX_FORWARDED_PARAMS)
      : spec.query;
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
 * The upstream call a proxied request asks for, or why it is refused (a 400): what the front door's reads
 * and the Express routes of writes both send on. `search` is the raw query string of the request's target (without `?`).
 */
export function checkedCall(
  spec: EndpointSpec,
  params: Record<string, string>,
  search: string,
  body: unknown,
  requestId: string | undefined,
): ContentCall | CallRefused {
  return (
    pathParamRefusal(spec, params) ??
    (spec.method === 'POST' ? bodyRefusal(spec, body) : null) ??
    callFromRequest(spec, params, search, body, requestId)
  );
}

/**
 * The call itself, its parameters taken as they are: `search` is read only when the row takes
 * parameters. Proxied requests go through checkedCall.
 */
function callFromRequest(
  spec: EndpointSpec,
  params: Record<string, string>,
  search: string,
  body: unknown,
  requestId: string | undefined,
): ContentCall {
  const query = spec.query && search ? pickQuery(spec, singleValued(search)) : {};
  // A GET row called with POST (getQuestionnaireById by real clients) ignores the empty body.
  return { params, query, body: spec.method === 'POST' ? (body ?? {}) : undefined, requestId };
}

/** The raw query string of a request target (`/api/x?a=1` → `a=1`). */
export function searchOf(target: string): string {
  const q = target.indexOf('?');
  return q === -1 ? '' : target.slice(q + 1);
}
