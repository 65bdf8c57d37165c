// npx tsx bench/redis-tier.ts — what the shared Redis tier costs and saves, on loopback, one process
// (servers and load share the machine's cores; compare the rows, not the absolute figures):
//   (a) first-tier hit, REDIS_URL unset        throughput, 8 concurrent loops on one cached call
//   (b) first-tier hit, REDIS_URL set          the same: a first-tier hit must not touch Redis
//   (b1) first-tier hit, one request at a time  the latency (c)–(e) compare with
//   (c) second-tier hit                        first-tier miss, Redis hit (stored by another edge)
//   (d) upstream call, REDIS_URL unset         a cold call: the content service answers
//   (e) cold call, REDIS_URL set               Redis GET miss + lock + upstream + SET
// (b1)–(e) send one request at a time, each (but b1's) with a key of its own; and, in-process, what a value
// costs to decode with its gzip copy stored vs recomputed. Also counted: Redis commands during (b) (must be 0).
// Each figure is the median of BENCH_ROUNDS (3) rounds. Needs /usr/bin/redis-server and data/cms.sqlite
// (`npm run cms` once creates it).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { createClient } from 'redis';
import { Pool } from 'undici';
import { createCmsServer } from '../cms/server.ts';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../cms/demo-credentials.ts';
import { createApp, type EdgeApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { decodeEntry, encodeEntry } from '../server/sharing/tier-entries.ts';
import { startRedis } from '../test/integration/redis-harness.ts';
import { runLoad } from './lib/load.ts';
import { median } from './lib/stats.ts';
import { BENCH_LIST_BODY } from './lib/targets.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 2000);
const COLD_CALLS = Number(process.env.BENCH_COLD_CALLS ?? 200);

const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
copyFileSync(process.env.CMS_DB ?? 'data/cms.sqlite', join(dir, 'cms.sqlite'));
const cms = await createCmsServer({ db: join(dir, 'cms.sqlite'), appId: DEMO_APP_ID, tokenKey: DEMO_TOKEN_KEY, logger: false });
const cmsUrl = await cms.listen(0, '127.0.0.1');
const redis = await startRedis();
const logger = pino({ level: 'warn' }, pino.destination({ dest: '/dev/null', sync: true }));
const servers: Server[] = [];
const edges: EdgeApp[] = [];

async function startEdge(env: Record<string, string>): Promise<Pool> {
  const edge = createApp(loadConfig({ UPSTREAM_URL: cmsUrl, APP_ID: DEMO_APP_ID, TOKEN_KEY: DEMO_TOKEN_KEY, LOG_LEVEL: 'warn', ...env }), {
    logger,
    defaultMetrics: false,
  });
  const server = createServer(edge.handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  edges.push(edge);
  return new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 16 });
}

const solo = await startEdge({});
const withRedis = await startEdge({ REDIS_URL: redis.url });
const filler = await startEdge({ REDIS_URL: redis.url });
while (!edges[1]!.sharedTier!.up() || !edges[2]!.sharedTier!.up()) await new Promise((r) => setTimeout(r, 20));

/** A list call; `nonce` makes a distinct cache key with the same answer (the service ignores the field). */
async function list(pool: Pool, nonce?: string): Promise<string> {
  const body = JSON.stringify(nonce === undefined ? BENCH_LIST_BODY : { ...BENCH_LIST_BODY, nonce });
  const res = await pool.request({ method: 'POST', path: '/api/queryArchivesList', headers: { 'content-type': 'application/json' }, body });
  await res.body.arrayBuffer();
  if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  return String(res.headers['x-cache']);
}

/** How often a cold-call case got the X-Cache it is about (a Redis command past REDIS_TIMEOUT_MS on a busy machine turns a second-tier hit into a MISS). */
const expected: Record<string, { got: number; of: number }> = {};

/** Median per-request latency of calls that each use a new key, one at a time (only those answered as `expect`). */
async function coldLatency(pool: Pool, round: string, expect: string, before?: Pool): Promise<number> {
  const times: number[] = [];
  const tally = (expected[`(${round[0]}) ${expect}`] ??= { got: 0, of: 0 });
  for (let i = 0; i < COLD_CALLS; i += 1) {
    const nonce = `${round}-${i}`;
    if (before) await list(before, nonce);
    const t0 = performance.now();
    const status = await list(pool, nonce);
    const ms = performance.now() - t0;
    tally.of += 1;
    if (status !== expect) continue;
    tally.got += 1;
    times.push(ms);
  }
  return median(times);
}

const rows: Record<string, { rps: number[]; p50: number[]; cpu: number[] }> = {};
const note = (name: string, rps: number, p50: number, cpuUs = Number.NaN) => {
  rows[name] ??= { rps: [], p50: [], cpu: [] };
  rows[name].rps.push(rps);
  rows[name].p50.push(p50);
  rows[name].cpu.push(cpuUs);
};

await list(solo);
await list(withRedis);
const probe = createClient({ url: redis.url });
await probe.connect();
/** Commands Redis has processed so far (a first-tier hit must add none); each look is one INFO itself. */
async function redisCommands(): Promise<number> {
  return Number(/total_commands_processed:(\d+)/.exec(await probe.info('stats'))![1]);
}
let hitRequests = 0;
let hitCommands = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, pool] of [
    ['(a) first-tier hit, REDIS_URL unset', solo],
    ['(b) first-tier hit, REDIS_URL set', withRedis],
  ] as const) {
    const before = pool === withRedis ? await redisCommands() : 0;
    const cpu = process.cpuUsage();
    const figures = await runLoad({ concurrency: 8, durationMs: DURATION_MS, send: async () => void (await list(pool)) });
    const used = process.cpuUsage(cpu);
    note(name, figures.rps, figures.p50Ms, (used.user + used.system) / (figures.requests || 1));
    if (pool === withRedis) {
      hitRequests += figures.requests;
      hitCommands += (await redisCommands()) - before - 1; // less the first INFO
    }
  }
  const hitTimes: number[] = [];
  for (let i = 0; i < COLD_CALLS; i += 1) {
    const t0 = performance.now();
    await list(withRedis);
    hitTimes.push(performance.now() - t0);
  }
  note('(b1) first-tier hit, REDIS_URL set, one at a time', Number.NaN, median(hitTimes));
  note('(c) second-tier hit (first-tier miss, Redis hit)', Number.NaN, await coldLatency(withRedis, `c${round}`, 'HIT', filler));
  note('(d) upstream call, REDIS_URL unset', Number.NaN, await coldLatency(solo, `d${round}`, 'MISS'));
  note('(e) cold call, REDIS_URL set (GET, lock, upstream, SET)', Number.NaN, await coldLatency(withRedis, `e${round}`, 'MISS'));
}

// Decode cost of one value: gzip copy stored (what the edge does) vs recomputed on every second-tier hit.
const sample = edges[1]!.cache.entries().find((e) => e.gzip)!;
const timeIt = (fn: () => void, n = 2000) => {
  const t0 = performance.now();
  for (let i = 0; i < n; i += 1) fn();
  return ((performance.now() - t0) / n) * 1000;
};
const stored = encodeEntry(sample);
const bare = encodeEntry({ ...sample, gzip: null });
const decodeStoredUs = median([0, 1, 2].map(() => timeIt(() => decodeEntry(sample.key, stored))));
const decodeRecomputeUs = median([0, 1, 2].map(() => timeIt(() => gzipSync(decodeEntry(sample.key, bare)!.raw), 500)));

const cores = availableParallelism();
console.log(
  `redis-tier bench — ${cores} cores (${cpus()[0]?.model ?? '?'}), medians of ${ROUNDS} rounds, loopback, servers and load in one process`,
);
console.log('case'.padEnd(58), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'CPU µs/req'.padStart(11));
const shown = (v: number, digits: number) => (Number.isNaN(v) ? '—' : v.toFixed(digits));
for (const [name, r] of Object.entries(rows)) {
  console.log(
    name.padEnd(58),
    shown(median(r.rps), 0).padStart(8),
    median(r.p50).toFixed(3).padStart(8),
    shown(median(r.cpu), 0).padStart(11),
  );
}
console.log(
  '(CPU µs/req: this whole process, servers and load generator, per request: less distorted by other work on the machine than req/s)',
);
for (const [what, { got, of }] of Object.entries(expected)) console.log(`${what}: ${got} of ${of} calls answered so (X-Cache)`);
console.log(`Redis commands during ${hitRequests} first-tier hits with REDIS_URL set: ${hitCommands}`);
console.log(`value of a ${sample.raw.length} B answer in Redis: ${stored.length} B with its gzip copy, ${bare.length} B without`);
console.log(
  `decode with the gzip copy stored: ${decodeStoredUs.toFixed(1)} µs; without (gzip recomputed): ${decodeRecomputeUs.toFixed(1)} µs`,
);

for (const server of servers) {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}
for (const edge of edges) await edge.close();
await Promise.all([solo.close(), withRedis.close(), filler.close(), probe.close()]);
await cms.close();
await redis.stop();
rmSync(dir, { recursive: true, force: true });
