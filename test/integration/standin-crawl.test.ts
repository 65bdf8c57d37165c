// The real edge in front of an independent stand-in service (test/standin/) that answers the way
// deployed services do (docs/content-service.md): hex ids, relative file paths, sibling
// gateways, vendor dictionary codes, nulls, extra fields. A visitor's view: every page crawled from
// both home pages answers 200, no picture is broken, every screen kind is reachable, likes and
// messages reach the service, old clients' API paths work, and visits keep counting behind the cache.
import { matchRoutes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_BY_ID, type RouteDef } from '../../shared/route-table.ts';
import { checkResources, crawl, tagsOf, visibleText, type CrawlResult, type ResourceCheck } from '../standin/crawl.ts';
import { FEATURED_ARTICLE_ID, FEATURED_GROUP_ID, hex } from '../standin/data.ts';
import type { Standin } from '../standin/server.ts';
import { startWorld, type World } from '../world/world.ts';

const MAX_PAGES = 150;
const HEX_ID = /\/[0-9a-f]{32}(?:\/|$)/;
const BOARD = '/Service/OpenServies/LeaveWord';

let world: World;
let standin: Standin;
let base: string;

beforeAll(async () => {
  world = await startWorld({ content: 'standin', env: { PAGE_CACHE_TTL_S: '60', CACHE_SWR_S: '30', UPSTREAM_TIMEOUT_MS: '5000' } });
  standin = world.standin;
  base = world.url;
});

afterAll(async () => {
  await world?.close();
});

// ---------------------------------------------------------------- helpers

const signal = () => AbortSignal.timeout(10_000);

async function page(path: string, init: RequestInit = {}): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(`${base}${path}`, {
    redirect: 'manual',
    signal: signal(),
    ...init,
    headers: { accept: 'text/html', ...(init.headers ?? {}) },
  });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

async function json(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: { code?: unknown; msg?: unknown; data?: unknown } }> {
  const res = await fetch(`${base}${path}`, { signal: signal(), ...init });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as { code?: unknown; msg?: unknown; data?: unknown } };
  } catch {
    return { status: res.status, body: { msg: `not JSON: ${text.slice(0, 120)}` } };
  }
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  json(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const postForm = (path: string, fields: Array<[string, string]>) =>
  page(path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Polls `read` until `done` holds or `ms` pass; the last value. */
async function poll<T>(read: () => T, done: (v: T) => boolean, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  let value = read();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    value = read();
  }
  return value;
}

/** A sentence a person can read: not empty, no HTTP jargon, no stack frame, no `undefined`. */
const readable = (msg: unknown): boolean =>
  typeof msg === 'string' && msg.trim().length >= 2 && !/status code|\bError\b|undefined|\bnull\b|\n\s+at\s/.test(msg);

const formKeyOf = (html: string): string => /name="formKey" value="([^"]+)"/.exec(html)?.[1] ?? '';

const messagesTo = (content: string) =>
  (standin.calls.addMessage ?? []).filter((c) => (c.body as { content?: unknown })?.content === content);

// ---------------------------------------------------------------- screen kinds

const ROUTE_OBJECTS = ROUTES.map((r) => ({ id: r.id, path: r.path }));

function routeOf(pathname: string): { def: RouteDef; params: Record<string, string | undefined> } | null {
  const last = matchRoutes(ROUTE_OBJECTS, pathname)?.at(-1);
  const def = last ? ROUTE_BY_ID.get(last.route.id) : undefined;
  return last && def ? { def, params: last.params } : null;
}

const KINDS = [
  'home',
  'text list',
  'image list',
  'article detail',
  'long-term exhibition list',
  'temporary exhibition list',
  'long-term exhibition detail',
  'temporary exhibition detail',
  'exhibit detail',
  'activity list',
  'activity detail',
  'message board',
  'questionnaire',
  'search with a key',
] as const;
type Kind = (typeof KINDS)[number];

const DETAIL_SCREENS = new Set(['detail', 'exhibitionDetail', 'exhibitDetail', 'activityDetail', 'questionnaire', 'questionnaireResult']);

function kindOf(url: URL): Kind | null {
  const r = routeOf(url.pathname);
  if (!r) return null;
  const temp = /TempExh/.test(url.pathname);
  switch (r.def.screen) {
    case 'home':
      return 'home';
    case 'list':
      return r.def.layout === 'text' ? 'text list' : r.def.layout === 'images' ? 'image list' : null;
    case 'detail':
      return 'article detail';
    case 'exhibitionList':
      return temp ? 'temporary exhibition list' : 'long-term exhibition list';
    case 'exhibitionDetail':
      return temp ? 'temporary exhibition detail' : 'long-term exhibition detail';
    case 'exhibitDetail':
      return 'exhibit detail';
    case 'activityList':
      return 'activity list';
    case 'activityDetail':
      return 'activity detail';
    case 'messageBoard':
      return 'message board';
    case 'questionnaire':
      return 'questionnaire';
    case 'search':
      return (url.searchParams.get('key') ?? '').trim() ? 'search with a key' : null;
    default:
      return null;
  }
}

/** Pages of one route and channel (detail pages, filtered or paged variants) are crawled once each. */
function shapeOf(url: URL): string | null {
  const r = routeOf(url.pathname);
  if (!r) return null;
  const { id, ...channels } = r.params;
  const query = [...url.searchParams.keys()].sort().join('&');
  if (id === undefined && !query) return null;
  return `${r.def.id} ${JSON.stringify(channels)} ${id === undefined ? '' : ':id'} ?${query}`;
}

function accept(url: URL): boolean {
  if (/^\/(?:file|api|japi|sw-[^/]*|_edge|build|img|healthz|readyz|metrics)(?:\/|$)/.test(url.pathname)) return false;
  if (/\.[a-z0-9]{2,5}$/i.test(url.pathname)) return false;
  if (url.searchParams.has('sent')) return false;
  // The reading mode (?care=1) is the same pages again: test/e2e/reading-mode.test.ts covers it.
  if (url.searchParams.has('care')) return false;
  const p = url.searchParams.get('page');
  return p === null || (/^\d+$/.test(p) && Number(p) <= 2);
}

// ---------------------------------------------------------------- visits first (before the crawl warms the caches)

describe('visits behind the cache', () => {
  it('counts two visits for two views of one article, the second served from cache', async () => {
    const id = hex('article:Notice:0');
    const before = standin.article(id).visitCount;
    const first = await page(`/News/Notice/${id}`);
    const second = await page(`/News/Notice/${id}`);
    expect([first.status, second.status], 'both views of /News/Notice/<hex id> answer 200').toEqual([200, 200]);
    const counted = await poll(
      () => standin.article(id).visitCount,
      (n) => n >= before + 2,
    );
    expect(counted - before, 'visits the stand-in counted for two page views').toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(standin.article(id).visitCount - before, 'no extra visits counted afterwards').toBe(2);
  });
});

// ---------------------------------------------------------------- the crawl

describe('crawling the site from both home pages', () => {
  let result: CrawlResult;
  let images: ResourceCheck[];
  let files: ResourceCheck[];

  beforeAll(async () => {
    result = await crawl(
      base,
      ['/', '/EN_Home', `/News/SNews/${FEATURED_ARTICLE_ID}`, `/Search?key=${encodeURIComponent('青铜')}`, '/EN_Search?key=Bronze'],
      {
        maxPages: MAX_PAGES,
        accept,
        shapeOf,
        maxPerShape: 1,
        concurrency: 4,
      },
    );
    images = await checkResources(result.images, base, (type) => type.startsWith('image/'));
    files = await checkResources(result.files, base, (type) => !type.startsWith('text/html') && !type.startsWith('application/json'));
  }, 120_000);

  it('stays bounded and finds a real site', () => {
    expect(result.pages.length).toBeGreaterThan(40);
    expect(result.pages.length).toBeLessThanOrEqual(MAX_PAGES);
  });

  it('answers 200 for every page (redirects followed)', () => {
    const failures = result.pages
      .filter((p) => p.status !== 200)
      .map(
        (p) =>
          `${p.status} ${new URL(p.finalUrl).pathname}${new URL(p.finalUrl).search}${p.error ? ` (${p.error})` : ''} ← ${p.from ? new URL(p.from).pathname : 'seed'}`,
      );
    expect(failures, `${failures.length} of ${result.pages.length} pages failed`).toEqual([]);
  });

  it('shows 0 broken images', () => {
    const broken = images
      .filter((i) => !i.ok)
      .map((i) => `${i.status} ${i.contentType || '-'} ${new URL(i.url).pathname} on ${new URL(i.page).pathname}`);
    expect(images.length, 'pictures found on the crawled pages').toBeGreaterThan(20);
    expect(broken, `${broken.length} of ${images.length} pictures broken`).toEqual([]);
  });

  it('opens every linked or embedded file (PDF viewer, download, full-size picture)', () => {
    const broken = files
      .filter((f) => !f.ok)
      .map((f) => `${f.status} ${f.contentType || '-'} ${new URL(f.url).pathname} on ${new URL(f.page).pathname}`);
    expect(
      files.some((f) => f.url.endsWith('.pdf')),
      'the featured article embeds its PDF',
    ).toBe(true);
    expect(broken, `${broken.length} of ${files.length} files broken`).toEqual([]);
  });

  it('never shows a visitor null, undefined, NaN or a raw vendor code', () => {
    const leaks = result.pages.flatMap((p) => {
      const text = visibleText(p.html);
      const found = text.match(/\b(?:null|undefined|NaN)\b|Invalid Date|\[object Object\]|\b(?:cms|TRM)\d{4}\b/g) ?? [];
      return [...new Set(found)].map((word) => `${word} on ${new URL(p.finalUrl).pathname}`);
    });
    expect(leaks).toEqual([]);
  });

  it('reaches a page of every screen kind', () => {
    const reached = new Set(result.pages.filter((p) => p.status === 200).map((p) => kindOf(new URL(p.finalUrl))));
    const missing = KINDS.filter((k) => !reached.has(k));
    expect(missing, 'screen kinds with no page answering 200').toEqual([]);
  });

  it('addresses every detail page by a hex id', () => {
    const details = result.pages.map((p) => new URL(p.finalUrl)).filter((u) => DETAIL_SCREENS.has(routeOf(u.pathname)?.def.screen ?? ''));
    expect(details.length, 'detail pages linked from the site').toBeGreaterThan(5);
    expect(details.filter((u) => !HEX_ID.test(u.pathname)).map((u) => u.pathname)).toEqual([]);
  });
});

// ---------------------------------------------------------------- likes

describe('liking an article', () => {
  const id = hex('article:SNews:1');
  const path = `/News/SNews/${id}`;

  it('counts a like sent with the page form (as the like form in the HTML has it)', async () => {
    const view = await page(path);
    expect(view.status, `${path} answers 200`).toBe(200);
    const form = /<form\b[^>]*\bclass="like"[^>]*>[\s\S]*?<\/form>/.exec(view.html)?.[0];
    expect(form, 'the article page has a like form').toBeTruthy();
    const action = tagsOf(form!, ['form'])[0]!.attrs.action || path;
    const fields = tagsOf(form!, ['input'])
      .filter((i) => i.attrs.name)
      .map((i): [string, string] => [i.attrs.name!, i.attrs.value ?? '']);
    expect(Object.fromEntries(fields)).toMatchObject({ id, intent: 'like' });
    const before = standin.article(id).starCount;
    const res = await postForm(new URL(action, `${base}${path}`).pathname + new URL(action, `${base}${path}`).search, fields);
    expect(res.status, 'the like form post is accepted').toBeLessThan(400);
    expect(standin.article(id).starCount - before, 'likes the stand-in counted').toBe(1);
    // The service answers a like with its code only (no count): the page must not show fewer likes than before.
    const shown = (html: string): number => Number(/class="like__count"[^>]*>\D*(\d+)/.exec(html)?.[1] ?? NaN);
    const after = res.status === 200 ? res.html : (await page(path)).html;
    expect(shown(after), `likes shown after liking (${shown(view.html)} before)`).toBeGreaterThanOrEqual(shown(view.html));
  });

  it('counts a like through /api/doStarByArcId/<hex id>', async () => {
    const before = standin.article(id).starCount;
    const res = await json(`/api/doStarByArcId/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(standin.article(id).starCount - before).toBe(1);
  });
});

// ---------------------------------------------------------------- messages

describe('leaving a message with a dictionary type', () => {
  it('sends cms1102 through /api/addMessage', async () => {
    const content = `接口留言测试 ${Date.now()}`;
    const res = await postJson('/api/addMessage', { content, type: 'cms1102' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe(200);
    expect(messagesTo(content).map((c) => (c.body as { type?: unknown }).type)).toEqual(['cms1102']);
  });

  it('offers the dictionary types on the board and sends cms1102 from its form', async () => {
    const board = await page(BOARD);
    expect(board.status).toBe(200);
    const types = tagsOf(board.html, ['input'])
      .filter((i) => i.attrs.name === 'type')
      .map((i) => i.attrs.value);
    expect(types, 'the form offers the MESSAGE_TYPE dictionary codes').toEqual(['cms1101', 'cms1102', 'cms1103', 'cms1104']);
    const content = `表单留言测试 ${Date.now()}`;
    const res = await postForm(BOARD, [
      ['formKey', formKeyOf(board.html)],
      ['type', 'cms1102'],
      ['content', content],
    ]);
    expect(res.status, 'the form answers 303 to the thank-you notice').toBe(303);
    expect(messagesTo(content).map((c) => (c.body as { type?: unknown }).type)).toEqual(['cms1102']);
  });

  it('answers an unknown type with a 4xx a person understands (API)', async () => {
    const res = await postJson('/api/addMessage', { content: `未知类型 ${Date.now()}`, type: 'cms9999' });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(readable(res.body.msg), `msg: ${JSON.stringify(res.body.msg)}`).toBe(true);
    expect(String(res.body.msg)).toMatch(/类型|type/i);
  });

  it('answers an unknown type with a 4xx page that keeps the typed content (form)', async () => {
    const board = await page(BOARD);
    const content = `保留我输入的内容 ${Date.now()}`;
    const res = await postForm(BOARD, [
      ['formKey', formKeyOf(board.html)],
      ['type', 'cms9999'],
      ['content', content],
    ]);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.html, 'the typed content is back in the form').toMatch(new RegExp(`<textarea[^>]*>${content}</textarea>`));
    expect(res.html, 'the page says what went wrong').toMatch(/class="field-error"|role="alert"/);
  });
});

// ---------------------------------------------------------------- questionnaire answers

describe('answering the questionnaire', () => {
  it('sends the chosen answers with their hex ids from the page form', async () => {
    const id = hex('questionnaire:CN');
    const path = `/Service/Questionnaire/${id}`;
    const view = await page(path);
    expect(view.status, `${path} answers 200`).toBe(200);
    const form = [...view.html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes('name="formKey"'));
    expect(form, 'the questionnaire page has an answer form').toBeTruthy();
    const fields: Array<[string, string]> = [];
    const chosen = new Set<string>();
    for (const { attrs } of tagsOf(form!, ['input'])) {
      if (!attrs.name) continue;
      if (attrs.type === 'hidden') fields.push([attrs.name, attrs.value ?? '']);
      else if ((attrs.type === 'radio' || attrs.type === 'checkbox') && !chosen.has(attrs.name) && HEX_ID.test(`/${attrs.value}`)) {
        chosen.add(attrs.name);
        fields.push([attrs.name, attrs.value!]);
      }
    }
    expect(chosen.size, 'one choice per question').toBe(2);
    const action = tagsOf(form!, ['form'])[0]!.attrs.action || path;
    const res = await postForm(new URL(action, `${base}${path}`).pathname, fields);
    expect(res.status, 'the answer form answers 303 to the results').toBe(303);
    expect(res.location ?? '').toContain(`/Service/Questionnaire/${id}/result`);
    const sent = standin.calls.addQuestionnaireRecord?.at(-1)?.body as {
      questionnaireId?: unknown;
      answers?: Array<{ questionId: unknown; answerIds: unknown[] }>;
    };
    expect(sent?.questionnaireId).toBe(id);
    expect(sent?.answers?.map((a) => [a.questionId, a.answerIds])).toEqual([
      [hex('q:CN:1'), [hex('q:CN:1:a0')]],
      [hex('q:CN:2'), [hex('q:CN:2:a0')]],
    ]);
  });
});

// ---------------------------------------------------------------- the API pass-through keeps the wire's shapes

describe('the API pass-through', () => {
  it('keeps fields shared/wire.ts does not type, and nulls as nulls', async () => {
    const id = hex('exhibit:vase:CN');
    const res = await json(`/api/queryExhibitById/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      exhibitId: id,
      clickCount: 21,
      isOwn: true,
      delFlag: '0',
      modelUrl: null,
      exhibitLevel: null,
      explanationWord: null,
    });
  });

  it('takes paging params as numeric strings', async () => {
    const res = await postJson('/api/queryArchivesList', { entity: { channelNo: 'SNews' }, param: { pageNum: '2', pageSize: '1' } });
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, current: 2, pages: 2 });
    expect((res.body.data as { records: unknown[] }).records).toHaveLength(1);
  });

  it('routes each service to its own gateway (files, search, report)', async () => {
    const files = await postJson('/sw-file/refFileObject/queryPageList', {
      entity: { objectId: FEATURED_GROUP_ID, code: 'CMS_ARCHIVES_IMG' },
      param: { pageNum: 0, pageSize: 0 },
    });
    expect(files.status, JSON.stringify(files.body).slice(0, 200)).toBe(200);
    expect((files.body.data as { records?: unknown[] })?.records).toHaveLength(2);
    const search = await postJson('/sw-es/cmsSearch', { clusterName: 'cms', searchValue: '青铜', pageNum: 1, pageSize: 10, searchMap: {} });
    expect(search.status, JSON.stringify(search.body).slice(0, 200)).toBe(200);
    expect(search.body.code).toBe(200);
    const report = await json('/sw-cms-zb/api/getBaiduReport/30');
    expect(report.status, JSON.stringify(report.body).slice(0, 200)).toBe(200);
    expect(report.body.code).toBe(200);
  });

  it('counts a visit for every API read of an article, cached or not', async () => {
    const id = hex('article:Guide:1');
    const before = standin.article(id).visitCount;
    for (let i = 0; i < 3; i += 1) expect((await json(`/api/queryArchivesById/${id}`)).status).toBe(200);
    const counted = await poll(
      () => standin.article(id).visitCount,
      (n) => n >= before + 3,
    );
    expect(counted - before).toBe(3);
  });
});

// ---------------------------------------------------------------- old clients' paths and methods

describe('API paths of existing clients', () => {
  for (const path of ['/japi/sw-cms/api/queryAllChannel/CN', '/sw-cms/api/queryAllChannel/CN']) {
    it(`answers GET ${path} with the envelope`, async () => {
      const res = await json(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, msg: '成功' });
      expect((res.body.data as { records?: unknown[] })?.records?.length).toBeGreaterThan(0);
    });

    it(`answers GET ${path} with the client's own Token and Appid headers replaced`, async () => {
      const res = await json(path, { headers: { Token: 'bm90LWEtcmVhbC10b2tlbg==', Appid: 'someone-else' } });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
    });
  }

  it('answers POST /api/getQuestionnaireById/<hex id> with an empty JSON body', async () => {
    const id = hex('questionnaire:CN');
    const res = await postJson(`/api/getQuestionnaireById/${id}`, {});
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    expect(res.body.code).toBe(200);
    expect((res.body.data as { questionnaireId?: unknown })?.questionnaireId).toBe(id);
  });
});
