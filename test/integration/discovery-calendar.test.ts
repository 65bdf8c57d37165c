// iCalendar files (/calendar/<page path>.ics) against the real reference service through the edge's
// real handler on a socket, read with ical.js as a calendar application would: one event for an
// activity or a temporary exhibition at the times its page shows, and subscribable calendars of what
// is coming or on now.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarPathFor } from '../../shared/discovery-paths.ts';
import { UNKNOWN_ID, textOf } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';
import { wireId } from './cms-fixture.ts';
import { IDS } from './page-fixture.ts';

let world: World;

beforeAll(async () => {
  world = await startWorld({ content: 'pages' });
});
afterAll(async () => {
  await world?.close();
});

const EN_ACTIVITY = wireId('activity', 48);

interface Parsed {
  res: Response;
  text: string;
  calendar: ICAL.Component;
  events: ICAL.Event[];
}

/** The .ics of a page, parsed; its VTIMEZONE registered so that times convert as a calendar app converts them. */
async function calendarOf(pagePath: string): Promise<Parsed> {
  const res = await fetch(`${world.url}${calendarPathFor(pagePath)}`);
  const text = await res.text();
  expect(res.status, `${pagePath}: ${text.slice(0, 200)}`).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return { res, text, calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

const page = async (path: string): Promise<string> => {
  const res = await fetch(`${world.url}${path}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  return textOf(await res.text());
};

describe('one activity', () => {
  it('is one VEVENT in Asia/Shanghai at the times the activity page shows', async () => {
    const path = `/Education/Activity/${IDS.farLecture}`;
    const { res, text, calendar, events } = await calendarOf(path);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="activity-${IDS.farLecture}.ics"`);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=[1-9]\d*$/);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Asia/Shanghai');
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.summary).toBe('青铜器里的中国');
    expect(event.location).toBe('学术报告厅');
    expect(event.component.getFirstPropertyValue('url')).toBe(`${world.url}${path}`);
    expect(event.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Shanghai');
    // RFC 5545: lines end in CRLF; DTSTAMP is UTC.
    expect(text).toContain('\r\nBEGIN:VEVENT\r\n');
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);

    // The page says 2099-03-01 14:00 – 16:00 (China time); the calendar says the same instants.
    const shown = await page(path);
    expect(shown).toContain('2099-03-01 14:00');
    expect(shown).toContain('2099-03-01 16:00');
    expect(event.startDate.toJSDate().toISOString()).toBe('2099-03-01T06:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2099-03-01T08:00:00.000Z');
    expect(event.startDate.toString()).toBe('2099-03-01T14:00:00');
  });

  it('an English activity has its calendar under the English path only', async () => {
    const { events } = await calendarOf(`/EN_Education/EN_Activity/${EN_ACTIVITY}`);
    expect(events.map((e) => e.summary)).toEqual(['Bronze Age Family Day']);
    const res = await fetch(`${world.url}/calendar/Education/Activity/${EN_ACTIVITY}.ics`);
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });
});

describe('one temporary exhibition', () => {
  it('is an all-day event over the dates its page shows', async () => {
    const path = `/Exhibition/TempExh/${IDS.futureJade}`;
    const { res, events } = await calendarOf(path);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="exhibition-${IDS.futureJade}.ics"`);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.summary).toBe('玉润东方——古代玉器精品展');
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2098-01-18');
    // DTEND of an all-day event is the day after the last (RFC 5545).
    expect(event.endDate.toString()).toBe('2098-05-06');
    expect(await page(path)).toContain('2098.01.18 - 2098.05.05');
  });
});

describe('subscribable calendars of the lists', () => {
  it('the activity list: what is coming or on now, nothing over', async () => {
    const { calendar, events } = await calendarOf('/Education/Activity');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('社教活动 - 云溪博物馆');
    const ids = events.map((e) => e.uid);
    expect(ids.some((uid) => uid.startsWith(`activity-${IDS.farLecture}@`))).toBe(true);
    expect(events.every((e) => e.endDate.toJSDate().getTime() > Date.now())).toBe(true);
    // The lectures of October 2026 are over.
    expect(events.some((e) => e.summary.startsWith('周末讲座'))).toBe(false);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the temporary-exhibition list: on view and coming, not past', async () => {
    const { events } = await calendarOf('/Exhibition/TempExh');
    const titles = events.map((e) => e.summary).sort();
    expect(titles).toEqual(['丝绸之路文物精品展', '丝路瓷韵特展', '玉润东方——古代玉器精品展'].sort());
    const { events: en } = await calendarOf('/EN_Exhibition/EN_TempExh');
    expect(en.map((e) => e.summary)).toEqual(['Treasures of the Silk Road']);
  });
});

describe('unknown pages, ids and hostile addresses', () => {
  it('answer a plain-text 404, never a 5xx', async () => {
    const paths = [
      `/calendar/Education/Activity/${UNKNOWN_ID}.ics`,
      `/calendar/Exhibition/TempExh/${UNKNOWN_ID}.ics`,
      `/calendar/Exhibition/BaseExh/${IDS.bronzeGallery}.ics`, // long-term displays are not events
      '/calendar/Exhibition/BaseExh.ics',
      '/calendar/News/SNews.ics',
      `/calendar/News/SNews/${IDS.ding}.ics`,
      '/calendar/Education/Activity/bad%20id.ics',
      '/calendar/Education/Activity/..%2F..%2Fetc.ics',
      `/calendar/Education/Activity/${'f'.repeat(65)}.ics`,
      `/calendar/Education/Activity/${IDS.farLecture}`,
      `/calendar/Education/Activity/${IDS.farLecture}.ics.ics`,
      `/calendar/Education/Activity/${IDS.farLecture}/x.ics`,
      `/calendar/EN_Exhibition/EN_TempExh/${IDS.futureJade}.ics`,
      '/calendar/.ics',
      `/calendar/${'x'.repeat(3000)}.ics`,
    ];
    for (const path of paths) {
      const res = await fetch(`${world.url}${path}`);
      const text = await res.text();
      expect(res.status, path.slice(0, 80)).toBe(404);
      expect(res.headers.get('content-type'), path.slice(0, 80)).toBe('text/plain; charset=utf-8');
      expect(text).toMatch(/^There is no calendar at this address/);
    }
  });
});
