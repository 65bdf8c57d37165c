// WEB_CONCURRENCY=2: the built edge (dist/server/main.js) as a real process tree — a primary and two
// workers sharing one port. What an operator sees: both workers answer, one embedded content service,
// a purge on one worker empties every worker, /metrics sums both, one write budget per client, a killed
// worker is replaced while requests keep being answered, and SIGTERM drains everything and exits 0.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireId } from './cms-fixture.ts';
import { APP_ID, TOKEN_KEY, copyDb, seedFixtureDb, startCms, type RunningCms } from './cms-harness.ts';
import { freePort } from '../world/ports.ts';
import { startGate } from '../world/upstream-gate.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BUNDLE = join(ROOT, 'dist/server/main.js');
const ADMIN_TOKEN = 'cluster-test-admin-token';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

interface Edge {
  proc: ChildProcess;
  lines: Array<Record<string, unknown>>;
  port: number;
  exited: Promise<{ code: number | null; atMs: number }>;
}
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request on a connection of its own (the cluster hands each new connection to the next worker). */
function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false, timeout: 10_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer in 10 s`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
const workerOf = (a: Answer) => String(a.headers['x-edge-worker'] ?? '');
/** A rule of the operator layer in a GET /_edge/rules answer. */
const apiRuleOf = (a: Answer, endpoint: string): unknown => (JSON.parse(a.body) as { api: Record<string, unknown> }).api[endpoint];

/** Sends `path` until every worker in `want` (or any two) answered; the first answer of each, by worker. */
async function firstFromEach(port: number, path: string, want = 2, options?: Parameters<typeof send>[2]): Promise<Map<string, Answer>> {
  const seen = new Map<string, Answer>();
  for (let i = 0; i < 40 && seen.size < want; i += 1) {
    const answer = await send(port, path, options);
    if (!seen.has(workerOf(answer))) seen.set(workerOf(answer), answer);
  }
  return seen;
}

async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const children: ChildProcess[] = [];
/** Starts the built edge; `stderr` and `lines` (stdout's JSON lines) fill as it runs. */
function spawnEdge(port: number, env: Record<string, string>): Edge & { stderr: () => string } {
  const proc = spawn(process.execPath, [BUNDLE], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '2',
      ADMIN_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  let buffer = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  proc.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>);
      buffer = buffer.slice(nl + 1);
    }
  });
  const exited = new Promise<{ code: number | null; atMs: number }>((resolve) =>
    proc.on('exit', (code) => resolve({ code, atMs: Date.now() })),
  );
  return { proc, lines, port, exited, stderr: () => stderr };
}

async function startEdge(env: Record<string, string>): Promise<Edge> {
  const edge = spawnEdge(await freePort(), env);
  let gone = false;
  void edge.exited.then(() => (gone = true));
  await waitFor(
    'the primary to say the edge listens',
    () => {
      if (gone) throw new Error(`edge exited before listening:\n${edge.stderr()}`);
      return edge.lines.some((l) => String(l.msg).startsWith('edge listening on') && l.workers === 2);
    },
    90_000,
  );
  return edge;
}

const metricValue = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};
const healthzCount = 'http_request_duration_seconds_count{route="healthz",method="GET",status="200"}';

let seeded: Awaited<ReturnType<typeof seedFixtureDb>>;
let dbCopy: { db: string; remove(): void };
let edge: Edge;

beforeAll(async () => {
  // The test runs the bundle `npm start` runs; it is rebuilt from the sources first. The client bundle's
  // size budget may fail the build's last step while dist/server/main.js has been written: that is enough here.
  const before = Date.now();
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (!existsSync(BUNDLE) || statSync(BUNDLE).mtimeMs < before - 1000) throw new Error(`build failed:\n${built.stdout}\n${built.stderr}`);
  seeded = await seedFixtureDb();
  dbCopy = copyDb(seeded);
  edge = await startEdge({ CMS_DB: dbCopy.db, RATE_LIMIT_WRITES: '4' });
}, 150_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // The workers of a primary killed outright exit when their IPC channel closes; give them a moment.
  await sleep(200);
  dbCopy?.remove();
  seeded?.remove();
});

describe('WEB_CONCURRENCY=2', () => {
  it('two workers answer on one port, with one embedded content service started by the primary', async () => {
    const seen = await firstFromEach(edge.port, '/healthz');
    expect([...seen.keys()].sort()).toEqual(['1', '2']);
    for (const answer of seen.values()) expect(answer.status).toBe(200);
    const started = edge.lines.filter((l) => String(l.msg).includes('UPSTREAM_URL is not set'));
    expect(started).toHaveLength(1);
    const workerLines = edge.lines.filter((l) => /^edge worker \d+ listening/.test(String(l.msg)));
    expect(workerLines).toHaveLength(2);
    // Both workers call the primary's one service.
    expect(new Set(workerLines.map((l) => l.upstream))).toEqual(new Set([started[0]!.upstream]));
    expect(new Set(workerLines.map((l) => l.pid)).size).toBe(2);
  });

  it('a purge through the operator route on one worker makes the next read on every worker a MISS', async () => {
    const page = '/';
    const api = '/api/queryAllChannel/CN';
    // Warm both workers until each answers from its cache.
    await waitFor('both workers to serve the page and the API read from cache', async () => {
      const pages = await firstFromEach(edge.port, page);
      const reads = await firstFromEach(edge.port, api);
      return (
        [...pages.values(), ...reads.values()].every((a) => a.status === 200 && a.headers['x-cache'] === 'HIT') &&
        pages.size === 2 &&
        reads.size === 2
      );
    });
    const purge = await send(edge.port, '/_edge/purge', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: '{"all": true}',
    });
    expect(purge.status).toBe(200);
    expect(['1', '2']).toContain(workerOf(purge));
    // The API read first: a page render reads the same call and would fill the cache again.
    const reads = await firstFromEach(edge.port, api);
    const pages = await firstFromEach(edge.port, page);
    expect([...reads.keys()].sort()).toEqual(['1', '2']);
    expect([...pages.keys()].sort()).toEqual(['1', '2']);
    expect([...pages.values()].map((a) => a.headers['x-cache'])).toEqual(['MISS', 'MISS']);
    expect([...reads.values()].map((a) => a.headers['x-cache'])).toEqual(['MISS', 'MISS']);
    // Each worker's own figures say which worker they are.
    const stats = await firstFromEach(edge.port, '/_edge/cache', 2, { headers: admin });
    for (const [id, answer] of stats) expect((JSON.parse(answer.body) as { worker: { id: number } }).worker.id).toBe(Number(id));
  });

  it('/metrics sums every worker, whichever worker answers the scrape', async () => {
    const before = await firstFromEach(edge.port, '/metrics');
    const base = [...before.values()].map((a) => metricValue(a.body, healthzCount));
    expect(base[0]).toBe(base[1]); // two workers answered the scrape with the same totals
    const hits = await Promise.all(Array.from({ length: 10 }, () => send(edge.port, '/healthz')));
    expect(new Set(hits.map(workerOf)).size).toBe(2);
    const after = await firstFromEach(edge.port, '/metrics');
    expect(after.size).toBe(2);
    for (const answer of after.values()) {
      expect(answer.body).toMatch(/^# edge: aggregated across 2 of 2 workers/);
      expect(metricValue(answer.body, healthzCount)).toBe(base[0]! + 10);
      // A gauge that must not be summed: one per edge, not one per worker.
      expect(metricValue(answer.body, 'edge_draining')).toBe(0);
    }
  });

  it('one write budget per client, whichever worker takes the write (RATE_LIMIT_WRITES=4)', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i += 1) answers.push(await send(edge.port, `/api/doStarByArcId/${wireId('archives', 3)}`));
    expect(new Set(answers.map(workerOf)).size).toBe(2);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('a cache rule set through the operator API on one worker is in force on every worker', async () => {
    const put = await send(edge.port, '/_edge/rules', {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ queryAllChannel: 42 }),
    });
    expect(put.status).toBe(200);
    // Another worker learns it one IPC hop later.
    await waitFor('every worker to have the rule', async () => {
      const views = await firstFromEach(edge.port, '/_edge/rules', 2, { headers: admin });
      return views.size === 2 && [...views.values()].every((v) => apiRuleOf(v, 'queryAllChannel') === 42);
    });
  });

  it('a worker killed outright is replaced, and requests keep being answered meanwhile', async () => {
    const stats = await send(edge.port, '/_edge/cache', { headers: admin });
    const victim = (JSON.parse(stats.body) as { worker: { id: number; pid: number } }).worker;
    process.kill(victim.pid, 'SIGKILL');
    // Until the primary has seen the worker's exit, node:cluster's round robin may still hand it a new
    // connection, which is then reset: a window of milliseconds no edge code can close. From then on,
    // every request is answered by the surviving worker while the replacement starts.
    await waitFor('the primary to see the worker die', () => edge.lines.some((l) => l.msg === 'a worker died: replacing it'));
    const statuses: number[] = [];
    const replaced = await waitFor('a new worker to answer', async () => {
      const answer = await send(edge.port, '/healthz');
      statuses.push(answer.status);
      return Number(workerOf(answer)) > 2 ? answer : undefined;
    });
    expect(replaced.status).toBe(200);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(edge.lines.find((l) => l.msg === 'a worker died: replacing it')).toMatchObject({ worker: victim.id, signal: 'SIGKILL' });
    const now = await firstFromEach(edge.port, '/healthz');
    expect(now.size).toBe(2);
    expect(now.has(String(victim.id))).toBe(false);
    // The replacement serves with the operator's rule: the primary handed it over at its start.
    const rules = await firstFromEach(edge.port, '/_edge/rules', 2, { headers: admin });
    expect([...rules.values()].map((v) => apiRuleOf(v, 'queryAllChannel'))).toEqual([42, 42]);
    // Still one content service: the replacement was handed the primary's.
    expect(edge.lines.filter((l) => String(l.msg).includes('UPSTREAM_URL is not set'))).toHaveLength(1);
  }, 30_000);
});

describe('WEB_CONCURRENCY=2 start and stop', () => {
  let cms: RunningCms;
  beforeAll(async () => {
    cms = await startCms({ db: seeded.db });
  });
  afterAll(async () => {
    await cms?.close();
  });

  it('a worker that cannot listen (the port is taken) stops the edge with exit 1, without a restart loop', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    try {
      const child = spawnEdge((taken.address() as AddressInfo).port, { UPSTREAM_URL: cms.url, APP_ID, TOKEN_KEY });
      const outcome = await Promise.race([child.exited, sleep(20_000).then(() => 'still running' as const)]);
      expect(outcome).not.toBe('still running');
      expect((outcome as { code: number | null }).code).toBe(1);
      expect(child.lines.some((l) => l.msg === 'a worker stopped before the edge was listening: stopping')).toBe(true);
      expect(child.lines.some((l) => l.msg === 'a worker died: replacing it')).toBe(false);
    } finally {
      await new Promise((r) => taken.close(r));
    }
  }, 30_000);

  it('SIGTERM to the primary: every worker finishes its requests in flight, then the primary exits 0', async () => {
    // The service hangs at a gate until every worker is draining, so the requests are in flight when the
    // drain starts however slow the machine. The time limits are far above what the drain takes: reaching
    // one would show as `forced` below, never as a wait this test measures.
    const gate = await startGate(cms.cms.handler);
    const child = await startEdge({
      UPSTREAM_URL: gate.url,
      APP_ID,
      TOKEN_KEY,
      SHUTDOWN_TIMEOUT_MS: '20000',
      UPSTREAM_TIMEOUT_MS: '30000',
    });
    gate.hold();
    try {
      const inflight = Array.from({ length: 12 }, (_, i) =>
        send(child.port, '/api/queryArchivesList', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: i + 1 } }),
        }),
      );
      await waitFor('12 calls held at the content service', () => gate.waiting('/queryArchivesList') >= 12, 10_000);
      child.proc.kill('SIGTERM');
      const draining = () =>
        child.lines.filter((l) => l.msg === 'draining: not ready, no new connections, finishing requests in flight').length;
      await waitFor('both workers draining', () => draining() >= 2, 10_000);
      expect(gate.waiting('/queryArchivesList')).toBe(12); // nothing was cut when the drain began
      gate.release();
      const answers = await Promise.all(inflight);
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 200));
      expect(new Set(answers.map(workerOf)).size).toBe(2); // both workers had some in flight
      const { code } = await child.exited;
      expect(code).toBe(0);
      const stopped = child.lines.filter((l) => l.msg === 'stopped');
      expect(stopped).toHaveLength(3); // two workers and the primary
      expect(stopped.every((l) => l.forced === false)).toBe(true); // no time limit had to cut or kill anything
      expect(child.lines.some((l) => l.msg === 'a worker died: replacing it')).toBe(false);
    } finally {
      gate.release();
      await gate.close();
    }
  }, 60_000);
});
