// Activity pages through the edge against the real reference service: the list by type (filters
// from ACTIVITY_TYPE, `?type=` kept while paging), times as `YYYY-MM-DD HH:mm`, the status words of
// shared/activity.ts as the activity's own times say at the moment of the request (one clock for the
// service and the edge), the sign-up link, and 404 for unknown ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from './page-fixture.ts';
import { filterRow, page } from '../world/requests.ts';
import { NO_PAGE_CACHE, startWorld, type World } from '../world/world.ts';
import { wireId } from './cms-fixture.ts';

const LIST = '/Education/Activity';
/** The wire id of fixture activity `n`. */
const activity = (n: number): string => wireId('activity', n);
/** ACTIVITY_TYPE vendor codes of the fixture's dictionary: 公益讲座 (Lectures), 手工体验 (Crafts). */
const LECTURE = 'TRM0301';
const HANDCRAFT = 'TRM0304';

/** A China-time wall clock reading as an instant. */
const at = (time: string): number => Date.parse(`${time.replace(' ', 'T')}:00+08:00`);
/** During 小小拓片师 (2026-11-28 14:00–16:30, booking 11-20 to 12-04, stored as 已约满 / 进行中). */
const DURING = at('2026-11-28 15:00');
let clock = DURING;

let edge: World;
beforeAll(async () => {
  edge = await startWorld({ content: 'pages', env: NO_PAGE_CACHE, now: () => clock });
});
afterAll(async () => {
  await edge?.close();
});

const cards = (html: string): string[] => [...html.matchAll(/<h2 class="activity-card__title">([^<]+)<\/h2>/g)].map((m) => m[1]!);

describe('the activity list', () => {
  it('shows 6 activities a page with time range, venue and status words', async () => {
    const { status, html } = await page(edge.url, LIST);
    expect(status).toBe(200);
    expect(cards(html)).toHaveLength(6);
    expect(html).toContain('共 9 项活动');
    expect(html).toContain('<dd>2099-03-01 14:00 – 2099-03-01 16:00</dd>');
    expect(html).toContain('<dd>学术报告厅</dd>');
    expect(html).toContain('status-word--soon activity-card__status">未开始</span>');
    expect(html).toContain('<span class="status-word status-word--open">预约中</span>');
    expect(html).not.toMatch(/<dd>[^<]*\d{2}:\d{2}:\d{2}/);
    expect(html).toContain(`href="${LIST}/${IDS.farLecture}"`);
    expect(html).not.toContain('Bronze Age Family Day');
  });

  it('filters by type with links that keep the filter while paging', async () => {
    const { html } = await page(edge.url, LIST);
    // 全部 (all) first and current; then one link per ACTIVITY_TYPE entry, by its vendor code, named as the dictionary names it.
    const row = {
      labels: ['全部', '公益讲座', '手工体验'],
      hrefs: [LIST, `${LIST}?type=${LECTURE}`, `${LIST}?type=${HANDCRAFT}`],
    };
    expect(filterRow(html)).toEqual({ ...row, current: ['全部'] });

    const crafts = await page(edge.url, `${LIST}?type=${HANDCRAFT}`);
    expect(cards(crafts.html)).toEqual(['小小拓片师']);
    expect(filterRow(crafts.html)).toEqual({ ...row, current: ['手工体验'] });

    const lectures = await page(edge.url, `${LIST}?type=${LECTURE}`);
    expect(cards(lectures.html)).toHaveLength(6);
    expect(lectures.html).toContain(`href="${LIST}?type=${LECTURE}&amp;page=2#activity-list"`);
    const second = await page(edge.url, `${LIST}?type=${LECTURE}&page=2`);
    expect(cards(second.html)).toEqual(['周末讲座第2讲', '周末讲座第1讲']);
    expect(second.html).toContain('aria-current="page" title="第2页"');
  });

  it('shows every activity for an unknown type, and redirects a page past the end', async () => {
    const unknown = await page(edge.url, `${LIST}?type=nope`);
    expect(unknown.status).toBe(200);
    expect(cards(unknown.html)).toHaveLength(6);
    const past = await page(edge.url, `${LIST}?type=${LECTURE}&page=9`);
    expect(past.status).toBe(302);
    expect(past.location).toBe(`${LIST}?type=${LECTURE}&page=2`);
  });

  it('speaks English on the English site', async () => {
    const { status, html } = await page(edge.url, '/EN_Education/EN_Activity');
    expect(status).toBe(200);
    expect(cards(html)).toEqual(['Bronze Age Family Day']);
    expect(html).toContain('>Upcoming</span>');
    expect(html).toContain('>Lectures</a>');
    // 无需预约 (stored with reserveStatus 1): no reservation status at all.
    expect(html).not.toContain('Open for reservation');
    expect(html).not.toContain('<dt>Reservation status</dt>');
  });
});

describe('an activity', () => {
  it('shows times, venue, reservation window, ages, and the words for its codes', async () => {
    const { status, html } = await page(edge.url, `${LIST}/${activity(42)}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1 class="activity-detail__title">小小拓片师<\/h1>/);
    expect(html).toContain(
      '<time dateTime="2026-11-28T14:00">2026-11-28 14:00</time> – <time dateTime="2026-11-28T16:30">2026-11-28 16:30</time>',
    );
    expect(html).toContain('<dt>活动地点</dt><dd>社教活动室</dd>');
    expect(html).toContain(
      '<dt>预约时间</dt><dd><time dateTime="2026-11-20T09:00">2026-11-20 09:00</time> – <time dateTime="2026-12-04T17:00">2026-12-04 17:00</time></dd>',
    );
    expect(html).toContain('<dt>适合年龄</dt><dd>6–12 岁</dd>');
    expect(html).toContain('<dt>预约方式</dt><dd>电话预约</dd>');
    expect(html).toContain('status-word--full">已约满</span>');
    expect(html).toContain('status-word--open">进行中</span>');
    expect(html).toContain('<p class="activity-detail__type">手工体验</p>');
    // A plain-text description becomes paragraphs, its signs escaped.
    expect(html).toContain('<p>第一段。</p><p>第二段 &lt;不是标签&gt; &amp; 符号。</p>');
    expect(html).not.toContain('activity-detail__signup');
    expect(html).toMatch(/<title>小小拓片师 - /);
  });

  it('links to its own sign-up page in a new tab', async () => {
    const { html } = await page(edge.url, `${LIST}/${IDS.farLecture}`);
    expect(html).toMatch(
      /<a class="button button--primary activity-detail__signup" href="https:\/\/signup\.example-museum\.cn\/41" target="_blank" rel="noopener">在线报名/,
    );
    expect(html).toContain('<dt>适合年龄</dt><dd>12 岁以上</dd>');
    expect(html).toContain('<dt>预约方式</dt><dd>线上预约</dd>');
  });

  it('shows an English activity in English, without a booking window when none is needed', async () => {
    const { status, html } = await page(edge.url, `/EN_Education/EN_Activity/${activity(48)}`);
    expect(status).toBe(200);
    expect(html).toContain('<dt>How to reserve</dt><dd>No reservation needed</dd>');
    expect(html).toContain('<dt>Ages</dt><dd>All ages</dd>');
    expect(html).toContain('<dt>Status</dt>');
    // The service fills in a window and "open" for it anyway; 无需预约 must not read as 未开放预约.
    expect(html).not.toContain('<dt>Reservations</dt>');
    expect(html).not.toContain('<dt>Reservation status</dt>');
  });

  // Unknown (well-formed), not an id, of the other site both ways, and an id of another kind (an exhibition's).
  it.each([
    `${LIST}/${activity(9999)}`,
    `${LIST}/abc`,
    `${LIST}/a.b`,
    `${LIST}/${activity(48)}`,
    `/EN_Education/EN_Activity/${activity(42)}`,
    `${LIST}/${IDS.silkRoad}`,
  ])('%s is 404', async (path) => {
    const res = await page(edge.url, path);
    expect(res.status).toBe(404);
    expect(res.html).toContain(path.startsWith('/EN_') ? 'Sorry' : '很抱歉，无法打开您要找的页面！');
  });
});

describe('statuses by the clock', () => {
  const LITTLE = `${LIST}/${activity(42)}`;
  const statusOf = (html: string): string | undefined => /<dt>活动状态<\/dt><dd><span class="status-word[^"]*">([^<]+)</.exec(html)?.[1];
  const reserveOf = (html: string): string | undefined => /<dt>预约状态<\/dt><dd><span class="status-word[^"]*">([^<]+)</.exec(html)?.[1];
  afterAll(() => {
    clock = DURING;
  });

  it('says what the times say, whatever the service stored', async () => {
    clock = at('2026-11-23 10:00');
    const before = await page(edge.url, LITTLE);
    expect([statusOf(before.html), reserveOf(before.html)]).toEqual(['未开始', '已约满']);
    clock = at('2026-11-28 17:00');
    const after = await page(edge.url, LITTLE);
    expect([statusOf(after.html), reserveOf(after.html)]).toEqual(['已结束', '预约已截止']);
    // The October lectures stored 已结束 are over; their booking window (11-20 to 12-04) does not reopen them.
    const list = await page(edge.url, `${LIST}?page=2`);
    expect(list.html).toContain('activity-card__status">已结束</span>');
    expect(list.html).not.toContain('预约中');
  });

  it('shows the home page’s activities with the word of the moment', async () => {
    clock = at('2026-11-23 10:00');
    const { html } = await page(edge.url, '/');
    expect(html).toContain('<span class="home-act__status">未开始</span><span class="home-act__title">小小拓片师</span>');
    expect(html).not.toContain('进行中');
  });

  it('keeps a cached page no longer than until its words change', async () => {
    clock = at('2026-11-28 13:59');
    const cached = await edge.startEdge({ PAGE_CACHE_TTL_S: '3600' });
    const first = await page(cached.url, LITTLE);
    expect(statusOf(first.html)).toBe('未开始');
    clock += 30_000;
    const again = await fetch(`${cached.url}${LITTLE}`, { headers: { accept: 'text/html' } });
    expect(again.headers.get('x-cache')).toBe('HIT');
    await again.text();
    clock = at('2026-11-28 14:00');
    const started = await fetch(`${cached.url}${LITTLE}`, { headers: { accept: 'text/html' } });
    expect(started.headers.get('x-cache')).toBe('MISS');
    expect(statusOf(await started.text())).toBe('进行中');
  });
});
