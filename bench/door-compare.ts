// npx tsx bench/door-compare.ts <checkout A> [<checkout B>] — the front door of two versions of the edge
// side by side: each checkout's bench/lib/door-servers.ts bundled as shipped in a child of its own, then
// wrk (-t1 -c50, BENCH_DURATION_S) on the cached page and the cached API read of each in turn, the order
// swapped every round, for BENCH_ROUNDS rounds; medians of req/s and server CPU µs per answer, B against A.
// B defaults to this checkout. Sequential runs of one bench differ by up to 2× on a shared machine:
// interleaved rounds are how a change to the door is judged. A checkout made with
//   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
// will do (it needs its own bench/lib/door-servers.ts: from 647620c on).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDoorServers, type DoorChild } from './lib/door-child.ts';
import { median } from './lib/stats.ts';
import { BENCH_LIST_BODY, DOOR_PAGE } from './lib/targets.ts';

const [a, b = new URL('..', import.meta.url).pathname] = process.argv.slice(2);
if (!a) throw new Error('usage: npx tsx bench/door-compare.ts <checkout A> [<checkout B>]');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);

const dir = mkdtempSync(join(tmpdir(), 'door-compare-'));
const postScript = join(dir, 'post.lua');
writeFileSync(postScript, `wrk.method = "POST"\nwrk.body = '${JSON.stringify(BENCH_LIST_BODY)}'\nwrk.headers["Content-Type"] = "application/json"\n`);
const cases = [
  { name: `cached page ${DOOR_PAGE}`, path: DOOR_PAGE, extra: [] as string[] },
  { name: 'cached API read', path: '/api/queryArchivesList', extra: ['-s', postScript] },
];

const sides: Array<[string, DoorChild]> = [];
const runs = cases.map(() => [{ rps: [] as number[], cpu: [] as number[] }, { rps: [] as number[], cpu: [] as number[] }]);
try {
  for (const root of [a, b]) sides.push([resolve(root), await startDoorServers({ checkout: resolve(root) })]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, c] of cases.entries()) {
      for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const server = sides[side]![1];
        const before = await server.cpuUs();
        const out = execFileSync('wrk', ['-t1', '-c50', `-d${DURATION_S}s`, '-H', 'Accept-Encoding: gzip', ...c.extra, `${server.targets.edgeUrl}${c.path}`], { encoding: 'utf8' });
        const used = (await server.cpuUs()) - before;
        if (/Non-2xx/.test(out)) throw new Error(`non-2xx answers from ${sides[side]![0]}:\n${out}`);
        runs[i]![side]!.rps.push(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]));
        runs[i]![side]!.cpu.push(used / Number(/(\d+) requests in/.exec(out)![1]));
      }
    }
  }
} finally {
  for (const [, s] of sides) s.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

console.log(`door compare: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}, wrk -t1 -c50 -d${DURATION_S}s, medians of ${ROUNDS} interleaved rounds`);
console.log(`A ${sides[0]![0]}\nB ${sides[1]![0]}`);
cases.forEach((c, i) => {
  const [ra, rb] = runs[i]!.map((r) => ({ rps: median(r.rps), cpu: median(r.cpu) }));
  console.log(
    `${c.name}: A ${ra!.rps.toFixed(0)} req/s, ${ra!.cpu.toFixed(1)} µs; B ${rb!.rps.toFixed(0)} req/s, ${rb!.cpu.toFixed(1)} µs; ` +
      `B/A ${(rb!.rps / ra!.rps).toFixed(2)} in req/s, ${(rb!.cpu / ra!.cpu).toFixed(2)} in CPU (B faster in ${runs[i]![1]!.rps.filter((x, k) => x > runs[i]![0]!.rps[k]!).length} of ${ROUNDS} rounds)`,
  );
});
