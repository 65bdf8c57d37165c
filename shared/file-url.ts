// File and image fields of the content service hold paths relative to its file prefix, with no leading
// slash (`MUSEUM/CMS/CMS_EXHIBIT_INFO_IMG/20191121/….jpg`; docs/content-service.md, Files and images);
// a value that is already an absolute http(s) URL is used as it is. This is the one function that turns any of
// them into the URL a visitor's browser loads: the edge proxies FILE_PREFIX to the service's origin.

/** `scheme:` of an absolute URL, or a protocol-relative `//host/…`. */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function fileUrl(path: string | null | undefined, filePrefix: string): string {
  const p = (path ?? '').trim();
  if (!p) return '';
  if (ABSOLUTE.test(p)) return /^(?:https?:)?\/\//i.test(p) ? p : '';
  const prefix = filePrefix.replace(/\/+$/, '');
  // Already under the prefix (older services send `/file/…`): as it is.
  if (p === prefix || p.startsWith(`${prefix}/`)) return p;
  return `${prefix}/${p.replace(/^\/+/, '')}`;
}

// Picture variants (server/pictures/): the edge serves `<file>?w=300` and `?w=1000` (300 px
// thumbnails, 1000 px large), in AVIF or WebP when the browser takes them. Only the edge's own files
// under the prefix get them; absolute URLs of other hosts are used as they are.

/** The widths the edge makes (anything else is refused). */
export const VARIANT_WIDTHS = [300, 1000] as const;

const RESIZABLE = /\.(?:jpe?g|png|webp|avif)$/i;

/**
 * The store file whose variants stand for `url`: the original of a THUMB copy (the edge picks the
 * THUMB itself for 300 px), the URL itself otherwise (a WATER copy stays watermarked); null when the
 * edge cannot resize it (another host, a query, not a raster picture).
 */
function variantBase(url: string | null | undefined, filePrefix: string): string | null {
  const u = (url ?? '').trim();
  const prefix = filePrefix.replace(/\/+$/, '');
  if (!prefix || !u.startsWith(`${prefix}/`) || /[?#]/.test(u) || !RESIZABLE.test(u)) return null;
  return u.replace(/\/THUMB\/([^/]+)$/, '/$1');
}

/** `srcset` of the variants of `url` (`…?w=300 300w, …?w=1000 1000w`), or undefined when there are none. */
export function variantSrcSet(
  url: string | null | undefined,
  filePrefix: string,
  widths: readonly number[] = VARIANT_WIDTHS,
): string | undefined {
  const base = variantBase(url, filePrefix);
  if (!base || widths.length === 0) return undefined;
  return widths.map((w) => `${base}?w=${w} ${w}w`).join(', ');
}
