// Where a request is: its origin, when its Host header is plain. The page cache keys pages by protocol,
// Host and target, and an operator's purge by prefix parses those keys back into URLs, so a request whose
// Host is not a plain host[:port] is answered at a safe origin but never stored.

/** The origin of pages when neither PUBLIC_URL nor the Host header can be used. */
const FALLBACK_ORIGIN = 'http://localhost';

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::(\\d{1,5}))?$`);

/** A Host header that names a host and maybe a port, nothing else (no user info, path or spaces). */
function isPlainHost(host: string | undefined): host is string {
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
