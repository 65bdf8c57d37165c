// Rules of the exhibition and collection screens: the exhibit's thumbnail and gallery from
// its semicolon list, which of its files are the store's own, its 3D model, where a base exhibition sits
// on the floor plan, whether an exhibition is on, which collection an exhibit belongs to, the filters of
// a collection list. Pure: the loaders and the tests share them.
import { fileUrl } from './file-url.ts';
import { firstOfList } from './image-paths.ts';
import { isExternalUrl } from './links.ts';
import { isStoreSegment } from './store-path.ts';

/** The collection lists (route segments without the `EN_` prefix). */
export const COLLECTION_SECTIONS = ['PreciousCol', 'GMWW'] as const;
export type CollectionSection = (typeof COLLECTION_SECTIONS)[number];

/** The generalType of revolutionary relics (the GMWW list holds exhibits with generalType 'GMWW'). */
export const GMWW_GENERAL_TYPE = 'GMWW';

/** The address parameter that carries the exhibit type filter on collection lists. */
export const TYPE_PARAM = 'type';
/** The collection lists' level filter: a code of the EXHIBIT_LEVEL dictionary. */
export const LEVEL_PARAM = 'level';
/** The collection lists' period filter: an `age` value as the service's records carry it. */
export const AGE_PARAM = 'age';

/** Every path of a semicolon-separated image list, trimmed, empty ones and repeats dropped. */
function splitList(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (value ?? '').split(';')) {
    const p = part.trim();
    if (p) seen.add(p);
  }
  return [...seen];
}

/** The exhibit's thumbnail: the first of its `thumb` list, else the first of its phone thumb list. */
export function exhibitThumb(exhibit: { thumb?: string | null; appThumb?: string | null }): string {
  return firstOfList(exhibit.thumb) || firstOfList(exhibit.appThumb);
}

const IMAGE_SUFFIX = /\.(?:jpe?g|png|gif|webp|avif|bmp|svg)$/i;

/** Does a path name a picture (by its file name's suffix)? */
function isImagePath(path: string | null | undefined): boolean {
  return IMAGE_SUFFIX.test((path ?? '').split(/[?#]/)[0] ?? '');
}

/**
 * The exhibit's gallery: every picture of its thumb list, then the pictures filed under
 * CMS_EXHIBIT_INFO_DISPLAY, each once, in that order (the thumbnail comes first).
 */
export function exhibitGallery(
  thumbList: string | null | undefined,
  files: ReadonlyArray<{ filePath: string; fileSuffix?: string | null }>,
): string[] {
  const out = new Set<string>(splitList(thumbList));
  for (const f of files) {
    const suffix = (f.fileSuffix ?? '').trim().replace(/^\./, '');
    const isPicture = isImagePath(suffix ? `file.${suffix}` : f.filePath);
    if (f.filePath && isPicture) out.add(f.filePath.trim());
  }
  return [...out];
}

/** A point on the floor plan, in per cent of its width and height (0–100). */
export interface MapPoint {
  x: number;
  y: number;
}

function percent(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim().replace(/%$/, '');
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 100) return null;
  return Math.round(n * 10) / 10;
}

/**
 * Where a base exhibition sits on the floor plan: extension1 is x, extension2 is y, each in per cent
 * of the plan (0 left/top, 100 right/bottom; a trailing `%` is accepted). Null when either is
 * missing, not a number or outside the plan, so the screen shows no marker rather than a wrong one.
 */
export function mapPoint(x: string | number | null | undefined, y: string | number | null | undefined): MapPoint | null {
  const px = percent(x);
  const py = percent(y);
  return px === null || py === null ? null : { x: px, y: py };
}

export type ExhibitionPhase = 'upcoming' | 'current' | 'past';

/**
 * Is an exhibition on, coming or over on `day` (`YYYY-MM-DD`)? Wire dates are compared by their
 * date part; a missing end means open-ended (long-term displays), a missing start means already on.
 */
export function exhibitionPhase(start: string | null | undefined, end: string | null | undefined, day: string): ExhibitionPhase {
  const s = (start ?? '').slice(0, 10);
  const e = (end ?? '').slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s) && s > day) return 'upcoming';
  if (/^\d{4}-\d{2}-\d{2}$/.test(e) && e < day) return 'past';
  return 'current';
}

/**
 * Which collection list an exhibit belongs to, for links from places that are not a collection
 * list (home highlights, a temporary exhibition's exhibits): revolutionary relics under GMWW,
 * everything else under the precious relics.
 */
export function exhibitSection(exhibit: { generalType?: string | null; isTreasure?: boolean | null }): CollectionSection {
  if (exhibit.isTreasure) return 'PreciousCol';
  return exhibit.generalType === GMWW_GENERAL_TYPE ? 'GMWW' : 'PreciousCol';
}

/** The upstream filter of a collection list: treasures, or the revolutionary relics by generalType. */
export function collectionFilter(section: CollectionSection): { isTreasure: true } | { generalType: string } {
  return section === 'GMWW' ? { generalType: GMWW_GENERAL_TYPE } : { isTreasure: true };
}

/** A collection section from a route segment (`PreciousCol`, `EN_GMWW`, …), or null. */
export function collectionSection(segment: string | null | undefined): CollectionSection | null {
  const bare = (segment ?? '').replace(/^EN_/, '');
  return (COLLECTION_SECTIONS as readonly string[]).includes(bare) ? (bare as CollectionSection) : null;
}

/** The longest filter value an address may carry into a call (codes and period names are far shorter). */
const FILTER_VALUE_MAX = 64;

/** Control and format characters (line breaks, NUL, bidirectional overrides): never part of a value. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}]/u;

/** A filter value as an address gives it, trimmed; '' when it is too long or holds unprintable characters. */
export function filterValue(raw: string | null | undefined): string {
  const v = (raw ?? '').trim();
  return v.length <= FILTER_VALUE_MAX && !UNPRINTABLE.test(v) ? v : '';
}

/**
 * The filter an address asks for: one of `values` (what the service itself listed), or '' (all) for a
 * missing, malformed or unknown one, so a stale or hand-typed address shows the whole list rather than an
 * empty one, and nothing but a value the service gave reaches a call.
 */
export function filterChoice(raw: string | null | undefined, values: readonly string[]): string {
  const v = filterValue(raw);
  return v && values.includes(v) ? v : '';
}

// ---- The store's own files ----

/** `scheme:` of an absolute URL, or a protocol-relative `//host/…`. */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The address on this site of a file value (`/file/<path>` for a store path), or null when it is on
 * another host or no http(s) address at all. `origins` are the site's own (an editor may paste the site's
 * own address of a file); such a URL becomes its path.
 */
function ownFileHref(value: string | null | undefined, filePrefix: string, origins: readonly string[]): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (!ABSOLUTE.test(v)) return fileUrl(v, filePrefix) || null;
  // A protocol-relative address takes the page's own scheme.
  const base = origins[0] ?? 'http://site.invalid';
  if (!/^(?:https?:)?\/\//i.test(v) || !URL.canParse(v, base)) return null;
  const url = new URL(v, base);
  return origins.includes(url.origin) ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * The store path (below the file prefix, as records carry it) a file value names, or null when it names
 * no file of the store: another host, a path outside the prefix, a query or fragment, an empty value.
 */
export function storePath(value: string | null | undefined, filePrefix: string, origins: readonly string[]): string | null {
  const href = ownFileHref(value, filePrefix, origins);
  const prefix = `${filePrefix.replace(/\/+$/, '')}/`;
  if (!href?.startsWith(prefix) || /[?#]/.test(href)) return null;
  let path: string;
  try {
    // A pasted URL arrives percent-encoded; a record's path does not.
    path = ABSOLUTE.test((value ?? '').trim()) ? decodeURIComponent(href.slice(prefix.length)) : href.slice(prefix.length);
  } catch {
    return null;
  }
  path = path.replace(/^\/+/, '');
  return path && path.split('/').every(isStoreSegment) ? path : null;
}

type ExhibitModel = { kind: 'gltf'; url: string } | { kind: 'link'; url: string };

/** A glTF model file, binary or JSON, named as it is (no query: the suffix must end the address). */
const GLTF = /\.(?:glb|gltf)$/i;

/**
 * An exhibit's 3D model: a glTF file on this site (a store path or a URL of the site's own origin ending in
 * `.glb` or `.gltf`) that a viewer in the page can load; anything else a link to open (another host's
 * viewer, a file with a query); null when there is none or it is no http(s) address.
 */
export function exhibitModel(modelUrl: string | null | undefined, filePrefix: string, origins: readonly string[]): ExhibitModel | null {
  const value = (modelUrl ?? '').trim();
  if (!value) return null;
  const own = ownFileHref(value, filePrefix, origins);
  if (own && GLTF.test(own)) return { kind: 'gltf', url: own };
  const url = isExternalUrl(value) ? value : fileUrl(value, filePrefix);
  return url ? { kind: 'link', url } : null;
}
