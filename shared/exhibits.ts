// Rules of the exhibition and collection screens: the exhibit's thumbnail and gallery from
// its semicolon list, where a base exhibition sits on the floor plan, whether an exhibition is on,
// which collection an exhibit belongs to. Pure: the loaders and the tests share them.
import { firstOfList } from './image-paths.ts';

/** The collection lists (route segments without the `EN_` prefix). */
export const COLLECTION_SECTIONS = ['PreciousCol', 'GMWW'] as const;
export type CollectionSection = (typeof COLLECTION_SECTIONS)[number];

/** The generalType of revolutionary relics (the GMWW list holds exhibits with generalType 'GMWW'). */
export const GMWW_GENERAL_TYPE = 'GMWW';

/** The address parameter that carries the exhibit type filter on collection lists. */
export const TYPE_PARAM = 'type';

/** Every path of a semicolon-separated image list, trimmed, empty ones and repeats dropped. */
export function splitList(value: string | null | undefined): string[] {
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
export function isImagePath(path: string | null | undefined): boolean {
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

/**
 * The type filter an address asks for: a known typeNo, or '' (all types) for a missing or unknown
 * one, so a stale or hand-typed `?type=` shows the whole list rather than an empty one.
 */
export function typeFilter(raw: string | null | undefined, typeNos: readonly string[]): string {
  const t = (raw ?? '').trim();
  return t && typeNos.includes(t) ? t : '';
}
