// JSON-LD of the pages (shared/structured-data.ts) as the document writes it (server/pages/document.ts),
// the head's RSS alternates and reading-mode flag (shared/head.ts), and the reading mode's links
// (shared/site.ts). The escaping test parses the written head with an HTML tokenizer: a hostile title
// must stay inside its JSON and no script element may appear that the page did not write.
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { buildChannelTree } from '../../shared/channels.ts';
import { pageHead, type HeadInput, type PageMeta } from '../../shared/head.ts';
import { t } from '../../shared/i18n.ts';
import { ROUTE_BY_ID } from '../../shared/route-table.ts';
import { isCare, siteModeOf, withCare, withSiteQuery } from '../../shared/site.ts';
import { chinaIso } from '../../shared/china-time.ts';
import type { JsonLdNode } from '../../shared/structured-data.ts';
import { documentHead, serverHead } from '../../server/pages/document.ts';
import { EN_TREE, ZH_TREE, channel } from './fixtures/page-engine-fixture.ts';

const ORIGIN = 'https://museum.example';
const channels = buildChannelTree(ZH_TREE);

function input(path: string, routeId: string, meta?: PageMeta, extra: Partial<HeadInput> = {}): HeadInput {
  const def = ROUTE_BY_ID.get(routeId);
  if (!def) throw new Error(`no route ${routeId}`);
  return { lang: 'zh', url: new URL(path, ORIGIN), origin: ORIGIN, def, channels, meta, state: 'ok', ...extra };
}

const nodes = (i: HeadInput): JsonLdNode[] => serverHead(i).jsonLd ?? [];
const ofType = (list: JsonLdNode[], type: string): JsonLdNode => {
  const found = list.find((n) => n['@type'] === type);
  if (!found) throw new Error(`no ${type} in ${JSON.stringify(list.map((n) => n['@type']))}`);
  return found;
};

/** Every <script> of an HTML fragment as the HTML tokenizer sees it: its type and its text. */
function scripts(html: string): Array<{ type: string; text: string }> {
  const found: Array<{ type: string; text: string }> = [];
  let current: { type: string; text: string } | null = null;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'script') current = { type: attrs.type ?? '', text: '' };
    },
    ontext(text) {
      if (current) current.text += text;
    },
    onclosetag(name) {
      if (name === 'script' && current) {
        found.push(current);
        current = null;
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const ASSETS = { css: '/build/app.css', entry: '/build/entry.js' } as never;

describe('times', () => {
  it('are ISO 8601 in China time with +08:00', () => {
    expect(chinaIso('2025-05-01 09:30:00')).toBe('2025-05-01T09:30:00+08:00');
    expect(chinaIso('2025-5-1 9:05')).toBe('2025-05-01T09:05:00+08:00');
    expect(chinaIso('2025-05-01')).toBe('2025-05-01T00:00:00+08:00');
    expect(chinaIso('')).toBe('');
    expect(chinaIso(null)).toBe('');
    expect(chinaIso('soon')).toBe('');
  });
});

describe('home', () => {
  const list = nodes(input('/', 'zh:index'));

  it('describes the museum with the address and opening hours the footer shows', () => {
    const museum = ofType(list, 'Museum');
    expect(museum.name).toBe('云溪博物馆');
    expect(museum.url).toBe(`${ORIGIN}/`);
    expect(museum.logo).toEqual({ '@type': 'ImageObject', url: `${ORIGIN}/apple-touch-icon.png` });
    const address = museum.address as Record<string, string>;
    expect(address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'CN', addressLocality: '北京市' });
    // The same facts as the footer's words, in both languages.
    const footerZh = t('zh', 'footer.address').replace(/\s+/g, '');
    expect(footerZh).toContain(address.streetAddress!.replace(/\s+/g, ''));
    const en = ofType(nodes(input('/EN_Home', 'en:Home', undefined, { lang: 'en', channels: [] })), 'Museum');
    expect(t('en', 'footer.address')).toContain((en.address as Record<string, string>).streetAddress);
    const hours = (museum.openingHoursSpecification as Array<Record<string, unknown>>)[0]!;
    expect(hours).toMatchObject({ opens: '09:00', closes: '17:00' });
    expect(hours.dayOfWeek).not.toContain('Monday');
    expect(t('zh', 'footer.hours')).toContain('周二至周日 9:00–17:00');
    // No profile URLs are known (the footer has QR codes only): no empty sameAs.
    expect(museum).not.toHaveProperty('sameAs');
  });

  it('names the institution apart from its building: an Organization at the Museum, publisher of the site', () => {
    const museum = ofType(list, 'Museum');
    const organization = ofType(list, 'Organization');
    expect(organization).toMatchObject({
      '@id': `${ORIGIN}/#organization`,
      name: '云溪博物馆',
      url: `${ORIGIN}/`,
      location: { '@id': museum['@id'] },
    });
    expect(organization).not.toHaveProperty('sameAs');
    expect(ofType(list, 'WebSite').publisher).toEqual({ '@id': organization['@id'] });
  });

  it('offers the site search as a SearchAction on the search page', () => {
    const site = ofType(list, 'WebSite');
    const action = site.potentialAction as { target: { urlTemplate: string }; 'query-input': string };
    expect(action.target.urlTemplate).toBe(`${ORIGIN}/Search?key={search_term_string}`);
    expect(action['query-input']).toBe('required name=search_term_string');
    expect(list.find((n) => n['@type'] === 'BreadcrumbList')).toBeUndefined();
  });

  it('speaks English on the English home', () => {
    const en = nodes(input('/EN_Home', 'en:Home', undefined, { lang: 'en', channels: [] }));
    expect(ofType(en, 'Museum').name).toBe('Yunxi Museum');
    expect((ofType(en, 'WebSite').potentialAction as { target: { urlTemplate: string } }).target.urlTemplate).toBe(
      `${ORIGIN}/EN_Search?key={search_term_string}`,
    );
  });
});

describe('record pages', () => {
  it('make an activity an Event with +08:00 times, a place, a status and the museum as organizer', () => {
    const meta: PageMeta = {
      title: '古琴雅集',
      image: '/file/act/1.jpg',
      entity: {
        kind: 'event',
        type: 'Event',
        name: '古琴雅集',
        start: '2027-02-05 14:30:00',
        end: '2027-02-05 16:30:00',
        place: '园林广场',
        cancelled: false,
      },
    };
    const event = ofType(nodes(input('/News/SNews/abc123', 'zh:News/:sec/:id', meta)), 'Event');
    expect(event).toMatchObject({
      name: '古琴雅集',
      startDate: '2027-02-05T14:30:00+08:00',
      endDate: '2027-02-05T16:30:00+08:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      image: [`${ORIGIN}/file/act/1.jpg`],
      url: `${ORIGIN}/News/SNews/abc123`,
    });
    expect(event.location).toMatchObject({ '@type': 'Place', name: '园林广场', address: { '@type': 'PostalAddress' } });
    // A Museum is a Place; the organizer is the institution (an Organization), as on home.
    expect(event.organizer).toMatchObject({
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      name: '云溪博物馆',
      url: `${ORIGIN}/`,
    });
  });

  it('says when an event is called off, and falls back to the museum as the place', () => {
    const meta: PageMeta = {
      entity: { kind: 'event', type: 'ExhibitionEvent', name: 'x', start: '2027-01-01', end: '', place: '', cancelled: true },
    };
    const event = ofType(nodes(input('/News/SNews/abc123', 'zh:News/:sec/:id', meta)), 'ExhibitionEvent');
    expect(event.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(event).not.toHaveProperty('endDate');
    expect((event.location as { name: string }).name).toBe('云溪博物馆');
  });

  it('make news a NewsArticle and other articles an Article, with publisher and date', () => {
    const news = ofType(
      nodes(
        input('/News/SNews/abc123', 'zh:News/:sec/:id', {
          title: '新展开幕',
          image: 'https://cdn.example/a.jpg',
          entity: { kind: 'article', headline: '新展开幕', published: '2026-10-11 10:50:00', news: true },
        }),
      ),
      'NewsArticle',
    );
    expect(news).toMatchObject({
      headline: '新展开幕',
      datePublished: '2026-10-11T10:50:00+08:00',
      image: ['https://cdn.example/a.jpg'],
      mainEntityOfPage: `${ORIGIN}/News/SNews/abc123`,
    });
    expect(news.publisher).toMatchObject({
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      logo: { url: `${ORIGIN}/apple-touch-icon.png` },
    });
    expect(news.author).toEqual(news.publisher);
    // Never edited: modified when it was published.
    expect(news.dateModified).toBe('2026-10-11T10:50:00+08:00');
    const article = ofType(
      nodes(
        input('/Survey/Introduction/abc123', 'zh:Survey/:sec/:id', {
          entity: { kind: 'article', headline: '本馆简介', published: '2020-01-01', news: false, source: '新华社' },
        }),
      ),
      'Article',
    );
    expect(article.author).toEqual({ '@type': 'Organization', name: '新华社' });
    expect(article).not.toHaveProperty('image');
  });

  it('say when an article last changed: its edit time, never before it was published', () => {
    const modified = (published: string, edited?: string): unknown =>
      ofType(
        nodes(
          input('/News/SNews/abc123', 'zh:News/:sec/:id', {
            entity: { kind: 'article', headline: 'x', published, modified: edited, news: true },
          }),
        ),
        'NewsArticle',
      ).dateModified;
    expect(modified('2026-10-11 10:50:00', '2026-11-02 08:05:00')).toBe('2026-11-02T08:05:00+08:00');
    // Edited as a draft before it went out: it last changed when it was published.
    expect(modified('2026-10-11 10:50:00', '2026-10-01 09:00:00')).toBe('2026-10-11T10:50:00+08:00');
    expect(modified('2026-10-11 10:50:00', '')).toBe('2026-10-11T10:50:00+08:00');
    expect(modified('', '2026-11-02 08:05:00')).toBe('2026-11-02T08:05:00+08:00');
    expect(modified('', '')).toBeUndefined();
  });
});

describe('breadcrumbs', () => {
  it('run from home through the channels to the record, every item an absolute URL where the page lands', () => {
    const list = nodes(input('/News/SNews/abc123?care=1', 'zh:News/:sec/:id', { title: '新展开幕' }));
    const crumbs = ofType(list, 'BreadcrumbList').itemListElement as Array<{ position: number; name: string; item: string }>;
    expect(crumbs).toEqual([
      { '@type': 'ListItem', position: 1, name: '首页', item: `${ORIGIN}/` },
      // `/News` only redirects: the crumb names the page it lands on.
      { '@type': 'ListItem', position: 2, name: '新闻资讯', item: `${ORIGIN}/News/SNews` },
      { '@type': 'ListItem', position: 3, name: '本馆新闻', item: `${ORIGIN}/News/SNews` },
      // The record's own crumb is its canonical address (no reading-mode parameter).
      { '@type': 'ListItem', position: 4, name: '新展开幕', item: `${ORIGIN}/News/SNews/abc123` },
    ]);
  });

  it('exist on lists and the search page, not on home or error pages', () => {
    expect(ofType(nodes(input('/News/SNews', 'zh:News/SNews')), 'BreadcrumbList').itemListElement).toHaveLength(3);
    const search = ofType(nodes(input('/Search?key=青铜', 'zh:Search')), 'BreadcrumbList').itemListElement as Array<{ item: string }>;
    expect(search.at(-1)!.item).toBe(`${ORIGIN}/Search?key=${encodeURIComponent('青铜')}`);
    expect(nodes(input('/News/SNews', 'zh:News/SNews', undefined, { state: 'notFound' }))).toEqual([]);
    expect(nodes(input('/News/SNews', 'zh:News/SNews', undefined, { state: 'error' }))).toEqual([]);
  });

  it('follow redirect rows to where they land', () => {
    const list = nodes(input('/Service/OpenServies/OpenTime', 'zh:Service/OpenServies/:sec'));
    const crumbs = ofType(list, 'BreadcrumbList').itemListElement as Array<{ name: string; item: string }>;
    // `/Service` and `/Service/OpenServies` only redirect, both to the opening hours.
    expect(crumbs.map((c) => [c.name, c.item])).toEqual([
      ['首页', `${ORIGIN}/`],
      ['参观服务', `${ORIGIN}/Service/OpenServies/OpenTime`],
      ['开放服务', `${ORIGIN}/Service/OpenServies/OpenTime`],
      ['开放时间', `${ORIGIN}/Service/OpenServies/OpenTime`],
    ]);
  });
});

describe('escaping in the document', () => {
  const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029 & "quotes"';

  it('keeps a hostile title inside its JSON: the HTML has exactly the blocks it wrote, each parsing back to the title', () => {
    const meta: PageMeta = {
      title: hostile,
      description: hostile,
      entity: { kind: 'article', headline: hostile, published: '2026-01-01', news: true },
    };
    const html = documentHead(serverHead(input('/News/SNews/abc123', 'zh:News/:sec/:id', meta)), ASSETS);
    const found = scripts(html);
    expect(found.map((s) => s.type)).toEqual(['application/ld+json', 'application/ld+json']);
    const [article, crumbs] = found.map((s) => JSON.parse(s.text) as JsonLdNode);
    expect(article!.headline).toBe(hostile.slice(0, 110));
    expect(article!.description).toBe(hostile.replace(/\s+/g, ' ').trim());
    expect((crumbs!.itemListElement as Array<{ name: string }>).at(-1)!.name).toBe(hostile.replace(/\s+/g, ' ').trim());
    // Nothing that could end the element or open a comment, and no raw line separators.
    for (const s of found) expect(s.text).not.toMatch(/<|>|\u2028|\u2029/);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('writes JSON-LD without a nonce or any executable script', () => {
    const html = documentHead(serverHead(input('/', 'zh:index')), ASSETS);
    expect(scripts(html).every((s) => s.type === 'application/ld+json')).toBe(true);
    expect(html).not.toMatch(/nonce=/);
  });
});

describe('head', () => {
  it('links the RSS feed of article, exhibition and activity lists, and home the main ones', () => {
    expect(pageHead(input('/News/SNews?page=2', 'zh:News/SNews')).feeds).toEqual([
      { title: '本馆新闻 - 云溪博物馆', href: `${ORIGIN}/feeds/News/SNews.xml` },
    ]);
    expect(pageHead(input('/Exhibition/BaseExh', 'zh:Exhibition/BaseExh')).feeds[0]!.href).toBe(`${ORIGIN}/feeds/Exhibition/BaseExh.xml`);
    expect(pageHead(input('/News/SNews/abc123', 'zh:News/:sec/:id')).feeds).toEqual([]);
    // The tree has no temporary exhibitions or activities: home links the news alone.
    expect(pageHead(input('/', 'zh:index')).feeds).toEqual([{ title: '本馆新闻 - 云溪博物馆', href: `${ORIGIN}/feeds/News/SNews.xml` }]);
    expect(pageHead(input('/News/SNews', 'zh:News/SNews', undefined, { state: 'error' })).feeds).toEqual([]);
    const html = documentHead(serverHead(input('/News/SNews', 'zh:News/SNews')), ASSETS);
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="本馆新闻 - 云溪博物馆" href="${ORIGIN}/feeds/News/SNews.xml">`,
    );
    expect(html).toContain('<meta name="applicable-device" content="pc,mobile">');
  });

  it('links from home the feeds of its language, and none of a hidden or missing list', () => {
    const en = input('/EN_Home', 'en:Home', undefined, { lang: 'en', channels: buildChannelTree(EN_TREE) });
    expect(pageHead(en).feeds).toEqual([{ title: 'Museum News - Yunxi Museum', href: `${ORIGIN}/feeds/EN_News/EN_SNews.xml` }]);
    const hiddenNews = buildChannelTree([
      channel('News', '新闻资讯', [channel('SNews', '本馆新闻', [], { isVisible: false })]),
      channel('Education', '社会教育', [channel('Activity', '社教活动')]),
    ]);
    expect(pageHead(input('/', 'zh:index', undefined, { channels: hiddenNews })).feeds).toEqual([
      { title: '社教活动 - 云溪博物馆', href: `${ORIGIN}/feeds/Education/Activity.xml` },
    ]);
    expect(pageHead(input('/', 'zh:index', undefined, { channels: [] })).feeds).toEqual([]);
  });

  it('renders the reading mode on <html> and keeps it out of canonical and hreflang', () => {
    const head = pageHead(input('/News/SNews?care=1&page=2', 'zh:News/SNews'));
    expect(head.care).toBe(true);
    expect(head.canonical).toBe(`${ORIGIN}/News/SNews?page=2`);
    expect(head.alternates.every((a) => a.href.startsWith(`${ORIGIN}/`) && !a.href.includes('care'))).toBe(true);
    expect(documentHead(serverHead(input('/News/SNews?care=1', 'zh:News/SNews')), ASSETS)).toContain(
      '<html lang="zh-CN" class="care-mode">',
    );
    expect(documentHead(serverHead(input('/News/SNews', 'zh:News/SNews')), ASSETS)).toContain('<html lang="zh-CN">');
  });
});

describe('reading-mode links', () => {
  const u = (s: string) => new URL(s, ORIGIN);

  it('is care=1 in the address, and every site link keeps it beside platform=wx', () => {
    expect(isCare(u('/?care=1'))).toBe(true);
    expect(isCare(u('/?care=0'))).toBe(false);
    expect(siteModeOf(u('/?care=1&platform=wx'))).toEqual({ wx: true, care: true });
    expect(withSiteQuery('/News/SNews', { wx: false, care: true })).toBe('/News/SNews?care=1');
    expect(withSiteQuery('/News/SNews?page=2#list', { wx: true, care: true })).toBe('/News/SNews?page=2&platform=wx&care=1#list');
    expect(withSiteQuery('https://vr.example/', { wx: false, care: true })).toBe('https://vr.example/');
    expect(withSiteQuery('//evil.example/', { wx: false, care: true })).toBe('//evil.example/');
  });

  it('switches on and off with every other parameter kept', () => {
    expect(withCare('/News/SNews?page=2', true)).toBe('/News/SNews?page=2&care=1');
    expect(withCare('/News/SNews?care=1&page=2', false)).toBe('/News/SNews?page=2');
    expect(withCare('/?care=1', false)).toBe('/');
    expect(withCare('/Search?key=%E9%9D%92', true)).toBe('/Search?key=%E9%9D%92&care=1');
  });
});
