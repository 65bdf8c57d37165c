// What a variant request asks for, read from the URL and the Accept header (pure: no I/O). A variant is
// `FILE_PREFIX/<store path>?w=300|1000`: the store path is the same one the plain proxy serves, so the
// edge only ever resizes files of its own content service (never a URL of another host), and the query
// keeps the URL cacheable by any CDN or page cache (the full URL plus `Vary: Accept` is the key).
import { IMAGE_SIZES } from '../../shared/image-paths.ts';

/** The only widths offered (1000 px large pictures, 300 px thumbnails); anything else is refused. */
const VARIANT_WIDTHS: readonly number[] = [IMAGE_SIZES.thumb, IMAGE_SIZES.large];

export type OutputFormat = 'avif' | 'webp' | 'original';
/** Raster formats sharp reads and every browser shows; GIF (animation) and SVG (vector) stay as they are. */
type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif';

type VariantQuery = { kind: 'none' } | { kind: 'variant'; width: number } | { kind: 'bad'; msg: string };

const WIDTH_HINT = `Use ?w=${VARIANT_WIDTHS.join(' or ?w=')} (the only sizes the edge makes), or no query for the file itself`;

/** `?w=300` → a variant; no `w` → the plain file; `w` with another value or other parameters → refused. */
export function variantQuery(query: string | undefined): VariantQuery {
  if (!query) return { kind: 'none' };
  const params = new URLSearchParams(query);
  if (!params.has('w')) return { kind: 'none' };
  const values = params.getAll('w');
  if (values.length !== 1 || [...params.keys()].length !== 1) {
    return { kind: 'bad', msg: `A picture size takes exactly one parameter, w. ${WIDTH_HINT}` };
  }
  const raw = values[0] ?? '';
  // Only the canonical spelling (no leading zeros): one URL per variant for every cache on the way.
  const width = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : NaN;
  if (!VARIANT_WIDTHS.includes(width))
    return { kind: 'bad', msg: `Width ${JSON.stringify(raw.slice(0, 20))} is not offered. ${WIDTH_HINT}` };
  return { kind: 'variant', width };
}

/** q-value of a media type in an Accept header (0 when absent or refused). */
function quality(accept: string, type: string): number {
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== type) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    return Number.isFinite(value) ? value : 0;
  }
  return 0;
}

/**
 * WebP when the browser names it, else AVIF, else the file's own format (an Accept of any type promises
 * neither). WebP first although AVIF is smaller: AVIF takes several times as long to encode, resizing
 * runs one picture at a time, and a cold list page waits for a dozen of them in turn.
 */
export function negotiateFormat(accept: string | undefined): OutputFormat {
  const a = accept ?? '';
  if (quality(a, 'image/webp') > 0) return 'webp';
  if (quality(a, 'image/avif') > 0) return 'avif';
  return 'original';
}

const EXTENSIONS: Record<string, SourceFormat> = { jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', png: 'png', webp: 'webp', avif: 'avif' };

/** The raster format a store path names by its extension; null for anything the edge does not resize. */
export function sourceFormatOf(path: string): SourceFormat | null {
  const m = /\.([a-z0-9]{1,5})$/i.exec(path);
  return m ? (EXTENSIONS[m[1]!.toLowerCase()] ?? null) : null;
}

/** The watermarked copy (WATER folder): its variants are made from it alone, never from a THUMB. */
export function isWatermarked(path: string): boolean {
  return /\/WATER\/[^/]+$/.test(path);
}

/**
 * Upload stores name each upload once, after an id of 24+ hex digits
 * (`4778791d55404e608b3557204025e28e1574340239058.jpg`): such a URL never names other bytes, so its
 * variants may be cached as immutable. Any other name might be replaced in place.
 */
export function isStableName(path: string): boolean {
  const file = path.slice(path.lastIndexOf('/') + 1);
  return /[0-9a-f]{24,}/i.test(file);
}
