// Hidden channels are unlisted, not private (shared/channels.ts): over a real edge and the reference
// service with the demo content — whose hidden channel is a press kit — plus one list channel the
// service is told to hide after its search index was built (as a deployed service may still index it).
// A hidden channel's pages answer when linked, rendered as on the server (title, breadcrumb, banner)
// and marked `noindex`; it is named in no menu, sitemap, feed or search result; and no page sends a
// hidden channel to the browser except the page's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '../../shared/wire.ts';
import { call } from './cms-harness.ts';
import { firstId, getPage, linksOf, sitemapPaths, textOf } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

let world: World;
/** An edge started after `Media` was hidden, so nothing it holds predates that. */
let base: string;

beforeAll(async () => {
  world = await startWorld({ content: 'demo' });
  world.cms.cms.db.prepare('UPDATE channels SET isVisible = 0 WHERE channelNo = ?').run('Media');
  ({ url: base } = await world.startEdge());
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/**
 * A page without the words of the article it shows: the body, and the summary of it in the head's
 * descriptions and the article's JSON-LD node.
 */
const withoutArticleWords = (html: string): string =>
  html
    .replace(/<div class="article__body[^"]*">[\s\S]*?<\/div>/, '')
    .replace(/<meta (?:name|property)="(?:og:)?description" content="[^"]*">/g, '')
    .replace(/<script type="application\/ld\+json">\{"@context":"https:\/\/schema\.org","@type":"Article"[\s\S]*?<\/script>/, '');

describe("a hidden channel's page, when linked", () => {
  it('answers with its title, breadcrumb and banner, with noindex, and names no other hidden channel', async () => {
    const id = await firstId(world.cmsUrl, 'article', 'PressKit');
    const path = `/Survey/PressKit/${id}`;
    const page = await getPage(base, path);
    expect(page.status).toBe(200);
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(page.html)?.[1] ?? '';
    expect(title).toMatch(/媒体资料包|标志使用说明|新闻图片使用须知/);
    expect(page.html).toContain(`<title>${title} - 云溪博物馆</title>`);
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    const crumbs = /<nav class="breadcrumb"[\s\S]*?<\/nav>/.exec(page.html)?.[0] ?? '';
    expect(textOf(crumbs).trim().split(/\s+/)).toEqual(['首页', '博物馆概况', '媒体资料', '正文']);
    expect(page.html).toMatch(/<p class="banner__title">博物馆概况<\/p>/);
    // The page carries no channel data of its own (no route state): what it names is its own chain. The
    // article's own words are the editors' (these say 媒体报道, "press coverage", as a phrase): the rest
    // of the page is the edge's.
    expect(page.html).not.toContain('/News/Media');
    expect(linksOf(page.html).filter((link) => link.text === '媒体报道')).toEqual([]);
    expect(withoutArticleWords(page.html)).not.toContain('媒体报道');
    // Out of the menu and the section's tabs all the same.
    const header = /<header[\s\S]*?<\/header>/.exec(page.html)?.[0] ?? '';
    const tabs = /<nav class="channel-tabs[\s\S]*?<\/nav>/.exec(page.html)?.[0] ?? '';
    expect(header).toContain('href="/Survey/Introduction"');
    expect(tabs).toContain('href="/Survey/Introduction"');
    expect(`${header}${tabs}`).not.toContain('PressKit');
  });

  it('a hidden list answers too: its channel name as the heading, noindex, and no feed to link', async () => {
    const page = await getPage(base, '/News/Media');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<h1 class="inner__title">媒体报道<\/h1>/);
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(page.html).not.toContain('application/rss+xml');
    const feed = await fetch(`${base}/feeds/News/Media.xml`);
    expect(feed.status).toBe(404);
    await feed.arrayBuffer();
  });
});

describe('listed pages', () => {
  it('send no hidden channel to the browser', async () => {
    const article = `/News/SNews/${await firstId(world.cmsUrl, 'article', 'SNews')}`;
    for (const path of ['/', '/News/SNews', article, '/Survey/Introduction', '/Search?key=%E9%9D%92%E9%93%9C', '/EN_Home']) {
      const page = await getPage(base, path);
      expect(page.status, path).toBe(200);
      for (const hidden of ['媒体资料', '媒体报道', 'PressKit', '/News/Media'])
        expect(page.html, `${path} ${hidden}`).not.toContain(hidden);
      expect(page.html, path).not.toContain('<meta name="robots"');
    }
  });

  it('name the hidden channels in no menu or tab', async () => {
    const page = await getPage(base, '/News/SNews');
    expect(page.html).toMatch(/<a [^>]*href="\/News\/Notice"/);
    expect(page.html).not.toMatch(/<a [^>]*href="\/News\/Media"/);
    expect(page.html).not.toContain('媒体报道');
  });
});

describe('discovery and search', () => {
  it('the sitemap names no page of a hidden channel', async () => {
    const paths = await sitemapPaths(base);
    expect(paths).toContain('/News/SNews');
    expect(paths.filter((p) => p.startsWith('/News/Media') || p.startsWith('/Survey/PressKit'))).toEqual([]);
  });

  it('search leaves out what the service still finds in a hidden channel', async () => {
    type Row = { archivesId: string; title: string };
    const { body } = await call<{ records: Row[] }>(world.cmsUrl, 'queryArchivesList', {
      body: { entity: { channelNo: 'Media' }, param: { pageNum: 1, pageSize: 1 } },
    });
    const hidden = body.data.records[0]!;
    // The service's own search still answers with it (its index predates the change, as deployed ones may)...
    const found = await call<SearchResult<SearchHit>>(world.cmsUrl, 'querySearchList', {
      body: { entity: { title: hidden.title, channelNo: 'CN' }, param: { pageSize: 10, pageNum: 1 } },
    });
    expect(found.body.data.records.map((h) => h.id)).toContain(hidden.archivesId);
    // ... and the results page does not show it.
    const page = await getPage(base, `/Search?key=${encodeURIComponent(hidden.title)}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(hidden.archivesId);
    expect(page.html).not.toContain('[媒体报道]');
  });
});
