// The endpoint catalogue: every call of the content service (docs/content-service.md), one row each.
// The reference service's router, the edge's proxy allow-list and cache policy, the typed API helpers
// and the contract tests all iterate this table; adding an endpoint is adding a row.
import { RECORD_ID } from './ids.ts';

export type HttpMethod = 'GET' | 'POST';

/**
 * The services behind a deployment, each at its own gateway on the service's origin: the content API
 * (e.g. `/japi/sw-cms`), and the sibling file, search and statistics gateways (e.g.
 * `/japi/sw-file-cloud`, `/japi/sw-es`, `/japi/sw-cms-zb`; docs/content-service.md, Gateways).
 */
export type ServiceName = 'content' | 'file' | 'search' | 'report';
export const SERVICE_NAMES: readonly ServiceName[] = ['content', 'file', 'search', 'report'];

/**
 * The browser-facing path prefix of each service's calls. A row's path below its service's
 * gateway is its path without this prefix: `/sw-file/refFileObject/queryPageList` is
 * `/refFileObject/queryPageList` on the file gateway.
 */
export const SERVICE_PUBLIC_PREFIX: Readonly<Record<ServiceName, string>> = {
  content: '',
  file: '/sw-file',
  search: '/sw-es',
  report: '/sw-cms-zb',
};

/** Gateway prefixes of each service on the upstream origin. */
export type GatewayPrefixes = Readonly<Record<ServiceName, string>>;

/** The layout of a real deployment of this family; the embedded service uses it. */
export const DEPLOYED_GATEWAYS: GatewayPrefixes = {
  content: '/japi/sw-cms',
  file: '/japi/sw-file-cloud',
  search: '/japi/sw-es',
  report: '/japi/sw-cms-zb',
};

export interface EndpointSpec {
  /** Stable name: metrics label, cache tag, `CACHE_RULES` key. */
  readonly name: string;
  readonly method: HttpMethod;
  /** The browser-facing path (what the service's own clients call); `:param` marks one path segment. */
  readonly path: string;
  /** Which service answers it (and so which gateway prefix it goes under upstream). */
  readonly service: ServiceName;
  /** The path below that service's gateway prefix. */
  readonly servicePath: string;
  /** Methods the call is answered for; real clients POST some GET calls with an empty body. */
  readonly accepts: readonly HttpMethod[];
  /** Writes are never cached, coalesced or retried. */
  readonly write: boolean;
  /** Default fresh lifetime in seconds for read-only calls (0 for writes). */
  readonly ttlS: number;
  /**
   * Query-string parameters the call takes (the rest of the request is the JSON body or path);
   * `'any'`: every parameter is forwarded and is part of the cache key (the service reads extras).
   */
  readonly query?: readonly string[] | 'any';
  /** The service counts a visit each time it answers this call (a cache in front must keep it counting). */
  readonly countsVisit?: boolean;
  /** The page sizes a caller of the proxy may ask of this list (none: the call does not page). */
  readonly pageSize?: PageSizePolicy;
  readonly summary: string;
}

/**
 * The page sizes the proxy answers for one list call. Every page size is its own cache key and a page
 * of all records can be megabytes, so callers get what the site's own screens use and no more.
 */
export interface PageSizePolicy {
  /** The largest page size answered. */
  readonly max: number;
  /** Page size 0 (the wire's "0/0 = all") is answered: short lists a screen reads whole. */
  readonly all: boolean;
}

/** The largest page any list screen, feed or sitemap walk of the site asks for, with room to spare. */
const MAX_PAGE_SIZE = 100;
const PAGED: PageSizePolicy = { max: MAX_PAGE_SIZE, all: false };
/** Types, dictionaries and a record's attachments: short lists that screens and older clients read whole. */
const PAGED_OR_ALL: PageSizePolicy = { max: MAX_PAGE_SIZE, all: true };

/** What a `:param` of a catalogue path may hold, checked before any call leaves with it. */
interface PathParamRule {
  readonly pattern: RegExp;
  /** What the value must be, in words a caller understands. */
  readonly what: string;
}

/** One rule per `:param` name of the catalogue's paths. */
export const PATH_PARAM_RULES: Readonly<Record<string, PathParamRule>> = {
  id: { pattern: RECORD_ID, what: 'a record id (letters, digits, - and _, at most 64)' },
  channelNo: { pattern: RECORD_ID, what: 'a channel number (letters, digits, - and _, at most 64)' },
  path: { pattern: RECORD_ID, what: 'a place name such as home (letters, digits, - and _, at most 64)' },
  site: { pattern: /^(?:CN|EN)$/, what: 'CN or EN' },
  number: { pattern: /^(?:[1-9]\d?|[12]\d\d|3[0-5]\d|36[0-6])$/, what: 'a number of days from 1 to 366' },
};

const row = (
  name: string,
  method: HttpMethod,
  path: string,
  ttlS: number,
  summary: string,
  extra: { write?: boolean; query?: readonly string[] | 'any'; alsoPost?: boolean; countsVisit?: boolean; pageSize?: PageSizePolicy } = {},
): EndpointSpec => {
  const service = serviceOf(path);
  return {
    name,
    method,
    path,
    service,
    servicePath: path.slice(SERVICE_PUBLIC_PREFIX[service].length),
    accepts: extra.alsoPost && method === 'GET' ? ['GET', 'POST'] : [method],
    ttlS: extra.write ? 0 : ttlS,
    write: extra.write ?? false,
    query: extra.query,
    countsVisit: extra.countsVisit,
    pageSize: extra.pageSize,
    summary,
  };
};

function serviceOf(path: string): ServiceName {
  const found = SERVICE_NAMES.find((s) => SERVICE_PUBLIC_PREFIX[s] !== '' && path.startsWith(`${SERVICE_PUBLIC_PREFIX[s]}/`));
  return found ?? 'content';
}

export const ENDPOINTS = [
  row('queryAllChannel', 'GET', '/api/queryAllChannel/:site', 600, 'channel tree of a site (CN or EN)'),
  row('queryArchivesList', 'POST', '/api/queryArchivesList', 60, 'articles of a channel, paged', { pageSize: PAGED }),
  row('queryArchivesListByMulNo', 'POST', '/api/queryArchivesListByMulNo', 60, 'articles of several channels, paged', { pageSize: PAGED }),
  row('queryArchivesById', 'GET', '/api/queryArchivesById/:id', 30, 'one article; counts a visit', { query: 'any', countsVisit: true }),
  row('queryArchivesByNo', 'GET', '/api/queryArchivesByNo/:channelNo', 60, 'the article of a single-page channel'),
  row('doStarByArcId', 'GET', '/api/doStarByArcId/:id', 0, 'like an article', { write: true }),
  row('cancelStarByActId', 'GET', '/api/cancelStarByActId/:id', 0, 'remove a like', { write: true }),
  row('getBaiduReport', 'GET', '/sw-cms-zb/api/getBaiduReport/:number', 600, 'site statistics report of the last N days'),
  row('queryExhibitionBaseList', 'POST', '/api/queryExhibitionBaseList', 300, 'long-term exhibitions, paged', { pageSize: PAGED }),
  row('queryExhibitionBaseById', 'GET', '/api/queryExhibitionBaseById/:id', 300, 'one long-term exhibition'),
  row('queryExhibitionTempList', 'POST', '/api/queryExhibitionTempList', 300, 'temporary exhibitions, paged', { pageSize: PAGED }),
  row('queryExhibitionTempById', 'GET', '/api/queryExhibitionTempById/:id', 300, 'one temporary exhibition'),
  row('queryExhibitList', 'POST', '/api/queryExhibitList', 300, 'exhibits, paged and filtered', { pageSize: PAGED }),
  row('queryExhibitById', 'GET', '/api/queryExhibitById/:id', 300, 'one exhibit'),
  row('queryExhibitListByTemp', 'POST', '/api/queryExhibitListByTemp', 300, 'exhibits of a temporary exhibition', { pageSize: PAGED }),
  row('queryExhibitTypeList', 'POST', '/api/queryExhibitTypeList', 600, 'exhibit types', { pageSize: PAGED_OR_ALL }),
  row('queryDictionaryByCode', 'POST', '/api/queryDictionaryByCode', 600, 'dictionary entries of a code', {
    query: ['dictionaryCode', 'appId'],
    pageSize: PAGED_OR_ALL,
  }),
  row('queryActivityListByType', 'POST', '/api/queryActivityListByType', 60, 'activities of a type, paged', { pageSize: PAGED }),
  row('queryActivityById', 'GET', '/api/queryActivityById/:id', 60, 'one activity'),
  row('queryFileList', 'POST', '/sw-file/refFileObject/queryPageList', 300, 'files attached to an object', { pageSize: PAGED_OR_ALL }),
  row('querySearchList', 'POST', '/api/querySearchList', 60, 'site search (title and content)', { pageSize: PAGED }),
  row('cmsSearch', 'POST', '/sw-es/cmsSearch', 60, 'site search, search-cluster form', { pageSize: PAGED }),
  row('queryMessageList', 'POST', '/api/queryMessageList', 30, 'published visitor messages, paged', { pageSize: PAGED }),
  row('addMessage', 'POST', '/api/addMessage', 0, 'leave a visitor message', { write: true }),
  row('getQuestionnairePageList', 'POST', '/api/getQuestionnairePageList', 60, 'questionnaires, paged', { pageSize: PAGED }),
  row('getQuestionnaireById', 'GET', '/api/getQuestionnaireById/:id', 60, 'one questionnaire with its questions', { alsoPost: true }),
  row('addQuestionnaireRecord', 'POST', '/api/addQuestionnaireRecord', 0, 'answer a questionnaire', { write: true }),
  row('getQuestionnaireResultInfo', 'POST', '/api/getQuestionnaireResultInfo', 10, 'questionnaire results'),
  row('getSiteVisitCount', 'POST', '/api/getSiteVisitCount', 60, 'site visit counters'),
  row('queryGalleryList', 'GET', '/api/queryGalleryList/:path', 300, 'picture slider items of a place (e.g. home)'),
] as const satisfies readonly EndpointSpec[];

export type EndpointName = (typeof ENDPOINTS)[number]['name'];

export const ENDPOINT_BY_NAME: Readonly<Record<EndpointName, EndpointSpec>> = Object.freeze(
  Object.fromEntries(ENDPOINTS.map((e) => [e.name, e])) as Record<EndpointName, EndpointSpec>,
);

/** The first path segment of every catalogue path: the edge proxies exactly these prefixes. */
export const API_PREFIXES: readonly string[] = [...new Set(ENDPOINTS.map((e) => `/${e.path.split('/')[1]}`))];

export interface MatchedEndpoint {
  endpoint: EndpointSpec;
  params: Record<string, string>;
}

interface Compiled {
  endpoint: EndpointSpec;
  segments: string[];
  /** The whole path when it has no parameter: matched by one comparison (most rows; every cached-list call). */
  exact: string | null;
}

const compile = (pathOf: (e: EndpointSpec) => string): Compiled[] =>
  (ENDPOINTS as readonly EndpointSpec[]).map((endpoint) => {
    const path = pathOf(endpoint);
    return { endpoint, segments: path.split('/'), exact: path.includes('/:') ? null : path };
  });

const compiled = compile((e) => e.path);

/** Finds the catalogue row for a method and a browser-facing path; null when none. */
export function matchEndpoint(method: string, path: string): MatchedEndpoint | null {
  return matchIn(compiled, method, path);
}

/**
 * A matcher of upstream paths (gateway prefix + service path) for a gateway layout: what a content
 * service of this family answers at, e.g. `/japi/sw-file-cloud/refFileObject/queryPageList`.
 */
export function upstreamMatcher(prefixes: GatewayPrefixes): {
  match(method: string, path: string): MatchedEndpoint | null;
  pathIsKnown(path: string): boolean;
} {
  const table = compile((e) => `${prefixes[e.service]}${e.servicePath}`);
  return {
    match: (method, path) => matchIn(table, method, path),
    pathIsKnown: (path) => ['GET', 'POST'].some((m) => matchIn(table, m, path) !== null),
  };
}

function matchIn(table: readonly Compiled[], method: string, path: string): MatchedEndpoint | null {
  const wanted = method.toUpperCase();
  let parts: string[] | undefined;
  for (const { endpoint, segments, exact } of table) {
    if (!endpoint.accepts.includes(wanted as HttpMethod)) continue;
    if (exact !== null) {
      if (exact === path) return { endpoint, params: {} };
      continue;
    }
    parts ??= path.split('/');
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length; i += 1) {
      const seg = segments[i]!;
      const part = parts[i]!;
      if (seg.startsWith(':')) {
        if (part === '') {
          ok = false;
          break;
        }
        params[seg.slice(1)] = safeDecode(part);
      } else if (seg !== part) {
        ok = false;
        break;
      }
    }
    if (ok) return { endpoint, params };
  }
  return null;
}

/** Is there a row for this path under any method? (405 versus 404.) */
export function pathIsKnown(path: string): boolean {
  return ['GET', 'POST'].some((m) => matchEndpoint(m, path) !== null);
}

/** Fills a catalogue path (or the row's service path) with its parameters, each URL-encoded as one segment. */
export function buildPath(
  spec: EndpointSpec,
  params: Record<string, string | number> = {},
  which: 'path' | 'servicePath' = 'path',
): string {
  // Every cache key builds one: most rows have no parameter, and a regex pass per key is not free.
  if (!spec[which].includes(':')) return spec[which];
  return spec[which].replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`missing path parameter "${key}" for ${spec.name}`);
    // URL parsers resolve a `.` or `..` segment (also written %2e), so it would name another path upstream.
    if (value === '.' || value === '..') throw new Error(`path parameter "${key}" of ${spec.name} may not be "${value}"`);
    return encodeURIComponent(String(value));
  });
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
