// Language and messenger mode from the address, mode-keeping links, and the page head.
import { describe, expect, it } from 'vitest';
import { buildChannelTree, pageTree } from '../../shared/channels.ts';
import { pageHead } from '../../shared/head.ts';
import { ROUTE_BY_ID } from '../../shared/route-table.ts';
import { isWx, resolveLang, withSiteQuery } from '../../shared/site.ts';
import { t, UI } from '../../shared/i18n.ts';
import { ZH_TREE } from './fixtures/page-engine-fixture.ts';

const u = (s: string) => new URL(s, 'https://museum.example');

describe('language', () => {
  it('is English for EN_ paths, enxh/phoneen addresses and the global flag; Chinese otherwise', () => {
    expect(resolveLang(u('/News/SNews'), false)).toBe('zh');
    expect(resolveLang(u('/EN_News/EN_SNews'), false)).toBe('en');
    expect(resolveLang(u('https://enxh.museum.example/'), false)).toBe('en');
    expect(resolveLang(u('/?entry=phoneen'), false)).toBe('en');
    expect(resolveLang(u('/News'), true)).toBe('en');
    expect(resolveLang(u('/News?x=ENXH'), false)).toBe('en');
  });

  it('has every UI string in both languages', () => {
    for (const [key, entry] of Object.entries(UI)) {
      expect(entry.zh, key).not.toBe('');
      expect(entry.en, key).not.toBe('');
    }
    expect(t('zh', 'notFound.sentence')).toBe('很抱歉，无法打开您要找的页面！');
  });
});

describe('messenger mode', () => {
  it('is platform=wx and links keep it', () => {
    expect(isWx(u('/?platform=wx'))).toBe(true);
    expect(isWx(u('/?platform=web'))).toBe(false);
    expect(withSiteQuery('/News/SNews', { wx: true })).toBe('/News/SNews?platform=wx');
    expect(withSiteQuery('/News/SNews?page=2#list', { wx: true })).toBe('/News/SNews?page=2&platform=wx#list');
    expect(withSiteQuery('https://vr.example/', { wx: true })).toBe('https://vr.example/');
    expect(withSiteQuery('/News/SNews', { wx: false })).toBe('/News/SNews');
  });
});

describe('page head', () => {
  const channels = buildChannelTree(ZH_TREE);
  const headInput = (
    path: string,
    routeId: string,
    extra: Partial<Parameters<typeof pageHead>[0]> = {},
  ): Parameters<typeof pageHead>[0] => ({
    lang: 'zh',
    url: u(path),
    origin: 'https://museum.example',
    def: ROUTE_BY_ID.get(routeId),
    channels,
    meta: undefined,
    state: 'ok',
    ...extra,
  });
  const head = (path: string, routeId: string, extra: Partial<Parameters<typeof pageHead>[0]> = {}) =>
    pageHead(headInput(path, routeId, extra));

  it('titles a list with its channel, a record with its own title, home with the museum', () => {
    expect(head('/News/SNews', 'zh:News/SNews').title).toBe('本馆新闻 - 云溪博物馆');
    expect(head('/News/SNews/3', 'zh:News/:sec/:id', { meta: { title: '新展开幕' } }).title).toBe('新展开幕 - 云溪博物馆');
    expect(head('/', 'zh:index').title).toBe('云溪博物馆');
    expect(head('/x', 'zh:notFound', { state: 'notFound' }).title).toBe('页面未找到 - 云溪博物馆');
  });

  it('gives lists a canonical with the page and Chinese/English alternates', () => {
    const h = head('/News/SNews?page=3&platform=wx', 'zh:News/SNews');
    expect(h.canonical).toBe('https://museum.example/News/SNews?page=3');
    expect(h.alternates).toEqual([
      { hreflang: 'zh-CN', href: 'https://museum.example/News/SNews' },
      { hreflang: 'en', href: 'https://museum.example/EN_News/EN_SNews' },
      { hreflang: 'x-default', href: 'https://museum.example/News/SNews' },
    ]);
    expect(head('/', 'zh:index').alternates[1]).toEqual({ hreflang: 'en', href: 'https://museum.example/EN_Home' });
  });

  it('gives records no alternates (ids differ between the sites) and error pages no canonical', () => {
    expect(head('/News/SNews/3', 'zh:News/:sec/:id').alternates).toEqual([]);
    expect(head('/x', 'zh:notFound', { state: 'notFound' }).canonical).toBeNull();
  });

  it('keeps the pages of a hidden channel out of search engines (noindex, no feed), from what the page sends too', () => {
    const hidden = head('/Survey/Internal/3', 'zh:Survey/:sec/:id', { meta: { title: '媒体资料包' } });
    expect(hidden.robots).toBe('noindex');
    expect(hidden.canonical).toBe('https://museum.example/Survey/Internal/3');
    // The browser recomputes the head from the page's own channels (pageTree), and says the same.
    const sent = pageTree(channels, '/Survey/Internal/3');
    expect(head('/Survey/Internal/3', 'zh:Survey/:sec/:id', { channels: sent, meta: { title: '媒体资料包' } })).toEqual(hidden);
    // A hidden list: noindex, and no RSS alternate (its feed does not exist).
    const hiddenList = pageHead({
      lang: 'zh',
      url: u('/News/Media'),
      origin: 'https://museum.example',
      def: ROUTE_BY_ID.get('zh:News/Media'),
      channels: buildChannelTree(
        ZH_TREE.map((c) =>
          c.channelNo === 'News' ? { ...c, subChannel: c.subChannel.map((s) => ({ ...s, isVisible: s.channelNo !== 'Media' })) } : c,
        ),
      ),
      meta: undefined,
      state: 'ok',
    });
    expect([hiddenList.title, hiddenList.robots, hiddenList.feeds]).toEqual(['媒体报道 - 云溪博物馆', 'noindex', []]);
    expect(head('/News/Media', 'zh:News/Media').feeds).toHaveLength(1);
    for (const listed of [
      head('/News/SNews/3', 'zh:News/:sec/:id'),
      head('/', 'zh:index'),
      head('/Service/OpenServies/Message', 'zh:Service/OpenServies/Message'),
    ]) {
      expect(listed.robots).toBeNull();
    }
  });

  it("describes the share image: the logo by default, the record's picture by the record", () => {
    expect(head('/News/SNews', 'zh:News/SNews').og).toMatchObject({
      image: 'https://museum.example/og-image.png',
      imageAlt: '云溪博物馆标志',
    });
    expect(pageHead({ ...headInput('/EN_News/EN_SNews', 'en:News/SNews'), lang: 'en' }).og.imageAlt).toBe('Yunxi Museum logo');
    const record = head('/News/SNews/3', 'zh:News/:sec/:id', { meta: { title: '新展  开幕', image: '/file/a.jpg' } });
    expect(record.og).toMatchObject({ image: 'https://museum.example/file/a.jpg', imageAlt: '新展 开幕' });
    expect(
      head('/News/SNews/3', 'zh:News/:sec/:id', { meta: { title: '新展', image: '/file/a.jpg', imageAlt: '展厅一角' } }).og.imageAlt,
    ).toBe('展厅一角');
  });
});
