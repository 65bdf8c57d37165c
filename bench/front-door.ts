// npm run bench:door — in one run, on loopback, wrk (50 connections, 1 thread) against:
//   a cached page (gzip) from the edge      vs  bare node:http sending the same bytes
//   a cached API read (POST) from the edge  vs  bare node:http sending the same bytes
// The servers live in one child process (one core), wrk has the other. Medians of BENCH_ROUNDS rounds
// of BENCH_DURATION_S, the cases interleaved so a busy moment hurts both sides alike.
// Beside them, the same bare server doing the edge's per-answer duties (request id, access line,
// duration metric, through server/http/request-log.ts; for the API read also reading and parsing the JSON
// body, which the edge keys on): how close to bare an edge that keeps those can come.
// Targets: both ratios ≥ 0.7. BENCH_BARE_HEADERS=body: bare Node sends the body with three
// headers only; BENCH_QUIET=1: the edge without its access line and duration metric (what they cost).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDoorServers } from './lib/door-child.ts';
import { median } from './lib/stats.ts';
import { BENCH_LIST_BODY, DOOR_PAGE } from './lib/targets.ts';
import { postScript, wrk, type WrkRun } from './lib/wrk.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

// BENCH_NODE_ARGS: node flags to try beside the shipped ones (e.g. --max-semi-space-size=8).
const {
  child,
  targets,
  cpuUs: serverCpuUs,
} = await startDoorServers({ nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean) });

const dir = mkdtempSync(join(tmpdir(), 'door-bench-'));
const post = postScript(dir, BENCH_LIST_BODY);
const load = { connections: CONNECTIONS, durationS: DURATION_S, headers: ['Accept-Encoding: gzip'] };
const cases = [
  { name: `cached page ${DOOR_PAGE} (${targets.pageBytes} B gzip)`, path: DOOR_PAGE },
  { name: `cached API read (${targets.apiBytes} B)`, path: '/api/queryArchivesList', script: post },
];
const servers = { edge: targets.edgeUrl, bare: targets.bareUrl, duties: targets.dutiesUrl };
const figures = cases.map(() => ({ edge: [] as WrkRun[], bare: [] as WrkRun[], duties: [] as WrkRun[] }));
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, c] of cases.entries()) {
      for (const [name, origin] of Object.entries(servers) as Array<[keyof typeof servers, string]>) {
        figures[i]![name].push(await wrk(`${origin}${c.path}`, serverCpuUs, { ...load, script: c.script }));
      }
    }
  }
} finally {
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `front door bench: ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, wrk -t1 -c${CONNECTIONS} -d${DURATION_S}s, medians of ${ROUNDS}`,
);
cases.forEach((c, i) => {
  const f = figures[i]!;
  const rps = (runs: WrkRun[]) => median(runs.map((r) => r.rps));
  const cpu = (runs: WrkRun[]) => median(runs.map((r) => r.cpuUs));
  const ms = (runs: WrkRun[], p: 'p50' | 'p99') => median(runs.map((r) => r[p])).toFixed(2);
  const [edge, bare, duties] = [rps(f.edge), rps(f.bare), rps(f.duties)];
  console.log(
    `${c.name}: edge ${edge.toFixed(0)} req/s, bare node:http ${bare.toFixed(0)} req/s, ratio ${(edge / bare).toFixed(2)}; ` +
      `p50 ${ms(f.edge, 'p50')} vs ${ms(f.bare, 'p50')} ms, p99 ${ms(f.edge, 'p99')} vs ${ms(f.bare, 'p99')} ms; ` +
      `server CPU per request ${cpu(f.edge).toFixed(0)} µs vs ${cpu(f.bare).toFixed(0)} µs, ratio ${(cpu(f.bare) / cpu(f.edge)).toFixed(2)}`,
  );
  console.log(
    `  bare node:http + the edge's ${process.env.BENCH_QUIET === '1' ? 'request id (BENCH_QUIET: no line, no metric)' : 'request id, access line and metric'}${c.script ? ', the body read and parsed' : ''}: ${duties.toFixed(0)} req/s (${(duties / bare).toFixed(2)} of bare), ` +
      `${cpu(f.duties).toFixed(0)} µs CPU per request; the edge reaches ${(edge / duties).toFixed(2)} of it`,
  );
});
