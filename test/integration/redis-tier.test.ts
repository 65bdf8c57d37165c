// Two edges in this process, over real sockets, against one reference service and one real redis-server:
// one upstream call per cold burst across both, second-tier hits, purge fan-out, Redis crashing and
// coming back, and a lock holder that dies.
import { createServer, get as httpGet, type Server } from 'node:http';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeApp } from '../../server/app.ts';
import { cacheKey } from '../../server/content/content-api.ts';
import { specOf } from '../../server/content/lifetimes.ts';
import { lockKey, valueKey } from '../../server/sharing/tier.ts';
import { beforeDeadline } from '../world/deadline.ts';
import { postJson } from '../world/requests.ts';
import { listen, startWorld, type World } from '../world/world.ts';
import { startRedis, type RunningRedis } from './redis-harness.ts';

const ADMIN_TOKEN = 'redis-tier-admin-token-0123456789';
/**
 * REDIS_TIMEOUT_MS: far above what a Redis reply takes on a busy machine, so no reply here is ever taken
 * for a hung server; an answer that waited for a Redis command's limit would take at least this long.
 */
const TIMEOUT_MS = 5_000;
/**
 * UPSTREAM_TIMEOUT_MS. The fill lock lives a little longer than one upstream call may take, and a waiter
 * gives up after two lock lifetimes: longer than any test here, so only a lock that goes away lets the
 * waiters go on.
 */
const UPSTREAM_TIMEOUT_MS = 20_000;
/** A watchdog on waits that end because of something the test did: many times what they take. */
const WATCHDOG_MS = 10_000;

let redis: RunningRedis;
let world: World;
let a: { edge: EdgeApp; url: string };
let b: { edge: EdgeApp; url: string };
/** What the purge webhook (a stand-in CDN) was told. */
const hooked: unknown[] = [];
let hook: Server;

/** A list call of its own per test (pageNum differs), so every test starts cold. */
const listBody = (pageNum: number) => ({ entity: { channelNo: 'SNews' }, param: { pageNum, pageSize: 10 } });
const listKey = (pageNum: number) => cacheKey(specOf('queryArchivesList'), { body: listBody(pageNum) });
const upstreamCalls = () => world.cms.cms.calls.count('queryArchivesList');
const list = (url: string, pageNum: number) => postJson(`${url}/api/queryArchivesList`, listBody(pageNum));

/** Waits for background work (a connection, a purge reaching another edge); `ms` only bounds one that never happens. */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

/** A page as a load balancer hands it on: one public Host whichever edge answers (it is part of the page's key). */
function page(url: string, path: string): Promise<{ status: number; cache: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(`${url}${path}`, { headers: { host: 'museum.example' }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, body }));
    });
    req.on('error', reject);
  });
}

async function metric(url: string, name: string): Promise<string | undefined> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .find((line) => line.startsWith(`${name} `))
    ?.split(' ')[1];
}

beforeAll(async () => {
  redis = await startRedis();
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hooked.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  const hookUrl = await listen(hook);
  world = await startWorld({
    env: {
      REDIS_URL: redis.url,
      REDIS_TIMEOUT_MS: String(TIMEOUT_MS),
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      ADMIN_TOKEN,
      PURGE_WEBHOOK_URL: hookUrl,
    },
  });
  a = { edge: world.edge, url: world.url };
  b = await world.startEdge();
  await until(() => a.edge.sharedTier!.up() && b.edge.sharedTier!.up(), WATCHDOG_MS, 'both edges connected to Redis');
});

afterAll(async () => {
  await world?.close();
  await redis?.stop();
  hook?.closeAllConnections();
  await new Promise((r) => hook?.close(r));
});

describe('two edges sharing Redis', () => {
  it('100 concurrent cold reads split across both edges make one upstream call', async () => {
    const before = upstreamCalls();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => list(i % 2 === 0 ? a.url : b.url, 1)));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(bodies).size).toBe(1);
    expect(upstreamCalls() - before).toBe(1);
  });

  it('an answer fetched on A is a first-tier miss but a Redis hit on B (no upstream call)', async () => {
    const onA = await list(a.url, 2);
    expect(onA.headers.get('x-cache')).toBe('MISS');
    const bodyA = await onA.text();
    const before = upstreamCalls();
    expect(b.edge.cache.entries().some((e) => e.key === listKey(2))).toBe(false);

    const onB = await list(b.url, 2);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('x-cache')).toBe('HIT');
    expect(await onB.text()).toBe(bodyA);
    expect(onB.headers.get('etag')).toBe(onA.headers.get('etag'));
    expect(upstreamCalls()).toBe(before);
    // Now in B's first tier, with A's storedAt (ages stay true).
    const entryA = a.edge.cache.entries().find((e) => e.key === listKey(2))!;
    const entryB = b.edge.cache.entries().find((e) => e.key === listKey(2))!;
    expect(entryB.storedAt).toBe(entryA.storedAt);
  });

  it('a first-tier hit does not touch Redis at all', async () => {
    await list(a.url, 10);
    const probe = createClient({ url: redis.url });
    await probe.connect();
    try {
      const commands = async () => Number(/total_commands_processed:(\d+)/.exec(await probe.info('stats'))![1]);
      const before = await commands();
      for (let i = 0; i < 50; i += 1) expect((await list(a.url, 10)).headers.get('x-cache')).toBe('HIT');
      // Only the INFO calls themselves.
      expect((await commands()) - before).toBeLessThanOrEqual(1);
    } finally {
      await probe.close();
    }
  });

  it('a purge on A (operator route) removes the answer from Redis and from B, which then refetches', async () => {
    await list(a.url, 3);
    await list(b.url, 3);
    expect(b.edge.cache.entries().some((e) => e.key === listKey(3))).toBe(true);

    const purge = await postJson(`${a.url}/_edge/purge`, { prefix: '/api/queryArchivesList' }, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(purge.status).toBe(200);
    await until(() => !b.edge.cache.entries().some((e) => e.key === listKey(3)), WATCHDOG_MS, 'B dropped the purged answer');
    // The CDN is told once, by the edge that made the purge (B applying it does not call again).
    await until(() => hooked.length > 0, WATCHDOG_MS, 'the webhook was called');
    await new Promise((r) => setTimeout(r, 200));
    expect(hooked).toEqual([{ selector: { prefix: '/api/queryArchivesList' }, tags: [] }]);

    const before = upstreamCalls();
    const again = await list(b.url, 3);
    expect(again.headers.get('x-cache')).toBe('MISS');
    expect(upstreamCalls() - before).toBe(1);
  });

  it('a purge by tag on B reaches A too', async () => {
    await list(a.url, 4);
    expect(a.edge.cache.entries().some((e) => e.key === listKey(4))).toBe(true);
    const purge = await postJson(`${b.url}/_edge/purge`, { tag: 'channel:SNews' }, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(purge.status).toBe(200);
    await until(() => !a.edge.cache.entries().some((e) => e.key === listKey(4)), WATCHDOG_MS, 'A dropped the purged answer');
    const before = upstreamCalls();
    expect((await list(a.url, 4)).headers.get('x-cache')).toBe('MISS');
    expect(upstreamCalls() - before).toBe(1);
  });

  it('a page rendered on A is a HIT on B without a render there; a purge on B makes both render it again', async () => {
    const path = '/News/Media';
    const first = await page(a.url, path);
    expect(first.cache).toBe('MISS');
    await until(async () => (await page(a.url, path)).cache === 'HIT', WATCHDOG_MS, 'A keeps the page');
    const rendersOnB = b.edge.pageCache!.stats().renders;
    const onB = await page(b.url, path);
    expect(onB.status).toBe(200);
    expect(onB.cache).toBe('HIT');
    expect(onB.body).toBe(first.body);
    expect(b.edge.pageCache!.stats().renders).toBe(rendersOnB);
    // B keeps it in its own first tier from then on (the door answers it).
    expect((await page(b.url, path)).cache).toBe('HIT');

    const purge = await postJson(`${b.url}/_edge/purge`, { prefix: '/News' }, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(purge.status).toBe(200);
    await until(async () => (await page(a.url, path)).cache === 'MISS', WATCHDOG_MS, 'A renders the purged page again');
    expect((await page(b.url, '/News/Media?x=1')).status).toBe(200);
  });

  it('a lock holder that dies: the waiters go to the upstream once its lock expires, not forever', async () => {
    const probe = createClient({ url: redis.url });
    await probe.connect();
    const monitor = await redis.monitor();
    try {
      // A holder that took the lock and died: nobody will ever store the value or release it. Its lock
      // outlives the test until the test lets it run out below.
      const lock = lockKey('api', listKey(5));
      await probe.set(lock, 'dead-holder', { PX: 10 * 60_000 });
      const before = upstreamCalls();
      const answers = Promise.all(Array.from({ length: 10 }, (_, i) => list(i % 2 === 0 ? a.url : b.url, 5)));
      // Each edge found the lock taken and keeps looking at it (a first EVAL that tried to take it, then
      // polls), and none went to the upstream while it was there.
      const polled = () => {
        const byClient = new Map<string, number>();
        for (const c of monitor.commands)
          if (c.args[0]?.toUpperCase() === 'EVAL' && c.args.includes(lock)) byClient.set(c.client, (byClient.get(c.client) ?? 0) + 1);
        return [...byClient.values()].filter((n) => n >= 2).length;
      };
      await until(() => polled() >= 2, WATCHDOG_MS, 'both edges waiting on the dead holder’s lock');
      expect(upstreamCalls() - before).toBe(0);
      expect(String(await probe.get(lock))).toBe('dead-holder');

      await probe.pExpire(lock, 1); // the dead holder's lock runs out
      // Far sooner than the waiters would give up by themselves (two lock lifetimes).
      const done = await beforeDeadline(answers, WATCHDOG_MS, 'answers once the lock ran out');
      expect(done.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(upstreamCalls() - before).toBe(1);
      expect(await probe.exists(valueKey('api', listKey(5)))).toBe(1);
    } finally {
      monitor.close();
      await probe.close();
    }
  });
});

describe('Redis is not a single point of failure', () => {
  it('Redis killed: both edges answer 200 (cached and uncached) in normal time; edge_redis_up 0; /readyz shows it and stays 200', async () => {
    await list(a.url, 6);
    await list(b.url, 6);
    await redis.stop();
    await until(() => !a.edge.sharedTier!.up() && !b.edge.sharedTier!.up(), WATCHDOG_MS, 'both edges saw Redis go');

    for (const { url } of [a, b]) {
      // No request waits for Redis: one that did would wait a whole REDIS_TIMEOUT_MS, which is far
      // longer than an answer from the first tier or the upstream takes.
      const cached = await beforeDeadline(list(url, 6), TIMEOUT_MS, 'a cached answer with Redis gone');
      expect(cached.status).toBe(200);
      expect(cached.headers.get('x-cache')).toBe('HIT');
      const cold = await beforeDeadline(list(url, url === a.url ? 7 : 8), TIMEOUT_MS, 'an uncached answer with Redis gone');
      expect(cold.status).toBe(200);
      expect(cold.headers.get('x-cache')).toBe('MISS');

      expect(await metric(url, 'edge_redis_up')).toBe('0');
      // Pages too: rendered here, without the shared tier.
      expect((await page(url, '/News/SNews?redis=down')).status).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { redis: { state: string } }).redis.state).toBe('down');
    }
    const downLogs = world.logs.filter((l) => String(l.msg).startsWith('redis down'));
    expect(downLogs.length).toBe(2); // once per edge, not once per request
  });

  it('Redis restarted on the same port: sharing resumes within 15 s, and each edge drops what a missed purge may have left', async () => {
    await redis.start();
    // The reconnect backoff is capped (RECONNECT_CAP_MS in server/sharing/redis.ts): the edges try
    // again within one cap, and this bound is several caps.
    await until(() => a.edge.sharedTier!.up() && b.edge.sharedTier!.up(), 15_000, 'both edges reconnected');
    expect(await metric(a.url, 'edge_redis_up')).toBe('1');
    const ready = (await (await fetch(`${b.url}/readyz`)).json()) as { redis: { state: string } };
    expect(ready.redis.state).toBe('up');
    // Purges published while the channel was down are lost to it: each edge drops its first tier once back.
    await until(
      () => [a, b].every(({ edge }) => edge.cache.stats().entries === 0),
      WATCHDOG_MS,
      'first tiers dropped after the channel came back',
    );
    expect(world.logs.filter((l) => String(l.msg).startsWith('purge channel reconnected'))).toHaveLength(2);

    await list(a.url, 9);
    const before = upstreamCalls();
    const onB = await list(b.url, 9);
    expect(onB.headers.get('x-cache')).toBe('HIT');
    expect(upstreamCalls()).toBe(before);
  });
});

describe('stale-if-error across instances', () => {
  it('the upstream failing: an edge with nothing of its own serves the stale copy another edge left in Redis', async () => {
    // Edges with a 1 s lifetime, so the shared copy goes stale quickly.
    const c = await world.startEdge({ CACHE_RULES: 'queryArchivesList=1' });
    const d = await world.startEdge({ CACHE_RULES: 'queryArchivesList=1' });
    await until(() => c.edge.sharedTier!.up() && d.edge.sharedTier!.up(), WATCHDOG_MS, 'C and D connected');
    const fresh = await list(c.url, 11);
    const body = await fresh.text();
    await new Promise((r) => setTimeout(r, 1_200));
    world.cms.cms.faults.set({ failStatus: 503, failRate: 1 });
    try {
      const stale = await list(d.url, 11);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-cache')).toBe('STALE');
      expect(Number(stale.headers.get('age'))).toBeGreaterThanOrEqual(1);
      expect(await stale.text()).toBe(body);
      // Nothing anywhere: the failure shows.
      expect((await list(d.url, 12)).status).toBeGreaterThanOrEqual(500);
    } finally {
      world.cms.cms.faults.reset();
    }
  });
});
