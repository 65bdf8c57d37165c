// Stale-while-revalidate, stale-if-error, timeouts and a stopped service, with the edge's clock moved by
// hand (the offset stays well inside the service's token skew) instead of sleeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleId, postJson } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

let offsetMs = 0;
const now = () => Date.now() + offsetMs;
let world: World;

beforeAll(async () => {
  world = await startWorld({
    env: { CACHE_RULES: 'queryArchivesList=10,queryArchivesById=10', CACHE_SWR_S: '30', CACHE_STALE_IF_ERROR_S: '120', UPSTREAM_TIMEOUT_MS: '400' },
    deps: { now },
  });
});
afterAll(() => world.close());

const list = { entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 2 } };
const titleOf = async (res: Response) => ((await res.json()) as { data: { records: Array<{ title: string }> } }).data.records[0]!.title;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('edge resilience', () => {
  it('serves stale inside the SWR window and refreshes once in the background', async () => {
    const url = `${world.url}/api/queryArchivesList`;
    const first = await postJson(url, list);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(await titleOf(first)).toBe('青铜器修复成果展开幕');

    world.cms.cms.db.prepare('UPDATE archives SET title = ? WHERE archivesId = 1').run('青铜器修复成果展开幕（更新）');
    world.cms.cms.calls.reset();
    // A refresh slower than the answers may take (well inside the 400 ms upstream time limit), so the
    // bound below says "nobody waited" with room for a loaded machine.
    world.cms.cms.faults.set({ latencyMs: 300 });
    offsetMs += 15_000; // 5 s past the 10 s lifetime
    const started = performance.now();
    const stale = await Promise.all([postJson(url, list), postJson(url, list), postJson(url, list)]);
    expect(performance.now() - started).toBeLessThan(250); // nobody waited for the 300 ms refresh
    for (const res of stale) {
      expect(res.headers.get('x-cache')).toBe('STALE');
      expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(15);
      expect(await titleOf(res)).toBe('青铜器修复成果展开幕');
    }
    await sleep(500);
    world.cms.cms.faults.reset();
    expect(world.cms.cms.calls.count('queryArchivesList')).toBe(1);
    const fresh = await postJson(url, list);
    expect(fresh.headers.get('x-cache')).toBe('HIT');
    expect(fresh.headers.get('age')).toBe('0');
    expect(await titleOf(fresh)).toBe('青铜器修复成果展开幕（更新）');
  });

  it('a slow service gives 504 with the timeout in msg and in the log', async () => {
    world.cms.cms.faults.set({ latencyMs: 1500 });
    try {
      const started = performance.now();
      const res = await fetch(`${world.url}/api/queryArchivesById/${articleId(4)}`);
      expect(performance.now() - started).toBeLessThan(1200);
      expect(res.status).toBe(504);
      expect(((await res.json()) as { msg: string }).msg).toBe('The content service did not answer in time (timeout of 400 ms exceeded)');
      expect(world.logs.some((l) => l.msg === 'timeout of 400 ms exceeded' && l.endpoint === 'queryArchivesById' && l.code === 'UPSTREAM_TIMEOUT')).toBe(
        true,
      );
    } finally {
      world.cms.cms.faults.reset();
    }
  });

  it('a failing service (5xx) past SWR still gets the stale answer, marked STALE', async () => {
    const url = `${world.url}/api/queryArchivesById/${articleId(2)}`;
    expect((await fetch(url)).headers.get('x-cache')).toBe('MISS');
    world.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    try {
      offsetMs += 60_000; // past fresh (10 s) + SWR (30 s), inside stale-if-error (120 s)
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('STALE');
      expect(((await res.json()) as { data: { archivesId: string } }).data.archivesId).toBe(articleId(2));
    } finally {
      world.cms.cms.faults.reset();
    }
  });

  it('with the service stopped: cached answers come STALE, uncached ones 502 well within the timeout', async () => {
    const cached = `${world.url}/api/queryArchivesById/${articleId(3)}`;
    expect((await fetch(cached)).status).toBe(200);
    await world.cms.close();
    offsetMs += 45_000;

    const stale = await fetch(cached);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');

    const started = performance.now();
    const uncached = await fetch(`${world.url}/api/queryArchivesById/${articleId(6)}`);
    expect(performance.now() - started).toBeLessThan(400);
    expect(uncached.status).toBe(502);
    const body = (await uncached.json()) as { code: number; msg: string; error: string };
    expect(body).toMatchObject({ code: 502, msg: 'The content service cannot be reached (Network Error)', error: 'UPSTREAM_NETWORK' });
    expect(world.logs.some((l) => l.msg === 'Network Error' && l.endpoint === 'queryArchivesById')).toBe(true);

    offsetMs += 200_000; // past stale-if-error as well: nothing to serve
    expect((await fetch(cached)).status).toBe(502);
  });
});

describe('circuit breaker', () => {
  // Its own service and edge, with a clock of their own: the cool-down passes by moving it.
  let shift = 0;
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ env: { UPSTREAM_TIMEOUT_MS: '400' }, deps: { now: () => Date.now() + shift } });
  });
  afterAll(() => w.close());

  it('after three transient failures in a row an endpoint fails at once for 5 s, then one trial finds the service back', async () => {
    const url = `${w.url}/api/queryArchivesByNo/SNews`;
    const calls = () => w.cms.cms.calls.count('queryArchivesByNo');
    w.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    w.cms.cms.calls.reset();
    try {
      for (let i = 0; i < 3; i += 1) expect((await fetch(url)).status).toBeGreaterThanOrEqual(500);
      expect(calls()).toBe(3);
      // Open: answered at once, without asking the service.
      const started = performance.now();
      const open = await fetch(url);
      expect(performance.now() - started).toBeLessThan(200);
      expect(open.status).toBe(502);
      expect(((await open.json()) as { msg: string }).msg).toMatch(/failed repeatedly; next try in \d+ s/);
      expect(calls()).toBe(3);
    } finally {
      w.cms.cms.faults.reset();
    }
    // Other endpoints are not held back by it.
    expect((await fetch(`${w.url}/api/queryAllChannel/CN`)).status).toBe(200);
    // Still inside the cool-down: the service being back is not known yet.
    shift += 4_000;
    expect((await fetch(url)).status).toBe(502);
    expect(calls()).toBe(3);
    // Past it: one trial call goes out, succeeds and closes the circuit.
    shift += 1_500;
    const trial = await fetch(url);
    expect(trial.status).toBe(200);
    expect(calls()).toBe(4);
    expect((await fetch(url)).status).toBe(200);
  });
});
