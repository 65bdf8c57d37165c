// npx tsx bench/door-compare.ts <checkout A> [<checkout B>] — the front door of two versions of the edge
// side by side: each checkout's bench/lib/door-servers.ts bundled as shipped in a child of its own, then
// wrk (-t1 -c50, BENCH_DURATION_S) on the cached page and the cached API read of each in turn, the order
// swapped every round, for BENCH_ROUNDS rounds; medians of req/s and server CPU µs per answer, B against A.
// B defaults to this checkout. Sequential runs of one bench differ widely on a shared machine:
// interleaved rounds are how a change to the door is judged. Any checkout that has its own
// bench/lib/door-servers.ts will do, e.g. one made with
//   git worktree add ../before <commit> && ln -s "$PWD/node_modules" ../before/node_modules
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDoorServers, type DoorChild } from './lib/door-child.ts';
import { median } from './lib/stats.ts';
import { BENCH_LIST_BODY, DOOR_PAGE } from './lib/targets.ts';
import { postScript, wrk } from './lib/wrk.ts';

const [a, b = new URL('..', import.meta.url).pathname] = process.argv.slice(2);
if (!a) throw new Error('usage: npx tsx bench/door-compare.ts <checkout A> [<checkout B>]');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);

const dir = mkdtempSync(join(tmpdir(), 'door-compare-'));
const load = { connections: 50, durationS: DURATION_S, headers: ['Accept-Encoding: gzip'] };
const cases = [
  { name: `cached page ${DOOR_PAGE}`, path: DOOR_PAGE, script: undefined },
  { name: 'cached API read', path: '/api/queryArchivesList', script: postScript(dir, BENCH_LIST_BODY) },
];

const sides: Array<[string, DoorChild]> = [];
const runs = cases.map(() => [
  { rps: [] as number[], cpu: [] as number[] },
  { rps: [] as number[], cpu: [] as number[] },
]);
try {
  for (const root of [a, b]) sides.push([resolve(root), await startDoorServers({ checkout: resolve(root) })]);
  // Warm both (JIT, the first compressed copies) before anything counts: the side measured first would
  // otherwise pay for it (unwarmed, one round can put the same code far apart from itself).
  for (const [, server] of sides)
    for (const c of cases) await wrk(`${server.targets.edgeUrl}${c.path}`, server.cpuUs, { ...load, durationS: 2, script: c.script });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, c] of cases.entries()) {
      for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const server = sides[side]![1];
        const run = await wrk(`${server.targets.edgeUrl}${c.path}`, server.cpuUs, { ...load, script: c.script });
        runs[i]![side]!.rps.push(run.rps);
        runs[i]![side]!.cpu.push(run.cpuUs);
      }
    }
  }
} finally {
  for (const [, s] of sides) s.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `door compare: ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, wrk -t1 -c50 -d${DURATION_S}s, medians of ${ROUNDS} interleaved rounds`,
);
console.log(`A ${sides[0]![0]}\nB ${sides[1]![0]}`);
cases.forEach((c, i) => {
  const [ra, rb] = runs[i]!.map((r) => ({ rps: median(r.rps), cpu: median(r.cpu) }));
  console.log(
    `${c.name}: A ${ra!.rps.toFixed(0)} req/s, ${ra!.cpu.toFixed(1)} µs; B ${rb!.rps.toFixed(0)} req/s, ${rb!.cpu.toFixed(1)} µs; ` +
      `B/A ${(rb!.rps / ra!.rps).toFixed(2)} in req/s, ${(rb!.cpu / ra!.cpu).toFixed(2)} in CPU (B faster in ${runs[i]![1]!.rps.filter((x, k) => x > runs[i]![0]!.rps[k]!).length} of ${ROUNDS} rounds)`,
  );
});
