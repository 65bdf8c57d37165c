// The home page (`/`, `/Home`, `/EN_Home`): the picture slider of the place `home` (`EN_home`), the
// latest news, the exhibitions on view, collection highlights, upcoming activities and the visit
// statistics. Sections load in parallel and each one that fails is left out (logged), so one slow
// or broken call never costs the visitor the whole front page.
import { compareIds } from '../../shared/ids.ts';
import { activityCodeWord, timeRange } from '../../shared/activity.ts';
import { stateNow } from './activity.ts';
import { channelChain, type ChannelNode } from '../../shared/channels.ts';
import { chinaMinute } from '../../shared/china-time.ts';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import type { HomeActivity, HomeData, HomeSection, HomeStats, Slide } from '../../shared/home-view.ts';
import { t, type UiKey } from '../../shared/i18n.ts';
import { recordPath } from '../../shared/links.ts';
import { toEnglishPath, type Lang } from '../../shared/route-table.ts';
import type { ListItem } from '../../shared/view-parts.ts';
import { SITE_CODE, withSiteQuery, type SiteMode } from '../../shared/site.ts';
import { excerpt, plainText } from '../../shared/text.ts';
import type {
  Activity,
  Article,
  Exhibit,
  ExhibitionBase,
  ExhibitionTemp,
  ListResult,
  SiteVisitCount,
  SliderItem,
  StatisticsReport,
} from '../../shared/wire.ts';
import type { ExhibitionCard } from '../../shared/exhibition-views.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { cardContext, exhibitCard, exhibitionCard, pictureSources, viewLink, type CardContext } from './exhibition-cards.ts';
import { articleItem, type ItemContext } from './list.ts';
import type { LoaderContext } from './types.ts';

/** How many records each home section shows. */
const HOME_COUNTS = { news: 5, exhibitions: 3, collections: 8, activities: 4 } as const;
/** The statistics report's window (getBaiduReport/30). */
const REPORT_DAYS = 30;
/** Activities looked at to find the upcoming ones (the service lists the newest start first). */
const ACTIVITY_SCAN = 24;

/** The slider's place of a language (`home`, `EN_home`). */
const sliderPlace = (lang: Lang): string => (lang === 'en' ? 'EN_home' : 'home');

const sitePath = (zhPath: string, lang: Lang): string => (lang === 'en' ? toEnglishPath(zhPath) : zhPath);

/** A section's list page and the name to call it by: the channel's name when the tree has it. */
function listOf(
  channels: ChannelNode[],
  zhPath: string,
  lang: Lang,
  fallback: UiKey,
  mode: SiteMode,
): { path: string; more: string; moreName: string } {
  const path = sitePath(zhPath, lang);
  const chain = channelChain(channels, path);
  const node = chain.length === path.split('/').length - 1 ? chain[chain.length - 1] : undefined;
  return { path, more: withSiteQuery(path, mode), moreName: node?.name ?? t(lang, fallback) };
}

async function list<T>(
  ctx: LoaderContext,
  endpoint: Parameters<LoaderContext['api']['call']>[0],
  entity: object,
  pageSize: number,
  param: object = {},
): Promise<T[]> {
  const { data } = await ctx.api.call<ListResult<T>>(endpoint, {
    body: { entity, param: { ...param, pageNum: 1, pageSize } },
    requestId: ctx.requestId,
  });
  return Array.isArray(data?.records) ? data.records : [];
}

async function slides(ctx: LoaderContext, c: CardContext): Promise<Slide[]> {
  const { data } = await ctx.api.call<SliderItem[]>('queryGalleryList', {
    params: { path: sliderPlace(ctx.lang) },
    requestId: ctx.requestId,
  });
  return (Array.isArray(data) ? data : [])
    .filter((s) => s && typeof s.filePath === 'string' && s.filePath.trim() !== '')
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || compareIds(a.id, b.id))
    .map((s) => {
      const own = (s.linkUrl ?? '').trim();
      return {
        id: s.id,
        title: s.title ?? '',
        caption: excerpt(plainText(s.content), 60),
        image: pictureSources(s.filePath, c, false),
        thumb: pictureSources(s.filePath, c, true),
        // A slide leads where its link says; the root or nothing means it is only a picture.
        link: own && own !== '/' ? viewLink(s.id, own, '/', c) : null,
      };
    });
}

async function news(ctx: LoaderContext, channels: ChannelNode[]): Promise<HomeSection<ListItem>> {
  const where = listOf(channels, '/News/SNews', ctx.lang, 'home.news', ctx);
  const channelNo = where.path.split('/').at(-1)!;
  const records = await list<Article>(ctx, 'queryArchivesList', { channelNo }, HOME_COUNTS.news);
  const itemCtx: ItemContext = {
    channelPath: where.path,
    channelNo,
    watermark: ctx.site.watermark,
    filePrefix: ctx.site.filePrefix,
    wx: ctx.wx,
    care: ctx.care,
  };
  return { items: records.map((r) => articleItem(r, itemCtx)), more: where.more, moreName: where.moreName };
}

/** Temporary exhibitions on view first, then the long-term displays, up to the section's count. */
async function exhibitions(ctx: LoaderContext, channels: ChannelNode[], c: CardContext): Promise<HomeSection<ExhibitionCard>> {
  const languageType = SITE_CODE[ctx.lang];
  const [temps, bases] = await Promise.all([
    list<ExhibitionTemp>(ctx, 'queryExhibitionTempList', { languageType }, HOME_COUNTS.exhibitions, { type: 'current' }),
    list<ExhibitionBase>(
      ctx,
      'queryExhibitionBaseList',
      { languageType, ...(ctx.site.portalId ? { portalId: ctx.site.portalId } : {}) },
      HOME_COUNTS.exhibitions,
    ),
  ]);
  const cards = [...temps.map((e) => exhibitionCard(e, 'temp', c)), ...bases.map((e) => exhibitionCard(e, 'base', c))]
    .filter((card) => card.phase === 'current')
    .slice(0, HOME_COUNTS.exhibitions);
  const where = listOf(channels, temps.length > 0 ? '/Exhibition/TempExh' : '/Exhibition/BaseExh', ctx.lang, 'home.exhibitions', ctx);
  return { items: cards, more: where.more, moreName: where.moreName };
}

/** Recommended exhibits, or the precious relics when nothing is recommended. */
async function collections(ctx: LoaderContext, channels: ChannelNode[], c: CardContext): Promise<HomeSection<ListItem>> {
  const languageType = SITE_CODE[ctx.lang];
  let records = await list<Exhibit>(ctx, 'queryExhibitList', { isRecommend: true, languageType }, HOME_COUNTS.collections);
  if (records.length === 0)
    records = await list<Exhibit>(ctx, 'queryExhibitList', { isTreasure: true, languageType }, HOME_COUNTS.collections);
  const where = listOf(channels, '/Collection/PreciousCol', ctx.lang, 'home.collections', ctx);
  return { items: records.map((x) => exhibitCard(x, c)), more: where.more, moreName: where.moreName };
}

/** Activities not yet over, soonest first; the latest ones when none is coming. */
async function activities(ctx: LoaderContext, channels: ChannelNode[]): Promise<HomeSection<HomeActivity>> {
  const records = await list<Activity>(
    ctx,
    'queryActivityListByType',
    { activityType: '', languageType: SITE_CODE[ctx.lang] },
    ACTIVITY_SCAN,
  );
  const now = chinaMinute(ctx.now());
  const notOver = records
    .filter((a) => formatDateTime(a.endTime || a.startTime) >= now)
    .sort((a, b) => formatDateTime(a.startTime).localeCompare(formatDateTime(b.startTime)));
  const chosen = (notOver.length > 0 ? notOver : records).slice(0, HOME_COUNTS.activities);
  const where = listOf(channels, '/Education/Activity', ctx.lang, 'home.activities', ctx);
  return {
    items: chosen.map((a) => {
      const start = formatDate(a.startTime);
      return {
        id: a.activityId,
        title: a.activityName,
        href: withSiteQuery(recordPath(where.path, a.activityId), ctx),
        day: start ? `${start.slice(5, 7)}.${start.slice(8, 10)}` : '',
        year: start.slice(0, 4),
        time: timeRange(formatDateTime(a.startTime), formatDateTime(a.endTime)),
        venue: (a.activityVenueName ?? '').trim(),
        // By its times now (the service's code may be weeks old); the page is cached no longer than it holds.
        status: activityCodeWord('activityStatus', stateNow(a, ctx).status, ctx.lang)?.text ?? '',
      };
    }),
    more: where.more,
    moreName: where.moreName,
  };
}

/** The band shows only figures that mean something: enough visits in all, and a report with enough days of data. */
const STATS_MIN_TOTAL = 1000;
const STATS_MIN_DAYS = 7;

/** The visit statistics, or null when they are too thin to show (a new site: 累计访问 25, one visitor, a flat chart). */
async function stats(ctx: LoaderContext): Promise<HomeStats | null> {
  const [count, report] = await Promise.all([
    ctx.api.call<SiteVisitCount>('getSiteVisitCount', { body: {}, requestId: ctx.requestId }),
    ctx.api.call<StatisticsReport>('getBaiduReport', { params: { number: REPORT_DAYS }, requestId: ctx.requestId }),
  ]);
  const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0);
  const daily = Array.isArray(report.data?.daily) ? report.data.daily : [];
  const result: HomeStats = {
    total: n(count.data?.total),
    today: n(count.data?.today),
    days: n(report.data?.days) || REPORT_DAYS,
    pv: n(report.data?.pv),
    uv: n(report.data?.uv),
    daily: daily.map((d) => ({ date: String(d.date ?? ''), pv: n(d.pv) })),
  };
  const daysWithData = result.daily.filter((d) => d.pv > 0).length;
  return result.total >= STATS_MIN_TOTAL && daysWithData >= STATS_MIN_DAYS ? result : null;
}

/** A section that fails is logged and left out; a bug (not an upstream failure) still fails the page. */
async function optional<T>(ctx: LoaderContext, name: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.logger.warn({ requestId: ctx.requestId, section: name, err: err.code, endpoint: err.endpoint }, 'home section left out');
    return null;
  }
}

export async function homeLoader(ctx: LoaderContext): Promise<HomeData> {
  const c = cardContext(ctx);
  const channels = await ctx.channels().catch(() => [] as ChannelNode[]);
  const [slider, newsSection, exhibitionSection, collectionSection, activitySection, statsSection] = await Promise.all([
    optional(ctx, 'slider', () => slides(ctx, c)),
    optional(ctx, 'news', () => news(ctx, channels)),
    optional(ctx, 'exhibitions', () => exhibitions(ctx, channels, c)),
    optional(ctx, 'collections', () => collections(ctx, channels, c)),
    optional(ctx, 'activities', () => activities(ctx, channels)),
    optional(ctx, 'stats', () => stats(ctx)),
  ]);
  return {
    slides: slider ?? [],
    news: newsSection,
    exhibitions: exhibitionSection,
    collections: collectionSection,
    activities: activitySection,
    stats: statsSection,
  };
}
