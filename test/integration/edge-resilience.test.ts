// Stale-while-revalidate, stale-if-error, timeouts and a stopped service, with the edge's clock moved by
// hand (the offset stays well inside the service's token skew) instead of sleeping. Where a test is about
// not waiting for the service, the service is hung at a gate (test/world/upstream-gate.ts) until the
// answer has arrived, so the answer cannot have come from it however slow the machine is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeDeadline } from '../world/deadline.ts';
import { articleId, postJson } from '../world/requests.ts';
import { startGate } from '../world/upstream-gate.ts';
import { startWorld, type World } from '../world/world.ts';

let offsetMs = 0;
const now = () => Date.now() + offsetMs;
let world: World;

/**
 * The world's time limit on one upstream call: far above what a call on loopback takes on a busy machine,
 * so only a hung service reaches it. The timeout test has an edge with a short limit of its own.
 */
const UPSTREAM_TIMEOUT_MS = 10_000;
/** The short limit of the timeout test's edge: the test waits it out, and a stall of a busy machine stays below it. */
const SHORT_TIMEOUT_MS = 1_000;
/** A watchdog on answers that must come while the service hangs: many times any answer's time. */
const WATCHDOG_MS = 10_000;

beforeAll(async () => {
  world = await startWorld({
    env: {
      CACHE_RULES: 'queryArchivesList=10,queryArchivesById=10',
      CACHE_SWR_S: '30',
      CACHE_STALE_IF_ERROR_S: '120',
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    },
    deps: { now },
  });
});
afterAll(() => world.close());

const list = { entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 2 } };
const titleOf = async (res: Response) => ((await res.json()) as { data: { records: Array<{ title: string }> } }).data.records[0]!.title;

async function until(check: () => boolean, what: string): Promise<void> {
  await beforeDeadline(
    (async () => {
      while (!check()) await new Promise((r) => setTimeout(r, 10));
    })(),
    WATCHDOG_MS,
    what,
  );
}

describe('edge resilience', () => {
  it('serves stale inside the SWR window and refreshes once in the background', async () => {
    const gate = await startGate(world.cms.cms.handler);
    try {
      // Its own edge, behind the gate; the refresh may hang as long as the test holds it.
      const { edge, url: base } = await world.startEdge({ UPSTREAM_URL: gate.url });
      const url = `${base}/api/queryArchivesList`;
      const first = await postJson(url, list);
      expect(first.headers.get('x-cache')).toBe('MISS');
      expect(await titleOf(first)).toBe('青铜器修复成果展开幕');

      world.cms.cms.db.prepare('UPDATE archives SET title = ? WHERE archivesId = 1').run('青铜器修复成果展开幕（更新）');
      world.cms.cms.calls.reset();
      gate.hold(); // the service hangs from now on: a visitor who waited for the refresh would never be answered
      offsetMs += 15_000; // 5 s past the 10 s lifetime
      const stale = await beforeDeadline(
        Promise.all([postJson(url, list), postJson(url, list), postJson(url, list)]),
        WATCHDOG_MS,
        'stale answers while the service hangs',
      );
      for (const res of stale) {
        expect(res.headers.get('x-cache')).toBe('STALE');
        expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(15);
        expect(await titleOf(res)).toBe('青铜器修复成果展开幕');
      }
      // The one refresh is at the service, still hung: the answers above did not wait for it.
      await beforeDeadline(gate.whenArrived(2, '/queryArchivesList'), WATCHDOG_MS, 'the background refresh reaching the service');
      expect(gate.waiting('/queryArchivesList')).toBe(1);

      gate.release();
      await until(() => edge.cache.entries().some((e) => e.raw.toString().includes('（更新）')), 'the refreshed answer stored');
      const fresh = await postJson(url, list);
      expect(fresh.headers.get('x-cache')).toBe('HIT');
      expect(Number(fresh.headers.get('age'))).toBeLessThan(15); // stored by the refresh, not the copy it replaced
      expect(await titleOf(fresh)).toBe('青铜器修复成果展开幕（更新）');
      expect(world.cms.cms.calls.count('queryArchivesList')).toBe(1);
      expect(gate.arrived('/queryArchivesList')).toBe(2); // the first answer and the one refresh
    } finally {
      await gate.close();
    }
  });

  it('a slow service gives 504 with the timeout in msg and in the log', async () => {
    const gate = await startGate(world.cms.cms.handler);
    try {
      const { url: base } = await world.startEdge({ UPSTREAM_URL: gate.url, UPSTREAM_TIMEOUT_MS: String(SHORT_TIMEOUT_MS) });
      gate.hold(); // released only after the answer: only the edge's time limit can end the wait
      // The watchdog only turns a limit that never fires into a failure; it is far from the limit itself.
      const res = await beforeDeadline(
        fetch(`${base}/api/queryArchivesById/${articleId(4)}`),
        WATCHDOG_MS,
        'an answer from the time limit',
      );
      expect(res.status).toBe(504);
      expect(((await res.json()) as { msg: string }).msg).toBe(
        `The content service did not answer in time (timeout of ${SHORT_TIMEOUT_MS} ms exceeded)`,
      );
      expect(
        world.logs.some(
          (l) =>
            l.msg === `timeout of ${SHORT_TIMEOUT_MS} ms exceeded` && l.endpoint === 'queryArchivesById' && l.code === 'UPSTREAM_TIMEOUT',
        ),
      ).toBe(true);
    } finally {
      gate.release();
      await gate.close();
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

    // A refused connection is a network error at once; waiting for the time limit would end in a 504
    // with the timeout in msg, and take the whole limit, which is far longer than any refused call.
    const started = performance.now();
    const uncached = await fetch(`${world.url}/api/queryArchivesById/${articleId(6)}`);
    expect(performance.now() - started).toBeLessThan(UPSTREAM_TIMEOUT_MS);
    expect(uncached.status).toBe(502);
    const body = (await uncached.json()) as { code: number; msg: string; error: string };
    expect(body).toMatchObject({ code: 502, msg: 'The content service cannot be reached (Network Error)', error: 'UPSTREAM_NETWORK' });
    expect(world.logs.some((l) => l.msg === 'Network Error' && l.endpoint === 'queryArchivesById')).toBe(true);

    offsetMs += 200_000; // past stale-if-error as well: nothing to serve
    expect((await fetch(cached)).status).toBe(502);
  });
});

describe('circuit breaker', () => {
  // Its own service and edge, with a clock of their own that moves only by hand: the cool-down passes
  // when the test moves it, never because the machine was slow.
  let clock = 0;
  let w: World;
  beforeAll(async () => {
    clock = Date.now();
    w = await startWorld({ env: { UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) }, deps: { now: () => clock } });
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
      // Open: answered without asking the service, so there is nothing it could have waited for.
      const open = await fetch(url);
      expect(open.status).toBe(502);
      expect(((await open.json()) as { msg: string }).msg).toMatch(/failed repeatedly; next try in \d+ s/);
      expect(calls()).toBe(3);
    } finally {
      w.cms.cms.faults.reset();
    }
    // Other endpoints are not held back by it.
    expect((await fetch(`${w.url}/api/queryAllChannel/CN`)).status).toBe(200);
    // Still inside the cool-down: the service being back is not known yet.
    clock += 4_000;
    expect((await fetch(url)).status).toBe(502);
    expect(calls()).toBe(3);
    // Past it: one trial call goes out, succeeds and closes the circuit.
    clock += 1_500;
    const trial = await fetch(url);
    expect(trial.status).toBe(200);
    expect(calls()).toBe(4);
    expect((await fetch(url)).status).toBe(200);
  });
});
