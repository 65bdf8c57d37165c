// The signed, cached proxy through real sockets to the real reference service.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_BODY, articleId, postJson } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';
import { FIXTURE_FILES, MESSAGE_TYPE, wireId } from './cms-fixture.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

describe('edge proxy: signing', () => {
  it('signs every call so the service accepts it; the browser sends no token', async () => {
    const res = await fetch(`${world.url}/api/queryAllChannel/CN`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; data: { records: Array<{ channelNo: string }> } };
    expect(body.code).toBe(200);
    expect(body.data.records.map((c) => c.channelNo)).toContain('News');
  });

  it("a wrong key is refused by the service and surfaces as 502 with a clear msg of the edge, the service's words in the log", async () => {
    const tampered = await world.startEdge({ TOKEN_KEY: 'ffffffffffffffffffffffffffffffff' });
    const res = await fetch(`${tampered.url}/api/queryAllChannel/CN`, { headers: { 'x-request-id': 'wrong-key-1' } });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { code: number; msg: string; error: string };
    expect(body.code).toBe(502);
    expect(body.msg).toBe("The content service refused the edge's signature (HTTP 401)");
    expect(body.error).toBe('UPSTREAM_HTTP');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    expect(JSON.stringify(body)).not.toMatch(/Invalid token/);
    expect(world.logs.find((l) => l.reqId === 'wrong-key-1' && /Invalid token/.test(String(l.msg)))).toBeDefined();
  });
});

describe('edge proxy: cache', () => {
  it('misses, then hits with an Age, for the same call in any key order', async () => {
    const path = `${world.url}/api/queryArchivesList`;
    const body = { entity: { channelNo: 'Media' }, param: { pageNum: 1, pageSize: 5 } };
    const first = await postJson(path, body);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('age')).toBe('0');
    const reordered = { param: { pageSize: 5, pageNum: 1 }, entity: { channelNo: 'Media' } };
    const second = await postJson(path, reordered);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    expect(await second.text()).toBe(await first.text());
  });

  it('a hit answered before Express carries what the route answer carries', async () => {
    const path = `${world.url}/api/queryArchivesByNo/SNews`;
    const miss = await fetch(path, { headers: { 'x-request-id': 'miss-1' } });
    const hit = await fetch(path, { headers: { 'x-request-id': 'hit-1' } });
    expect([miss.headers.get('x-cache'), hit.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    const names = (r: Response) => [...r.headers.keys()].filter((n) => !['date', 'keep-alive', 'connection'].includes(n)).sort();
    expect(names(hit)).toEqual(names(miss));
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-frame-options',
      'content-type',
      'etag',
      'cache-control',
    ]) {
      expect(hit.headers.get(name), name).toBe(miss.headers.get(name));
    }
    expect(hit.headers.get('x-request-id')).toBe('hit-1');
    expect(await hit.text()).toBe(await miss.text());
    const line = world.logs.find((l) => l.reqId === 'hit-1');
    expect(line).toMatchObject({ msg: 'request', route: 'api:queryArchivesByNo', status: 200, cache: 'HIT' });
    // The miss went through Express: its access line says so from the same place.
    expect(world.logs.find((l) => l.reqId === 'miss-1')).toMatchObject({ msg: 'request', status: 200, cache: 'MISS' });
    const head = await fetch(path, { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(await head.text()).toBe('');
  });

  it('100 concurrent identical cold requests make exactly one upstream call', async () => {
    world.cms.cms.calls.reset();
    world.cms.cms.faults.set({ latencyMs: 150 });
    try {
      const body = { entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 3 } };
      const answers = await Promise.all(Array.from({ length: 100 }, () => postJson(`${world.url}/api/queryArchivesList`, body)));
      const texts = await Promise.all(answers.map((r) => r.text()));
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(new Set(texts).size).toBe(1);
      expect(world.cms.cms.calls.count('queryArchivesList')).toBe(1);
    } finally {
      world.cms.cms.faults.reset();
    }
  });

  it('serves the cached gzipped copy and answers 304 to a matching If-None-Match', async () => {
    const url = `${world.url}/api/queryArchivesList`;
    await postJson(url, LIST_BODY);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify(LIST_BODY),
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    const again = await postJson(url, LIST_BODY, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-cache')).toBe('HIT');
  });

  it("passes a read's not-found on uncached, in the edge's words (the service's are logged with the request id)", async () => {
    world.cms.cms.calls.reset();
    const unknown = articleId(999999);
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${world.url}/api/queryArchivesById/${unknown}`, { headers: { 'x-request-id': `unknown-${i}` } });
      expect(res.status).toBe(404);
      expect(res.headers.get('x-cache')).toBe('MISS');
      expect(await res.json()).toMatchObject({
        code: 404,
        msg: 'Not found: the content service has no answer for this call',
        error: 'NOT_FOUND',
      });
      expect(world.logs.find((l) => l.reqId === `unknown-${i}` && String(l.msg).includes(unknown))).toBeDefined();
    }
    expect(world.cms.cms.calls.count('queryArchivesById')).toBe(2);
  });
});

describe('edge proxy: allow-list and bodies', () => {
  it('answers 404 JSON for unknown paths under the API prefixes and 405 for a wrong method', async () => {
    for (const path of ['/api/dropTables', '/sw-es/other', '/sw-file/x', '/sw-cms-zb/api/x', '/api']) {
      const res = await fetch(`${world.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await res.json()) as { msg: string }).msg).toMatch(/^No such endpoint/);
    }
    const wrong = await fetch(`${world.url}/api/queryArchivesList`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('refuses non-JSON bodies (415), bodies over 64 KB (413) and broken JSON (400)', async () => {
    const url = `${world.url}/api/queryArchivesList`;
    const form = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { msg: string }).msg).toMatch(/JSON/);
    const big = await postJson(url, { entity: { title: 'x'.repeat(70 * 1024) } });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { msg: string }).msg).toBe('The request body is larger than 64 KB');
    const broken = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"entity":' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { msg: string }).msg).toBe('The request body is not valid JSON');
  });

  it('sends the edge appId for queryDictionaryByCode (the browser does not know it)', async () => {
    const res = await fetch(`${world.url}/api/queryDictionaryByCode?dictionaryCode=MESSAGE_TYPE&appId=forged`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ dictionaryValue: string }> };
    // The service's own vendor codes, in its order.
    expect(body.data.map((d) => d.dictionaryValue)).toEqual([MESSAGE_TYPE.consult, MESSAGE_TYPE.suggest]);
  });
});

describe('edge proxy: writes', () => {
  const message = {
    content: '请问周二几点开馆？',
    name: '李四',
    phoneNumber: '13912345678',
    email: 'li@example.com',
    type: MESSAGE_TYPE.consult,
  };

  it('two identical addMessage calls store two rows, never cached', async () => {
    const count = () =>
      (world.cms.cms.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE content = ?').get(message.content) as { n: number }).n;
    expect(count()).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      const res = await postJson(`${world.url}/api/addMessage`, message);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-cache')).toBe('BYPASS');
      expect(((await res.json()) as { code: number }).code).toBe(200);
    }
    expect(count()).toBe(2);
  });

  it('checks a message before it leaves: 400 with a message per field, nothing stored', async () => {
    world.cms.cms.calls.reset();
    const res = await postJson(`${world.url}/api/addMessage`, { content: '<b>hi</b>', phoneNumber: '123', email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { msg: string; errors: Array<{ field: string; code: string; msg: string }> };
    expect(body.errors).toEqual([
      { field: 'content', code: 'content_html', msg: '留言内容不能包含HTML标签' },
      { field: 'phoneNumber', code: 'phone_invalid', msg: '请填写正确的手机号码' },
      { field: 'email', code: 'email_invalid', msg: '请填写正确的电子邮箱' },
    ]);
    const en = await postJson(`${world.url}/api/addMessage?lang=en`, { content: '' });
    expect(((await en.json()) as { errors: Array<{ msg: string }> }).errors[0]!.msg).toBe('Please write your message');
    expect(world.cms.cms.calls.count('addMessage')).toBe(0);
  });

  it('checks questionnaire answers against the questionnaire, then the results change by one', async () => {
    const questionnaireId = wireId('questionnaire', 1);
    const required = wireId('question', 11);
    const missing = await postJson(`${world.url}/api/addQuestionnaireRecord`, { questionnaireId, answers: [] });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: Array<{ field: string; code: string }> }).errors).toEqual([
      expect.objectContaining({ field: `q${required}`, code: 'answer_required' }),
    ]);
    const results = async () =>
      (
        (await (await postJson(`${world.url}/api/getQuestionnaireResultInfo`, { questionnaireId })).json()) as {
          data: { recordCount: number };
        }
      ).data.recordCount;
    const before = await results();
    const ok = await postJson(`${world.url}/api/addQuestionnaireRecord`, {
      questionnaireId,
      answers: [{ questionId: required, answerIds: [wireId('answer', 111)] }],
    });
    expect(ok.status).toBe(200);
    expect(await results()).toBe(before + 1);
    const unknown = await postJson(`${world.url}/api/addQuestionnaireRecord`, {
      questionnaireId: wireId('questionnaire', 777),
      answers: [],
    });
    expect(unknown.status).toBe(404);
    // Not an id at all: refused at the edge.
    const malformed = await postJson(`${world.url}/api/addQuestionnaireRecord`, { questionnaireId: '../1', answers: [] });
    expect(malformed.status).toBe(400);
  });

  it('likes refuse an id that is not a short token and update the article counts at once', async () => {
    world.cms.cms.calls.reset();
    for (const bad of ['a.b', 'a%20b', 'x'.repeat(65)]) {
      expect((await fetch(`${world.url}/api/doStarByArcId/${bad}`)).status, bad).toBe(400);
    }
    expect(world.cms.cms.calls.count('doStarByArcId')).toBe(0);
    // A well-formed id the service does not know is its 404, passed on.
    expect((await fetch(`${world.url}/api/doStarByArcId/${articleId(999999)}`)).status).toBe(404);
    const liked = articleId(2);
    const stars = async () =>
      ((await (await fetch(`${world.url}/api/queryArchivesById/${liked}`)).json()) as { data: { starCount: number } }).data.starCount;
    const before = await stars();
    const like = await fetch(`${world.url}/api/doStarByArcId/${liked}`);
    expect(like.status).toBe(200);
    expect(like.headers.get('cache-control')).toBe('no-store');
    expect(await stars()).toBe(before + 1);
  });

  it('rate-limits writes per client address with 429 and Retry-After', async () => {
    const limited = await world.startEdge({ RATE_LIMIT_WRITES: '2' });
    const send = () => fetch(`${limited.url}/api/doStarByArcId/${articleId(3)}`);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const third = await send();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await third.json()) as { msg: string }).msg).toMatch(/Too many submissions/);
    // Reads are not limited.
    expect((await fetch(`${limited.url}/api/queryArchivesById/${articleId(3)}`)).status).toBe(200);
  });
});

describe('edge proxy: files', () => {
  it('streams files from the upstream origin with long cache headers and forwards Range', async () => {
    // File fields are paths relative to the file prefix; the edge serves them below FILE_PREFIX.
    const pdf = `${world.url}/file/${FIXTURE_FILES.pdf}`;
    const whole = await fetch(pdf);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=2592000');
    expect(whole.headers.get('x-cache')).toBe('BYPASS');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 8).toString()).toBe('%PDF-1.4');
    const part = await fetch(pdf, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${bytes.length}`);
    expect(await part.text()).toBe('%PDF');
    expect((await fetch(`${world.url}/file/${FIXTURE_FILES.pdf.replace(/[^/]+$/, 'none.jpg')}`)).status).toBe(404);
    // fetch() would resolve the dots itself; a raw request keeps them.
    for (const path of ['/file/YUNXI_BWG/%2e%2e/%2e%2e/etc/passwd', '/file/../api/queryAllChannel/CN', '/file/a%2fb']) {
      expect(await rawStatus(world.url, path), path).toBe(400);
    }
  });

  it('a gzipped list decompresses to the same envelope', async () => {
    const res = await fetch(`${world.url}/api/queryAllChannel/CN`, { headers: { 'accept-encoding': 'gzip' } });
    const raw = await fetch(`${world.url}/api/queryAllChannel/CN`);
    // fetch decodes gzip itself; compare with a manual decode of the raw bytes too.
    expect(await res.text()).toBe(await raw.text());
    expect(gunzipSync(world.edge.cache.entries().find((e) => e.key === 'GET /api/queryAllChannel/CN')!.gzip!).toString()).toBe(
      world.edge.cache
        .entries()
        .find((e) => e.key === 'GET /api/queryAllChannel/CN')!
        .raw.toString(),
    );
  });
});

function rawStatus(base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
