// The records behind a list page, read the way the list screens read them (same calls, same
// filters), as one neutral shape the sitemap, feed and calendar builders share: id, title, dates,
// summary, picture and own link. One row per kind of record; which row serves a list page is decided
// by its screen and channel, as server/loaders/list.ts decides for the generic list. Also what the
// builders share besides: wire times read as instants, and the two ways a discovery answer fails.
import type { EndpointName } from '../../shared/endpoints.ts';
import { collectionFilter, collectionSection, exhibitThumb } from '../../shared/exhibits.ts';
import { firstImageSrc } from '../../shared/image-sources.ts';
import { baseChannelNo } from '../../shared/links.ts';
import type { Lang, RouteDef } from '../../shared/route-table.ts';
import { SITE_CODE } from '../../shared/site.ts';
import { excerpt, listExcerpt, plainText } from '../../shared/text.ts';
import type { Activity, Article, Exhibit, ExhibitionBase, ExhibitionTemp, ListResult } from '../../shared/wire.ts';
import type { ContentCaller } from '../content/content-api.ts';
import { CHINA_TZ, chinaTimeMs, endOfChinaDay } from '../../shared/china-time.ts';
import { formatDate } from '../../shared/format.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';

/** One record of a list, whatever its kind. Times are wire strings (China time, `YYYY-MM-DD HH:mm:ss`). */
export interface DiscoveryRecord {
  id: string;
  title: string;
  /** When it was published or last changed (articles: publishDate; others: updateTime/createTime). */
  changed: string;
  /** When it happens (activities, exhibitions); '' for articles and exhibits. */
  start: string;
  end: string;
  summary: string;
  /** Store path or absolute URL of its picture; '' when none. */
  image: string;
  /** Its own link (`linkUrl`); '' or `/` when its page is the channel path plus its id. */
  linkUrl: string;
  place: string;
  /** The channel the service files it under (articles), '' for the rest. */
  channelNo: string;
  /** activityStatus (3: cancelled), null when the record has none. */
  status: number | null;
}

type RecordKind = 'article' | 'exhibitionBase' | 'exhibitionTemp' | 'exhibit' | 'activity';

interface Source {
  kind: RecordKind;
  endpoint: EndpointName;
  entity: Record<string, unknown>;
}

/** What the edge knows of the site that changes the calls (PORTAL_ID scopes exhibition lists). */
export interface SourceSettings {
  portalId: string;
}

type Wire = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A whole number, also from a numeric string (deployed services send both); null for anything else. */
const intOrNull = (v: unknown): number | null => (text(v).trim() !== '' && Number.isInteger(Number(v)) ? Number(v) : null);
const changedOf = (r: Wire, fallback: unknown): string => text(r.updateTime) || text(r.createTime) || text(fallback);

const READ: Record<RecordKind, (r: Wire) => DiscoveryRecord> = {
  article: (r) => {
    const a = r as unknown as Article;
    return {
      ...blank(text(a.archivesId), text(a.title)),
      changed: text(a.publishDate) || changedOf(r, ''),
      summary: a.excerpt || listExcerpt(a.content) || excerpt(plainText(a.description)),
      image: text(a.thumbImg) || firstImageSrc(a.content),
      linkUrl: text(a.linkUrl),
      channelNo: text(a.channelNo),
    };
  },
  exhibitionBase: (r) => exhibition(r, text((r as unknown as ExhibitionBase).exhibitionBaseId), text(r.baseName), text(r.basePlace)),
  exhibitionTemp: (r) => exhibition(r, text((r as unknown as ExhibitionTemp).exhibitionTempId), text(r.tempName), text(r.tempPlace)),
  exhibit: (r) => {
    const x = r as unknown as Exhibit;
    return {
      ...blank(text(x.exhibitId), text(x.exhibitName)),
      changed: changedOf(r, ''),
      summary: excerpt(plainText(x.description)),
      image: exhibitThumb(x),
    };
  },
  activity: (r) => {
    const a = r as unknown as Activity;
    return {
      ...exhibition(r, text(a.activityId), text(a.activityName), text(a.activityVenueName)),
      // An activity's linkUrl is where to sign up; its page is always the list path plus its id.
      linkUrl: '',
      status: intOrNull(a.activityStatus),
    };
  },
};

function blank(id: string, title: string): DiscoveryRecord {
  return {
    id,
    title: title.trim(),
    changed: '',
    start: '',
    end: '',
    summary: '',
    image: '',
    linkUrl: '',
    place: '',
    channelNo: '',
    status: null,
  };
}

function exhibition(r: Wire, id: string, title: string, place: string): DiscoveryRecord {
  return {
    ...blank(id, title),
    changed: changedOf(r, ''),
    start: text(r.startTime),
    end: text(r.endTime),
    summary: excerpt(plainText(text(r.description))),
    image: text(r.thumb) || text(r.appThumb),
    linkUrl: text(r.linkUrl),
    place: place.trim(),
  };
}

/**
 * The call that lists a page's records, or null when the page lists none of its own (message board,
 * questionnaires: their pages are listed, their records are not).
 */
export function sourceFor(def: RouteDef, channelNo: string, lang: Lang, settings: SourceSettings): Source | null {
  const languageType = SITE_CODE[lang];
  const bare = baseChannelNo(channelNo);
  switch (def.screen) {
    case 'list':
      return { kind: 'article', endpoint: 'queryArchivesList', entity: { channelNo } };
    case 'exhibitionList': {
      const entity = { languageType, ...(settings.portalId ? { portalId: settings.portalId } : {}) };
      if (bare === 'BaseExh') return { kind: 'exhibitionBase', endpoint: 'queryExhibitionBaseList', entity };
      if (bare === 'TempExh') return { kind: 'exhibitionTemp', endpoint: 'queryExhibitionTempList', entity };
      return null;
    }
    case 'collectionList': {
      const section = collectionSection(channelNo);
      return section ? { kind: 'exhibit', endpoint: 'queryExhibitList', entity: { ...collectionFilter(section), languageType } } : null;
    }
    case 'activityList':
      return { kind: 'activity', endpoint: 'queryActivityListByType', entity: { activityType: '', languageType } };
    default:
      return null;
  }
}

/** Records per call when walking a whole list (fewer, larger calls than the screens' 6 or 10). */
const WALK_PAGE_SIZE = 50;
/** Pages walked per list at most: 1000 records; a list longer than that is listed up to there. */
const WALK_MAX_PAGES = 20;

interface WalkOptions {
  requestId: string;
  pageSize?: number;
  maxPages?: number;
  /** Extra `param` fields (the temporary exhibitions' `type` filter). */
  param?: Record<string, unknown>;
}

/** Every record of a list, page by page, up to `maxPages` pages; stops at the list's own last page. */
export async function walkRecords(api: ContentCaller, source: Source, options: WalkOptions): Promise<DiscoveryRecord[]> {
  const pageSize = options.pageSize ?? WALK_PAGE_SIZE;
  const maxPages = options.maxPages ?? WALK_MAX_PAGES;
  const out: DiscoveryRecord[] = [];
  for (let pageNum = 1; pageNum <= maxPages; pageNum += 1) {
    const { data } = await api.call<ListResult<Wire>>(source.endpoint, {
      body: { entity: source.entity, param: { ...options.param, pageNum, pageSize } },
      requestId: options.requestId,
    });
    const records = Array.isArray(data?.records) ? data.records : [];
    for (const r of records) {
      if (r && typeof r === 'object') out.push(READ[source.kind](r));
    }
    const pages = Math.max(0, Number(data?.pages) || 0);
    if (records.length < pageSize || pageNum >= pages) break;
  }
  return out;
}

/** One record read by id (activity or temporary exhibition), with the site it belongs to. */
export function readOne(kind: RecordKind, wire: unknown): (DiscoveryRecord & { languageType: string }) | null {
  if (!wire || typeof wire !== 'object') return null;
  const r = READ[kind](wire as Wire);
  return r.id ? { ...r, languageType: text((wire as Wire).languageType) } : null;
}

// ---- Wire times as instants ----
// Wire times are China time without a zone (`YYYY-MM-DD HH:mm:ss`, Asia/Shanghai, UTC+8 all year):
// read into instants the way the activity screens read them (shared/activity.ts), so a feed's dates,
// a sitemap's lastmod and a calendar's events say the same moment as the pages.

export { CHINA_TZ, chinaTimeMs, endOfChinaDay };

/** A wire time as an instant, or null; a time after `nowMs` (a date still to come) is null when `pastOnly`. */
export function instantOf(value: string, nowMs: number, pastOnly = false): number | null {
  const ms = chinaTimeMs(value);
  return ms === null || (pastOnly && ms > nowMs) ? null : ms;
}

/** The wire value's date `YYYY-MM-DD`, or ''. */
export const dayOf = (value: string): string => formatDate(value);

/** W3C datetime (sitemaps' lastmod), in UTC. */
export const w3c = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

// ---- How a discovery answer fails ----
// The two ways a discovery answer fails: the thing asked for does not exist (404, said in plain
// text), or the content service cannot give what it is built from right now (the last good copy, or
// 503 with Retry-After). Anything else is a bug, answered like an outage (never a 5xx page without
// Retry-After) and logged.

export class DiscoveryNotFound extends Error {
  readonly status = 404;
}

/** A service that is down, slow, refusing or answering garbage: a last good copy may stand in. */
export function isOutage(err: unknown): boolean {
  return !(err instanceof DiscoveryNotFound) && !(err instanceof UpstreamError && err.isNotFound);
}

/** Failures that lose one list's records but not the whole sitemap: the service said no to that call. */
export function isRefusal(err: unknown): boolean {
  if (!(err instanceof UpstreamError)) return false;
  if (err.code === 'UPSTREAM_APP' || err.code === 'UPSTREAM_BAD_PAYLOAD') return true;
  return (
    err.code === 'UPSTREAM_HTTP' &&
    err.httpStatus !== undefined &&
    err.httpStatus >= 400 &&
    err.httpStatus < 500 &&
    err.httpStatus !== 401 &&
    err.httpStatus !== 403
  );
}
