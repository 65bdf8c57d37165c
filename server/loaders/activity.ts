// Activities (channel Education/Activity): the list by type in the activity layout, 6 a page,
// with the ACTIVITY_TYPE dictionary as filter links (`?type=` kept while paging), and one activity
// with its times, reservation facts and status words (shared/activity.ts is the table of words).
import { ACTIVITY_STATUS, activityCodeWord, activityState, ageRangeWords, timeRange, type ActivityState } from '../../shared/activity.ts';
import { TYPE_PARAM, filterChoice } from '../../shared/exhibits.ts';
import { formatDateTime } from '../../shared/format.ts';
import { t } from '../../shared/i18n.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { imageSources } from '../../shared/image-sources.ts';
import { isExternalUrl, recordPath } from '../../shared/links.ts';
import { PAGE_PARAM } from '../../shared/pager.ts';
import { SITE_CODE, withSiteQuery } from '../../shared/site.ts';
import { excerpt, plainText } from '../../shared/text.ts';
import type { ActivityCard, ActivityDetailData, ActivityListData } from '../../shared/visitor-views.ts';
import type { FilterLink } from '../../shared/view-parts.ts';
import type { Activity, DictionaryEntry } from '../../shared/wire.ts';
import { articleHtml } from './article-html.ts';
import { DICTIONARY, dictionary, dictionaryName } from './dictionary.ts';
import { notFound } from './page-errors.ts';
import { pagedCall, requestedPage } from './list.ts';
import type { LoaderContext, PageMeta } from './types.ts';

const ACTIVITY_PAGE_SIZE = 6;

/** The list's address for a type filter: other parameters kept, the page reset to 1. */
export function filterHref(url: URL, value: string): string {
  const params = new URLSearchParams(url.search);
  params.delete(PAGE_PARAM);
  if (value) params.set(TYPE_PARAM, value);
  else params.delete(TYPE_PARAM);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

const activityImage = (a: Activity, site: LoaderContext['site'], thumb: boolean): string[] =>
  imageSources(a.thumb || a.appThumb, { watermark: site.watermark, filePrefix: site.filePrefix, thumb });

/**
 * The activity's statuses at the moment of the request, by its own times (shared/activity.ts); the
 * page is cached no longer than until one of them changes.
 */
export function stateNow(a: Activity, ctx: LoaderContext): ActivityState {
  const state = activityState(a, ctx.now());
  if (state.nextChangeMs !== null) ctx.cacheUntil(state.nextChangeMs);
  return state;
}

function card(a: Activity, types: readonly DictionaryEntry[], listPath: string, ctx: LoaderContext): ActivityCard {
  const state = stateNow(a, ctx);
  return {
    id: a.activityId,
    title: a.activityName,
    href: withSiteQuery(recordPath(listPath, a.activityId), ctx),
    image: activityImage(a, ctx.site, true),
    time: timeRange(formatDateTime(a.startTime), formatDateTime(a.endTime)),
    venue: (a.activityVenueName ?? '').trim(),
    type: dictionaryName(types, a.activityType, ctx.lang),
    status: activityCodeWord('activityStatus', state.status, ctx.lang),
    reserve: activityCodeWord('reserveStatus', state.reserve, ctx.lang),
  };
}

export async function activityListLoader(ctx: LoaderContext): Promise<ActivityListData> {
  const pageSize = ctx.route.pageSize ?? ACTIVITY_PAGE_SIZE;
  const page = requestedPage(ctx);
  const types = await dictionary(ctx, DICTIONARY.activityType);
  // An unknown or stale `?type=` shows every activity rather than an empty list.
  const activeType = filterChoice(
    ctx.url.searchParams.get(TYPE_PARAM),
    types.map((d) => d.dictionaryValue),
  );

  const entity = { activityType: activeType, languageType: SITE_CODE[ctx.lang] };
  const { records, ...paging } = await pagedCall<Activity>(ctx, 'queryActivityListByType', entity, pageSize, {}, page);

  const listPath = ctx.channel?.path ?? ctx.url.pathname;
  const filters: FilterLink[] = [
    { value: '', label: t(ctx.lang, 'act.allTypes'), href: filterHref(ctx.url, ''), active: activeType === '' },
    ...types.map((d) => ({
      value: d.dictionaryValue,
      label: dictionaryName(types, d.dictionaryValue, ctx.lang),
      href: filterHref(ctx.url, d.dictionaryValue),
      active: d.dictionaryValue === activeType,
    })),
  ];
  return {
    ...paging,
    types: types.length > 0 ? filters : [],
    activeType,
    items: records.map((a) => card(a, types, listPath, ctx)),
  };
}

/** An activity's description as HTML: the editor's HTML sanitized, or plain text as paragraphs. */
export function descriptionHtml(description: string | null | undefined, filePrefix: string): string {
  const text = (description ?? '').trim();
  if (!text) return '';
  if (/<[a-z][^>]*>/i.test(text)) return articleHtml(text, filePrefix);
  return text
    .split(/\n\s*\n|\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');
}

export async function activityDetailLoader(ctx: LoaderContext): Promise<ActivityDetailData & { meta: PageMeta }> {
  const id = ctx.params.id ?? '';
  if (!RECORD_ID.test(id)) throw notFound(`No activity ${id}`);
  const [{ data: a }, types] = await Promise.all([
    ctx.api.call<Activity>('queryActivityById', { params: { id }, requestId: ctx.requestId }),
    dictionary(ctx, DICTIONARY.activityType),
  ]);
  if (!a) throw notFound(`No activity ${id}`);
  // An activity of the other site is not a page of this address.
  if (a.languageType && a.languageType !== SITE_CODE[ctx.lang]) throw notFound(`Activity ${id} is not on the ${ctx.lang} site`);

  const listPath = ctx.channel?.path ?? ctx.url.pathname.replace(/\/[^/]+\/?$/, '');
  const state = stateNow(a, ctx);
  const link = (a.linkUrl ?? '').trim();
  // Nobody signs up for what is over or called off.
  const over = state.status === ACTIVITY_STATUS.ended || state.status === ACTIVITY_STATUS.cancelled;
  const signUp =
    link && link !== '/' && !over ? { href: isExternalUrl(link) ? link : withSiteQuery(link, ctx), external: isExternalUrl(link) } : null;
  const image = activityImage(a, ctx.site, false);
  return {
    id: a.activityId,
    title: a.activityName,
    image,
    type: dictionaryName(types, a.activityType, ctx.lang),
    start: formatDateTime(a.startTime),
    end: formatDateTime(a.endTime),
    venue: (a.activityVenueName ?? '').trim(),
    booking: state.booking,
    // 无需预约: no booking window (services fill one in anyway).
    reserveStart: state.booking ? formatDateTime(a.reserveStartTime) : '',
    reserveEnd: state.booking ? formatDateTime(a.reserveEndTime) : '',
    age: ageRangeWords(a.minAge, a.maxAge, ctx.lang),
    reserveType: activityCodeWord('reserveType', a.reserveType, ctx.lang),
    reserveStatus: activityCodeWord('reserveStatus', state.reserve, ctx.lang),
    status: activityCodeWord('activityStatus', state.status, ctx.lang),
    signUp,
    html: descriptionHtml(a.description, ctx.site.filePrefix),
    backHref: withSiteQuery(listPath, ctx),
    meta: {
      title: a.activityName,
      description: excerpt(plainText(a.description), 100) || undefined,
      image: image[0],
      type: 'article',
      entity: {
        kind: 'event',
        type: 'Event',
        name: a.activityName,
        start: a.startTime ?? '',
        end: a.endTime ?? '',
        place: (a.activityVenueName ?? '').trim(),
        cancelled: state.status === ACTIVITY_STATUS.cancelled,
      },
    },
  };
}
