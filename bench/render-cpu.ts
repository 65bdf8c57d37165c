// npm run bench:render [-- '<settings>'] — CPU time of one page render with every upstream answer cached
// and the page cache off (BENCH_PAGE_CACHE_TTL_S=0), so each request renders: the home page and list
// pages. One server child per setting (bench/lib/door-child.ts), all started at once; BENCH_ROUNDS rounds
// of wrk (-c2, BENCH_DURATION_S each), every page in turn within a round and the settings in turn for
// each page — forwards, then backwards — so a busy spell of a shared machine falls on every page and
// setting alike (sequential runs differ widely; even two copies of one setting differ in median). The
// figure is the child's CPU time per render, counted by the edge (HTTP included, a small part of it);
// the median and the least round are printed (a neighbour's load only ever adds CPU time, so the least
// round is the closest to the render's own cost).
// <settings>: JSON, a name for each setting: { "nodeArgs"?: [...], "env"?: {...}, "asShipped"?: false,
// "source"?: true } (source: run through tsx rather than bundled — for module hooks that swap a file);
// default {"shipped":{}}. Example, the shipped edge against a smaller young generation:
//   npm run bench:render -- '{"shipped":{},"semi8":{"nodeArgs":["--max-semi-space-size=8"]}}'
// BENCH_ROUNDS (7), BENCH_DURATION_S (2), BENCH_PAGES (comma-separated).
// Targets: ≤ 3 ms per list page, ≤ 5 ms for home, on the machine the bench runs on.
import { availableParallelism, loadavg } from 'node:os';
import { startDoorServers, type DoorChild, type Setting } from './lib/door-child.ts';
import { median } from './lib/stats.ts';
import { wrk } from './lib/wrk.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 2);
const PAGES = (process.env.BENCH_PAGES ?? '/,/News/SNews,/EN_News/EN_SNews,/Collection/PreciousCol').split(',');
const settings = Object.entries(JSON.parse(process.argv[2] ?? '{"shipped":{}}') as Record<string, Setting>);
if (settings.length === 0) throw new Error('no setting to measure');

/**
 * The renders the edge has made (edge_page_renders_total, read from its /metrics outside the CPU
 * window). Not wrk's count: wrk takes the 103 Early Hints before a rendered page for an answer of its
 * own, so its count would be two per render and every figure half the cost.
 */
async function rendersOf(server: DoorChild): Promise<number> {
  const text = await (await fetch(`${server.targets.edgeUrl}/metrics`)).text();
  return [...text.matchAll(/^edge_page_renders_total\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

/** ms of the child's CPU per render over one round of wrk. */
async function round(server: DoorChild, path: string): Promise<number> {
  const before = await rendersOf(server);
  const run = await wrk(`${server.targets.edgeUrl}${path}`, server.cpuUs, { connections: 2, durationS: DURATION_S });
  const renders = (await rendersOf(server)) - before;
  if (renders <= 0) throw new Error(`no render counted for ${path}`);
  return (run.cpuUs * run.requests) / renders / 1000;
}

const servers = await Promise.all(settings.map(([, s]) => startDoorServers({ ...s, env: { BENCH_PAGE_CACHE_TTL_S: '0', ...s.env } })));
/** ms per render, by page and then by setting. */
const ms = new Map(PAGES.map((path) => [path, servers.map(() => [] as number[])]));
try {
  for (const s of servers) for (const path of PAGES) await wrk(`${s.targets.edgeUrl}${path}`, s.cpuUs, { connections: 2, durationS: 1 }); // warm: JIT, upstream cache
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const path of PAGES) {
      const order = servers.map((_, i) => i);
      if (r % 2 === 1) order.reverse();
      for (const i of order) ms.get(path)![i]!.push(await round(servers[i]!, path));
    }
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
console.log(
  `render CPU: ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, wrk -c2 -d${DURATION_S}s, ${ROUNDS} rounds`,
);
for (const path of PAGES) {
  settings.forEach(([name], i) => {
    const xs = ms.get(path)![i]!;
    const label = settings.length > 1 ? `${path} ${name}` : path;
    console.log(
      `${label}: ${median(xs).toFixed(2)} ms CPU per render, least ${Math.min(...xs).toFixed(2)} (rounds ${xs.map((x) => x.toFixed(2)).join(' ')})`,
    );
  });
}
