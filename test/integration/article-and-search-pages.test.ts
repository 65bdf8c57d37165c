// Article and search pages through the edge's real handler (the reference service over sockets): every
// article list layout with its records and pager, `?page=` paging, the article detail, likes without
// JavaScript, unknown ids, and the search page.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTS } from './page-fixture.ts';
import { articleId, attrsOf, fileHref, galleryPictures, linksOf, re, thumbHref, waterHref } from '../world/requests.ts';
import { visitPath } from '../../shared/links.ts';
import { NO_PAGE_CACHE, startWorld, type World } from '../world/world.ts';
import { FIXTURE_FILES } from './cms-fixture.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld({ content: 'pages', env: NO_PAGE_CACHE });
});
afterAll(async () => {
  await world?.close();
});

const get = (path: string) => request(world.url).get(path).redirects(0);
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const text = (html: string) => decode(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ');
/** The list section of a page. */
const listOf = (html: string) => /<section id="list"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
/** Record titles of a list, in order, whatever the layout. */
const titles = (html: string) =>
  [...listOf(html).matchAll(/class="(?:text-list__title|media-list__title|card__title)">([^<]+)</g)].map((m) => decode(m[1]!));
const LAYOUT_CLASS: Record<string, string> = {
  text: 'text-list',
  common: 'media-list',
  images: 'cards cards--images',
  wc: 'cards cards--wc',
  book: 'cards cards--book',
  exhibition: 'cards cards--exhibition',
};

describe('lists of every layout', () => {
  for (const [name, list] of Object.entries(LISTS)) {
    it(`${name}: ${list.layout} layout, ${list.pageSize} a page, pager, page 2 differs`, async () => {
      const pages = Math.ceil(list.count / list.pageSize);
      const first = await get(list.path);
      expect(first.status).toBe(200);
      expect(listOf(first.text)).toContain(`class="${LAYOUT_CLASS[list.layout]}"`);
      const one = titles(first.text);
      expect(one).toHaveLength(list.pageSize);
      if (list.prefix) expect(one[0]).toBe(`${list.prefix}第${list.count}篇`);
      expect(text(first.text)).toMatch(new RegExp(`${list.path.startsWith('/EN_') ? 'Total pages' : '总页数'} ${pages}\\b`));
      expect(first.text).toContain(`href="${list.path}?page=2#list"`);

      const second = await get(`${list.path}?page=2`);
      expect(second.status).toBe(200);
      const two = titles(second.text);
      expect(two.length).toBeGreaterThan(0);
      expect(two.some((t) => one.includes(t))).toBe(false);
      expect(second.text).toMatch(/aria-current="page" title="(?:第2页|Page 2)">2</);
    });
  }

  it('shows the last page with what is left', async () => {
    const res = await get(`${LISTS.notice.path}?page=3`);
    expect(titles(res.text)).toEqual(['通知公告第3篇', '通知公告第2篇', '通知公告第1篇']);
  });

  it('redirects a page past the end to the last page, and nonsense to page 1', async () => {
    const past = await get(`${LISTS.notice.path}?page=99`);
    expect(past.status).toBe(302);
    expect(past.headers.location).toBe(`${LISTS.notice.path}?page=3`);
    const junk = await get(`${LISTS.notice.path}?page=abc`);
    expect(junk.status).toBe(302);
    expect(junk.headers.location).toBe(`${LISTS.notice.path}?page=1`);
    expect(titles((await get(junk.headers.location!)).text)[0]).toBe('通知公告第23篇');
  });

  it('links records to the channel path plus their id, dated YYYY-MM-DD', async () => {
    const res = await get(LISTS.notice.path);
    expect(res.text).toMatch(
      new RegExp(
        `<a class="text-list__link" href="/News/Notice/${articleId(1000)}"[^>]*><span class="text-list__title">通知公告第23篇</span><time class="text-list__date" dateTime="2025-06-28">2025-06-28</time>`,
      ),
    );
  });

  it('shows card pictures from the 300 px thumbnail with a fixed ratio', async () => {
    const res = await get(LISTS.read.path);
    expect(listOf(res.text)).toMatch(
      new RegExp(
        `<div class="card__picture ratio ratio--3x4"><img src="${re(thumbHref(FIXTURE_FILES.image))}"[^>]*width="300" height="400"`,
      ),
    );
  });

  it('links ExcellentCol records to their own external pages in a new tab', async () => {
    const res = await get('/Collection/ExcellentCol');
    expect(res.status).toBe(200);
    expect(listOf(res.text)).toContain('href="https://collection.example-museum.cn/item/1900" target="_blank" rel="noopener"');
    expect(listOf(res.text)).not.toMatch(/href="\/Collection\/ExcellentCol\/[^"]+"/);
  });

  it('hides the pager at one page and says so in words when a channel has no records', async () => {
    const one = await get('/News/Media');
    expect(titles(one.text)).toEqual(['媒体聚焦博物馆夜场']);
    expect(listOf(one.text)).not.toContain('class="pager"');
    const empty = await get('/Survey/Honor');
    expect(empty.status).toBe(200);
    expect(titles(empty.text)).toEqual([]);
    expect(text(listOf(empty.text))).toContain('暂无内容');
    expect(listOf(empty.text)).not.toContain('class="pager"');
  });

  it('speaks English on the English site', async () => {
    const res = await get(LISTS.enNotice.path);
    expect(res.status).toBe(200);
    for (const label of ['First page', 'Previous', 'Next', 'Last page', 'Total pages', 'Go'])
      expect(text(listOf(res.text))).toContain(label);
    expect(text(listOf(res.text))).not.toMatch(/[首末]页|上一页|下一页/);
  });
});

describe('article detail', () => {
  it('shows title, date, visit count and the sanitized body', async () => {
    const res = await get(`/News/SNews/${articleId(2)}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1 class="article__title">瓷器专题讲座举行</h1>');
    expect(text(res.text)).toMatch(/发布时间 2024-04-01 浏览量 \d+/);
    expect(res.text).toContain('<p>本次讲座介绍宋代瓷器的烧造工艺与审美。</p>');
    expect(res.text).toMatch(/<title>瓷器专题讲座举行[^<]*<\/title>/);
  });

  it('adds 500 visits for articles published on or before 2024-03-01', async () => {
    const res = await get(`/News/SNews/${articleId(3)}`);
    const visits = Number(/浏览量<\/dt><dd>(\d+)<\/dd>/.exec(res.text)?.[1]);
    expect(visits).toBeGreaterThanOrEqual(501);
    expect(visits).toBeLessThan(510);
    const recent = await get(`/News/SNews/${articleId(2)}`);
    expect(Number(/浏览量<\/dt><dd>(\d+)<\/dd>/.exec(recent.text)?.[1])).toBeLessThan(10);
  });

  it('shows the gallery and the PDF of the first attachment', async () => {
    const res = await get(`/News/SNews/${articleId(1)}`);
    // The thumbnail opens the large picture in the page's own viewer.
    expect(galleryPictures(res.text)).toEqual([{ thumb: thumbHref(FIXTURE_FILES.image), picture: fileHref(FIXTURE_FILES.image) }]);
    expect(res.text).toContain(`<iframe class="pdf-viewer__frame" src="${fileHref(FIXTURE_FILES.pdf)}"`);
    // The download keeps the name the file was uploaded with, not the store's hash name.
    expect(res.text).toContain(`href="${fileHref(FIXTURE_FILES.pdf)}" download="修复报告.pdf"`);
  });

  it('answers 404 with the not-found page for unknown, foreign and malformed ids', async () => {
    // Unknown, of another channel, well-formed but never issued, and no id at all.
    for (const path of [`/News/SNews/${articleId(99999)}`, `/News/SNews/${articleId(1000)}`, '/News/SNews/abc', '/News/SNews/a.b~c']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('很抱歉，无法打开您要找的页面！');
    }
    const english = await get(`/EN_News/EN_SNews/${articleId(1)}`);
    expect(english.status).toBe(404);
    expect(english.text).toContain('Sorry, the page you are looking for cannot be opened!');
  });

  it('likes and unlikes with a plain form post (no JavaScript): post/redirect/get, 303', async () => {
    const id = articleId(2);
    const path = `/News/SNews/${id}`;
    const page = (await get(path)).text;
    const before = Number(/(\d+) 人点赞/.exec(page)?.[1]);
    expect(Number.isInteger(before)).toBe(true);
    // A plain form posted to the article itself, back at the button: it carries the id and what a press does.
    const form = /<form\b[^>]*\bid="like"[^>]*>[\s\S]*?<\/form>/.exec(page)?.[0] ?? '';
    expect(attrsOf(/^<form\b[^>]*>/.exec(form)?.[0] ?? '<form>')).toEqual({ method: 'post', action: '#like', class: 'like', id: 'like' });
    expect(form).toContain(`<input type="hidden" name="id" value="${id}"/>`);
    expect(form).toContain('<input type="hidden" name="intent" value="like"/>');
    expect(form).toContain('aria-pressed="false"');
    const liked = await request(world.url).post(path).type('form').send({ intent: 'like', id });
    // A 200 here let reload and Back post the like again (and repeated unlikes drove a count down).
    expect(liked.status).toBe(303);
    expect(liked.headers.location).toBe(`${path}?liked=1#like`);
    const after = await get(`${path}?liked=1`);
    expect(after.status).toBe(200);
    expect(text(after.text)).toContain(`${before + 1} 人点赞`);
    expect(after.text).toContain('<input type="hidden" name="intent" value="unlike"/>');
    expect(after.text).toContain('aria-pressed="true"');

    const unliked = await request(world.url).post(`${path}?liked=1`).type('form').send({ intent: 'unlike', id });
    expect(unliked.status).toBe(303);
    expect(unliked.headers.location).toBe(`${path}?unliked=1#like`);
    const back = await get(`${path}?unliked=1`);
    expect(text(back.text)).toContain(`${before} 人点赞`);
    expect(back.text).toContain('<input type="hidden" name="intent" value="like"/>');
  });

  it('brings the article back with a word of why when a like is refused, as it still is', async () => {
    // One write a minute: the second press is past this visitor's budget, and the edge sends nothing on.
    const limited = await world.startEdge({ RATE_LIMIT_WRITES: '1' });
    const id = articleId(3);
    const path = `/News/SNews/${id}`;
    const press = (intent: string) => request(limited.url).post(`${path}?liked=1`).type('form').send({ intent, id });
    expect((await press('like')).status).toBe(303);
    const unlikes = world.cms.cms.calls.count('cancelStarByActId');
    const refused = await press('unlike');
    expect(refused.status).toBe(200);
    expect(world.cms.cms.calls.count('cancelStarByActId')).toBe(unlikes);
    expect(refused.text).toContain('<h1 class="article__title">');
    const form = /<form\b[^>]*\bid="like"[^>]*>[\s\S]*?<\/form>/.exec(refused.text)?.[0] ?? '';
    expect(form).toContain('<span class="like__error" role="alert">操作未成功，请稍后再试</span>');
    // Still liked: a press of the button takes the like back.
    expect(form).toContain('<input type="hidden" name="intent" value="unlike"/>');
    expect(form).toContain('aria-pressed="true"');
    expect((await request(world.url).post(path).type('form').send({ intent: 'unlike', id })).status).toBe(303);
  });

  it('keeps no page made for one visitor’s like in the page cache', async () => {
    const cached = await world.startEdge({ PAGE_CACHE_TTL_S: '60' });
    const path = `/News/SNews/${articleId(4)}?liked=1`;
    await request(cached.url).get(path);
    const again = await request(cached.url).get(path);
    expect(again.headers['x-cache']).toBe('MISS');
  });

  it('refuses a like of an unknown article with 404', async () => {
    const id = articleId(99999);
    const res = await request(world.url).post(`/News/SNews/${id}`).type('form').send({ intent: 'like', id, likes: '0' });
    expect(res.status).toBe(404);
  });
});

describe('a page parameter that is not a page number', () => {
  // Every kind of list loader: articles, exhibitions, collections, activities, messages, questionnaires, search.
  const LIST_PATHS = [
    '/News/SNews',
    '/Exhibition/TempExh',
    '/Collection/PreciousCol',
    '/Education/Activity',
    '/Service/OpenServies/LeaveWord',
    '/Service/Questionnaire',
    '/EN_News/EN_SNews',
  ];

  it.each(LIST_PATHS)('%s: 0, -1, 2.5, abc and empty redirect to the page shown', async (path) => {
    for (const bad of ['0', '-1', '2.5', 'abc', '']) {
      const res = await get(`${path}?page=${bad}`);
      expect(res.status, `${path}?page=${bad}`).toBe(302);
      expect(res.headers.location).toBe(`${path}?page=1`);
    }
    expect((await get(`${path}?page=1`)).status).toBe(200);
  });

  it('keeps the other parameters, and corrects the search page too', async () => {
    const res = await get('/Search?key=%E9%9D%92%E9%93%9C&page=2.5&platform=wx');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/Search?key=%E9%9D%92%E9%93%9C&page=1&platform=wx');
    const padded = await get('/News/SNews?page=02');
    expect(padded.headers.location).toBe('/News/SNews?page=2');
  });
});

describe('English entry links', () => {
  it('keeps a bare marker bare through redirects', async () => {
    const res = await get('/EN_Exhibition?phoneen');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/EN_Exhibition/EN_BaseExh?phoneen');
    expect((await get('/Home?phoneen')).headers.location).toBe('/EN_Home?phoneen');
  });

  it('shows the English page of a path that names the English site as a segment', async () => {
    const res = await get('/News/SNews/enxh');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/EN_News/EN_SNews');
    expect((await get(res.headers.location!)).status).toBe(200);
    expect((await get('/enxh')).headers.location).toBe('/EN_Home');
    expect((await get('/Survey/phoneen?platform=wx')).headers.location).toBe('/EN_Survey?platform=wx');
  });
});

describe('search page', () => {
  // One title a hit (before the script knows the width, a hit holds a new-tab and a same-tab link).
  const hitTitles = (html: string) =>
    [...html.matchAll(/<li class="hit">[\s\S]*?<h2 class="hit__title">([\s\S]*?)<\/h2>/g)].map((m) => text(m[1]!).trim());

  it('finds a Chinese keyword and highlights it as text', async () => {
    const res = await get(`/Search?key=${encodeURIComponent('青铜')}`);
    expect(res.status).toBe(200);
    expect(text(res.text)).toMatch(/共找到 \d+ 条相关内容/);
    expect(hitTitles(res.text)).toContain('[本馆新闻] 青铜 器修复成果展开幕');
    expect(res.text).toContain('<mark class="highlight">青铜</mark>器修复成果展开幕');
    expect(res.text).toContain(`href="/News/SNews/${articleId(1)}"`);
    expect(res.text).toMatch(/<input[^>]*name="key"[^>]*value="青铜"/);
    expect(res.text).toContain('placeholder="关键词"');
  });

  it('opens a hit in a new tab on desktop widths before any script runs, in the same tab below', async () => {
    const res = await get(`/Search?key=${encodeURIComponent('青铜')}`);
    const href = `/News/SNews/${articleId(1)}`;
    // search.css shows --wide at the desktop width and --narrow below it; the script then keeps one.
    expect(res.text).toContain(`<a class="hit__link hit__link--wide" href="${href}" target="_blank" rel="noopener">`);
    expect(res.text).toMatch(new RegExp(`<a class="hit__link hit__link--narrow"[^>]*href="${re(href)}"(?![^>]*target)[^>]*>`));
  });

  it('pages through many hits, 10 a page', async () => {
    const key = encodeURIComponent('文物保护');
    const one = await get(`/Search?key=${key}`);
    const total = Number(/共找到 (\d+) 条相关内容/.exec(text(one.text))?.[1]);
    expect(total).toBeGreaterThan(20);
    expect(hitTitles(one.text)).toHaveLength(10);
    expect(one.text).toContain(`href="/Search?key=${key}&amp;page=2"`);
    const two = await get(`/Search?key=${key}&page=2`);
    expect(hitTitles(two.text).some((t) => hitTitles(one.text).includes(t))).toBe(false);
  });

  it('links ExcellentCol hits to their external pages', async () => {
    const res = await get(`/Search?key=${encodeURIComponent('藏品精选')}`);
    const hits = linksOf(res.text).filter((link) => link.attrs.class === 'hit__link');
    // The fixture's three ExcellentCol records link to item/<row number>; the browser's ping (at the site's
    // absolute address, as HTML wants it) counts the visit.
    expect(hits.map((hit) => hit.attrs)).toEqual(
      [1900, 1901, 1902].map((n) => ({
        class: 'hit__link',
        href: `https://collection.example-museum.cn/item/${n}`,
        target: '_blank',
        rel: 'noopener',
        ping: `${world.url}${visitPath(articleId(n))}`,
      })),
    );
    expect(res.text).not.toContain('href="/Collection/ExcellentCol/');
  });

  it('makes no search for an empty keyword', async () => {
    const calls = world.cms.cms.calls.count('querySearchList');
    const res = await get('/Search?key=%20%20');
    expect(res.status).toBe(200);
    expect(text(res.text)).toContain('请输入关键词进行搜索');
    expect(world.cms.cms.calls.count('querySearchList')).toBe(calls);
  });

  it('treats markup in the keyword as text', async () => {
    const res = await get(`/Search?key=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(text(res.text)).toContain('没有找到与“<script>alert(1)</script>”相关的内容');
  });
});

describe('watermark flag', () => {
  it('shows only the watermarked copies when the site flag is on', async () => {
    const marked = await world.startEdge({ IMAGE_WATERMARK: 'true' });
    const list = await request(marked.url).get(LISTS.history.path);
    expect(listOf(list.text)).toContain(`src="${waterHref(FIXTURE_FILES.image)}"`);
    expect(listOf(list.text)).not.toContain('/THUMB/');
    const detail = await request(marked.url).get(`/News/SNews/${articleId(1)}`);
    // The gallery's thumbnails and viewers alike (the article's own body is the editors' HTML, left as written).
    const gallery = /<section class="gallery"[\s\S]*?<\/section>/.exec(detail.text)?.[0] ?? '';
    expect(galleryPictures(gallery)).toEqual([{ thumb: waterHref(FIXTURE_FILES.image), picture: waterHref(FIXTURE_FILES.image) }]);
    expect(gallery).not.toContain(fileHref(FIXTURE_FILES.image));
    expect(detail.text).not.toContain(`href="${fileHref(FIXTURE_FILES.image)}"`);
  });
});
