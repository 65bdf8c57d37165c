// Generated hostile requests for the edge (seeded, so a failure is reproducible by its index): odd
// methods, hostile Host headers, protocol-relative and malformed paths, over-long addresses, random
// content types and broken, deep or oversize bodies on every POST route, header injection attempts
// and `<script>` payloads. Every payload that could be reflected carries MARK, so a reflected
// `<script` is told apart from the page's own script tags.
import { ENDPOINTS, type EndpointSpec } from '../../shared/endpoints.ts';
import { mulberry32 } from '../../cms/db/demo/prng.ts';
import type { RawRequest } from './raw-http.ts';

export const MARK = 'fz7391';
/** A response body that holds a live script tag built from the input. */
export const REFLECTED_SCRIPT = new RegExp(`<script[^>]*>[^<]{0,80}${MARK}|<script[^>]*${MARK}`, 'i');
/** The header name and cookie value the injection attempts try to make the edge send. */
export const INJECTED_HEADER = 'x-fz-injected';
export const INJECTED_COOKIE = `${MARK}injected`;

/** The demo generator's seeded PRNG (mulberry32): the same sequence on every run. */
export const prng = mulberry32;

export interface FuzzTargets {
  /** Page paths that render (lists, details, the forms' pages, search). */
  pages: string[];
  /** Pages that take a form post (the boards, a questionnaire, an article's like). */
  forms: string[];
  /** Operator routes' bearer token. */
  adminToken: string;
  /** Browser-facing aliases of the content API (`/japi/sw-cms`). */
  aliases: string[];
}

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const int = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));

const SCRIPT_PAYLOADS = [
  `<script>${MARK}()</script>`,
  `"><script>${MARK}</script>`,
  `<ScRiPt src=//${MARK}.example>`,
  `%3Cscript%3E${MARK}%3C%2Fscript%3E`,
  `'><img src=x onerror=${MARK}>`,
];
const INJECTIONS = [`%0d%0aSet-Cookie:%20${INJECTED_COOKIE}=1`, `%0d%0a${INJECTED_HEADER}:%201`, `%0aLocation:%20//evil.example`];
const HOSTS = [
  'a b',
  'x@evil.example',
  'evil.example:99999',
  '',
  'a/b',
  'evil.example',
  '[::1]:3000',
  'localhost:0',
  'x'.repeat(300),
  `<script>${MARK}</script>`,
  'evil.example\\@good',
  '127.0.0.1:1:2',
  'ä.example',
  '-bad-.example',
];
const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'TRACE', 'FOO'];
const BAD_SEGMENTS = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%2e%2e',
  '..',
  '%2F%2F',
  '\\',
  '%ff%fe',
  '..%2F..%2Fetc%2Fpasswd',
  '%EF%BF%BF',
  '\u00e9',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fzb',
  'application/xml',
  '*/*',
  '',
  null,
];
const ID_VALUES = [
  'CN',
  'EN',
  '1',
  '-1',
  '0x10',
  '1e309',
  'a'.repeat(100),
  `${MARK}%3Cscript%3E`,
  '%00',
  '%E0%A4%A',
  '..%2F..',
  'null',
  '%20',
];

/** A JSON text nested `depth` levels, of arrays, objects or both; closed or left open. */
export function deepJson(depth: number, kind: 'array' | 'object' | 'mixed', closed = true): string {
  const open = kind === 'array' ? '['.repeat(depth) : kind === 'object' ? '{"a":'.repeat(depth) : '[{"a":'.repeat(Math.ceil(depth / 2));
  const close = kind === 'array' ? ']'.repeat(depth) : kind === 'object' ? '}'.repeat(depth) : '}]'.repeat(Math.ceil(depth / 2));
  return `${open}${kind === 'array' ? '' : '1'}${closed ? close : ''}`;
}

const LIST_BODY = { entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 10 } };

function jsonBody(rand: Rand): string | Buffer {
  const valid = JSON.stringify(LIST_BODY);
  switch (int(rand, 0, 13)) {
    case 0:
      return valid; // a cache hit on the fast path
    case 1:
      return valid.slice(0, int(rand, 1, valid.length - 1)); // truncated
    case 2:
      return Buffer.from(Array.from({ length: int(rand, 1, 400) }, () => int(rand, 0, 255))); // garbage, invalid UTF-8
    case 3:
    case 4:
      return deepJson(int(rand, 33, 20_000), pick(rand, ['array', 'object', 'mixed'] as const), rand() < 0.8);
    case 5:
      return JSON.stringify({ entity: { channelNo: 'x'.repeat(int(rand, 65 * 1024, 90 * 1024)) } }); // over 64 KB
    case 6:
      return pick(rand, ['null', '5', '"str"', '[]', 'true', '{}', '', ' ', '\ufeff{}']);
    case 7:
      return JSON.stringify({ entity: 5, param: 'x' });
    case 8:
      return JSON.stringify({ entity: { channelNo: pick(rand, SCRIPT_PAYLOADS) }, param: { pageNum: -1, pageSize: 1e308 } });
    case 9:
      return '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"entity":{}}';
    case 10:
      return `{"entity":{"channelNo":"\\ud800"},"param":{"pageNum":${'9'.repeat(400)}}}`;
    case 11:
      return JSON.stringify({
        content: pick(rand, SCRIPT_PAYLOADS),
        name: '<b>x</b>',
        type: 'cms9999',
        questionnaireId: pick(rand, ID_VALUES),
        answers: [{ x: [] }],
      });
    case 12:
      return deepJson(int(rand, 2, 32), 'mixed'); // deep but allowed
    default:
      return JSON.stringify({
        entity: { channelNo: 'SNews', [`k${int(rand, 0, 99)}`]: rand() },
        param: { pageNum: int(rand, 0, 3), pageSize: int(rand, 0, 50) },
      });
  }
}

function formBody(rand: Rand, contentType: string | null): string | Buffer {
  const value = () =>
    pick(rand, [...SCRIPT_PAYLOADS, '王小明', '13900001111', 'x@y', '', 'a'.repeat(int(rand, 0, 3000)), '%E0%A4%A', '\u0000']);
  const fields: Array<[string, string]> = [
    ['formKey', pick(rand, ['00000000-0000-4000-8000-000000000000', MARK, ''])],
    ...Array.from({ length: int(rand, 0, 6) }, (): [string, string] => [
      pick(rand, ['name', 'phoneNumber', 'email', 'type', 'content', 'intent', 'id', 'likes', 'q1', 'qabc_other', MARK]),
      value(),
    ]),
  ];
  if (contentType?.startsWith('multipart/form-data; boundary=fzb') && rand() < 0.7) {
    const parts = fields.map(([n, v]) => `--fzb\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`).join('');
    return rand() < 0.8 ? `${parts}--fzb--\r\n` : parts.slice(0, int(rand, 0, parts.length)); // sometimes cut off
  }
  if (rand() < 0.15) return `${new URLSearchParams(fields).toString()}&pad=${'p'.repeat(70 * 1024)}`; // over 64 KB
  if (rand() < 0.2) return jsonBody(rand);
  return new URLSearchParams(fields).toString();
}

function fill(spec: EndpointSpec, rand: Rand): string {
  return spec.path.replace(/:([A-Za-z]+)/g, () => pick(rand, ID_VALUES));
}

function apiPath(rand: Rand, method: 'GET' | 'POST', aliases: string[]): string {
  const rows = (ENDPOINTS as readonly EndpointSpec[]).filter((e) => e.accepts.includes(method));
  const spec = pick(rand, rows.length > 0 ? rows : (ENDPOINTS as readonly EndpointSpec[]));
  const path = fill(spec, rand);
  return rand() < 0.2 && path.startsWith('/api/') && aliases.length > 0 ? `${pick(rand, aliases)}${path}` : path;
}

/** A hostile version of a path: protocol-relative, bad escapes, long, scripts, injections. */
function mutatePath(rand: Rand, path: string): string {
  switch (int(rand, 0, 11)) {
    case 0:
      return `//${pick(rand, ['evil.example', 'x', path.slice(1)])}`;
    case 1:
      return `/\\${pick(rand, ['evil.example', path.slice(1)])}`;
    case 2:
      return `${path}/${pick(rand, BAD_SEGMENTS)}`;
    case 3:
      return `/${pick(rand, BAD_SEGMENTS)}${path}`;
    case 4:
      return `${path}/${'a'.repeat(int(rand, 2000, 4000))}`;
    case 5:
      return `${path}?q=${'b'.repeat(int(rand, 8000, 12_000))}`;
    case 6:
      return `${path}/${pick(rand, SCRIPT_PAYLOADS).replace(/ /g, '%20')}`;
    case 7:
      return `${path}?keyword=${pick(rand, SCRIPT_PAYLOADS).replace(/ /g, '%20')}&page=${pick(rand, ['2', '-1', '1e9', MARK, '%00'])}&lang=${pick(rand, ['en', 'zh', '<script>'])}`;
    case 8:
      return `${path}${pick(rand, INJECTIONS)}`;
    case 9:
      return pick(rand, [
        `http://evil.example${path}`,
        '*',
        `/.//evil.example`,
        `/a/..//evil.example`,
        `${path}/..%2F..%2F..%2F`,
        `/%2F%2Fevil.example`,
      ]);
    case 10:
      return `${path}?${pick(rand, INJECTIONS)}=1&platform=wx`;
    default:
      return path;
  }
}

function headersFor(rand: Rand): { headers: Array<[string, string]>; noHost: boolean } {
  const headers: Array<[string, string]> = [];
  const hostile = rand() < 0.35;
  if (hostile) headers.push(['Host', pick(rand, HOSTS)]);
  if (rand() < 0.5)
    headers.push(['Accept', pick(rand, ['text/html', 'application/json', '*/*', 'text/html;q=0.1, application/json', `<script>${MARK}`])]);
  if (rand() < 0.15) headers.push(['X-Request-Id', pick(rand, [`${MARK}<script>`, 'x'.repeat(200), 'ok-id-1'])]);
  if (rand() < 0.1) headers.push(['X-Request-Id', 'fz'], ['Set-Cookie', `${INJECTED_COOKIE}=1`]);
  if (rand() < 0.1)
    headers.push(['X-Forwarded-Host', pick(rand, HOSTS)], ['X-Forwarded-Proto', pick(rand, ['javascript', 'https', 'a b'])]);
  if (rand() < 0.1) headers.push(['Accept-Language', pick(rand, [`<script>${MARK}`, 'en;q=abc', 'zz', 'en'])]);
  if (rand() < 0.05) headers.push(['Referer', `http://evil.example/<script>${MARK}</script>`]);
  if (rand() < 0.05) headers.push(['User-Agent', pick(rand, ['Googlebot/2.1', '\u00ff\u00fe', 'x'.repeat(2000)])]);
  if (rand() < 0.04) headers.push(['If-None-Match', pick(rand, ['*', 'W/"x"', '"'])]);
  if (rand() < 0.03) headers.push(['Range', pick(rand, ['bytes=0-0', 'bytes=-1', 'bytes=9-1', 'lines=1'])]);
  return { headers, noHost: !hostile && rand() < 0.03 };
}

function bodyRequest(rand: Rand, method: string, target: string, kind: 'json' | 'form'): RawRequest {
  const contentType = pick(rand, CONTENT_TYPES);
  const body = kind === 'json' ? jsonBody(rand) : formBody(rand, contentType);
  const { headers, noHost } = headersFor(rand);
  if (contentType !== null) headers.push(['Content-Type', contentType]);
  if (rand() < 0.03) headers.push(['Content-Encoding', pick(rand, ['gzip', 'br', 'identity'])]);
  return { method, target, headers, noHost, body };
}

/** One request of the mix; `i` only picks the kind, `rand` everything else. */
function oneRequest(rand: Rand, t: FuzzTargets): RawRequest {
  const roll = rand();
  if (roll < 0.05) return brokenFraming(rand, t);
  if (roll < 0.25) {
    // An API read or write with a body: the fast path's and the proxy's body handling.
    const target = rand() < 0.2 ? mutatePath(rand, apiPath(rand, 'POST', t.aliases)) : apiPath(rand, 'POST', t.aliases);
    return bodyRequest(rand, 'POST', target, 'json');
  }
  if (roll < 0.4) {
    // A page form, as a browser posts it.
    const form = pick(rand, t.forms);
    return bodyRequest(rand, 'POST', rand() < 0.15 ? mutatePath(rand, form) : form, 'form');
  }
  if (roll < 0.45) {
    const req = bodyRequest(rand, 'POST', '/_edge/purge', 'json');
    // Real purges too: they walk every cached page's key, whatever Host it was rendered for.
    if (rand() < 0.5)
      req.body = pick(rand, [
        '{"prefix":"/News"}',
        '{"prefix":"/"}',
        '{"tag":"channel:SNews"}',
        '{"all":true}',
        `{"prefix":"${MARK}<script>"}`,
      ]);
    req.headers!.push(['Authorization', rand() < 0.7 ? `Bearer ${t.adminToken}` : 'Bearer nope']);
    return req;
  }
  const method = pick(rand, METHODS);
  const base = rand() < 0.3 ? apiPath(rand, 'GET', t.aliases) : pick(rand, t.pages);
  const target = rand() < 0.7 ? mutatePath(rand, base) : base;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') return bodyRequest(rand, method, target, rand() < 0.5 ? 'json' : 'form');
  const { headers, noHost } = headersFor(rand);
  return { method, target, headers, noHost };
}

/**
 * Framing that Node's parser refuses only after the headers (so the edge has taken the request), then
 * the same page asked for normally: the second must not wait on the first's broken render.
 */
function brokenFraming(rand: Rand, t: FuzzTargets): RawRequest {
  const base = pick(rand, t.pages);
  const page = rand() < 0.5 ? base : `${base}${base.includes('?') ? '&' : '?'}fz=${int(rand, 0, 99)}`;
  const framing: Pick<RawRequest, 'headers' | 'body'> = pick(rand, [
    { headers: [['Transfer-Encoding', 'gzip']] },
    { headers: [['Transfer-Encoding', 'chunked']], body: 'zz\r\n' },
    { headers: [['Transfer-Encoding', 'chunked']], body: '5\r\nabc' },
    { headers: [['Transfer-Encoding', 'gzip, chunked']], body: 'zz\r\n' },
  ]);
  return { method: 'GET', target: page, ...framing, then: { method: 'GET', target: page, headers: [['Accept', 'text/html']] } };
}

export function hostileRequests(targets: FuzzTargets, count: number, seed: number): RawRequest[] {
  const rand = prng(seed);
  return Array.from({ length: count }, () => oneRequest(rand, targets));
}
