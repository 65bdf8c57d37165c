// npx tsx bench/render-compare.ts '<settings>' — render CPU of the edge under two or more settings, in one
// run: one server child per setting (bench/lib/door-servers.ts, page cache off, upstream cached), all
// started at once, and rounds of wrk (-c2, BENCH_DURATION_S each) that visit them in turn — forwards, then
// backwards — so a busy spell of this shared machine falls on every setting alike. Sequential runs of
// bench:render on it differ by up to 2×; this is how a setting is judged (README "Figures").
//
// <settings>: JSON, a name for each setting: { "nodeArgs"?: [...], "env"?: {...}, "asShipped"?: false }.
// Each child starts as `npm start` runs the edge unless asShipped is false (Node's defaults), then adds
// its own flags and environment. Example:
//   npx tsx bench/render-compare.ts '{"shipped":{},"semi8":{"nodeArgs":["--max-semi-space-size=8"]}}'
// BENCH_ROUNDS (8), BENCH_DURATION_S (2), BENCH_PAGES (comma-separated; default home and a list page).
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { promisify } from 'node:util';
import { shippedChild } from './lib/launch.ts';
import type { DoorTargets } from './lib/targets.ts';

interface Setting {
  nodeArgs?: string[];
  env?: Record<string, string>;
  asShipped?: boolean;
}

const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 2);
const PAGES = (process.env.BENCH_PAGES ?? '/,/News/SNews').split(',');
const settings = Object.entries(JSON.parse(process.argv[2] ?? '{"shipped":{}}') as Record<string, Setting>);
if (settings.length === 0) throw new Error('no setting to compare');

async function start(setting: Setting): Promise<{ child: ChildProcess; url: string }> {
  const shipped = setting.asShipped !== false;
  const child = fork(new URL('./lib/door-servers.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', ...(shipped ? shippedChild.nodeArgs : []), ...(setting.nodeArgs ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      ...(shipped ? shippedChild.env : { BENCH_AS_SHIPPED: '0' }),
      NODE_ENV: 'production',
      BENCH_PAGE_CACHE_TTL_S: '0',
      ...setting.env,
    },
  });
  const [targets] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('a bench server did not start');
    }),
  ])) as [DoorTargets];
  return { child, url: targets.edgeUrl };
}

async function cpuUs(child: ChildProcess): Promise<number> {
  child.send('cpu');
  const [m] = (await once(child, 'message')) as [{ cpuUs: number }];
  return m.cpuUs;
}

/** ms of the child's CPU per render over one round of wrk. */
async function round(child: ChildProcess, url: string): Promise<number> {
  const before = await cpuUs(child);
  const { stdout } = await run('wrk', ['-t1', '-c2', `-d${DURATION_S}s`, url]);
  const used = (await cpuUs(child)) - before;
  if (/Non-2xx/.test(stdout)) throw new Error(`non-2xx answers from ${url}`);
  return used / 1000 / Number(/(\d+) requests in/.exec(stdout)![1]);
}

const servers = await Promise.all(settings.map(([, s]) => start(s)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lines: string[] = [];
try {
  for (const path of PAGES) {
    const ms = servers.map(() => [] as number[]);
    for (const s of servers) await run('wrk', ['-t1', '-c2', '-d1s', `${s.url}${path}`]); // warm: JIT, upstream cache
    for (let r = 0; r < ROUNDS; r += 1) {
      const order = servers.map((_, i) => i);
      if (r % 2 === 1) order.reverse();
      for (const i of order) ms[i]!.push(await round(servers[i]!.child, `${servers[i]!.url}${path}`));
    }
    settings.forEach(([name], i) => {
      const xs = ms[i]!;
      lines.push(`${path} ${name}: ${median(xs).toFixed(2)} ms CPU per render, least ${Math.min(...xs).toFixed(2)} (rounds ${xs.map((x) => x.toFixed(2)).join(' ')})`);
    });
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
console.log(`render compare: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}, wrk -c2 -d${DURATION_S}s, ${ROUNDS} rounds in turn`);
for (const line of lines) console.log(line);
