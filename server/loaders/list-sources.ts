// Which content-service call backs a generic list, and how its records become list items (content
// map). Articles back every channel except the exhibition, collection and activity channels; those
// have their own Portal II screens, and the generic cards here remain their fallback (and serve the
// home page's sections, which read lists through this table).
import type { EndpointName } from '../../shared/endpoints.ts';
import { GMWW_GENERAL_TYPE, exhibitThumb } from '../../shared/exhibits.ts';
import { formatDateTime, formatDottedRange } from '../../shared/format.ts';
import { imageSources } from '../../shared/image-sources.ts';
import { baseChannelNo, recordLink } from '../../shared/links.ts';
import type { ListItem } from '../../shared/view-parts.ts';
import { withSiteQuery } from '../../shared/site.ts';
import { excerpt, plainText } from '../../shared/text.ts';
import type { Activity, Exhibit, ExhibitionBase, ExhibitionTemp, SiteLanguage } from '../../shared/wire.ts';
import { articleItem, type ItemContext } from './list-item.ts';

export interface ListSource<R = never> {
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

const thumbs = (path: string, ctx: ItemContext): string[] => imageSources(path, { watermark: ctx.watermark, filePrefix: ctx.filePrefix, thumb: true });

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

export function listSource(channelNo: string): ListSource<never> {
  return BY_CHANNEL[baseChannelNo(channelNo)] ?? (article as ListSource<never>);
}
