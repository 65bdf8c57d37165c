// Hidden channels are unlisted, not private (shared/channels.ts): over a real edge and the reference
// service with the demo content — whose hidden channel is a press kit — plus one list channel the
// service is told to hide after its search index was built (as a deployed service may still index it).
// A hidden channel's pages answer when linked, rendered as on the server (title, breadcrumb, banner)
// and marked `noindex`; it is named in no menu, sitemap, feed or search result; and no page sends a
// hidden channel to the browser except the page's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelChain, type ChannelNode } from '../../shared/channels.ts';
import { dataUrl } from '../../shared/data-protocol.ts';
import { HYDRATION_ELEMENT_ID } from '../../shared/dom-ids.ts';
import type { FrameData } from '../../shared/frame.ts';
import type { SearchHit, SearchResult } from '../../shared/wire.ts';
import { call } from './cms-harness.ts';
import { firstId, getPage, sitemapPaths, textOf } from '../world/requests.ts';
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

/** The frame data a page hydrates from (the root route's loader data in the page's router state). */
function frameOf(html: string): FrameData {
  const json = new RegExp(`<script type="application/json" id="${HYDRATION_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  if (!json) throw new Error('no router state in the page');
  return (JSON.parse(json) as { loaderData: { root: FrameData } }).loaderData.root;
}

/** Every channel number in a tree. */
const numbersIn = (nodes: readonly ChannelNode[]): string[] => nodes.flatMap((n) => [n.no, ...numbersIn(n.children)]);

/** The hidden channels: the demo's press kit on both sites, and the Chinese `Media` list hidden here. */
const HIDDEN = ['PressKit', 'EN_PressKit', 'Media'];

describe("a hidden channel's page, when linked", () => {
  it('answers as on the server (title, breadcrumb, banner), with noindex and only its own chain sent along', async () => {
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
    // The browser gets the chain it renders the same page from, and no other hidden channel.
    const frame = frameOf(page.html);
    expect(channelChain(frame.channels, path).map((n) => [n.name, n.visible])).toEqual([
      ['博物馆概况', true],
      ['媒体资料', false],
    ]);
    expect(numbersIn(frame.channels)).not.toContain('Media');
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
  it('send no hidden channel to the browser, in the document or in the data of a client navigation', async () => {
    const article = `/News/SNews/${await firstId(world.cmsUrl, 'article', 'SNews')}`;
    for (const path of ['/', '/News/SNews', article, '/Survey/Introduction', '/Search?key=%E9%9D%92%E9%93%9C', '/EN_Home']) {
      const page = await getPage(base, path);
      expect(page.status, path).toBe(200);
      const sent = numbersIn(frameOf(page.html).channels);
      expect(sent.length, path).toBeGreaterThan(10);
      expect(
        sent.filter((no) => HIDDEN.includes(no)),
        path,
      ).toEqual([]);
      expect(page.html, path).not.toContain('媒体资料');
      expect(page.html, path).not.toContain('<meta name="robots"');
      const data = await fetch(`${base}${dataUrl(new URL(path, base), 'root')}`, { headers: { accept: 'application/json' } });
      const answer = (await data.json()) as { type: string; data: FrameData };
      expect(answer.type, path).toBe('data');
      expect(
        numbersIn(answer.data.channels).filter((no) => HIDDEN.includes(no)),
        path,
      ).toEqual([]);
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
