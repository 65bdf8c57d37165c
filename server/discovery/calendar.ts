// iCalendar (RFC 5545) files, built with ical-generator: one VEVENT for an activity or a temporary
// exhibition, and for the activity list and the temporary-exhibition list a calendar to subscribe to
// of what is coming or on now. Activities are timed events in Asia/Shanghai (DTSTART;TZID= with the
// zone's VTIMEZONE in the file, which Apple and Google calendars read); exhibitions run for days, so
// they are all-day events over their dates as the pages show them. Every file is an iTIP PUBLISH
// (RFC 5546): calendar applications add its events rather than read them as invitations.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, { ICalCalendarMethod, ICalEventStatus, escape, foldLines, type ICalCalendar } from 'ical-generator';
import { ACTIVITY_STATUS } from '../../shared/activity.ts';
import { hasCalendar } from '../../shared/discovery-paths.ts';
import { chinaDay } from '../../shared/china-time.ts';
import { exhibitionPhase } from '../../shared/exhibits.ts';
import { t } from '../../shared/i18n.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { recordPath } from '../../shared/links.ts';
import { homePath, type Lang } from '../../shared/route-table.ts';
import { SITE_CODE } from '../../shared/site.ts';
import type { ContentCaller } from '../content/content-api.ts';
import { DiscoveryNotFound } from './records.ts';
import { absolute } from './links.ts';
import { readOne, sourceFor, walkRecords, type DiscoveryRecord, type SourceSettings } from './records.ts';
import type { ResolvedPage } from './site-pages.ts';
import { CHINA_TZ, chinaTimeMs, dayOf, endOfChinaDay } from './records.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** China has kept UTC+8 without daylight saving since 1991: one STANDARD rule says it all. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CHINA_TZ}`,
  `X-LIC-LOCATION:${CHINA_TZ}`,
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:CST',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** How often a subscribed calendar should be fetched again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_S = 3600;
/** List pages walked for a subscribable calendar (per filter). */
const CALENDAR_MAX_PAGES = 5;

interface CalendarDeps {
  api: ContentCaller;
  now: () => number;
  settings: SourceSettings;
}

export interface CalendarFile {
  body: string;
  /** A download name for one event; null for a list calendar. */
  filename: string | null;
}

type Kind = 'activity' | 'exhibitionTemp';

const kindOf = (page: ResolvedPage): Kind => (page.def.screen.startsWith('activity') ? 'activity' : 'exhibitionTemp');

function newCalendar(name: string): ICalCalendar {
  const cal = ical({
    name,
    prodId: { company: 'museum-portal-edge', product: 'discovery', language: 'ZH' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_S,
    // Events carry TZID=Asia/Shanghai; this adds the matching VTIMEZONE (the calendar itself keeps UTC
    // for DTSTAMP, as RFC 5545 requires).
    timezone: { name: null, generator: (tz) => (tz === CHINA_TZ ? VTIMEZONE : null) },
  });
  cal.x('X-WR-TIMEZONE', CHINA_TZ);
  return cal;
}

/** An activity's start and end instants (no end: the end of its start day, as the pages count it). */
function activitySpan(r: DiscoveryRecord): { start: number; end: number } | null {
  const start = chinaTimeMs(r.start);
  if (start === null) return null;
  return { start, end: Math.max(start, chinaTimeMs(r.end) ?? endOfChinaDay(start)) };
}

/** An exhibition's days: first and day-after-last (DTEND of an all-day event is exclusive). */
function exhibitionDays(r: DiscoveryRecord): { first: string; after: string } | null {
  const first = dayOf(r.start) || dayOf(r.end);
  if (!first) return null;
  const last = dayOf(r.end) || first;
  return {
    first,
    after: dayjs
      .utc(last > first ? last : first)
      .add(1, 'day')
      .format('YYYY-MM-DD'),
  };
}

function addEvent(cal: ICalCalendar, kind: Kind, r: DiscoveryRecord, pageUrl: string, host: string, now: number): boolean {
  const base = {
    id: `${kind}-${r.id}@${host}`,
    stamp: new Date(now),
    summary: r.title,
    description: [r.summary, pageUrl].filter(Boolean).join('\n\n'),
    location: r.place || null,
    url: pageUrl,
    timezone: CHINA_TZ,
    status: kind === 'activity' && r.status === ACTIVITY_STATUS.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
  if (kind === 'activity') {
    const span = activitySpan(r);
    if (!span) return false;
    cal.createEvent({ ...base, start: dayjs(span.start).tz(CHINA_TZ), end: dayjs(span.end).tz(CHINA_TZ) });
    return true;
  }
  const days = exhibitionDays(r);
  if (!days) return false;
  cal.createEvent({ ...base, allDay: true, start: dayjs.tz(days.first, CHINA_TZ), end: dayjs.tz(days.after, CHINA_TZ) });
  return true;
}

const hostOf = (origin: string): string => new URL(origin).host;

/**
 * The calendar's text with every VEVENT naming its ORGANIZER, which a PUBLISH requires (RFC 5546
 * §3.2.1): the museum by name, at its website. The museum publishes no mailbox and ical-generator
 * writes an organizer only as a `mailto:` address, so the line is written here (a CAL-ADDRESS is any
 * URI, RFC 5545 §3.3.3), folded and quoted by ical-generator's own helpers.
 */
function published(cal: ICalCalendar, lang: Lang, origin: string): string {
  const organizer = foldLines(`ORGANIZER;CN="${escape(t(lang, 'site.title'), true)}":${absolute(origin, homePath(lang))}`);
  return cal.toString().replaceAll('\r\nBEGIN:VEVENT\r\n', () => `\r\nBEGIN:VEVENT\r\n${organizer}\r\n`);
}

/** One activity or temporary exhibition as a calendar with one event. */
async function singleEvent(deps: CalendarDeps, page: ResolvedPage, origin: string, requestId: string): Promise<CalendarFile> {
  const kind = kindOf(page);
  const id = page.params.id ?? '';
  if (!RECORD_ID.test(id)) throw new DiscoveryNotFound(`No event ${id}`);
  const endpoint = kind === 'activity' ? 'queryActivityById' : 'queryExhibitionTempById';
  const { data } = await deps.api.call<unknown>(endpoint, { params: { id }, requestId });
  const r = readOne(kind, data);
  // A record of the other site is not a page of this address (the detail loaders say 404 too).
  if (!r || r.id !== id || (r.languageType && r.languageType !== SITE_CODE[page.lang])) throw new DiscoveryNotFound(`No event ${id}`);
  const now = deps.now();
  const cal = newCalendar(`${r.title} - ${t(page.lang, 'site.title')}`);
  if (!addEvent(cal, kind, r, absolute(origin, page.path), hostOf(origin), now))
    throw new DiscoveryNotFound(`${r.title} has no date to put in a calendar`);
  return { body: published(cal, page.lang, origin), filename: `${kind === 'activity' ? 'activity' : 'exhibition'}-${id}.ics` };
}

/** Is the record still to come or on now (not over)? */
function notOver(kind: Kind, r: DiscoveryRecord, now: number): boolean {
  if (kind === 'exhibitionTemp') return exhibitionPhase(r.start, r.end, chinaDay(now)) !== 'past';
  const span = activitySpan(r);
  return span !== null && span.end > now;
}

/** The activity list or the temporary-exhibition list as a subscribable calendar of what is not over. */
async function listCalendar(deps: CalendarDeps, page: ResolvedPage, origin: string, requestId: string): Promise<CalendarFile> {
  const kind = kindOf(page);
  const source = sourceFor(page.def, page.channel.no, page.lang, deps.settings);
  if (!source) throw new DiscoveryNotFound(`${page.path} has no calendar`);
  // Temporary exhibitions: the service's own on-view and coming filters (as the list's tabs use them).
  const filters = kind === 'exhibitionTemp' ? [{ type: 'current' }, { type: 'upcoming' }] : [{}];
  const walks = await Promise.all(
    filters.map((param) => walkRecords(deps.api, source, { requestId, param, maxPages: CALENDAR_MAX_PAGES })),
  );
  const now = deps.now();
  const cal = newCalendar(`${page.channel.name} - ${t(page.lang, 'site.title')}`);
  cal.description(page.channel.description.trim() || page.channel.name);
  const seen = new Set<string>();
  for (const r of walks.flat()) {
    if (seen.has(r.id) || !RECORD_ID.test(r.id) || !notOver(kind, r, now)) continue;
    seen.add(r.id);
    addEvent(cal, kind, r, absolute(origin, recordPath(page.path, r.id)), hostOf(origin), now);
  }
  return { body: published(cal, page.lang, origin), filename: null };
}

/** The calendar of a page: one event for a detail page, what is coming for a list; else DiscoveryNotFound. */
export async function buildCalendar(deps: CalendarDeps, page: ResolvedPage, origin: string, requestId: string): Promise<CalendarFile> {
  if (!hasCalendar(page.def.screen, page.channel.no)) throw new DiscoveryNotFound(`${page.path} has no calendar`);
  if (page.def.screen === 'activityDetail' || page.def.screen === 'exhibitionDetail') return singleEvent(deps, page, origin, requestId);
  if (page.path !== page.channel.path) throw new DiscoveryNotFound(`${page.path} has no calendar`);
  return listCalendar(deps, page, origin, requestId);
}
