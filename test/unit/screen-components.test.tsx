import { describe, expect, it } from 'vitest';
import ArticleDetail from '../../client/screens/ArticleDetail.tsx';
import List from '../../client/screens/List.tsx';
import Search from '../../client/screens/Search.tsx';
import type { ListLayout } from '../../shared/route-table.ts';
import type { ArticleDetailData, ListData, SearchData } from '../../shared/article-views.ts';
import type { ListItem } from '../../shared/view-parts.ts';
import { render, textOf } from './screen-render.tsx';

const item = (n: number, extra: Partial<ListItem> = {}): ListItem => ({
  id: String(n),
  title: `标题${n}`,
  href: `/News/SNews/${n}`,
  external: false,
  date: '2024-05-0' + (n % 9 || 1),
  range: '',
  place: '',
  subtitle: '',
  excerpt: `摘要${n}`,
  images: [`/file/THUMB/p${n}.jpg`, `/file/p${n}.jpg`],
  badge: '',
  ...extra,
});

const list = (layout: ListLayout, items: ListItem[], pages = 3): ListData => ({
  kind: 'list',
  channel: { channelNo: 'SNews', name: '本馆新闻', path: '/News/SNews' },
  layout,
  page: 1,
  pages,
  total: pages * items.length,
  pageSize: items.length,
  items,
});

describe('List screen', () => {
  it('text: dated rows linking to the records', async () => {
    const html = await render(List, { data: list('text', [item(1), item(2)]) });
    expect(html).toContain('class="text-list"');
    expect(html).toMatch(/href="\/News\/SNews\/1"[^>]*>.*标题1.*2024-05-01/);
    expect(html).toContain('<time class="text-list__date" dateTime="2024-05-01">');
    expect(html).not.toContain('<img');
    expect(textOf(html)).toContain('总页数 3');
  });

  it.each([
    ['images', 'ratio--4x3'],
    ['wc', 'ratio--1x1'],
    ['book', 'ratio--3x4'],
    ['collection', 'ratio--1x1'],
    ['exhibition', 'ratio--4x3'],
    ['activity', 'ratio--4x3'],
  ] as const)('%s: cards with a %s picture', async (layout, ratio) => {
    const html = await render(List, { data: list(layout, [item(1), item(2), item(3)]) });
    expect(html).toContain(`cards--${layout}`);
    expect(html.match(new RegExp(ratio, 'g'))).toHaveLength(3);
    expect(html).toMatch(/<img[^>]*src="\/file\/THUMB\/p1.jpg"/);
    expect(textOf(html)).toContain('标题3');
  });

  it('common: picture, title, date and excerpt', async () => {
    const html = await render(List, { data: list('common', [item(4)]) });
    expect(html).toContain('media-list');
    expect(textOf(html)).toMatch(/标题4 2024-05-04 摘要4/);
  });

  it('exhibition and activity cards show the range and the place', async () => {
    const html = await render(List, {
      data: list('exhibition', [item(5, { range: '2025.01.09 - 2025.04.30', place: '一号展厅' })]),
    });
    expect(textOf(html)).toContain('时间 2025.01.09 - 2025.04.30');
    expect(textOf(html)).toContain('地点 一号展厅');
  });

  it('external records open in a new tab; records without a page are plain text', async () => {
    const html = await render(List, {
      data: list('images', [item(6, { href: 'https://col.example.cn/6', external: true }), item(7, { href: null })]),
    });
    expect(html).toMatch(/<a class="card__link" href="https:\/\/col.example.cn\/6" target="_blank" rel="noopener">/);
    expect(html).toMatch(/<span class="card__link">/);
  });

  it('says so in words when the list is empty, and hides the pager', async () => {
    const html = await render(List, { data: list('text', [], 0) });
    expect(textOf(html)).toBe('暂无内容');
    expect(html).not.toContain('pager');
  });
});

const detail: ArticleDetailData = {
  kind: 'detail',
  channel: { channelNo: 'SNews', name: '本馆新闻', path: '/News/SNews' },
  id: '12',
  title: '青铜器特展开幕',
  subTitle: '',
  showTitle: true,
  date: '2023-10-01',
  source: '本馆',
  visits: 512,
  likes: 3,
  html: '<p>正文第一段</p><video src="/file/v.mp4" controls="" controlslist="nodownload"></video>',
  gallery: Array.from({ length: 7 }, (_, i) => ({ thumbs: [`/file/THUMB/g${i}.jpg`], full: `/file/g${i}.jpg`, alt: '' })),
  pdf: { name: '图录.pdf', url: '/file/doc.pdf', isPdf: true },
  attachments: [{ name: '图录.pdf', url: '/file/doc.pdf', isPdf: true }],
  likeable: true,
  liked: null,
};

describe('ArticleDetail screen', () => {
  it('shows title, date, source, visits and the body', async () => {
    const html = await render(ArticleDetail, { data: detail, url: '/News/SNews/12' });
    const text = textOf(html);
    expect(html).toMatch(/<h1 class="article__title">青铜器特展开幕<\/h1>/);
    expect(text).toContain('发布时间 2023-10-01');
    expect(text).toContain('来源 本馆');
    expect(text).toContain('浏览量 512');
    expect(html).toContain('<p>正文第一段</p>');
    expect(html).toContain('controlslist="nodownload"');
  });
  it('leaves the source out when there is none', async () => {
    expect(textOf(await render(ArticleDetail, { data: { ...detail, source: '' } }))).not.toContain('来源');
  });
  it('shows the gallery with links to the large pictures', async () => {
    const html = await render(ArticleDetail, { data: detail });
    expect(html.match(/class="gallery__cell"/g)).toHaveLength(7);
    // Each thumbnail opens its picture's viewer in the page; the viewer holds the large picture.
    expect(html).toMatch(/<a class="gallery__link" href="#gallery-\w+-6">/);
    expect(html).toMatch(/<div id="gallery-\w+-6" class="lightbox"[^>]*>[\s\S]*?src="\/file\/g6.jpg"/);
  });
  it('embeds the PDF with a download link', async () => {
    const html = await render(ArticleDetail, { data: detail });
    expect(html).toMatch(/<iframe class="pdf-viewer__frame" src="\/file\/doc.pdf"/);
    expect(html).toMatch(/<a class="pdf-viewer__download" href="\/file\/doc.pdf" download="图录.pdf">/);
  });
  it('has a like form that posts without JavaScript', async () => {
    const html = await render(ArticleDetail, { data: detail, url: '/News/SNews/12' });
    const form = /<form[^>]*class="like"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(html).toContain('<input type="hidden" name="intent" value="like"/>');
    expect(html).toContain('<input type="hidden" name="id" value="12"/>');
    expect(textOf(html)).toContain('3 人点赞');
  });
});

const search = (extra: Partial<SearchData> = {}): SearchData => ({
  kind: 'search',
  key: '青铜',
  page: 1,
  pages: 2,
  total: 12,
  pageSize: 10,
  hits: [
    {
      id: '3',
      channelName: '本馆新闻',
      title: '青铜器展',
      abstract: '商周青铜器<b>精品</b>',
      href: '/News/SNews/3',
      external: false,
      ping: null,
      images: ['/file/THUMB/x.jpg'],
      date: '',
    },
    {
      id: '9',
      channelName: '藏品精选',
      title: '青铜鼎',
      abstract: '',
      href: 'https://col.example.cn/9',
      external: true,
      ping: 'https://museum.example/visit/9',
      images: [],
      date: '',
    },
  ],
  ...extra,
});

describe('Search screen', () => {
  it('has its own header with the keyword form', async () => {
    const html = await render(Search, { data: search(), url: '/Search?key=%E9%9D%92%E9%93%9C' });
    const form = /<form[^>]*class="search-form"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/Search"');
    expect(html).toMatch(/<input[^>]*name="key"[^>]*value="青铜"/);
    expect(html).toContain('placeholder="关键词"');
    expect(html).toMatch(/<a[^>]*class="search-header__logo"[^>]*href="\/"/);
  });
  it('shows the count tip, channel names and the keyword highlighted as text', async () => {
    const html = await render(Search, { data: search(), url: '/Search?key=%E9%9D%92%E9%93%9C' });
    expect(textOf(html)).toContain('共找到 12 条相关内容');
    expect(textOf(html)).toContain('[本馆新闻]');
    expect(html).toContain('<mark class="highlight">青铜</mark>器展');
    expect(html).toContain('&lt;b&gt;精品&lt;/b&gt;');
    expect(html).toContain('总页数');
  });
  it('gives a hit a new-tab link for desktop widths and a same-tab one below, external hits a new tab', async () => {
    const html = await render(Search, { data: search(), url: '/Search?key=%E9%9D%92%E9%93%9C' });
    expect(html).toContain('<a class="hit__link hit__link--wide" href="/News/SNews/3" target="_blank" rel="noopener">');
    expect(html).toMatch(/<a class="hit__link hit__link--narrow" href="\/News\/SNews\/3"(?![^>]*target)/);
    // The visit of an outside hit is told to the service as the browser follows it (hyperlink auditing).
    expect(html).toMatch(
      /<a class="hit__link" href="https:\/\/col.example.cn\/9" target="_blank" rel="noopener" ping="https:\/\/museum.example\/visit\/9">/,
    );
  });
  it('prompts for a keyword before a search', async () => {
    const html = await render(Search, { data: search({ key: '', hits: [], total: 0, pages: 0 }), url: '/Search' });
    expect(textOf(html)).toContain('请输入关键词进行搜索');
    expect(html).not.toContain('共找到');
  });
  it('says when nothing was found', async () => {
    const html = await render(Search, { data: search({ key: '无此词', hits: [], total: 0, pages: 0 }), url: '/Search?key=x' });
    expect(textOf(html)).toContain('共找到 0 条相关内容');
    expect(textOf(html)).toContain('没有找到与“无此词”相关的内容');
  });
});
