// RSS feeds of the list pages (/feeds/<list path>.xml) against the real reference service through the
// edge's real handler on a socket, read with rss-parser as a feed reader would; then the same against
// the independent stand-in service (deployed services' shapes: hex ids, relative file paths, gateways).
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPathFor } from '../../shared/discovery-paths.ts';
import { startWorld, type World } from '../world/world.ts';
import { call } from './cms-harness.ts';
import { IDS, LISTS, OWN_SITE } from './page-fixture.ts';

let offsetMs = 0;
const now = () => Date.now() + offsetMs;
let world: World;

beforeAll(async () => {
  world = await startWorld({ content: 'pages' });
});
afterAll(async () => {
  await world?.close();
});

type Item = Parser.Item & { enclosure?: { url: string; type?: string } };
const parser = new Parser<{ language?: string }, Item>({ customFields: { feed: ['language'] } });

async function feedOf(base: string, listPath: string): Promise<{ res: Response; feed: Parser.Output<Item> & { language?: string } }> {
  const res = await fetch(`${base}${feedPathFor(listPath)}`);
  const text = await res.text();
  expect(res.status, `${listPath}: ${text.slice(0, 200)}`).toBe(200);
  return { res, feed: await parser.parseString(text) };
}

/** Every link is on the site; a spread of them (at most 6, first and last included) answers 200 as a page. */
async function expectPages(base: string, links: readonly string[]): Promise<void> {
  const step = Math.max(1, Math.ceil(links.length / 5));
  const sample = [...new Set([...links.filter((_, i) => i % step === 0), ...links.slice(-1)])];
  const failed: string[] = [];
  for (const link of sample) {
    const res = await fetch(link, { redirect: 'manual', headers: { accept: 'text/html' } });
    await res.arrayBuffer();
    if (res.status !== 200) failed.push(`${res.status} ${link}`);
  }
  expect(failed).toEqual([]);
  expect(links.every((l) => l.startsWith(`${base}/`))).toBe(true);
}

describe('article feeds', () => {
  it('a list feed is RSS 2.0 with the newest records, each with title, absolute link, guid, date and summary', async () => {
    const { res, feed } = await feedOf(world.url, '/News/Notice');
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=[1-9]\d*$/);
    expect(feed.title).toBe('通知公告 - 云溪博物馆');
    expect(feed.link).toBe(`${world.url}/News/Notice`);
    expect(feed.language).toBe('zh-CN');

    const { body } = await call<{ records: Array<{ archivesId: string; title: string; publishDate: string }> }>(
      world.cmsUrl,
      'queryArchivesList',
      {
        body: { entity: { channelNo: 'Notice' }, param: { pageNum: 1, pageSize: 20 } },
      },
    );
    // 23 notices: the feed carries the 20 newest, in the list's order.
    expect(feed.items).toHaveLength(20);
    expect(feed.items.map((i) => i.title)).toEqual(body.data.records.map((r) => r.title));
    const first = feed.items[0]!;
    const record = body.data.records[0]!;
    expect(first.link).toBe(`${world.url}/News/Notice/${record.archivesId}`);
    expect(first.guid).toContain(record.archivesId);
    // China time on the wire (09:00 in Beijing) is 01:00 UTC.
    expect(first.isoDate).toBe(`${record.publishDate.slice(0, 10)}T01:00:00.000Z`);
    expect(first.contentSnippet).toMatch(/^通知公告第\d+篇的正文/);
    // The stand-in picture, absolute, as a JPEG enclosure that loads.
    expect(first.enclosure?.type).toBe('image/jpeg');
    expect(first.enclosure?.url.startsWith(`${world.url}/file/`)).toBe(true);
    expect((await fetch(first.enclosure!.url)).status).toBe(200);
    await expectPages(
      world.url,
      feed.items.map((i) => i.link!),
    );
  });

  it('English lists have their own feeds under the English path', async () => {
    const { feed } = await feedOf(world.url, '/EN_News/EN_Notice');
    expect(feed.language).toBe('en');
    expect(feed.title).toBe('Notices - Yunxi Museum');
    expect(feed.items).toHaveLength(LISTS.enNotice.count);
    expect(feed.items.every((i) => i.link!.startsWith(`${world.url}/EN_News/EN_Notice/`))).toBe(true);
    await expectPages(
      world.url,
      feed.items.map((i) => i.link!),
    );
  });

  it('records whose own link leaves the site link there', async () => {
    const { feed } = await feedOf(world.url, '/Collection/ExcellentCol');
    expect(feed.items.length).toBe(3);
    expect(feed.items.every((i) => i.link!.startsWith('https://collection.example-museum.cn/item/'))).toBe(true);
  });
});

describe('exhibition and activity feeds', () => {
  it('temporary exhibitions: every exhibition, linking to its page (or its own site)', async () => {
    const { feed } = await feedOf(world.url, '/Exhibition/TempExh');
    const titles = feed.items.map((i) => i.title);
    expect(titles).toContain('玉润东方——古代玉器精品展');
    expect(feed.items.find((i) => i.link!.endsWith(IDS.futureJade))?.link).toBe(`${world.url}/Exhibition/TempExh/${IDS.futureJade}`);
    expect(feed.items.find((i) => i.title === '丝绸之路文物精品展')?.link).toBe(OWN_SITE);
    await expectPages(
      world.url,
      feed.items.map((i) => i.link!).filter((l) => l.startsWith(world.url)),
    );
  });

  it('long-term exhibitions and activities in both languages', async () => {
    for (const path of ['/Exhibition/BaseExh', '/EN_Exhibition/EN_BaseExh', '/Education/Activity', '/EN_Education/EN_Activity']) {
      const { feed } = await feedOf(world.url, path);
      expect(feed.items.length, path).toBeGreaterThan(0);
      await expectPages(
        world.url,
        feed.items.map((i) => i.link!),
      );
    }
    const { feed } = await feedOf(world.url, '/Education/Activity');
    // An activity's sign-up link is not its page.
    const lecture = feed.items.find((i) => i.title === '青铜器里的中国');
    expect(lecture?.link).toBe(`${world.url}/Education/Activity/${IDS.farLecture}`);
    expect(lecture?.isoDate).toBe('2099-03-01T06:00:00.000Z');
  });
});

describe('unknown lists and hostile addresses', () => {
  it('answer a plain-text 404, never a 5xx', async () => {
    const paths = [
      '/feeds/News/Nope.xml',
      '/feeds/Nope.xml',
      '/feeds/News.xml',
      '/feeds/Collection/PreciousCol.xml', // a list without dates: no feed
      '/feeds/Service/OpenServies/LeaveWord.xml',
      '/feeds/Survey/Internal.xml', // a hidden channel: its page answers, but it is kept out of sight
      '/feeds/Survey/Internal.xml/../../x.xml',
      '/feeds/News/SNews',
      '/feeds/News/SNews.rss',
      '/feeds/News/%2e%2e/SNews.xml',
      '/feeds/News/SNews/%00.xml',
      `/feeds/News/${IDS.ding}.xml`,
      `/feeds/News/SNews/${'a'.repeat(65)}.xml`,
      `/feeds/${'A/'.repeat(400)}x.xml`,
      '/feeds/EN_News/SNews.xml',
      '/feeds/News/EN_SNews.xml',
    ];
    for (const path of paths) {
      const res = await fetch(`${world.url}${path}`);
      const text = await res.text();
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/plain; charset=utf-8');
      // Words for a person, not the site's HTML not-found page.
      expect(text, path).toMatch(/^There is no feed at this address/);
    }
  });

  it('a page number or any other query is ignored, however large', async () => {
    const res = await fetch(`${world.url}/feeds/News/SNews.xml?page=99999999999999999999&pageSize=-1`);
    expect(res.status).toBe(200);
    expect((await parser.parseString(await res.text())).items.length).toBe(LISTS.snews.count);
  });
});

describe('when the content service is down', () => {
  it('a feed built before is answered from its last good copy; one never built is a 503 with Retry-After', async () => {
    const env = {
      PAGE_CACHE_TTL_S: '30',
      CACHE_TTL_S: '5',
      CACHE_SWR_S: '0',
      CACHE_STALE_IF_ERROR_S: '0',
      UPSTREAM_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'silent',
    };
    const edge = await world.startEdge(env, { now });
    const good = await fetch(`${edge.url}/feeds/News/SNews.xml`);
    const goodText = await good.text();
    expect(good.headers.get('x-cache')).toBe('MISS');
    world.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    try {
      offsetMs += 60_000;
      const stale = await fetch(`${edge.url}/feeds/News/SNews.xml`);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-cache')).toBe('STALE');
      expect(await stale.text()).toBe(goodText);
      const never = await fetch(`${edge.url}/feeds/News/Notice.xml`);
      expect(never.status).toBe(503);
      expect(Number(never.headers.get('retry-after'))).toBeGreaterThan(0);
      await never.arrayBuffer();
    } finally {
      world.cms.cms.faults.reset();
    }
  });
});

describe('against the stand-in service', () => {
  let standin: World;
  let base: string;

  beforeAll(async () => {
    standin = await startWorld({ content: 'standin' });
    base = standin.url;
  });
  afterAll(async () => {
    await standin?.close();
  });

  it('news feeds in both languages link to pages that answer 200', async () => {
    for (const path of ['/News/SNews', '/EN_News/EN_SNews']) {
      const { feed } = await feedOf(base, path);
      expect(feed.items.length, path).toBeGreaterThan(0);
      expect(feed.items.every((i) => /\/[0-9a-f]{32}$/.test(i.link!))).toBe(true);
      await expectPages(
        base,
        feed.items.map((i) => i.link!),
      );
    }
  });

  it('the sitemap lists pages that answer 200', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    const text = await res.text();
    expect(res.status).toBe(200);
    const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(20);
    await expectPages(
      base,
      locs.filter((_, i) => i % 8 === 0),
    );
  });
});
