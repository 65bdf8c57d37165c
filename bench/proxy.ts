// npm run bench:proxy — on loopback, in one run: req/s and p50/p99 of
//   (a) a cached queryArchivesList hit through the edge (helmet, request log, metrics, cache, all on)
//   (b) a bare node:http server answering the same bytes
//   (c) the same call straight to the reference content service (signed)
// Servers live in a child process (one core), the load generator here (the other core).
// Target: (a) ≥ 0.5 × (b).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { Pool } from 'undici';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../cms/demo-credentials.ts';
import { createSigner } from '../server/upstream/client.ts';
import { runLoad } from './lib/load.ts';
import { median, table, type LoadFigures } from './lib/stats.ts';
import { BENCH_LIST_BODY, BENCH_PREFIX, type BenchTargets } from './lib/targets.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const child = fork(new URL('./lib/servers.ts', import.meta.url).pathname, [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const [targets] = (await Promise.race([
  once(child, 'message'),
  once(child, 'exit').then(() => {
    throw new Error('the bench servers did not start');
  }),
])) as [BenchTargets];

const body = JSON.stringify(BENCH_LIST_BODY);
// One token for the whole run: the service checks it decrypts and is within the skew, as real clients' are.
const signed = createSigner({ appId: DEMO_APP_ID, tokenKey: DEMO_TOKEN_KEY, now: Date.now, random: Math.random })();

interface Case {
  name: string;
  origin: string;
  path: string;
  headers: Record<string, string>;
  check?: (headers: Record<string, string | string[] | undefined>) => void;
}

const cases: Case[] = [
  {
    name: '(a) edge, cached hit',
    origin: targets.edgeUrl,
    path: '/api/queryArchivesList',
    headers: { 'content-type': 'application/json' },
    check: (h) => {
      if (h['x-cache'] !== 'HIT') throw new Error(`expected a cache hit, got X-Cache ${String(h['x-cache'])}`);
    },
  },
  {
    name: '(b) bare node:http, same bytes',
    origin: targets.bareUrl,
    path: '/api/queryArchivesList',
    headers: { 'content-type': 'application/json' },
  },
  {
    name: '(c) reference service direct',
    origin: targets.cmsUrl,
    path: `${BENCH_PREFIX}/api/queryArchivesList`,
    headers: { 'content-type': 'application/json', ...signed },
  },
];

async function childCpuUs(): Promise<number> {
  const reply = once(child, 'message') as Promise<[{ cpuUs: number }]>;
  child.send('cpu');
  return (await reply)[0].cpuUs;
}

/** Waits (at most 20 s) until the servers' process is idle: start-up work must not land in a case. */
async function settle(): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    const before = await childCpuUs();
    await new Promise((r) => setTimeout(r, 500));
    if ((await childCpuUs()) - before < 25_000) return; // under 5 % of a core
  }
}

type Row = { name: string; cpuUsPerRequest: number } & LoadFigures;
const pools = cases.map((c) => new Pool(c.origin, { connections: CONCURRENCY, pipelining: 1 }));
const senders = cases.map((c, i) => {
  let checked = false;
  return async () => {
    const res = await pools[i]!.request({ method: 'POST', path: c.path, headers: c.headers, body });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    if (!checked && c.check) {
      c.check(res.headers);
      checked = true;
    }
  };
});

/** Cases take turns, round after round, so a slow spell of the machine hits all of them alike. */
const rounds: Row[][] = cases.map(() => []);
await settle();
try {
  for (const send of senders) {
    await send();
    await runLoad({ concurrency: CONCURRENCY, durationMs: 1000, warmupMs: 0, send });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, c] of cases.entries()) {
      const cpuBefore = await childCpuUs();
      const figures = await runLoad({ concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: 0, send: senders[i]! });
      const cpuUs = (await childCpuUs()) - cpuBefore;
      rounds[i]!.push({ name: c.name, ...figures, cpuUsPerRequest: cpuUs / (figures.requests + figures.errors) });
    }
  }
} finally {
  await Promise.all(pools.map((p) => p.close()));
  child.kill('SIGTERM');
}

/** Per case, the round with the median req/s. */
const rows = rounds.map((rs) => {
  const m = median(rs.map((r) => r.rps));
  return rs.find((r) => r.rps === m)!;
});
const ratios = rounds[0]!.map((a, i) => a.rps / rounds[1]![i]!.rps);
const [edge, bare] = rows;
console.log(
  `\nproxy bench: POST queryArchivesList (${targets.bodyBytes} B answer), ${CONCURRENCY} connections, ${ROUNDS} rounds of ${DURATION_MS / 1000} s per case (median round shown), loopback`,
);
// Figures taken on a busy machine say little: show how busy it was.
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores\n`,
);
console.log(table(rows));
const ratio = median(ratios);
console.log(
  `\n(a)/(b) by req/s, per round: ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ${ratio.toFixed(2)} (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
);
const cpuRatio = bare!.cpuUsPerRequest / edge!.cpuUsPerRequest;
console.log(`(a)/(b) by server CPU per request: ${cpuRatio.toFixed(2)} (the same comparison, less bent by a busy machine)`);
