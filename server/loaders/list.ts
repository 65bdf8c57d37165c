// Lists: how every list loader reads its page of records (`?page=` as written, corrected by a redirect
// when it is no page number or past the end, so the address bar, the canonical link and the pager agree
// before any script runs), what each kind of record looks like as a list item, which call and filters a
// channel's list uses, and the generic list loader itself.
import { redirect } from 'react-router';
import type { ListData } from '../../shared/article-views.ts';
import { pathSegments } from '../../shared/channels.ts';
import type { EndpointName } from '../../shared/endpoints.ts';
import { exhibitThumb, GMWW_GENERAL_TYPE } from '../../shared/exhibits.ts';
import { formatDate, formatDateTime, formatDottedRange } from '../../shared/format.ts';
import { firstImageSrc, imageSources } from '../../shared/image-sources.ts';
import { baseChannelNo, recordLink } from '../../shared/links.ts';
import { clampPage, correctedPageHref, PAGE_PARAM, pageHref, parsePageParam } from '../../shared/pager.ts';
import { SITE_CODE, withSiteQuery } from '../../shared/site.ts';
import { excerpt, listExcerpt, plainText } from '../../shared/text.ts';
import type { ListItem, Paging } from '../../shared/view-parts.ts';
import type { Activity, Article, Exhibit, ExhibitionBase, ExhibitionTemp, ListResult, SiteLanguage } from '../../shared/wire.ts';
import type { LoaderContext } from './types.ts';

// ---- Paging ----
// Paged lists, the one way every list loader reads them. A page parameter that is not a page number as
// written (`0`, `-1`, `2.5`, `abc`) shows page 1 and a page past the end shows the last page: either
// way the address is corrected with a redirect, so the address bar, the canonical link and the pager
// agree before any script runs.

export function requestedPage(ctx: LoaderContext): number {
  const corrected = correctedPageHref(ctx.url.pathname, ctx.url.search);
  if (corrected !== null) throw redirect(corrected);
  return parsePageParam(ctx.url.searchParams.get(PAGE_PARAM));
}

interface PageOf<T> extends Paging {
  records: T[];
}

/**
 * The page `page` of a list the service answered (null: no answer, an empty list). A page past the
 * end redirects to the last page; an empty list shows page 1.
 */
export function pageOf<T>(
  ctx: LoaderContext,
  page: number,
  list: Pick<ListResult<T>, 'records' | 'pages' | 'total'> | null | undefined,
): PageOf<T> {
  const pages = Math.max(0, Number(list?.pages) || 0);
  if (pages > 0 && page > pages) throw redirect(pageHref(ctx.url.pathname, ctx.url.search, clampPage(page, pages)));
  return {
    records: Array.isArray(list?.records) ? list.records : [],
    page: pages > 0 ? page : 1,
    pages,
    total: Math.max(0, Number(list?.total) || 0),
  };
}

/**
 * One page of a paged list call: the page `?page=` asks for (or `page`, when the loader read it before
 * other calls), `pageSize` records, `param` beside the paging parameters.
 */
export async function pagedCall<T>(
  ctx: LoaderContext,
  endpoint: EndpointName,
  entity: Record<string, unknown>,
  pageSize: number,
  param: Record<string, unknown> = {},
  page: number = requestedPage(ctx),
): Promise<PageOf<T>> {
  const { data } = await ctx.api.call<ListResult<T>>(endpoint, {
    body: { entity, param: { ...param, pageNum: page, pageSize } },
    requestId: ctx.requestId,
  });
  return pageOf(ctx, page, data);
}

// ---- Articles as list items ----
// An article as a list item (lists, the home page's news): its link by the rules of shared/links.ts,
// its date, its excerpt (100 characters plus an ellipsis) and its thumbnail sources.

export interface ItemContext {
  /** The list's channel path: records link to it plus their id. */
  channelPath: string;
  channelNo: string;
  watermark: boolean;
  /** FILE_PREFIX: relative image paths resolve below it. */
  filePrefix: string;
  wx: boolean;
  care?: boolean;
}

export function articleItem(a: Article, ctx: ItemContext): ListItem {
  const link = recordLink({ id: a.archivesId, channelNo: a.channelNo || ctx.channelNo, linkUrl: a.linkUrl }, ctx.channelPath);
  return {
    id: a.archivesId,
    title: a.title,
    href: link.href && !link.external ? withSiteQuery(link.href, ctx) : link.href,
    external: link.external,
    date: formatDate(a.publishDate),
    range: '',
    place: '',
    subtitle: a.subTitle ?? '',
    excerpt: a.excerpt || listExcerpt(a.content) || excerpt(plainText(a.description)),
    images: imageSources(a.thumbImg || firstImageSrc(a.content), { watermark: ctx.watermark, filePrefix: ctx.filePrefix, thumb: true }),
    badge: '',
  };
}

// ---- Where a list comes from ----
// Which content-service call backs a generic list, and how its records become list items, by channel.
// Articles back every channel except the exhibition, collection and activity channels; those have
// their own screens, and the generic cards here remain their fallback (and serve the
// home page's sections, which read lists through this table).

interface ListSource<R = never> {
  endpoint: EndpointName;
  entity: (channelNo: string, languageType: SiteLanguage) => Record<string, unknown>;
  item: (record: R, ctx: ItemContext) => ListItem;
}

const EMPTY: Omit<ListItem, 'id' | 'title' | 'href' | 'external'> = {
  date: '',
  range: '',
  place: '',
  subtitle: '',
  excerpt: '',
  images: [],
  badge: '',
};

function link(id: string, linkUrl: string, ctx: ItemContext): Pick<ListItem, 'href' | 'external'> {
  const l = recordLink({ id, channelNo: ctx.channelNo, linkUrl }, ctx.channelPath);
  return { href: l.href && !l.external ? withSiteQuery(l.href, ctx) : l.href, external: l.external };
}

const thumbs = (path: string, ctx: ItemContext): string[] =>
  imageSources(path, { watermark: ctx.watermark, filePrefix: ctx.filePrefix, thumb: true });

const article: ListSource<Parameters<typeof articleItem>[0]> = {
  endpoint: 'queryArchivesList',
  entity: (channelNo) => ({ channelNo }),
  item: articleItem,
};

const exhibitionBase: ListSource<ExhibitionBase> = {
  endpoint: 'queryExhibitionBaseList',
  entity: (_no, languageType) => ({ languageType }),
  item: (e, ctx) => ({
    ...EMPTY,
    id: e.exhibitionBaseId,
    title: e.baseName,
    ...link(e.exhibitionBaseId, e.linkUrl, ctx),
    range: formatDottedRange(e.startTime, e.endTime),
    place: e.basePlace,
    excerpt: excerpt(plainText(e.description)),
    images: thumbs(e.thumb, ctx),
  }),
};

const exhibitionTemp: ListSource<ExhibitionTemp> = {
  endpoint: 'queryExhibitionTempList',
  entity: (_no, languageType) => ({ languageType }),
  item: (e, ctx) => ({
    ...EMPTY,
    id: e.exhibitionTempId,
    title: e.tempName,
    ...link(e.exhibitionTempId, e.linkUrl, ctx),
    range: formatDottedRange(e.startTime, e.endTime),
    place: e.tempPlace,
    excerpt: excerpt(plainText(e.description)),
    images: thumbs(e.thumb, ctx),
  }),
};

const exhibits = (filter: Record<string, unknown>): ListSource<Exhibit> => ({
  endpoint: 'queryExhibitList',
  entity: (_no, languageType) => ({ ...filter, languageType }),
  item: (x, ctx) => ({
    ...EMPTY,
    id: x.exhibitId,
    title: x.exhibitName,
    ...link(x.exhibitId, '', ctx),
    subtitle: x.age,
    images: thumbs(exhibitThumb(x), ctx),
  }),
});

const activity: ListSource<Activity> = {
  endpoint: 'queryActivityListByType',
  entity: (_no, languageType) => ({ activityType: '', languageType }),
  item: (a, ctx) => ({
    ...EMPTY,
    id: a.activityId,
    title: a.activityName,
    ...link(a.activityId, a.linkUrl, ctx),
    range: [formatDateTime(a.startTime), formatDateTime(a.endTime)].filter(Boolean).join(' - '),
    place: a.activityVenueName,
    excerpt: excerpt(plainText(a.description)),
    images: thumbs(a.thumb, ctx),
  }),
};

/** Channels (without `EN_`) whose records are not articles. */
const BY_CHANNEL: Record<string, ListSource<never>> = {
  BaseExh: exhibitionBase as ListSource<never>,
  TempExh: exhibitionTemp as ListSource<never>,
  PreciousCol: exhibits({ isTreasure: true }) as ListSource<never>,
  GMWW: exhibits({ generalType: GMWW_GENERAL_TYPE }) as ListSource<never>,
  Activity: activity as ListSource<never>,
};

function listSource(channelNo: string): ListSource<never> {
  return BY_CHANNEL[baseChannelNo(channelNo)] ?? (article as ListSource<never>);
}

// ---- The generic list loader ----
// The generic list loader: the channel's records of the page `?page=` names, in the
// route's page size and layout. A page past the end redirects to the last page, so the address always
// names the page shown.

const DEFAULT_PAGE_SIZE = 10;

export async function listLoader(ctx: LoaderContext): Promise<ListData> {
  const channelNo = ctx.channel?.no ?? pathSegments(ctx.url.pathname).at(-1) ?? '';
  const channelPath = ctx.channel?.path ?? ctx.url.pathname;
  const pageSize = ctx.route.pageSize ?? DEFAULT_PAGE_SIZE;
  const source = listSource(channelNo);
  const { records, ...paging } = await pagedCall<never>(ctx, source.endpoint, source.entity(channelNo, SITE_CODE[ctx.lang]), pageSize);
  const itemCtx: ItemContext = {
    channelPath,
    channelNo,
    watermark: ctx.site.watermark,
    filePrefix: ctx.site.filePrefix,
    wx: ctx.wx,
    care: ctx.care,
  };
  return {
    kind: 'list',
    channel: { channelNo, name: ctx.channel?.name ?? channelNo, path: channelPath },
    layout: ctx.route.layout ?? 'text',
    ...paging,
    pageSize,
    items: records.map((r) => source.item(r, itemCtx)),
  };
}
