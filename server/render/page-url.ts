// The absolute address a page request stands for, built only from parts that cannot break it or
// point it elsewhere. Loaders, redirects and canonical links all start from this URL, so:
//   - the origin is PUBLIC_URL, or the request's Host when it is a plain host[:port], else a fixed
//     fallback (a Host of `a b`, `x@y`, `x:99999` or nothing made `new URL` throw: a 500);
//   - a path that would parse as protocol-relative (`//evil`, `/\evil`, `/.//evil`) is never given
//     to the router as such (`new URL('//evil', origin)` is evil's home page, and a redirect built
//     from its pathname would send the visitor there): its leading slash run is escaped instead, so
//     it is the not-found page at a harmless address;
//   - over-long addresses (414), bad percent-encoding and control characters (400) are refused
//     before any loader runs.

/** Longest path (before `?`) a page answers. */
export const MAX_PATH_LENGTH = 2048;
/** Longest query (after `?`) a page answers. */
export const MAX_QUERY_LENGTH = 8192;
/** The origin of pages when neither PUBLIC_URL nor the Host header can be used. */
export const FALLBACK_ORIGIN = 'http://localhost';

export interface TargetRefusal {
  status: 400 | 414;
  code: 'URI_TOO_LONG' | 'BAD_REQUEST_TARGET';
  msg: string;
}

export type PageTarget = { ok: true; url: URL } | ({ ok: false } & TargetRefusal);

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::(\\d{1,5}))?$`);

/** A Host header that names a host and maybe a port, nothing else (no user info, path or spaces). */
export function isPlainHost(host: string | undefined): host is string {
  if (!host || host.length > 260) return false;
  const m = HOST.exec(host);
  if (!m) return false;
  const port = m[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * The request's own protocol and Host make a plain origin. When they do not, a page is still answered
 * (at safeOrigin) but must not be stored: the page cache keys pages by that protocol and Host, and an
 * operator's purge by prefix parses its keys back into URLs.
 */
export function requestOriginIsPlain(protocol: string, host: string | undefined): boolean {
  return (protocol === 'http' || protocol === 'https') && isPlainHost(host);
}

/** PUBLIC_URL, else `<http|https>://<Host>` when the Host is plain, else FALLBACK_ORIGIN. */
export function safeOrigin(publicUrl: string, protocol: string, host: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  if (!isPlainHost(host)) return FALLBACK_ORIGIN;
  return `${protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

const refuse = (status: TargetRefusal['status'], code: TargetRefusal['code'], msg: string): PageTarget => ({ ok: false, status, code, msg });

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
  if (query.length > MAX_QUERY_LENGTH) return refuse(414, 'URI_TOO_LONG', `The address query is longer than ${MAX_QUERY_LENGTH} characters`);
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
