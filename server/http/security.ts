// Security headers of every response, with the Content-Security-Policy in one place. The portal
// tightens or extends CSP_DIRECTIVES here; no inline executable script is ever needed (hydration data
// travels in <script type="application/json">), so cached pages need no nonce.
//
// helmet decides every header; since none depends on the request, its output is taken once and then
// set in one loop (the same bytes, without thirteen middleware calls per request).
import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

type CspDirectives = Record<string, Iterable<string> | null>;

const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // React's style={…} props become style attributes.
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  // TLS is the terminating proxy's business; forcing upgrades breaks plain-HTTP intranet set-ups.
  'upgrade-insecure-requests': null,
};

export type SecurityHeaders = ReadonlyArray<readonly [name: string, value: string]>;

/** The headers helmet sets with these directives. */
export function securityHeaderList(directives: CspDirectives = CSP_DIRECTIVES): SecurityHeaders {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // Pages, images and files are same-origin; the IIIF answers, made for other sites, replace it with
    // cross-origin (shared/iiif.ts IIIF_CROSS_ORIGIN).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  let failure: unknown;
  middleware({} as never, recorder as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

// The headers a script or a style sheet needs; the rest (the policy, framing, referrer and opener rules)
// govern a document, and a browser never shows a script or a style sheet as one.
const SUBRESOURCE_HEADERS = new Set(['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy']);

/** The security headers kept on a script or a style sheet. */
export function subresourceHeaders(headers: SecurityHeaders): SecurityHeaders {
  return headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name.toLowerCase()));
}

export function applySecurityHeaders(res: ServerResponse, headers: SecurityHeaders): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
