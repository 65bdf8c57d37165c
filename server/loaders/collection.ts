// Collections (channels Collection/PreciousCol and GMWW): exhibits 12 a page in the collection
// style, the exhibit types as filter links (`?type=typeNo`, kept while paging), and one exhibit with
// every picture (its semicolon list, then its CMS_EXHIBIT_INFO_DISPLAY files), its facts, description,
// commentary and 3D model link.
import { TYPE_PARAM, collectionFilter, collectionSection, exhibitThumb, typeFilter } from '../../shared/exhibits.ts';
import type { CollectionListData, ExhibitDetailData, ExhibitFact } from '../../shared/exhibition-views.ts';
import { fileUrl } from '../../shared/file-url.ts';
import { t } from '../../shared/i18n.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { isExternalUrl } from '../../shared/links.ts';
import { SITE_CODE, withSiteQuery } from '../../shared/site.ts';
import { excerpt, plainText } from '../../shared/text.ts';
import type { FilterLink } from '../../shared/view-parts.ts';
import type { Exhibit, ExhibitType, ListResult } from '../../shared/wire.ts';
import { UpstreamError } from '../upstream/errors.ts';
import { descriptionHtml, filterHref } from './activity.ts';
import { DICTIONARY, dictionary, dictionaryName } from './dictionary.ts';
import { notFound } from './errors.ts';
import { cardContext, collectionListPath, exhibitCard, exhibitPictures, pictureSources } from './exhibition-cards.ts';
import { fileList } from './files.ts';
import { pagedCall } from './list.ts';
import type { LoaderContext, PageMeta } from './types.ts';

export const COLLECTION_PAGE_SIZE = 12;

/**
 * The exhibit types of a language. A list that cannot get them still shows its exhibits (without
 * filters), so a failed lookup is logged and read as no types.
 */
async function exhibitTypes(ctx: LoaderContext): Promise<ExhibitType[]> {
  try {
    const { data } = await ctx.api.call<ListResult<ExhibitType>>('queryExhibitTypeList', {
      body: { entity: { languageType: SITE_CODE[ctx.lang] }, param: { pageNum: 0, pageSize: 0 } },
      requestId: ctx.requestId,
    });
    return (Array.isArray(data?.records) ? data.records : []).filter((x) => typeof x?.typeNo === 'string' && x.typeNo !== '');
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.logger.warn({ requestId: ctx.requestId, err: err.code }, 'exhibit types lookup failed; showing the list without filters');
    return [];
  }
}

function sectionOf(ctx: LoaderContext) {
  const section = collectionSection(ctx.channel?.no ?? ctx.route.path.split('/')[2]);
  if (!section) throw notFound(`No collection at ${ctx.url.pathname}`);
  return section;
}

export async function collectionListLoader(ctx: LoaderContext): Promise<CollectionListData> {
  const section = sectionOf(ctx);
  const types = await exhibitTypes(ctx);
  // An unknown or stale `?type=` shows the whole collection rather than an empty list.
  const type = typeFilter(
    ctx.url.searchParams.get(TYPE_PARAM),
    types.map((x) => x.typeNo),
  );
  const { records, ...paging } = await pagedCall<Exhibit>(
    ctx,
    'queryExhibitList',
    { ...collectionFilter(section), languageType: SITE_CODE[ctx.lang], ...(type ? { exhibitType: type } : {}) },
    ctx.route.pageSize ?? COLLECTION_PAGE_SIZE,
  );
  const c = cardContext(ctx);
  const listPath = ctx.channel?.path ?? collectionListPath(section, ctx.lang);
  const filters: FilterLink[] = [
    { value: '', label: t(ctx.lang, 'col.allTypes'), href: filterHref(ctx.url, ''), active: type === '' },
    ...types.map((x) => ({ value: x.typeNo, label: x.typeName, href: filterHref(ctx.url, x.typeNo), active: x.typeNo === type })),
  ];
  return {
    section,
    type,
    types: types.length > 0 ? filters : [],
    ...paging,
    items: records.map((x) => exhibitCard(x, c, listPath)),
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
  const model = (x.modelUrl ?? '').trim();
  const thumb = exhibitThumb(x);
  const image = pictureSources(thumb, c, false);
  return {
    id: x.exhibitId,
    title: x.exhibitName,
    image,
    gallery: exhibitPictures(x, files, c),
    facts,
    html: descriptionHtml(x.description, ctx.site.filePrefix),
    explanation: descriptionHtml(x.explanationWord, ctx.site.filePrefix),
    modelUrl: !model ? null : isExternalUrl(model) ? model : fileUrl(model, c.filePrefix),
    back: withSiteQuery(ctx.channel?.path ?? collectionListPath(section, ctx.lang), ctx),
    meta: {
      title: x.exhibitName,
      description: excerpt(plainText(x.description) || [x.age, x.size].filter(Boolean).join(' '), 120),
      // The picture the page shows (a store path becomes its URL below FILE_PREFIX).
      image: image[0],
    },
  };
}
