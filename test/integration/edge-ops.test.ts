// The operator surface: probes, metrics, the admin cache routes, the byte bound, request ids, headers.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleId, postJson } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

const ADMIN = 'operator-token-0123456789';
const publicDir = mkdtempSync(join(tmpdir(), 'edge-public-'));
mkdirSync(join(publicDir, 'build'));
writeFileSync(join(publicDir, 'build', 'islands-3F2A9C.js'), 'console.log(1)');
writeFileSync(join(publicDir, 'robots.txt'), 'User-agent: *\n');

let world: World;
beforeAll(async () => {
  world = await startWorld({ env: { ADMIN_TOKEN: ADMIN }, deps: { publicDir } });
});
afterAll(() => world.close());

const admin = (path: string, init: RequestInit = {}, token = ADMIN) =>
  fetch(`${world.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
const listOf = (channelNo: string) => ({ entity: { channelNo }, param: { pageNum: 1, pageSize: 10 } });

describe('probes', () => {
  it('healthz answers without calling upstream; readyz probes once and is ready', async () => {
    world.cms.cms.calls.reset();
    const health = await fetch(`${world.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(world.cms.cms.calls.count()).toBe(0);
    const ready = await fetch(`${world.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { status: string }).status).toBe('ready');
    expect(world.cms.cms.calls.count()).toBe(1);
    await fetch(`${world.url}/readyz`);
    expect(world.cms.cms.calls.count()).toBe(1); // answered recently: no second probe
  });

  it('readyz is 503 when the upstream does not answer, while healthz stays 200', async () => {
    const lost = await world.startEdge({ UPSTREAM_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: '300' });
    const ready = await fetch(`${lost.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { reason: string }).reason).toBe('upstream has not answered recently');
    expect((await fetch(`${lost.url}/healthz`)).status).toBe(200);
  });

  it('READY_WINDOW_S is how long /readyz stays ready after the service last answered', async () => {
    let shift = 0;
    const edge = await world.startEdge({ READY_WINDOW_S: '5' }, { now: () => Date.now() + shift });
    const readyz = async () => {
      const res = await fetch(`${edge.url}/readyz`);
      return `${res.status} ${((await res.json()) as { reason: string }).reason}`;
    };
    expect(await readyz()).toBe('200 upstream answered'); // the first probe
    world.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    try {
      shift += 4_000;
      expect(await readyz()).toBe('200 upstream answered recently'); // 4 s ago: within the window, no probe
      shift += 2_000;
      expect(await readyz()).toBe('503 upstream has not answered recently'); // 6 s: the probe gets a 503
    } finally {
      world.cms.cms.faults.reset();
    }
    expect(await readyz()).toBe('200 upstream answered'); // the next probe finds it back
  });

  it('readyz turns 503 at once when draining, and answers ask to close the connection', async () => {
    const other = await world.startEdge();
    expect((await fetch(`${other.url}/readyz`)).status).toBe(200);
    other.edge.startDrain();
    const ready = await fetch(`${other.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { reason: string }).reason).toBe('draining');
    expect(ready.headers.get('connection')).toBe('close');
  });
});

describe('metrics', () => {
  it('exposes request, upstream and cache metrics with bounded labels', async () => {
    await postJson(`${world.url}/api/queryArchivesList`, listOf('Media'));
    await postJson(`${world.url}/api/queryArchivesList`, listOf('Media'));
    await fetch(`${world.url}/api/nope/${Math.random()}`);
    const res = await fetch(`${world.url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{route="api:queryArchivesList",method="POST",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_count\{route="api:unknown",method="GET",status="404"\} 1/);
    expect(text).toMatch(/edge_upstream_requests_total\{endpoint="queryArchivesList",outcome="ok"\} \d+/);
    expect(text).toMatch(/edge_upstream_duration_seconds_count\{endpoint="queryArchivesList"\} \d+/);
    expect(text).toMatch(/edge_cache_events_total\{cache="upstream",event="hit"\} \d+/);
    expect(text).toMatch(/edge_cache_events_total\{cache="upstream",event="miss"\} \d+/);
    expect(text).toMatch(/edge_cache_entries \d+/);
    expect(text).not.toMatch(/route="\/api\/nope/);
  });

  it('answers at its exact path alone: other spellings are page addresses (404), never the Prometheus text', async () => {
    for (const path of ['/metrics/', '/METRICS', '/Metrics', '/metrics/x', '/HEALTHZ', '/readyz/']) {
      const res = await fetch(`${world.url}${path}`);
      const text = await res.text();
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(text, path).not.toMatch(/http_request_duration_seconds|# HELP|"status":"(?:ok|ready)"/);
    }
  });
});

describe('operator cache routes', () => {
  it('do not exist without ADMIN_TOKEN', async () => {
    const plain = await world.startEdge({ ADMIN_TOKEN: '' });
    expect((await fetch(`${plain.url}/_edge/cache`)).status).toBe(404);
    expect((await postJson(`${plain.url}/_edge/purge`, { all: true })).status).toBe(404);
  });

  it('need the token: 401 without it or with a wrong one', async () => {
    const none = await fetch(`${world.url}/_edge/cache`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await admin('/_edge/cache', {}, 'wrong-token-wrong-token')).status).toBe(401);
    expect((await admin('/_edge/purge', { method: 'POST', body: '{"all":true}' }, 'nope')).status).toBe(401);
  });

  it('report entries, bytes and hit ratio', async () => {
    const res = await admin('/_edge/cache');
    expect(res.status).toBe(200);
    const { upstream } = (await res.json()) as { upstream: { entries: number; bytes: number; maxBytes: number; hitRatio: number } };
    expect(upstream.entries).toBeGreaterThan(0);
    expect(upstream.bytes).toBeGreaterThan(0);
    expect(upstream.hitRatio).toBeGreaterThan(0);
    expect(upstream.maxBytes).toBe(world.config.cache.maxBytes - Math.floor(world.config.cache.maxBytes / 4));
  });

  it('purge empties what it names: a tag, a prefix, everything', async () => {
    const url = `${world.url}/api/queryArchivesList`;
    await postJson(url, listOf('SNews'));
    await postJson(url, listOf('Media'));
    await fetch(`${world.url}/api/queryArchivesById/${articleId(1)}`);

    const byTag = await admin('/_edge/purge', { method: 'POST', body: JSON.stringify({ tag: 'channel:Media' }) });
    expect(((await byTag.json()) as { data: { purged: number } }).data.purged).toBe(1);
    expect((await postJson(url, listOf('Media'))).headers.get('x-cache')).toBe('MISS');
    expect((await postJson(url, listOf('SNews'))).headers.get('x-cache')).toBe('HIT');

    const byPrefix = await admin('/_edge/purge', { method: 'POST', body: JSON.stringify({ prefix: '/api/queryArchivesById/' }) });
    expect(((await byPrefix.json()) as { data: { keys: string[] } }).data.keys).toEqual([`GET /api/queryArchivesById/${articleId(1)}`]);
    expect((await fetch(`${world.url}/api/queryArchivesById/${articleId(1)}`)).headers.get('x-cache')).toBe('MISS');

    const all = await admin('/_edge/purge', { method: 'POST', body: JSON.stringify({ all: true }) });
    expect(((await all.json()) as { data: { purged: number } }).data.purged).toBeGreaterThanOrEqual(3);
    expect(world.edge.cache.stats().entries).toBe(0);

    const bad = await admin('/_edge/purge', { method: 'POST', body: JSON.stringify({ everything: 'please' }) });
    expect(bad.status).toBe(400);
  });

  it('keeps the cache under CACHE_MAX_BYTES however much is asked', async () => {
    const small = await world.startEdge({ CACHE_MAX_BYTES: '30000', PAGE_CACHE_TTL_S: '0' });
    for (let size = 1; size <= 30; size += 1) {
      const res = await postJson(`${small.url}/api/queryArchivesList`, {
        entity: { channelNo: 'SNews' },
        param: { pageNum: 1, pageSize: size },
      });
      expect(res.status).toBe(200);
    }
    for (let id = 1; id <= 6; id += 1) expect((await fetch(`${small.url}/api/queryArchivesById/${articleId(id)}`)).status).toBe(200);
    const stats = small.edge.cache.stats();
    expect(stats.maxBytes).toBe(30000);
    expect(stats.bytes).toBeLessThanOrEqual(30000);
    expect(stats.entries).toBeGreaterThan(3);
    expect(stats.entries).toBeLessThan(36);
    const metrics = await (await fetch(`${small.url}/metrics`)).text();
    expect(Number(/edge_cache_events_total\{cache="upstream",event="evict"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThan(0);
  });
});

describe('every response', () => {
  it('carries a request id (given or made), security headers and no x-powered-by', async () => {
    const given = await fetch(`${world.url}/healthz`, { headers: { 'x-request-id': 'probe-42' } });
    expect(given.headers.get('x-request-id')).toBe('probe-42');
    for (const path of ['/healthz', '/api/queryAllChannel/CN', '/no/such/page', '/api/nope']) {
      const res = await fetch(`${world.url}${path}`, { headers: { 'x-request-id': 'bad id with spaces' } });
      expect(res.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('content-security-policy'), path).toMatch(/default-src 'self'/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
    }
    const line = world.logs.find((l) => l.reqId === 'probe-42');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', url: '/healthz', status: 200, route: 'healthz' });
  });

  it('logs every answer of a burst once, with its own status, route and duration metric', async () => {
    // Access lines are written together at the end of the event loop's turn (http/request-log.ts): answers
    // finished in one turn must each get their own line, none twice, none lost.
    const count = async (): Promise<number> => {
      const text = await (await fetch(`${world.url}/metrics`)).text();
      return Number(/http_request_duration_seconds_count\{route="healthz",method="GET",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await count();
    const paths = ['/healthz', '/api/queryAllChannel/CN', '/api/nope'];
    const ids = Array.from({ length: 60 }, (_, i) => `burst-${i}`);
    const answers = await Promise.all(ids.map((id, i) => fetch(`${world.url}${paths[i % 3]}`, { headers: { 'x-request-id': id } })));
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    for (const [i, id] of ids.entries()) {
      const lines = world.logs.filter((l) => l.msg === 'request' && l.reqId === id);
      expect(lines, id).toHaveLength(1);
      expect(lines[0], id).toMatchObject({ url: paths[i % 3], status: answers[i]!.status });
      expect(typeof lines[0]!.ms, id).toBe('number');
    }
    expect(answers.map((a) => a.status).slice(0, 3)).toEqual([200, 200, 404]);
    expect((await count()) - before).toBe(20);
  });

  it('serves /build with immutable caching and other public files briefly', async () => {
    const built = await fetch(`${world.url}/build/islands-3F2A9C.js`);
    expect(built.status).toBe(200);
    expect(built.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A name the build did not have when the edge started is not held in memory: the folder serves it briefly.
    writeFileSync(join(publicDir, 'build', 'late-5D1E.js'), 'late()');
    const late = await fetch(`${world.url}/build/late-5D1E.js`);
    expect(late.status).toBe(200);
    expect(await late.text()).toBe('late()');
    expect(late.headers.get('cache-control')).toBe('public, max-age=600');
    expect((await fetch(`${world.url}/build/islands-3F2A9C.unknown`)).status).toBe(404);
    const robots = await fetch(`${world.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('cache-control')).toBe('public, max-age=600');
  });
});
