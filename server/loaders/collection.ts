// Collections (channels Collection/PreciousCol and GMWW): exhibits 12 a page in the collection
// style, filtered by type, level and period (./collection-filters.ts), and one exhibit with every
// picture (its semicolon list, then its CMS_EXHIBIT_INFO_DISPLAY files), its facts, description,
// commentary, the zoomable main picture, its 3D model and its IIIF manifest.
import { collectionFilter, collectionSection, exhibitGallery, exhibitModel, exhibitThumb, storePath } from '../../shared/exhibits.ts';
import type { CollectionListData, ExhibitDetailData, ExhibitFact } from '../../shared/exhibition-views.ts';
import { fullImagePath, imageServicePath, manifestPath } from '../../shared/iiif.ts';
import { displayImagePath } from '../../shared/image-paths.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { SITE_CODE, withSiteQuery } from '../../shared/site.ts';
import { excerpt, plainText } from '../../shared/text.ts';
import type { Exhibit, FileInfo } from '../../shared/wire.ts';
import { descriptionHtml } from './activity.ts';
import { asApplied, collectionFilters, exhibitTypes } from './collection-filters.ts';
import { DICTIONARY, dictionary, dictionaryName } from './dictionary.ts';
import { notFound } from './page-errors.ts';
import { cardContext, collectionListPath, exhibitCard, exhibitPictures, pictureSources } from './exhibition-cards.ts';
import { fileList } from './attachments.ts';
import { pagedCall } from './list.ts';
import { siteUrl, type LoaderContext, type PageMeta } from './types.ts';

const COLLECTION_PAGE_SIZE = 12;

function sectionOf(ctx: LoaderContext) {
  const section = collectionSection(ctx.channel?.no ?? ctx.route.path.split('/')[2]);
  if (!section) throw notFound(`No collection at ${ctx.url.pathname}`);
  return section;
}

export async function collectionListLoader(ctx: LoaderContext): Promise<CollectionListData> {
  const section = sectionOf(ctx);
  const collection = { ...collectionFilter(section), languageType: SITE_CODE[ctx.lang] };
  const asked = await collectionFilters(ctx, collection);
  const { records, ...paging } = await pagedCall<Exhibit>(
    ctx,
    'queryExhibitList',
    { ...collection, ...asked.entity },
    ctx.route.pageSize ?? COLLECTION_PAGE_SIZE,
  );
  const { view } = asApplied(ctx, asked, records);
  const c = cardContext(ctx);
  const listPath = ctx.channel?.path ?? collectionListPath(section, ctx.lang);
  return {
    section,
    ...view,
    ...paging,
    items: records.map((x) => exhibitCard(x, c, listPath)),
  };
}

/** The origins of this site (a record may name one of its files by a full URL of either). */
function siteOrigins(ctx: LoaderContext): string[] {
  const pub = ctx.site.publicUrl && URL.canParse(ctx.site.publicUrl) ? new URL(ctx.site.publicUrl).origin : '';
  return [...new Set([ctx.url.origin, pub].filter(Boolean))];
}

type ExhibitMedia = Pick<ExhibitDetailData, 'zoom' | 'model' | 'speech' | 'iiif'>;

/**
 * What the detail page offers beyond its pictures: the main picture deep-zoomable through the IIIF image
 * service (a file of the store only: another host's picture is not the edge's to tile), the 3D model, the
 * commentary to listen to, and the manifest when any picture is the store's. With the watermark flag on,
 * the zoomed picture is the watermarked copy, as everywhere else.
 */
function exhibitMedia(ctx: LoaderContext, x: Exhibit, files: readonly FileInfo[]): ExhibitMedia {
  const { filePrefix, watermark } = ctx.site;
  const origins = siteOrigins(ctx);
  const main = storePath(exhibitThumb(x), filePrefix, origins);
  const shown = main === null ? null : displayImagePath(main, watermark);
  const service = imageServicePath(shown);
  const full = fullImagePath(shown);
  const text = plainText(x.explanationWord);
  // The pictures the manifest paints (server/discovery/iiif-manifest-records.ts reads the same ones).
  const pictures = exhibitGallery([x.thumb, x.appThumb].filter(Boolean).join(';'), files);
  const anyStored = pictures.some((p) => storePath(p, filePrefix, origins) !== null);
  return {
    zoom: service && full ? { service, full } : null,
    model: exhibitModel(x.modelUrl, filePrefix, origins),
    speech: text ? { lang: ctx.lang === 'en' ? 'en' : 'zh-CN', text } : null,
    iiif: anyStored ? { manifest: siteUrl(ctx, manifestPath(x.exhibitId)) } : null,
  };
}

export async function exhibitDetailLoader(ctx: LoaderContext): Promise<ExhibitDetailData & { meta: PageMeta }> {
  const section = sectionOf(ctx);
  const id = ctx.params.id ?? '';
  if (!RECORD_ID.test(id)) throw notFound(`No exhibit ${id}`);
  const [{ data: x }, types, levels] = await Promise.all([
    ctx.api.call<Exhibit>('queryExhibitById', { params: { id }, requestId: ctx.requestId }),
    exhibitTypes(ctx),
    dictionary(ctx, DICTIONARY.exhibitLevel),
  ]);
  if (!x) throw notFound(`No exhibit ${id}`);
  // An exhibit of the other site is not a page of this address.
  if (x.languageType && x.languageType !== SITE_CODE[ctx.lang]) throw notFound(`Exhibit ${id} is not on the ${ctx.lang} site`);

  const c = cardContext(ctx);
  const files = await fileList(ctx, x.groupId, 'CMS_EXHIBIT_INFO_DISPLAY');
  const typeName = types.find((tp) => tp.typeNo === x.exhibitType)?.typeName ?? '';
  const facts: ExhibitFact[] = (
    [
      ['col.type', typeName],
      ['col.age', x.age],
      ['col.ageDetail', x.ageDetail],
      ['col.size', x.size],
      // A vendor code of the EXHIBIT_LEVEL dictionary (e.g. `cms1101`); a value it does not list (older
      // services store the word itself) is shown as it is.
      ['col.level', x.exhibitLevel ? dictionaryName(levels, x.exhibitLevel, ctx.lang) || x.exhibitLevel : null],
      ['col.unit', x.collectionUnit],
      ['col.source', x.extension6],
    ] as const
  )
    .map(([key, value]) => ({ key, value: (value ?? '').trim() }))
    .filter((f) => f.value !== '');
  const thumb = exhibitThumb(x);
  const image = pictureSources(thumb, c, false);
  const media = exhibitMedia(ctx, x, files);
  return {
    id: x.exhibitId,
    title: x.exhibitName,
    image,
    gallery: exhibitPictures(x, files, c),
    facts,
    html: descriptionHtml(x.description, ctx.site.filePrefix),
    explanation: descriptionHtml(x.explanationWord, ctx.site.filePrefix),
    ...media,
    back: withSiteQuery(ctx.channel?.path ?? collectionListPath(section, ctx.lang), ctx),
    meta: {
      title: x.exhibitName,
      description: excerpt(plainText(x.description) || [x.age, x.size].filter(Boolean).join(' '), 120),
      // The picture the page shows (a store path becomes its URL below FILE_PREFIX).
      image: image[0],
      // The head links the manifest only when it has a picture to paint.
      ...(media.iiif ? { iiifManifest: manifestPath(x.exhibitId) } : {}),
    },
  };
}
