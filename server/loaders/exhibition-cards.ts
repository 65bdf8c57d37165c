// Exhibitions and exhibits as the screens show them (cards, galleries, addresses), shared by the
// exhibition, collection and home loaders so a card looks and links the same everywhere.
import { chinaDay } from '../../shared/china-time.ts';
import { exhibitGallery, exhibitSection, exhibitThumb, exhibitionPhase, type CollectionSection } from '../../shared/exhibits.ts';
import type { ExhibitionCard, ExhibitionKind } from '../../shared/exhibition-views.ts';
import { formatDotted, formatDottedRange } from '../../shared/format.ts';
import { imageSources } from '../../shared/image-sources.ts';
import { recordLink, recordPath } from '../../shared/links.ts';
import { toEnglishPath, type Lang } from '../../shared/route-table.ts';
import type { GalleryImage, ListItem, ViewLink } from '../../shared/view-parts.ts';
import { withSiteQuery } from '../../shared/site.ts';
import { excerpt, plainText } from '../../shared/text.ts';
import type { Exhibit, ExhibitionBase, ExhibitionTemp, FileInfo } from '../../shared/wire.ts';
import { galleryImage } from './attachments.ts';
import type { LoaderContext } from './types.ts';

/** What a card needs to know about the page it is on. */
export interface CardContext {
  lang: Lang;
  watermark: boolean;
  wx: boolean;
  care?: boolean;
  /** Today in China, `YYYY-MM-DD`. */
  day: string;
  filePrefix: string;
}

export const cardContext = (ctx: LoaderContext): CardContext => ({
  lang: ctx.lang,
  watermark: ctx.site.watermark,
  wx: ctx.wx,
  care: ctx.care,
  day: chinaDay(ctx.now()),
  filePrefix: ctx.site.filePrefix,
});

const sitePath = (zhPath: string, lang: Lang): string => (lang === 'en' ? toEnglishPath(zhPath) : zhPath);

const EXHIBITION_CHANNEL: Record<ExhibitionKind, string> = { base: 'BaseExh', temp: 'TempExh' };

/** `/Exhibition/BaseExh`, `/EN_Exhibition/EN_TempExh`. */
export const exhibitionListPath = (kind: ExhibitionKind, lang: Lang): string => sitePath(`/Exhibition/${EXHIBITION_CHANNEL[kind]}`, lang);

/** `/Collection/PreciousCol`, `/EN_Collection/EN_GMWW`. */
export const collectionListPath = (section: CollectionSection, lang: Lang): string => sitePath(`/Collection/${section}`, lang);

/** The exhibition kind a channel segment names (`BaseExh`, `EN_TempExh`), or null. */
export function exhibitionKind(channelNo: string | null | undefined): ExhibitionKind | null {
  const bare = (channelNo ?? '').replace(/^EN_/, '');
  return bare === 'BaseExh' ? 'base' : bare === 'TempExh' ? 'temp' : null;
}

/** Sources of a picture: the 300 px thumbnail first when `thumb`, the watermark copy when the site says so. */
export const pictureSources = (path: string, c: CardContext, thumb: boolean): string[] =>
  imageSources(path, { watermark: c.watermark, filePrefix: c.filePrefix, thumb });

/** A record's own page when it has one, else its detail page under `listPath`; internal links keep the mode. */
export function viewLink(id: string, linkUrl: string | null | undefined, listPath: string, c: CardContext): ViewLink {
  const l = recordLink({ id, channelNo: '', linkUrl }, listPath);
  const href = l.href ?? recordPath(listPath, id);
  return { href: l.external ? href : withSiteQuery(href, c), external: l.external };
}

/** The dotted range, and whether the exhibition has a start but no end (a long-term display). */
export function exhibitionDates(start: string, end: string): { dates: string; openEnded: boolean } {
  const openEnded = formatDotted(start) !== '' && formatDotted(end) === '';
  return { dates: formatDottedRange(start, end), openEnded };
}

type AnyExhibition = ExhibitionBase | ExhibitionTemp;

/** The fields both kinds share, under one set of names. */
export function exhibitionFields(e: AnyExhibition): { id: string; title: string; place: string } {
  return 'exhibitionBaseId' in e
    ? { id: e.exhibitionBaseId, title: e.baseName, place: e.basePlace }
    : { id: e.exhibitionTempId, title: e.tempName, place: e.tempPlace };
}

export function exhibitionCard(e: AnyExhibition, kind: ExhibitionKind, c: CardContext): ExhibitionCard {
  const { id, title, place } = exhibitionFields(e);
  return {
    id,
    kind,
    title,
    ...exhibitionDates(e.startTime, e.endTime),
    place: (place ?? '').trim(),
    phase: exhibitionPhase(e.startTime, e.endTime, c.day),
    image: pictureSources(e.thumb || e.appThumb, c, true),
    summary: excerpt(plainText(e.description)),
    link: viewLink(id, e.linkUrl, exhibitionListPath(kind, c.lang), c),
  };
}

/**
 * An exhibit as a collection card (the generic card grid's item: square picture, name, period). It
 * links into its own collection unless `listPath` names the list it is shown in.
 */
export function exhibitCard(x: Exhibit, c: CardContext, listPath?: string): ListItem {
  const path = listPath ?? collectionListPath(exhibitSection(x), c.lang);
  const link = viewLink(x.exhibitId, '', path, c);
  return {
    id: x.exhibitId,
    title: x.exhibitName,
    href: link.href,
    external: link.external,
    date: '',
    range: '',
    place: '',
    subtitle: (x.age ?? '').trim(),
    excerpt: '',
    images: pictureSources(exhibitThumb(x), c, true),
    badge: '',
  };
}

/** Every picture of an exhibit: its thumb list, then its CMS_EXHIBIT_INFO_DISPLAY files. */
export function exhibitPictures(x: Exhibit, files: readonly FileInfo[], c: CardContext): GalleryImage[] {
  const paths = exhibitGallery([x.thumb, x.appThumb].filter(Boolean).join(';'), files);
  return paths.map((p) => galleryImage(p, x.exhibitName, c));
}
