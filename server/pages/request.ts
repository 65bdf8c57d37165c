// A page request from the outside: the absolute address it stands for, built only from parts that cannot
// break it or point it elsewhere, and the form body of a POST, read and checked before any loader runs.
// Loaders, redirects and canonical links all start from this URL, so:
//   - the origin is PUBLIC_URL, or the request's Host when it is a plain host[:port], else a fixed
//     fallback (a Host of `a b`, `x@y`, `x:99999` or nothing would make `new URL` throw);
//   - a path that would parse as protocol-relative (`//evil`, `/\evil`, `/.//evil`) is never given
//     to the router as such (`new URL('//evil', origin)` is evil's home page, and a redirect built
//     from its pathname would send the visitor there): its leading slash run is escaped instead, so
//     it is the not-found page at a harmless address;
//   - over-long addresses (414), bad percent-encoding and control characters (400) are refused
//     before any loader runs;
//   - a POST body that is not a form (wrong or missing content type, a multipart body that cannot be
//     read, too large) is refused with a FormBodyError (4xx), before an action would throw on it.
import type { IncomingMessage } from 'node:http';

export interface PageRequest {
  method: 'GET' | 'HEAD' | 'POST';
  /** The pages' origin: PUBLIC_URL, else the request's own when its Host is plain (safeOrigin). */
  origin: string;
  /** The request target as sent: a path and query, or the absolute form a proxy may send. */
  target: string;
  /** What loaders and actions may read: accept, accept-language, user-agent, referer; a POST's content-type. */
  headers: Readonly<Record<string, string | undefined>>;
  /** A POST's form body (read and checked by pageRequestOf). */
  body?: Uint8Array;
  requestId: string;
  /** The client is over the write limit for this many seconds: its writes are refused, its input kept. */
  writeLimitedForS?: number;
  /** A re-render no visitor waits for: its upstream calls wait for fresh answers. */
  background?: boolean;
}

export interface TargetRefusal {
  status: 400 | 414;
  code: 'URI_TOO_LONG' | 'BAD_REQUEST_TARGET';
  msg: string;
}

export type PageTarget = { ok: true; url: URL } | ({ ok: false } & TargetRefusal);

/** Longest path (before `?`) a page answers. */
const MAX_PATH_LENGTH = 2048;
/** Longest query (after `?`) a page answers. */
const MAX_QUERY_LENGTH = 8192;
const refuse = (status: TargetRefusal['status'], code: TargetRefusal['code'], msg: string): PageTarget => ({
  ok: false,
  status,
  code,
  msg,
});

/** Percent-escapes that decode to UTF-8 text without control characters. */
function decodesCleanly(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  return !/[\u0000-\u001f\u007f]/.test(decoded);
}

/**
 * `origin` + the request target (`/path?query`, or the absolute form a proxy may send) as a URL the
 * router can be given, or why not. `origin` must come from safeOrigin.
 */
export function pageTarget(origin: string, target: string): PageTarget {
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    // The absolute form (`GET http://host/path`): only its path and query count, never its host.
    const absolute = URL.canParse(target) ? new URL(target) : null;
    if (!absolute || (absolute.protocol !== 'http:' && absolute.protocol !== 'https:')) {
      return refuse(400, 'BAD_REQUEST_TARGET', 'The request target must be a path such as /News/SNews');
    }
    pathAndQuery = `${absolute.pathname}${absolute.search}`;
  }
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q === -1 ? '' : pathAndQuery.slice(q + 1);
  if (path.length > MAX_PATH_LENGTH) return refuse(414, 'URI_TOO_LONG', `The address path is longer than ${MAX_PATH_LENGTH} characters`);
  if (query.length > MAX_QUERY_LENGTH)
    return refuse(414, 'URI_TOO_LONG', `The address query is longer than ${MAX_QUERY_LENGTH} characters`);
  if (!decodesCleanly(path)) return refuse(400, 'BAD_REQUEST_TARGET', 'The address has invalid percent-encoding or a control character');
  let url: URL;
  try {
    // Concatenated, never resolved against the origin: `new URL('//x', origin)` would be x's root.
    url = new URL(`${new URL(origin).origin}${pathAndQuery}`);
  } catch {
    return refuse(400, 'BAD_REQUEST_TARGET', 'The address cannot be read');
  }
  // After WHATWG parsing (`\` is `/`, dot segments resolved): a leading `//` would make the path a
  // host wherever it is used as a link or redirect. Escaped, it is one odd first segment: not found.
  if (url.pathname.startsWith('//')) url.pathname = `/%2F${url.pathname.replace(/^\/+/, '')}`;
  return { ok: true, url };
}

/** Form posts are small (a message, questionnaire answers); anything larger is refused. */
const MAX_FORM_BYTES = 64 * 1024;

/** A POST body a page cannot take: `status` and the stable `code` are the answer, the message says why. */
export class FormBodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly code: 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_FORM',
    message: string,
  ) {
    super(message);
  }
}

class BodyTooLargeError extends FormBodyError {
  constructor(message = `The form is larger than ${MAX_FORM_BYTES / 1024} KB`) {
    super(413, 'BODY_TOO_LARGE', message);
  }
}

export const FORM_TYPE_MESSAGE = 'Send the form as application/x-www-form-urlencoded or multipart/form-data';

const URLENCODED = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
const MULTIPART = /^multipart\/form-data\s*(?:;|$)/i;

/** The content type a form POST goes on with; throws FormBodyError for anything that is not a form. */
function formContentType(contentType: string | undefined, hasBody: boolean): string {
  if (!contentType) {
    // Nothing to read, nothing to type: an empty form. A body of no stated type is refused.
    if (!hasBody) return 'application/x-www-form-urlencoded';
    throw new FormBodyError(415, 'UNSUPPORTED_MEDIA_TYPE', `The form has no Content-Type. ${FORM_TYPE_MESSAGE}`);
  }
  if (URLENCODED.test(contentType)) return contentType;
  if (MULTIPART.test(contentType)) {
    if (!/;\s*boundary=/i.test(contentType)) throw new FormBodyError(400, 'BAD_FORM', 'The multipart form has no boundary');
    return contentType;
  }
  throw new FormBodyError(415, 'UNSUPPORTED_MEDIA_TYPE', FORM_TYPE_MESSAGE);
}

/** A multipart body the action's `formData()` would throw on is refused now, as the visitor's fault. */
async function checkMultipart(body: Buffer, contentType: string): Promise<void> {
  if (!MULTIPART.test(contentType)) return;
  try {
    await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new FormBodyError(400, 'BAD_FORM', 'The multipart form cannot be read');
  }
}

const hasBodyHeaders = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The headers loaders and actions may read. */
const PAGE_HEADERS = ['accept', 'accept-language', 'user-agent', 'referer'] as const;

/**
 * A Node request as the page engine takes it: its method, origin and target, the headers a loader may
 * read and, for a POST, the checked form body. Throws FormBodyError for a body that is no form.
 */
export async function pageRequestOf(
  req: IncomingMessage,
  facts: { origin: string; requestId: string; writeLimitedForS?: number },
): Promise<PageRequest> {
  const headers: Record<string, string | undefined> = {};
  for (const name of PAGE_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const method = req.method === 'POST' ? 'POST' : req.method === 'HEAD' ? 'HEAD' : 'GET';
  let body: Uint8Array | undefined;
  if (method === 'POST') {
    const type = formContentType(req.headers['content-type'], hasBodyHeaders(req));
    headers['content-type'] = type;
    const bytes = await readBody(req);
    await checkMultipart(bytes, type);
    body = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return {
    method,
    origin: facts.origin,
    target: req.url ?? '/',
    headers,
    body,
    requestId: facts.requestId,
    writeLimitedForS: facts.writeLimitedForS,
  };
}
