// /sitemap.xml and /robots.txt against the real reference service (the page suites' content: lists
// that run to several pages in both languages, hidden channels, exhibitions, activities), through the
// edge's real handler on a socket. What a crawler sees: a valid urlset whose every address is
// absolute and answers 200, the Chinese and English forms of a page naming each other, dates from
// the records; and what it sees when the content service is down.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article } from './cms-fixture.ts';
import { startWorld, type World } from '../world/world.ts';
import { call } from './cms-harness.ts';
import { IDS, LISTS, PAGE_FIXTURE } from './page-fixture.ts';
import { sendRaw } from './raw-http.ts';

/** The addresses one sitemap file holds (sitemaps.org allows 50,000; the edge keeps files small). */
const URLS_PER_FILE = 1000;

let offsetMs = 0;
const now = () => Date.now() + offsetMs;
let world: World;

beforeAll(async () => {
  world = await startWorld({ content: 'pages' });
});
afterAll(async () => {
  await world?.close();
});

interface UrlEntry {
  loc: string;
  lastmod?: string;
  'xhtml:link'?: Array<{ '@_rel': string; '@_hreflang': string; '@_href': string }>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['url', 'xhtml:link', 'sitemap'].includes(name),
});

async function sitemapOf(base: string): Promise<{ res: Response; text: string; urls: UrlEntry[] }> {
  const res = await fetch(`${base}/sitemap.xml`);
  const text = await res.text();
  const doc = parser.parse(text) as { urlset?: { url: UrlEntry[]; '@_xmlns': string; '@_xmlns:xhtml': string } };
  return { res, text, urls: doc.urlset?.url ?? [] };
}

describe('sitemap', () => {
  let urls: UrlEntry[];
  let byLoc: Map<string, UrlEntry>;

  beforeAll(async () => {
    const { res, text, urls: found } = await sitemapOf(world.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    // A small site: one urlset with both namespaces, not an index.
    const doc = parser.parse(text) as Record<string, { '@_xmlns'?: string; '@_xmlns:xhtml'?: string }>;
    expect(Object.keys(doc)).toContain('urlset');
    expect(doc.urlset!['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(doc.urlset!['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    urls = found;
    byLoc = new Map(urls.map((u) => [u.loc, u]));
  });

  it('lists absolute addresses at the request origin, each once, within one file', () => {
    expect(urls.length).toBeGreaterThan(100);
    expect(urls.length).toBeLessThanOrEqual(URLS_PER_FILE);
    for (const u of urls) expect(u.loc.startsWith(`${world.url}/`)).toBe(true);
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
  });

  it('holds the home pages, every list page and every detail page the lists hold', async () => {
    const paths = new Set(urls.map((u) => u.loc.slice(world.url.length)));
    for (const p of [
      '/',
      '/EN_Home',
      '/News/SNews',
      '/News/Notice',
      '/EN_News/EN_Notice',
      '/Exhibition/TempExh',
      '/Education/Activity',
      '/Collection/PreciousCol',
      '/Service/OpenServies/LeaveWord',
      '/Survey/Honor',
    ]) {
      expect(paths, p).toContain(p);
    }
    // Every article of a list that runs to three pages on the site (23 notices, 10 a page).
    const notices = [...paths].filter((p) => /^\/News\/Notice\/[0-9a-f]{32}$/.test(p));
    expect(notices).toHaveLength(LISTS.notice.count);
    expect(paths).toContain(`/Education/Activity/${IDS.farLecture}`);
    expect(paths).toContain(`/Exhibition/TempExh/${IDS.futureJade}`);
    expect(paths).toContain(`/Collection/PreciousCol/${IDS.ding}`);
    expect(paths).toContain(`/EN_Exhibition/EN_TempExh/${IDS.enTemp}`);
    // Hidden channels, redirects, links that leave the site and records that link out stay out.
    expect([...paths].some((p) => p.startsWith('/Survey/Internal'))).toBe(false);
    expect(paths).not.toContain('/News');
    expect(paths).not.toContain('/Exhibition/VRTour');
    expect([...paths].some((p) => p.startsWith('/Collection/ExcellentCol/'))).toBe(false);
    expect(paths).not.toContain(`/Exhibition/TempExh/${IDS.ownSite}`);
  });

  it('dates a record by its publishing date and a list by its newest record', async () => {
    const { body } = await call<{ records: Array<{ archivesId: string; publishDate: string }> }>(world.cmsUrl, 'queryArchivesList', {
      body: { entity: { channelNo: 'Notice' }, param: { pageNum: 1, pageSize: 1 } },
    });
    const newest = body.data.records[0]!;
    // China time (UTC+8) on the wire, UTC in the sitemap: 09:00 in Beijing is 01:00Z.
    const expected = `${newest.publishDate.slice(0, 10)}T01:00:00Z`;
    expect(newest.publishDate.slice(11)).toBe('09:00:00');
    expect(byLoc.get(`${world.url}/News/Notice/${newest.archivesId}`)?.lastmod).toBe(expected);
    expect(byLoc.get(`${world.url}/News/Notice`)?.lastmod).toBe(expected);
    // Nothing is dated in the future (an exhibition's start is not a change).
    for (const u of urls) if (u.lastmod) expect(Date.parse(u.lastmod)).toBeLessThanOrEqual(Date.now());
  });

  it('pairs the Chinese and English forms of a page both ways, and only pages that exist in both', () => {
    const alternatesOf = (loc: string) =>
      Object.fromEntries((byLoc.get(loc)?.['xhtml:link'] ?? []).map((l) => [l['@_hreflang'], l['@_href']]));
    const zh = `${world.url}/News/Notice`;
    const en = `${world.url}/EN_News/EN_Notice`;
    expect(alternatesOf(zh)).toEqual({ 'zh-CN': zh, en, 'x-default': zh });
    expect(alternatesOf(en)).toEqual({ 'zh-CN': zh, en, 'x-default': zh });
    expect(alternatesOf(`${world.url}/`)).toEqual({ 'zh-CN': `${world.url}/`, en: `${world.url}/EN_Home`, 'x-default': `${world.url}/` });
    // Every pair is reciprocal and names listed pages.
    for (const u of urls) {
      const links = u['xhtml:link'] ?? [];
      if (links.length === 0) continue;
      for (const l of links) {
        expect(byLoc.has(l['@_href']), l['@_href']).toBe(true);
        expect(alternatesOf(l['@_href'])).toEqual(alternatesOf(u.loc));
      }
    }
    // /News/Media has no English twin in this content: no alternates.
    expect(byLoc.get(`${world.url}/News/Media`)?.['xhtml:link']).toBeUndefined();
  });

  it('every listed page a crawler fetches answers 200 (a sample across every kind)', async () => {
    // Every third list page and every tenth detail page: each kind of screen is in the sample.
    const lists = urls.filter((u) => !/[0-9a-f]{32}$/.test(u.loc));
    const details = urls.filter((u) => /[0-9a-f]{32}$/.test(u.loc));
    const sample = [...lists.filter((_, i) => i % 4 === 0), ...details.filter((_, i) => i % 15 === 0)];
    expect(sample.length).toBeGreaterThan(12);
    const failed: string[] = [];
    for (const u of sample) {
      const res = await fetch(u.loc, { redirect: 'manual', headers: { accept: 'text/html' } });
      await res.arrayBuffer();
      if (res.status !== 200) failed.push(`${res.status} ${u.loc}`);
    }
    expect(failed).toEqual([]);
  }, 60_000);

  it('uses PUBLIC_URL for every address when it is set', async () => {
    const other = await world.startEdge({ PUBLIC_URL: 'https://www.example-museum.cn', LOG_LEVEL: 'silent' });
    const { urls: found, text } = await sitemapOf(other.url);
    expect(found.length).toBe(urls.length);
    expect(found.every((u) => u.loc.startsWith('https://www.example-museum.cn/'))).toBe(true);
    expect(text).not.toContain('127.0.0.1');
  });
});

describe('a site larger than one sitemap file', () => {
  // The page content plus 1,050 more notices: more addresses than one sitemap file holds (1,000), and
  // one list longer than a walk reads (20 pages of 50).
  const EXTRA = 1050;
  const big = {
    ...PAGE_FIXTURE,
    articles: [
      ...PAGE_FIXTURE.articles,
      ...Array.from({ length: EXTRA }, (_, i) => article(5000 + i, 'Notice', `加长公告${i}`, '<p>正文。</p>', '2024-01-01 09:00:00')),
    ],
  };

  it('/sitemap.xml is an index of parts; every part is a urlset and every address is in exactly one', async () => {
    const bigWorld = await startWorld({ content: big });
    try {
      const res = await fetch(`${bigWorld.url}/sitemap.xml`);
      expect(res.status).toBe(200);
      const index = parser.parse(await res.text()) as { sitemapindex?: { sitemap: Array<{ loc: string; lastmod?: string }> } };
      const parts = index.sitemapindex?.sitemap ?? [];
      expect(parts.length).toBe(2);
      const locs: string[] = [];
      for (const [i, part] of parts.entries()) {
        expect(part.loc).toBe(`${bigWorld.url}/sitemaps/${i + 1}.xml`);
        expect(part.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        const partRes = await fetch(part.loc);
        expect(partRes.status).toBe(200);
        const partUrls = (parser.parse(await partRes.text()) as { urlset?: { url: UrlEntry[] } }).urlset?.url ?? [];
        expect(partUrls.length).toBeGreaterThan(0);
        expect(partUrls.length).toBeLessThanOrEqual(URLS_PER_FILE);
        locs.push(...partUrls.map((u) => u.loc));
      }
      expect(new Set(locs).size).toBe(locs.length);
      expect(locs).toContain(`${bigWorld.url}/News/SNews`);
      // The long list is walked up to its bound, no further.
      expect(locs.filter((l) => l.startsWith(`${bigWorld.url}/News/Notice/`))).toHaveLength(20 * 50);
      // One past the last part is not a part.
      const past = await fetch(`${bigWorld.url}/sitemaps/3.xml`);
      expect(past.status).toBe(404);
      await past.arrayBuffer();
      // A sample of the second part answers 200.
      const failed: string[] = [];
      for (const loc of locs.slice(URLS_PER_FILE).filter((_, i) => i % 20 === 0)) {
        const page = await fetch(loc, { redirect: 'manual', headers: { accept: 'text/html' } });
        await page.arrayBuffer();
        if (page.status !== 200) failed.push(`${page.status} ${loc}`);
      }
      expect(failed).toEqual([]);
    } finally {
      await bigWorld.close();
    }
  }, 60_000);
});

describe('robots.txt', () => {
  it('is answered by the edge and names the sitemap at the site origin (no static file left)', async () => {
    expect(existsSync(join(process.cwd(), 'public', 'robots.txt'))).toBe(false);
    const res = await fetch(`${world.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${world.url}/sitemap.xml`);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    // Only addresses that exist: pages are whole documents, with no data address beside them any more.
    expect(text).not.toContain('__data');
  });

  it('a Host header that is not a plain host does not make its way into the answer', async () => {
    const port = Number(new URL(world.url).port);
    const answer = await sendRaw(port, { method: 'GET', target: '/robots.txt', headers: [['Host', 'evil.example@x y']] });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Sitemap: http://localhost/sitemap.xml');
    expect(answer.body).not.toContain('evil');
  });
});

describe('hostile and unknown addresses', () => {
  it('parts of a one-file sitemap, odd part names and other methods are 4xx, never 5xx', async () => {
    for (const path of [
      '/sitemaps/1.xml',
      '/sitemaps/0.xml',
      '/sitemaps/99999999999999999999.xml',
      '/sitemaps/x.xml',
      '/sitemaps/1.xml/..%2F..%2Fetc',
      `/sitemaps/${'9'.repeat(5000)}.xml`,
    ]) {
      const res = await fetch(`${world.url}${path}`);
      expect(res.status, path.slice(0, 60)).toBe(404);
      expect(res.headers.get('content-type') ?? '').toMatch(/^text\/(plain|html)/);
      await res.arrayBuffer();
    }
    const post = await fetch(`${world.url}/sitemap.xml`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${world.url}/sitemap.xml`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});

describe('when the content service is down', () => {
  // Short lifetimes everywhere, so that a minute later nothing is fresh or stale-usable in the API cache.
  const env = {
    PAGE_CACHE_TTL_S: '30',
    CACHE_TTL_S: '5',
    CACHE_SWR_S: '0',
    CACHE_STALE_IF_ERROR_S: '0',
    UPSTREAM_TIMEOUT_MS: '1000',
    LOG_LEVEL: 'silent',
  };

  it('answers the last good sitemap, marked STALE, once its copy is past its lifetime', async () => {
    const edge = await world.startEdge(env, { now });
    const good = await sitemapOf(edge.url);
    expect(good.res.status).toBe(200);
    expect(good.res.headers.get('x-cache')).toBe('MISS');
    world.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    try {
      offsetMs += 60_000;
      const stale = await sitemapOf(edge.url);
      expect(stale.res.status).toBe(200);
      expect(stale.res.headers.get('x-cache')).toBe('STALE');
      expect(Number(stale.res.headers.get('age'))).toBeGreaterThanOrEqual(60);
      expect(stale.text).toBe(good.text);
    } finally {
      world.cms.cms.faults.reset();
    }
  });

  it('without a good copy it is a 503 with Retry-After, not an error page', async () => {
    const edge = await world.startEdge(env, { now });
    world.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    try {
      const res = await fetch(`${edge.url}/sitemap.xml`);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toMatch(/try again/);
      // robots.txt does not need the service.
      expect((await fetch(`${edge.url}/robots.txt`)).status).toBe(200);
    } finally {
      world.cms.cms.faults.reset();
    }
    // Once the service is back, the sitemap is built again.
    const back = await fetch(`${edge.url}/sitemap.xml`);
    expect(back.status).toBe(200);
    await back.arrayBuffer();
  });
});
