// The home loader against a scripted content service: which calls it makes, how each section is
// shaped (slides, exhibitions on view, highlights, upcoming activities, statistics), that a section
// whose call fails is left out while the others stay, and that a bug still fails the page.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { homeLoader } from '../../server/loaders/home.ts';
import type { LoaderContext } from '../../server/loaders/types.ts';
import type { ContentCall, ContentCaller } from '../../server/content/content-api.ts';
import { UpstreamError } from '../../server/upstream/upstream-error.ts';
import type { EndpointName } from '../../shared/endpoints.ts';
import { ROUTE_BY_ID } from '../../shared/route-table.ts';
import type { Lang } from '../../shared/i18n.ts';

// 2026-06-15 10:00 in Beijing.
const NOW = Date.UTC(2026, 5, 15, 2, 0);

type Handler = (call: ContentCall) => unknown;

const list = (records: unknown[]) => ({ records, pages: 1, current: 1, total: records.length });

const temp = (id: number, start: string, end: string) => ({
  exhibitionTempId: id,
  groupId: `g${id}`,
  tempName: `临展${id}`,
  description: '<p>介绍</p>',
  startTime: start,
  endTime: end,
  tempPlace: '临时展厅',
  linkUrl: '',
  extension1: '',
  thumb: `/file/t${id}.jpg`,
  appThumb: '',
  label: '',
  isRecommend: false,
  languageType: 'CN',
});
const base = (id: number, start: string, end = '') => ({
  exhibitionBaseId: id,
  groupId: `b${id}`,
  baseName: `陈列${id}`,
  description: '',
  startTime: start,
  endTime: end,
  basePlace: '一层',
  extension1: '',
  extension2: '',
  extension3: '',
  linkUrl: '',
  thumb: '',
  appThumb: '',
  label: '',
  languageType: 'CN',
});
const activity = (id: number, start: string, end: string, activityStatus = 0) => ({
  activityId: id,
  groupId: `a${id}`,
  activityName: `活动${id}`,
  activityType: 'lecture',
  activityVenueName: '报告厅',
  description: '',
  startTime: start,
  endTime: end,
  reserveStartTime: '',
  reserveEndTime: '',
  reserveType: 1,
  reserveStatus: 1,
  activityStatus,
  minAge: 0,
  maxAge: 0,
  linkUrl: '',
  thumb: '',
  appThumb: '',
  label: '',
  languageType: 'CN',
});

function scripted(overrides: Partial<Record<EndpointName, Handler>> = {}) {
  const calls: Array<{ name: EndpointName; call: ContentCall }> = [];
  const handlers: Partial<Record<EndpointName, Handler>> = {
    queryGalleryList: () => [
      { id: 2, title: '第二张', filePath: '/file/s2.jpg', content: '', linkUrl: 'https://vr.example.cn/', sort: 2 },
      { id: 1, title: '第一张', filePath: '/file/s1.jpg', content: '<p>商周<b>青铜</b></p>', linkUrl: '/Exhibition/BaseExh/1', sort: 1 },
      { id: 3, title: '无图', filePath: '', content: '', linkUrl: '', sort: 3 },
      { id: 4, title: '只是图片', filePath: '/file/s4.jpg', content: '', linkUrl: '/', sort: 4 },
    ],
    queryArchivesList: () =>
      list([
        {
          archivesId: 7,
          channelNo: 'SNews',
          title: '新闻',
          publishDate: '2026-06-01 10:00:00',
          content: '<p>正文</p>',
          linkUrl: '',
          thumbImg: '',
        },
      ]),
    queryExhibitionTempList: () => list([temp(1, '2026-01-01 09:00:00', '2026-12-31 17:00:00')]),
    queryExhibitionBaseList: () => list([base(5, '2027-01-01 09:00:00'), base(6, '2011-09-28 09:00:00'), base(7, '2012-01-01 09:00:00')]),
    queryExhibitList: (c) => {
      const entity = (c.body as { entity: Record<string, unknown> }).entity;
      return entity.isRecommend
        ? list([])
        : list([{ exhibitId: 9, exhibitName: '铜鼎', age: '商', thumb: '/file/x9.jpg;/file/x9b.jpg', isTreasure: true, generalType: '' }]);
    },
    queryActivityListByType: () =>
      list([
        activity(3, '2026-09-01 09:00:00', '2026-09-01 11:00:00'),
        activity(2, '2026-07-01 14:00:00', '2026-07-01 16:00:00'),
        activity(4, '2026-06-15 09:00:00', '2026-06-15 12:00:00', 1),
        activity(1, '2026-05-01 09:00:00', '2026-05-01 11:00:00', 2),
      ]),
    getSiteVisitCount: () => ({ total: 12345, today: 67, articleVisits: 0, messages: 0 }),
    getBaiduReport: () => ({
      days: 30,
      pv: 900,
      uv: 300,
      daily: [
        { date: '2026-06-14', pv: 40, uv: 10 },
        { date: '2026-06-15', pv: 50, uv: 12 },
      ],
    }),
    ...overrides,
  };
  const api: ContentCaller = {
    async call<T>(name: EndpointName, call: ContentCall = {}) {
      calls.push({ name, call });
      const handler = handlers[name];
      if (!handler) throw new UpstreamError('UPSTREAM_HTTP', `no script for ${name}`, { endpoint: name, httpStatus: 500 });
      return { data: handler(call) as T, cache: 'MISS' as const, ageS: 0, tags: [] };
    },
  };
  return { api, calls };
}

function context(api: ContentCaller, lang: Lang = 'zh', wx = false) {
  const warnings: unknown[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
  const path = lang === 'en' ? '/EN_Home' : '/';
  const ctx: LoaderContext = {
    api,
    route: ROUTE_BY_ID.get(lang === 'en' ? 'en:Home' : 'zh:index')!,
    params: {},
    url: new URL(`http://museum.test${path}${wx ? '?platform=wx' : ''}`),
    lang,
    site: { english: false, watermark: false, publicUrl: '', filePrefix: '/file', portalId: '', orgId: '' },
    requestId: 'r1',
    wx,
    now: () => NOW,
    cacheUntil: () => {},
    logger,
    channels: async () => [],
    chain: [],
    channel: undefined,
  };
  return { ctx, warnings };
}

describe('home loader', () => {
  it('shapes the slider: sorted, pictures only, links by their kind, captions as plain text', async () => {
    const { api, calls } = scripted();
    const data = await homeLoader(context(api).ctx);
    expect(calls.find((c) => c.name === 'queryGalleryList')?.call.params).toEqual({ path: 'home' });
    expect(data.slides.map((s) => s.title)).toEqual(['第一张', '第二张', '只是图片']);
    expect(data.slides[0]).toMatchObject({
      caption: '商周青铜',
      image: ['/file/s1.jpg'],
      thumb: ['/file/THUMB/s1.jpg', '/file/s1.jpg'],
      link: { href: '/Exhibition/BaseExh/1', external: false },
    });
    expect(data.slides[1]!.link).toEqual({ href: 'https://vr.example.cn/', external: true });
    expect(data.slides[2]!.link).toBeNull();
  });

  it('keeps the messenger mode on internal links', async () => {
    const { api } = scripted();
    const data = await homeLoader(context(api, 'zh', true).ctx);
    expect(data.slides[0]!.link?.href).toBe('/Exhibition/BaseExh/1?platform=wx');
    expect(data.exhibitions?.more).toBe('/Exhibition/TempExh?platform=wx');
  });

  it('shows exhibitions on view only: temporary ones first, then long-term displays', async () => {
    const { api, calls } = scripted();
    const data = await homeLoader(context(api).ctx);
    const tempCall = calls.find((c) => c.name === 'queryExhibitionTempList')!.call.body as { param: Record<string, unknown> };
    expect(tempCall.param).toMatchObject({ type: 'current', pageNum: 1 });
    expect(data.exhibitions?.items.map((e) => e.title)).toEqual(['临展1', '陈列6', '陈列7']);
    expect(data.exhibitions?.items[0]).toMatchObject({
      dates: '2026.01.01 - 2026.12.31',
      phase: 'current',
      link: { href: '/Exhibition/TempExh/1', external: false },
    });
    expect(data.exhibitions?.items[1]).toMatchObject({ dates: '2011.09.28', openEnded: true, link: { href: '/Exhibition/BaseExh/6' } });
  });

  it('falls back to the precious relics when nothing is recommended', async () => {
    const { api, calls } = scripted();
    const data = await homeLoader(context(api).ctx);
    const entities = calls.filter((c) => c.name === 'queryExhibitList').map((c) => (c.call.body as { entity: object }).entity);
    expect(entities).toEqual([
      { isRecommend: true, languageType: 'CN' },
      { isTreasure: true, languageType: 'CN' },
    ]);
    expect(data.collections?.items).toEqual([
      expect.objectContaining({
        title: '铜鼎',
        subtitle: '商',
        href: '/Collection/PreciousCol/9',
        images: ['/file/THUMB/x9.jpg', '/file/x9.jpg'],
      }),
    ]);
  });

  it('lists activities not yet over, soonest first, with their status word', async () => {
    const { api } = scripted();
    const data = await homeLoader(context(api).ctx);
    expect(data.activities?.items.map((a) => a.id)).toEqual([4, 2, 3]);
    expect(data.activities?.items[0]).toMatchObject({
      day: '06.15',
      year: '2026',
      time: '2026-06-15 09:00 – 2026-06-15 12:00',
      status: '进行中',
      href: '/Education/Activity/4',
    });
  });

  it('reads the statistics of the last 30 days', async () => {
    const { api, calls } = scripted();
    const data = await homeLoader(context(api).ctx);
    expect(calls.find((c) => c.name === 'getBaiduReport')?.call.params).toEqual({ number: 30 });
    // Two days of data say nothing yet: the band is left out.
    expect(data.stats).toBeNull();
    const days = Array.from({ length: 30 }, (_, i) => ({ date: `2026-06-${String(i + 1).padStart(2, '0')}`, pv: 300 + i, uv: 100 }));
    const full = await homeLoader(context(scripted({ getBaiduReport: () => ({ days: 30, pv: 9435, uv: 2100, daily: days }) }).api).ctx);
    expect(full.stats).toEqual({
      total: 12345,
      today: 67,
      days: 30,
      pv: 9435,
      uv: 2100,
      daily: days.map(({ date, pv }) => ({ date, pv })),
    });
  });

  it('leaves the statistics band out while the numbers mean nothing (a new site: 25 visits, one visitor)', async () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-06-${String(i + 1).padStart(2, '0')}`,
      pv: i === 29 ? 25 : 0,
      uv: i === 29 ? 1 : 0,
    }));
    const { api } = scripted({
      getSiteVisitCount: () => ({ total: 25, today: 25, articleVisits: 0, messages: 0 }),
      getBaiduReport: () => ({ days: 30, pv: 25, uv: 1, daily: days }),
    });
    expect((await homeLoader(context(api).ctx)).stats).toBeNull();
  });

  it('leaves out a section whose call fails, logs it, and keeps the rest', async () => {
    const down = () => {
      throw new UpstreamError('UPSTREAM_TIMEOUT', 'timeout of 3000 ms exceeded', { endpoint: 'getBaiduReport' });
    };
    const { api } = scripted({ getBaiduReport: down, queryGalleryList: down });
    const { ctx, warnings } = context(api);
    const data = await homeLoader(ctx);
    expect(data.stats).toBeNull();
    expect(data.slides).toEqual([]);
    expect(data.news?.items).toHaveLength(1);
    expect(data.exhibitions?.items).toHaveLength(3);
    expect(warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ section: 'stats', err: 'UPSTREAM_TIMEOUT', msg: 'home section left out' })]),
    );
  });

  it('still fails the page on a bug rather than hiding it', async () => {
    const { api } = scripted({
      getSiteVisitCount: () => {
        throw new TypeError('a bug, not an outage');
      },
    });
    await expect(homeLoader(context(api).ctx)).rejects.toBeInstanceOf(TypeError);
  });

  it('uses the English slider place and English addresses on the English site', async () => {
    const { api, calls } = scripted();
    const data = await homeLoader(context(api, 'en').ctx);
    expect(calls.find((c) => c.name === 'queryGalleryList')?.call.params).toEqual({ path: 'EN_home' });
    expect(calls.find((c) => c.name === 'queryArchivesList')?.call.body).toMatchObject({ entity: { channelNo: 'EN_SNews' } });
    expect(data.exhibitions?.items[0]?.link?.href).toBe('/EN_Exhibition/EN_TempExh/1');
    expect(data.activities?.items[0]?.href).toBe('/EN_Education/EN_Activity/4');
    expect(data.news?.moreName).toBe('News');
  });
});
