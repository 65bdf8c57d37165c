// What the API proxy refuses to pass on, through real sockets to the real reference service: page sizes
// past what the site's screens use, path parameters that are no id, and the service's own failure text;
// and the per-address budget of cache misses.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireId } from './cms-fixture.ts';
import { articleId, postJson } from '../world/requests.ts';
import { startWorld, type StartedEdge, type World } from '../world/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

interface JsonAnswer {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; error?: string; data: unknown };
}

async function answerOf(res: Response): Promise<JsonAnswer> {
  return { status: res.status, headers: res.headers, body: (await res.json()) as JsonAnswer['body'] };
}

const list = (base: string, param: unknown, path = '/api/queryArchivesList', headers: Record<string, string> = {}) =>
  postJson(`${base}${path}`, { entity: { channelNo: 'SNews' }, param }, headers).then(answerOf);

/**
 * The calls the edge made to the content service for these endpoints so far, by its own counter (a call
 * that went to a path the service does not know counts too). queryAllChannel is left to the service's
 * count: reading /metrics probes readiness with it.
 */
async function upstreamCalls(edge: StartedEdge, endpoints: readonly string[]): Promise<number> {
  const text = await (await fetch(`${edge.url}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('edge_upstream_requests_total{') && endpoints.some((e) => l.includes(`endpoint="${e}"`)))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

/** A GET with the path exactly as written (fetch would resolve `..` itself). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('page sizes of proxied lists', () => {
  it('refuses "all" and sizes past 100 with a 400 that says what is offered, and never calls the service', async () => {
    const lists = ['queryArchivesList', 'cmsSearch'];
    const before = await upstreamCalls(world, lists);
    for (const param of [
      { pageNum: 0, pageSize: 0 },
      { pageNum: '0', pageSize: '0' },
      { pageNum: 1, pageSize: 100000 },
      { pageNum: 1, pageSize: '101' },
      { pageNum: 1, pageSize: -1 },
    ]) {
      for (const path of ['/api/queryArchivesList', '/japi/sw-cms/api/queryArchivesList']) {
        const res = await list(world.url, param, path);
        expect(res.status, JSON.stringify(param)).toBe(400);
        expect(res.body).toMatchObject({ code: 400, error: 'BAD_PAGE_SIZE' });
        expect(res.body.msg).toMatch(/^param\.pageSize .*ask for 1 to 100 records a page$/);
      }
    }
    const search = await postJson(`${world.url}/sw-es/cmsSearch`, {
      clusterName: 'cms',
      searchValue: '青铜',
      pageNum: 1,
      pageSize: 5000,
    }).then(answerOf);
    expect(search.status).toBe(400);
    expect(search.body.msg).toBe('pageSize 5000 is not offered for cmsSearch: ask for 1 to 100 records a page');
    const odd = await list(world.url, { pageNum: 'two', pageSize: 1.5 });
    expect([odd.status, odd.body.error]).toEqual([400, 'BAD_PAGE_SIZE']);
    const page = await list(world.url, { pageNum: 'two', pageSize: 10 });
    expect([page.status, page.body.error]).toEqual([400, 'BAD_PAGE_NUMBER']);
    expect(await upstreamCalls(world, lists)).toBe(before);
  });

  it('answers sizes up to 100, as numbers or numeric strings, and "all" where a screen reads a list whole', async () => {
    for (const param of [{ pageNum: 1, pageSize: 100 }, { pageNum: '1', pageSize: '4' }, {}]) {
      const res = await list(world.url, param);
      expect(res.status, JSON.stringify(param)).toBe(200);
      expect(res.body.code).toBe(200);
    }
    const types = await postJson(`${world.url}/api/queryExhibitTypeList`, { entity: {}, param: { pageNum: 0, pageSize: 0 } }).then(
      answerOf,
    );
    expect([types.status, types.body.code]).toEqual([200, 200]);
    const files = await postJson(`${world.url}/sw-file/refFileObject/queryPageList`, {
      entity: { objectId: 'g-a1' },
      param: { pageNum: 0, pageSize: 0 },
    }).then(answerOf);
    expect([files.status, files.body.code]).toEqual([200, 200]);
  });

  it('holds the same rule on the fast path: an answer the edge cached for its own pages is no hit for a refused size', async () => {
    const param = { pageNum: 1, pageSize: 500 };
    // A loader's call (not through the proxy) stores the answer under this body's key.
    await world.edge.api.call('queryArchivesList', { body: { entity: { channelNo: 'SNews' }, param } });
    const res = await list(world.url, param);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-cache')).not.toBe('HIT');
    expect(res.body.error).toBe('BAD_PAGE_SIZE');
  });

  it('refuses a list body that is no object', async () => {
    for (const body of ['[1]', '"x"', '5', '{"param":"all"}']) {
      const res = await fetch(`${world.url}/api/queryArchivesList`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { error: string }).error, body).toBe('BAD_BODY');
    }
  });
});

describe('path parameters', () => {
  it('refuses dot segments and values that are no id with a 400 of its own, before any call', async () => {
    const named = ['queryArchivesById', 'queryGalleryList', 'getBaiduReport', 'queryArchivesByNo', 'doStarByArcId'];
    const before = await upstreamCalls(world, named);
    world.cms.cms.calls.reset();
    for (const path of [
      '/api/queryArchivesById/..',
      '/api/queryArchivesById/%2e%2e',
      '/api/queryArchivesById/.',
      '/japi/sw-cms/api/queryArchivesById/%2E%2E',
      '/api/queryGalleryList/..',
      '/sw-cms-zb/api/getBaiduReport/..',
      '/sw-cms-zb/api/getBaiduReport/0',
      '/sw-cms-zb/api/getBaiduReport/400',
      '/api/queryArchivesById/a%20b%3Cc%3E',
      '/api/queryArchivesByNo/a%2Fb',
      '/api/queryAllChannel/XX',
      '/api/doStarByArcId/..',
    ]) {
      const res = await rawGet(world.url, path);
      expect(res.status, path).toBe(400);
      const body = JSON.parse(res.body) as { code: number; msg: string; error: string };
      expect(body, path).toMatchObject({ code: 400, error: 'BAD_PATH_PARAM' });
      expect(body.msg, path).toMatch(/^The (id|path|number|channelNo|site) in the path of \w+ must be /);
      expect(res.body, path).not.toMatch(/Not found: GET|japi/);
    }
    expect(await upstreamCalls(world, named)).toBe(before);
    expect(world.cms.cms.calls.count('queryAllChannel')).toBe(0);
    const good = await rawGet(world.url, '/sw-cms-zb/api/getBaiduReport/30');
    expect(good.status).toBe(200);
  });
});

describe("the service's own failure text", () => {
  it("stays in the log with the request id; the caller gets a stable code and the edge's words", async () => {
    // A wrong gateway prefix: the service's router answers "Not found: GET /japi/elsewhere/api/…".
    const misrouted = await world.startEdge({ UPSTREAM_PREFIX: '/japi/elsewhere' });
    const res = await fetch(`${misrouted.url}/api/queryArchivesById/${articleId(1)}`, { headers: { 'x-request-id': 'misrouted-1' } });
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(JSON.parse(text)).toMatchObject({
      code: 404,
      error: 'NOT_FOUND',
      msg: 'Not found: the content service has no answer for this call',
    });
    expect(text).not.toMatch(/japi|elsewhere|Not found: GET/);
    expect(
      world.logs.find((l) => l.reqId === 'misrouted-1' && String(l.msg).includes('Not found: GET /japi/elsewhere/api/queryArchivesById/')),
    ).toBeDefined();

    world.cms.cms.faults.set({ failRate: 1, failStatus: 500 });
    try {
      const failed = await fetch(`${world.url}/api/queryArchivesById/${articleId(2)}`, { headers: { 'x-request-id': 'failed-1' } });
      const failedText = await failed.text();
      expect(failed.status).toBe(502);
      expect(JSON.parse(failedText)).toMatchObject({ code: 502, error: 'UPSTREAM_HTTP', msg: 'The content service failed (HTTP 500)' });
      expect(failedText).not.toMatch(/Injected fault/);
      expect(world.logs.find((l) => l.reqId === 'failed-1' && String(l.msg).includes('Injected fault'))).toBeDefined();
    } finally {
      world.cms.cms.faults.reset();
    }
  });

  it("still shows a write's refusal in the service's own words; a write's 404 in the edge's", async () => {
    const closed = await postJson(`${world.url}/api/addQuestionnaireRecord`, {
      questionnaireId: wireId('questionnaire', 2),
      answers: [{ questionId: wireId('question', 21), answerIds: [wireId('answer', 211)] }],
    }).then(answerOf);
    expect(closed.status).toBe(409);
    expect(closed.body.msg).toMatch(/^Questionnaire \S+ closed at 2019-02-01 00:00:00$/);
    const like = await fetch(`${world.url}/api/doStarByArcId/${articleId(999999)}`).then(answerOf);
    expect(like.status).toBe(404);
    expect(like.body).toMatchObject({ error: 'NOT_FOUND', msg: 'Not found: the content service has no answer for this call' });
  });
});

describe('the miss budget of a client address', () => {
  it('slows a client that causes many distinct misses (429, Retry-After, no call); its hits, other clients and waits on one call go on', async () => {
    const edge = await world.startEdge({ RATE_LIMIT_API_MISSES: '4', TRUST_PROXY: 'loopback' });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const distinct = (pageNum: number, ip: string) => list(edge.url, { pageNum, pageSize: 1 }, '/api/queryArchivesList', from(ip));

    // Twenty concurrent requests for one cold answer wait on one call: one miss.
    world.cms.cms.faults.set({ latencyMs: 50 });
    try {
      const burst = await Promise.all(Array.from({ length: 20 }, () => distinct(1, '203.0.113.7')));
      expect(burst.map((a) => a.status)).toEqual(burst.map(() => 200));
    } finally {
      world.cms.cms.faults.reset();
    }
    // Refused calls cost nothing.
    for (let i = 0; i < 6; i += 1)
      expect((await list(edge.url, { pageNum: 1, pageSize: 0 }, undefined, from('203.0.113.7'))).status).toBe(400);
    for (let pageNum = 2; pageNum <= 4; pageNum += 1) expect((await distinct(pageNum, '203.0.113.7')).status).toBe(200);

    const before = await upstreamCalls(edge, ['queryArchivesList']);
    const limited = await distinct(5, '203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, error: 'MISS_LIMITED' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(limited.body.msg).toContain(`try again in ${retryAfter} s`);
    expect(await upstreamCalls(edge, ['queryArchivesList'])).toBe(before);

    // What the cache holds is still served to that client; another address has its own budget.
    const hit = await distinct(2, '203.0.113.7');
    expect([hit.status, hit.headers.get('x-cache')]).toEqual([200, 'HIT']);
    expect((await distinct(5, '203.0.113.8')).status).toBe(200);
    // The edge's own pages call the content service directly: not the client's budget.
    expect((await fetch(`${edge.url}/News/SNews?page=2`, { headers: { accept: 'text/html', ...from('203.0.113.7') } })).status).toBe(200);
  });

  it('counts the address Express trusts: a forged X-Forwarded-For is not a new budget', async () => {
    const edge = await world.startEdge({ RATE_LIMIT_API_MISSES: '2' });
    const forged = (pageNum: number, i: number) =>
      list(edge.url, { pageNum, pageSize: 2 }, undefined, { 'x-forwarded-for': `198.51.100.${i}` });
    expect((await forged(1, 1)).status).toBe(200);
    expect((await forged(2, 2)).status).toBe(200);
    expect((await forged(3, 3)).status).toBe(429);
  });
});
