// The machine-readable files of the demo site as outside validators judge them, over a real edge and
// the reference service: every iCalendar file the site offers (found through its sitemap, as a crawler
// finds them) read by libical with its RFC 5546 restriction check, and the revalidation answers (304)
// of robots.txt, sitemaps, feeds and calendars carrying the same Vary as their full answers, so a
// shared cache never pairs a validator with the wrong encoding.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { calendarPathFor, hasCalendar } from '../../shared/discovery-paths.ts';
import { ROUTES, ROUTE_BY_ID } from '../../shared/route-table.ts';
import { startLibical, type Libical } from '../validators/libical.ts';
import { sitemapPaths } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

let world: World;
let libical: Libical;
beforeAll(async () => {
  libical = await startLibical();
  world = await startWorld({ content: 'demo' });
}, 120_000);
afterAll(async () => {
  await world?.close();
  await libical?.close();
});

const ROUTE_OBJECTS = ROUTES.map((r) => ({ id: r.id, path: r.path }));
/** The route table row a path matches, as the browser's router matches it. */
const routeOf = (path: string) => {
  const last = matchRoutes(ROUTE_OBJECTS, path)?.at(-1);
  const def = last ? ROUTE_BY_ID.get(last.route.id) : undefined;
  return def ? { def } : null;
};

/** The calendar of every page in the sitemap that has one (lists of what is coming, single events). */
function calendarPaths(pages: readonly string[]): string[] {
  return pages
    .filter((path) => {
      const routed = routeOf(path);
      if (!routed || routed.def.channelDepth === 0) return false;
      return hasCalendar(routed.def.screen, path.split('/')[routed.def.channelDepth] ?? '');
    })
    .map(calendarPathFor);
}

describe('every .ics file of the site, read by libical', () => {
  it('is an iTIP PUBLISH libical finds nothing wrong with', async () => {
    const checker = libical;
    const paths = calendarPaths(await sitemapPaths(world.url));
    // Both lists and their events in both languages: far more than a handful of files.
    expect(paths).toEqual(expect.arrayContaining(['/calendar/Education/Activity.ics', '/calendar/EN_Exhibition/EN_TempExh.ics']));
    expect(paths.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const path of paths) {
      const res = await fetch(`${world.url}${path}`);
      const text = await res.text();
      expect(res.status, path).toBe(200);
      // Under METHOD:PUBLISH libical holds every component to RFC 5546's table; without it, to nothing.
      expect(text, path).toMatch(/\r\nMETHOD:PUBLISH\r\n/);
      problems.push(...(await checker.check(text)).map((p) => `${path}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('names the museum as the organizer of each event, at its website', async () => {
    const text = await (await fetch(`${world.url}/calendar/EN_Education/EN_Activity.ics`)).text();
    const events = text.split('BEGIN:VEVENT').length - 1;
    expect(events).toBeGreaterThan(0);
    expect(text.match(/\r\nORGANIZER;CN="Yunxi Museum":(.+)\r\n/g)).toHaveLength(events);
    expect(text).toContain(`ORGANIZER;CN="Yunxi Museum":${world.url}/EN_Home\r\n`);
  });

  it('is what the checker refuses when an event has no organizer (the check can fail)', async () => {
    const text = await (await fetch(`${world.url}/calendar/Education/Activity.ics`)).text();
    const without = text.replace(/\r\nORGANIZER[^\r]*(?:\r\n [^\r]*)*/g, '');
    expect(without).not.toContain('ORGANIZER');
    expect((await libical.check(without)).join('\n')).toMatch(/ORGANIZER/);
  });
});

/**
 * A GET with exactly these headers (fetch adds `Cache-Control: no-cache` to a conditional request,
 * which forbids the 304 a cache would get): status and headers, body read and dropped.
 */
function get(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('revalidation of the discovery files', () => {
  it('answers 304 with the Vary of the full answer: robots.txt, sitemap, feed, calendar', async () => {
    const headers = { 'accept-encoding': 'gzip, br' };
    for (const path of [
      '/robots.txt',
      '/sitemap.xml',
      '/feeds/News/SNews.xml',
      '/calendar/Education/Activity.ics',
      '/calendar/Exhibition/TempExh.ics',
    ]) {
      const full = await get(world.url, path, headers);
      expect(full.status, path).toBe(200);
      const etag = String(full.headers.etag ?? '');
      expect(etag, path).not.toBe('');
      expect(full.headers.vary, path).toMatch(/accept-encoding/i);
      const again = await get(world.url, path, { ...headers, 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.headers.vary, path).toBe(full.headers.vary);
    }
  });
});
