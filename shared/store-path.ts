// Which paths of the content service's file store the edge may ask for. The file proxy passes a path on
// as the visitor wrote it, the IIIF image service names a file by one percent-encoded segment (its image
// id); both hold each path segment to one rule, so neither can be led outside the store's folder or to
// another host. A path is always sent below the file prefix on the service's own origin: what a
// segment may not be is what would climb out of it (`.`, `..`) or be read as another separator.

/** A path segment, decoded once, the store may be asked for: not `.` or `..`, no slash, backslash or NUL. */
export function isStoreSegment(decoded: string): boolean {
  return decoded !== '.' && decoded !== '..' && !decoded.includes('/') && !decoded.includes('\\') && !decoded.includes('\0');
}

/** A path as a request wrote it (still percent-encoded, from its first `/`) whose every segment decodes once to a store segment. */
export function isStoreRawPath(rawPath: string): boolean {
  return rawPath.split('/').every((segment) => {
    try {
      return isStoreSegment(decodeURIComponent(segment));
    } catch {
      return false;
    }
  });
}

/** Longest image id (as sent, percent-encoded) and store path (decoded) an IIIF request may name. */
const MAX_IMAGE_ID_LENGTH = 1024;
const MAX_STORE_PATH_LENGTH = 512;

type StorePathOf = { ok: true; path: string } | { ok: false; msg: string };

// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The store path an IIIF image id names (`YUNXI_BWG%2FCMS%2F…%2Fx.jpg` → `YUNXI_BWG/CMS/…/x.jpg`), decoded
 * exactly once. Refused, with the reason: an id too long or not decodable; a path that is a URL, starts
 * with or doubles a slash, holds an empty, `.` or `..` segment, a backslash or a control character; and a
 * path that still holds a `%` after decoding — a second decoding anywhere downstream could make it
 * another path, so no such path is ever passed on.
 */
export function storePathOfImageId(id: string): StorePathOf {
  if (id.length === 0) return { ok: false, msg: 'The image id is empty' };
  if (id.length > MAX_IMAGE_ID_LENGTH) return { ok: false, msg: `The image id is longer than ${MAX_IMAGE_ID_LENGTH} characters` };
  let path: string;
  try {
    path = decodeURIComponent(id);
  } catch {
    return { ok: false, msg: 'The image id is not percent-encoded UTF-8' };
  }
  if (path.length > MAX_STORE_PATH_LENGTH) return { ok: false, msg: `The image's path is longer than ${MAX_STORE_PATH_LENGTH} characters` };
  if (CONTROL.test(path)) return { ok: false, msg: 'The image id holds a control character' };
  if (path.includes('%')) return { ok: false, msg: 'The image id is encoded twice: its path still holds a %' };
  if (SCHEME.test(path)) return { ok: false, msg: 'An image id names a file of the store, not a URL' };
  if (path.startsWith('/')) return { ok: false, msg: 'An image id is a path relative to the file store: it does not start with /' };
  const segments = path.split('/');
  if (segments.some((s) => s === '')) return { ok: false, msg: "The image's path has an empty segment (//, or a / at its end)" };
  if (!segments.every(isStoreSegment)) return { ok: false, msg: "The image's path has a . or .. segment or a backslash" };
  return { ok: true, path };
}

/** The path to ask the store for, below the file prefix, each segment percent-encoded again (as one segment each). */
export function storeRequestPath(filePrefix: string, storePath: string): string {
  return `${filePrefix.replace(/\/+$/, '')}/${storePath.split('/').map(encodeURIComponent).join('/')}`;
}
