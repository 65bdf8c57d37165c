// npm run bench:iiif — the IIIF image service on loopback, in one run:
//   pyramids   the first info.json of a large picture (read from the store, decoded into its pyramid)
//   cold       every 256 px tile of every scale factor of those pictures, each once (cut and encoded)
//   cached     the same tiles again, from memory, against (b) a bare node:http server answering one
//              tile's bytes (same size class): the ratio is the edge's cost of serving a cached tile
//   memory     the servers' process after many distinct large answers (more than the answer cache
//              holds): RSS, V8 heap and Buffers after a full collection, and the caches' own byte counts
// Servers live in a child process (one core), the load generator here (the other core).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { Pool } from 'undici';
import { runLoad } from './lib/load.ts';
import { median, table, type LoadFigures } from './lib/stats.ts';
import type { IiifBenchTargets } from './lib/iiif-servers.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Distinct large answers asked for in the memory phase, in three parts (a probe after each): the first alone fills the answer cache. */
const DISTINCT = Number(process.env.BENCH_IIIF_DISTINCT ?? 450);
const PARTS = 3;

const child = fork(new URL('./lib/iiif-servers.ts', import.meta.url).pathname, [], {
  execArgv: ['--expose-gc', '--import', 'tsx', '--require', new URL('./lib/memory-probe.cjs', import.meta.url).pathname],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const [targets] = (await Promise.race([
  once(child, 'message'),
  once(child, 'exit').then(() => {
    throw new Error('the bench servers did not start');
  }),
])) as [IiifBenchTargets];

interface Usage {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

function ask<T>(question: string, accept: (m: Record<string, unknown>) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (!accept(m)) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.send(question);
  });
}
const childCpuUs = async (): Promise<number> => (await ask<{ cpuUs: number }>('cpu', (m) => 'cpuUs' in m)).cpuUs;
const probe = (): Promise<Usage> => ask<Usage>('gc', (m) => m.probe === 'gc');

const edge = new Pool(targets.edgeUrl, { connections: CONCURRENCY, pipelining: 1 });
const bare = new Pool(targets.bareUrl, { connections: CONCURRENCY, pipelining: 1 });

async function get(pool: Pool, path: string): Promise<{ cache: string; bytes: number }> {
  const res = await pool.request({ method: 'GET', path });
  const body = Buffer.from(await res.body.arrayBuffer());
  if (res.statusCode !== 200) throw new Error(`${path}: status ${res.statusCode} ${body.toString().slice(0, 200)}`);
  return { cache: String(res.headers['x-cache'] ?? ''), bytes: body.length };
}

async function metric(name: string): Promise<number> {
  const text = (await (await edge.request({ method: 'GET', path: '/metrics' })).body.text()) ?? '';
  return Number(new RegExp(`^${name} (\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?)`, 'm').exec(text)?.[1] ?? NaN);
}

/** Every 256 px tile of every scale factor of a picture, as a IIIF client asks for them. */
function tilesOf(picture: string, width: number, height: number, scaleFactors: number[]): string[] {
  const id = encodeURIComponent(picture);
  const paths: string[] = [];
  for (const s of scaleFactors) {
    for (let y = 0; y < height; y += 256 * s) {
      for (let x = 0; x < width; x += 256 * s) {
        const rw = Math.min(256 * s, width - x);
        const rh = Math.min(256 * s, height - y);
        paths.push(`/iiif/3/${id}/${x},${y},${rw},${rh}/${Math.ceil(rw / s)},/0/default.jpg`);
      }
    }
  }
  return paths;
}

/** All paths once, `CONCURRENCY` at a time; tiles/s and the servers' CPU per tile. */
async function sweep(paths: string[]): Promise<{ seconds: number; cpuUsPerTile: number; misses: number; bytes: number }> {
  let next = 0;
  let misses = 0;
  let bytes = 0;
  const cpu0 = await childCpuUs();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) {
        const answer = await get(edge, paths[next++]!);
        if (answer.cache === 'MISS') misses += 1;
        bytes += answer.bytes;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { seconds, cpuUsPerTile: ((await childCpuUs()) - cpu0) / paths.length, misses, bytes };
}

const mib = (b: number): string => `${(b / 1024 / 1024).toFixed(1)} MiB`;
const usageLine = (name: string, u: Usage, cacheBytes: number): string =>
  `${name.padEnd(34)} rss ${mib(u.rss).padStart(10)}  heap ${mib(u.heapUsed).padStart(9)}  external ${mib(u.external).padStart(9)}  caches ${mib(cacheBytes).padStart(9)}`;
const cacheBytes = async (): Promise<number> =>
  (await metric('edge_iiif_answer_cache_bytes')) + (await metric('edge_iiif_pyramid_cache_bytes'));

try {
  const baseline = await probe();

  // Pyramids: one picture at a time, so each figure is one build on its own.
  const pyramidMs: number[] = [];
  const infos: Array<{ picture: string; scaleFactors: number[] }> = [];
  for (const picture of targets.pictures) {
    const t0 = performance.now();
    const res = await edge.request({ method: 'GET', path: `/iiif/3/${encodeURIComponent(picture)}/info.json` });
    const info = (await res.body.json()) as { tiles: Array<{ width: number; scaleFactors: number[] }> };
    pyramidMs.push(performance.now() - t0);
    infos.push({ picture, scaleFactors: info.tiles.find((t) => t.width === 256)!.scaleFactors });
  }
  const tiles = infos.flatMap((i) => tilesOf(i.picture, targets.width, targets.height, i.scaleFactors));

  const cold = await sweep(tiles);
  const warm = await sweep(tiles);

  // Cached tiles under load, against the bare server, taking turns round after round.
  let cursor = 0;
  const sendEdge = async () => void (await get(edge, tiles[cursor++ % tiles.length]!));
  const sendBare = async () => void (await get(bare, targets.bareTile));
  type Row = { name: string; cpuUsPerRequest: number } & LoadFigures;
  const rounds: Row[][] = [[], []];
  const cases = [
    { name: '(a) edge, cached tiles', send: sendEdge },
    { name: '(b) bare node:http, one tile', send: sendBare },
  ];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, c] of cases.entries()) {
      const cpu0 = await childCpuUs();
      const figures = await runLoad({ concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: 200, send: c.send });
      rounds[i]!.push({ name: c.name, ...figures, cpuUsPerRequest: ((await childCpuUs()) - cpu0) / (figures.requests + figures.errors) });
    }
  }
  const rows = rounds.map((rs) => rs.find((r) => r.rps === median(rs.map((x) => x.rps)))!);
  const ratios = rounds[0]!.map((a, i) => a.rps / rounds[1]![i]!.rps);

  // Memory: many distinct large answers (2048 px regions at sizes 1536…2047 px wide), in parts.
  const afterTiles = await probe();
  const afterTilesCache = await cacheBytes();
  const distinct = Array.from({ length: DISTINCT }, (_, i) => {
    const picture = targets.pictures[i % targets.pictures.length]!;
    const x = (i * 256) % (targets.width - 2048);
    const y = (Math.floor(i / 8) * 128) % (targets.height - 2048);
    return `/iiif/3/${encodeURIComponent(picture)}/${x},${y},2048,2048/${1536 + (i % 512)},/0/default.jpg`;
  });
  const parts: Array<{ asked: number; usage: Usage; caches: number; bytes: number; seconds: number }> = [];
  for (let part = 1; part <= PARTS; part += 1) {
    const slice = distinct.slice(((part - 1) * DISTINCT) / PARTS, (part * DISTINCT) / PARTS);
    const swept = await sweep(slice);
    parts.push({
      asked: (part * DISTINCT) / PARTS,
      usage: await probe(),
      caches: await cacheBytes(),
      bytes: swept.bytes,
      seconds: swept.seconds,
    });
  }

  console.log(
    `\niiif bench: ${targets.pictures.length} pictures of ${targets.width} × ${targets.height} px (JPEG), ${CONCURRENCY} connections, loopback`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores\n`,
  );
  console.log(
    `pyramids: first info.json of each picture ${pyramidMs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (median ${median(pyramidMs).toFixed(0)} ms)`,
  );
  console.log(
    `cold tiles:   ${tiles.length} distinct 256 px tiles (every scale factor), ${(tiles.length / cold.seconds).toFixed(0)} tiles/s, ${(cold.cpuUsPerTile / 1000).toFixed(2)} ms server CPU per tile, ${cold.misses} made, ${(cold.bytes / tiles.length / 1024).toFixed(1)} KiB per tile`,
  );
  console.log(
    `cached tiles: the same again, ${(tiles.length / warm.seconds).toFixed(0)} tiles/s, ${(warm.cpuUsPerTile / 1000).toFixed(3)} ms server CPU per tile, ${warm.misses} made\n`,
  );
  console.log(table(rows));
  console.log(`\n(a)/(b) by req/s, per round: ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ${median(ratios).toFixed(2)}`);
  console.log(`(a)/(b) by server CPU per request: ${(rows[1]!.cpuUsPerRequest / rows[0]!.cpuUsPerRequest).toFixed(2)}\n`);
  console.log(`memory of the servers' process (after a full collection; caches = IIIF answer + pyramid caches):`);
  console.log(usageLine('at start', baseline, 0));
  console.log(usageLine('after the tiles', afterTiles, afterTilesCache));
  for (const p of parts) console.log(usageLine(`after ${p.asked} distinct large answers`, p.usage, p.caches));
  const made = parts.reduce((sum, p) => sum + p.bytes, 0);
  const seconds = parts.reduce((sum, p) => sum + p.seconds, 0);
  console.log(
    `answers made in the memory phase: ${mib(made)} in all (${mib(made / DISTINCT)} each, ${((seconds * 1000) / DISTINCT).toFixed(0)} ms each); the answer cache holds ${mib(await metric('edge_iiif_answer_cache_bytes'))}`,
  );
} finally {
  await Promise.all([edge.close(), bare.close()]);
  child.kill('SIGTERM');
}
