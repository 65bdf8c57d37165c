// The pages' structured data and head links over a real edge and the reference service with its demo
// content: one page of each kind, every JSON-LD block parsed, its @type and required properties
// checked, every breadcrumb item fetched (200, no redirect), and every node held to the schema.org
// vocabulary (schema-dts through the TypeScript compiler); canonical, hreflang, og:url and JSON-LD on
// one origin (the request's, or PUBLIC_URL); the share image's alt text; the RSS alternates of lists;
// the reading mode (`care=1`) rendered on <html>, kept by every internal link and cached as a page of
// its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './cms-harness.ts';
import { schemaOrgErrors, type LabelledNode } from '../validators/schema-org.ts';
import { firstId, getPage } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld({ content: 'demo' });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

type Node = Record<string, unknown> & { '@type': string };

/** Every `<script type="application/ld+json">` of a page, parsed (a block that is not JSON fails the test). */
function jsonLd(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Node);
}

function one(nodes: Node[], type: string): Node {
  const found = nodes.filter((n) => n['@type'] === type);
  expect(
    found.map((n) => n['@type']),
    `one ${type} among ${nodes.map((n) => n['@type']).join(', ')}`,
  ).toEqual([type]);
  expect(found[0]!['@context']).toBe('https://schema.org');
  return found[0]!;
}

const OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/;

/** The breadcrumb's items: positions 1…n, absolute URLs on `origin`, each answering 200 itself. */
async function checkCrumbs(nodes: Node[], origin: string, base: string): Promise<Array<{ name: string; item: string }>> {
  const items = one(nodes, 'BreadcrumbList').itemListElement as Array<{ '@type': string; position: number; name: string; item: string }>;
  expect(items.length).toBeGreaterThanOrEqual(2);
  for (const [i, item] of items.entries()) {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(i + 1);
    expect(item.name.trim()).not.toBe('');
    expect(item.item.startsWith(`${origin}/`), item.item).toBe(true);
    const page = await getPage(base, item.item.slice(origin.length));
    expect(page.status, item.item).toBe(200);
  }
  return items;
}

describe('JSON-LD of each kind of page', () => {
  it('home: the Museum (address, hours, logo) and the WebSite with its SearchAction, which answers', async () => {
    const page = await getPage(world.url, '/');
    expect(page.status).toBe(200);
    const nodes = jsonLd(page.html);
    const museum = one(nodes, 'Museum');
    expect(one(nodes, 'Organization')).toMatchObject({ name: '云溪博物馆', location: { '@id': museum['@id'] } });
    expect(museum.name).toBe('云溪博物馆');
    expect(museum.url).toBe(`${world.url}/`);
    expect(museum.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'CN' });
    expect(museum.openingHoursSpecification).toEqual([expect.objectContaining({ opens: '09:00', closes: '17:00' })]);
    const logo = (museum.logo as { url: string }).url;
    expect((await fetch(logo)).status).toBe(200);
    const site = one(nodes, 'WebSite');
    const template = (site.potentialAction as { target: { urlTemplate: string } }).target.urlTemplate;
    const search = await getPage(world.url, template.slice(world.url.length).replace('{search_term_string}', encodeURIComponent('青铜')));
    expect(search.status).toBe(200);
    expect(search.html).toContain('data-screen="search"');
    expect(nodes.some((n) => n['@type'] === 'BreadcrumbList')).toBe(false);
  });

  it('a news article: NewsArticle with headline, +08:00 date, image, publisher, and its breadcrumb', async () => {
    const id = await firstId(world.cmsUrl, 'article', 'SNews');
    const path = `/News/SNews/${id}`;
    const page = await getPage(world.url, path);
    expect(page.status).toBe(200);
    const nodes = jsonLd(page.html);
    const article = one(nodes, 'NewsArticle');
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(page.html)?.[1];
    expect(article.headline).toBe(title);
    expect(article.datePublished).toMatch(OFFSET);
    expect(article.mainEntityOfPage).toBe(`${world.url}${path}`);
    expect(article.publisher).toMatchObject({ '@type': 'Organization', name: '云溪博物馆' });
    expect(article.dateModified).toMatch(OFFSET);
    expect(String(article.dateModified) >= String(article.datePublished)).toBe(true);
    for (const src of article.image as string[]) expect((await fetch(src)).status).toBe(200);
    const crumbs = await checkCrumbs(nodes, world.url, world.url);
    expect(crumbs.at(-1)).toMatchObject({ name: title, item: `${world.url}${path}` });
  });

  it('an activity: Event with name, +08:00 start and end, location, status, attendance mode, organizer', async () => {
    const id = await firstId(world.cmsUrl, 'activity');
    const page = await getPage(world.url, `/Education/Activity/${id}`);
    expect(page.status).toBe(200);
    const nodes = jsonLd(page.html);
    const event = one(nodes, 'Event');
    expect(event.name).toBe(/<h1[^>]*>([^<]+)<\/h1>/.exec(page.html)?.[1]);
    expect(event.startDate).toMatch(OFFSET);
    expect(event.endDate).toMatch(OFFSET);
    expect(String(event.endDate) >= String(event.startDate)).toBe(true);
    expect(event.location).toMatchObject({ '@type': 'Place', address: { '@type': 'PostalAddress' } });
    expect((event.location as { name: string }).name).not.toBe('');
    expect(event.eventStatus).toMatch(/^https:\/\/schema\.org\/Event(Scheduled|Cancelled)$/);
    expect(event.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    expect(event.organizer).toMatchObject({ '@type': 'Organization', name: '云溪博物馆' });
    // The page's own times, as the visitor reads them, are the JSON-LD's in China time.
    const shown = event.startDate as string;
    expect(page.html).toContain(`${shown.slice(0, 10)} ${shown.slice(11, 16)}`);
    await checkCrumbs(nodes, world.url, world.url);
  });

  it('a temporary exhibition: ExhibitionEvent with dates, place and image, and a calendar link', async () => {
    const id = await firstId(world.cmsUrl, 'temp');
    const path = `/Exhibition/TempExh/${id}`;
    const page = await getPage(world.url, path);
    expect(page.status).toBe(200);
    const nodes = jsonLd(page.html);
    const exhibition = one(nodes, 'ExhibitionEvent');
    expect(exhibition.startDate).toMatch(OFFSET);
    expect(exhibition.location).toMatchObject({ '@type': 'Place' });
    expect((exhibition.image as string[]).length).toBeGreaterThan(0);
    await checkCrumbs(nodes, world.url, world.url);
  });

  it('a list: a BreadcrumbList and the RSS alternate of its feed', async () => {
    const page = await getPage(world.url, '/News/SNews?page=2');
    expect(page.status).toBe(200);
    const crumbs = await checkCrumbs(jsonLd(page.html), world.url, world.url);
    expect(crumbs.map((c) => c.item.slice(world.url.length))).toEqual(['/', '/News/SNews', '/News/SNews']);
    expect(page.html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="本馆新闻 - 云溪博物馆" href="${world.url}/feeds/News/SNews.xml">`,
    );
    for (const list of ['/Exhibition/TempExh', '/Education/Activity', '/EN_News/EN_SNews']) {
      const other = await getPage(world.url, list);
      expect(other.html, list).toContain(`type="application/rss+xml"`);
      expect(other.html, list).toContain(`href="${world.url}/feeds${list}.xml"`);
    }
    // Home links the news feed too (with those of its other lists); a page that is no list or home links none.
    expect((await getPage(world.url, '/')).html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="本馆新闻 - 云溪博物馆" href="${world.url}/feeds/News/SNews.xml">`,
    );
    expect((await getPage(world.url, '/Search')).html).not.toContain('application/rss+xml');
  });

  it('the not-found page: no JSON-LD, no canonical', async () => {
    const page = await getPage(world.url, '/News/Nope');
    expect(page.status).toBe(404);
    expect(jsonLd(page.html)).toEqual([]);
    expect(page.html).not.toContain('rel="canonical"');
  });
});

/** The JSON-LD of pages, each node labelled with its page. */
async function nodesOf(paths: readonly string[]): Promise<LabelledNode[]> {
  const out: LabelledNode[] = [];
  for (const path of paths) {
    const page = await getPage(world.url, path);
    expect(page.status, path).toBe(200);
    out.push(...jsonLd(page.html).map((node) => ({ label: path, node })));
  }
  return out;
}

describe('JSON-LD against the schema.org vocabulary', () => {
  it('has no type error on any kind of page, in either language', async () => {
    const c = world.cmsUrl;
    const paths = [
      '/',
      '/EN_Home',
      `/News/SNews/${await firstId(c, 'article', 'SNews')}`,
      `/EN_News/EN_SNews/${await firstId(c, 'article', 'EN_SNews')}`,
      `/Survey/Introduction/${await firstId(c, 'article', 'Introduction')}`,
      `/Education/Activity/${await firstId(c, 'activity')}`,
      `/EN_Education/EN_Activity/${await firstId(c, 'activity', '', 'EN')}`,
      `/Exhibition/TempExh/${await firstId(c, 'temp')}`,
      `/Exhibition/BaseExh/${await firstId(c, 'base')}`,
      `/Collection/PreciousCol/${await firstId(c, 'treasure')}`,
      '/News/SNews',
      '/Search?key=%E9%9D%92%E9%93%9C',
    ];
    const nodes = await nodesOf(paths);
    expect(schemaOrgErrors(nodes)).toEqual([]);
    const types = new Set(nodes.map((n) => (n.node as Node)['@type']));
    expect([...types]).toEqual(
      expect.arrayContaining(['Article', 'BreadcrumbList', 'Event', 'ExhibitionEvent', 'Museum', 'NewsArticle', 'Organization', 'WebSite']),
    );
  });

  it('refuses a Museum (a Place) as the publisher of an article (the check can fail)', async () => {
    const served = (await nodesOf(['/', `/News/SNews/${await firstId(world.cmsUrl, 'article', 'SNews')}`])).map((n) => n.node as Node);
    const museum = one(served, 'Museum');
    const news = one(served, 'NewsArticle');
    const { '@context': _context, ...place } = museum;
    const errors = schemaOrgErrors([{ label: 'museum as publisher', node: { ...news, publisher: place } }]);
    expect(errors.join('\n')).toMatch(/^museum as publisher: [\s\S]*"publisher"[\s\S]*"Museum"/);
  });

  it("says when an edited article last changed: the service's edit time", async () => {
    type Row = { archivesId: string; publishDate: string; updateTime: string | null };
    const { body } = await call<{ records: Row[] }>(world.cmsUrl, 'queryArchivesList', {
      body: { entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 40 } },
    });
    const edited = body.data.records.find((r) => r.updateTime && r.updateTime > r.publishDate);
    expect(edited, 'an article of the demo edited after it went out').toBeDefined();
    const [node] = (await nodesOf([`/News/SNews/${edited!.archivesId}`]))
      .map((n) => n.node as Node)
      .filter((n) => n['@type'] === 'NewsArticle');
    const minute = edited!.updateTime!.slice(0, 16).replace(' ', 'T');
    expect(node!.dateModified).toBe(`${minute}:00+08:00`);
  });
});

describe('the share image', () => {
  it("says what it shows (og:image:alt): the logo on lists, the record's picture on a record", async () => {
    const list = await getPage(world.url, '/News/SNews');
    expect(list.html).toContain(`<meta property="og:image" content="${world.url}/og-image.png">`);
    expect(list.html).toContain('<meta property="og:image:alt" content="云溪博物馆标志">');
    const path = `/News/SNews/${await firstId(world.cmsUrl, 'article', 'SNews')}`;
    const record = await getPage(world.url, path);
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(record.html)?.[1];
    expect(record.html).toMatch(/<meta property="og:image" content="[^"]+\/file\/[^"]+">/);
    expect(record.html).toContain(`<meta property="og:image:alt" content="${title}">`);
  });
});

describe('one origin for every absolute link of the head', () => {
  const absoluteLinks = (html: string): string[] => [
    ...[...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<meta property="og:(?:url|image)" content="([^"]+)"/g)].map((m) => m[1]!),
  ];

  it('uses PUBLIC_URL when it is set, whatever Host the request came with', async () => {
    const { url: base } = await world.startEdge({ PUBLIC_URL: 'https://www.example-museum.cn' });
    const id = await firstId(world.cmsUrl, 'activity');
    for (const path of ['/', '/News/SNews', `/Education/Activity/${id}`]) {
      const page = await getPage(base, path, { host: 'intranet-alias:8080' });
      expect(page.status, path).toBe(200);
      const links = absoluteLinks(page.html);
      expect(links.length, path).toBeGreaterThan(1);
      for (const href of links) expect(href.startsWith('https://www.example-museum.cn/'), `${path}: ${href}`).toBe(true);
      const urls = JSON.stringify(jsonLd(page.html)).match(/https?:\/\/[^"]+/g) ?? [];
      for (const u of urls.filter((x) => !x.startsWith('https://schema.org')))
        expect(u.startsWith('https://www.example-museum.cn/'), `${path}: ${u}`).toBe(true);
    }
  });

  it('uses the request origin otherwise', async () => {
    const page = await getPage(world.url, '/News/SNews');
    for (const href of absoluteLinks(page.html)) expect(href.startsWith(`${world.url}/`), href).toBe(true);
  });
});

describe('reading mode (care=1)', () => {
  it('is rendered by the server on <html>, and every internal link keeps it', async () => {
    const page = await getPage(world.url, '/News/SNews?care=1');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="zh-CN" class="care-mode">');
    const body = page.html.slice(page.html.indexOf('<body>'));
    const links = [...body.matchAll(/<a [^>]*href="(\/[^"/][^"]*|\/)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const pages = links.filter((href) => !href.startsWith('/file/') && !href.startsWith('/calendar/') && !href.startsWith('/feeds/'));
    expect(pages.length).toBeGreaterThan(30);
    // The one link without it is the switch back to the standard page.
    expect(pages.filter((href) => !/[?&]care=1(?:&|#|$)/.test(href))).toEqual(['/News/SNews']);
    expect(body).toMatch(/<a class="care-switch__link"[^>]*href="\/News\/SNews"/);
    // The canonical page is the standard one.
    expect(page.html).toContain(`<link rel="canonical" href="${world.url}/News/SNews">`);
  });

  it('is a page of its own in the page cache: the standard page stays standard', async () => {
    await getPage(world.url, '/News/Media?care=1');
    const care = await getPage(world.url, '/News/Media?care=1');
    expect(care.headers.get('x-cache')).toBe('HIT');
    expect(care.html).toContain('class="care-mode"');
    const plain = await getPage(world.url, '/News/Media');
    expect(plain.html).not.toContain('care-mode');
    expect(plain.html).toMatch(/<a class="care-switch__link"[^>]*href="\/News\/Media\?care=1"/);
    // No cookie is involved, so caches need no Vary: Cookie.
    expect(care.headers.get('set-cookie')).toBeNull();
    expect(care.headers.get('vary') ?? '').not.toMatch(/cookie/i);
  });

  it('survives the redirects of section parents and the search form', async () => {
    const parent = await getPage(world.url, '/News?care=1');
    expect(parent.status).toBe(302);
    expect(parent.location).toBe('/News/SNews?care=1');
    const search = await getPage(world.url, '/Search?key=%E9%9D%92%E9%93%9C&care=1');
    expect(search.html).toContain('class="care-mode"');
    expect(search.html).toMatch(/<input type="hidden" name="care" value="1"\/>/);
  });
});
