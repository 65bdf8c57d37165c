// npm run bench:render — CPU time of one page render with every upstream answer cached and the page cache
// off (BENCH_PAGE_CACHE_TTL_S=0), so each request renders: the home page and list pages. The servers run in
// a child process (bench/lib/door-servers.ts); wrk keeps 2 requests in flight for BENCH_DURATION_S; the
// figure is the child's CPU time per request (HTTP included: ~25 µs of it). BENCH_ROUNDS rounds, the pages
// taken in turn within each round so a busy spell of this shared machine falls on all of them; the median
// and the least round are printed (a neighbour's load only ever adds CPU time, so the least round is the
// closest to the render's own cost).
// Targets (issue #11): ≤ 3 ms per list page, ≤ 5 ms for home, on this machine.
import { execFile, fork } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { promisify } from 'node:util';
import { shippedChild } from './lib/launch.ts';
import type { DoorTargets } from './lib/targets.ts';

const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 2);
const PAGES = ['/', '/News/SNews', '/EN_News/EN_SNews', '/Collection/PreciousCol'];

const child = fork(new URL('./lib/door-servers.ts', import.meta.url).pathname, [], {
  // BENCH_NODE_ARGS: node flags to try beside the shipped ones (e.g. --max-semi-space-size=8).
  execArgv: ['--import', 'tsx', ...shippedChild.nodeArgs, ...(process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  // As `npm start` runs it: React's production build (the development one renders ~2× slower).
  env: { ...process.env, ...shippedChild.env, NODE_ENV: 'production', BENCH_PAGE_CACHE_TTL_S: '0' },
});
const [targets] = (await Promise.race([
  once(child, 'message'),
  once(child, 'exit').then(() => {
    throw new Error('the bench servers did not start');
  }),
])) as [DoorTargets];

async function cpuUs(): Promise<number> {
  child.send('cpu');
  const [m] = (await once(child, 'message')) as [{ cpuUs: number }];
  return m.cpuUs;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const perRender = new Map(PAGES.map((path) => [path, [] as number[]]));
try {
  for (const path of PAGES) await run('wrk', ['-t1', '-c2', '-d1s', `${targets.edgeUrl}${path}`]); // warm: JIT, upstream cache
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const path of PAGES) {
      const before = await cpuUs();
      const { stdout } = await run('wrk', ['-t1', '-c2', `-d${DURATION_S}s`, `${targets.edgeUrl}${path}`]);
      const used = (await cpuUs()) - before;
      if (/Non-2xx/.test(stdout)) throw new Error(`non-2xx answers from ${path}`);
      perRender.get(path)!.push(used / 1000 / Number(/(\d+) requests in/.exec(stdout)![1]));
    }
  }
} finally {
  child.kill('SIGTERM');
}
const lines = PAGES.map((path) => {
  const ms = perRender.get(path)!;
  return `${path}: ${median(ms).toFixed(2)} ms CPU per render, least ${Math.min(...ms).toFixed(2)} (rounds ${ms.map((r) => r.toFixed(2)).join(' ')})`;
});
console.log(`render CPU: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}, wrk -c2 -d${DURATION_S}s, ${ROUNDS} rounds`);
for (const line of lines) console.log(line);
