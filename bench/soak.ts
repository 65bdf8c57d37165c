// npm run bench:soak — does the edge's memory stay bounded under many distinct URLs?
//
// Starts the reference content service (dist/cms/main.js, a fresh database in a temp directory) and the
// edge (dist/server/main.js, CACHE_MAX_BYTES = 16 MiB) as child processes of their own, on loopback, the
// edge pointed at the service's four deployed gateways. After a warm-up (ten URLs once — the cold idle —
// then SOAK_WARM_S (20) seconds of renders of its pages, nothing more stored) it reads the edge's idle RSS
// (/proc/<pid>/status VmRSS), then for SOAK_SECONDS (60) sends SOAK_CONCURRENCY (16) requests at a time
// over SOAK_URLS (20,000) distinct URLs — cached API reads (distinct queryArchivesList bodies, article
// reads with distinct query strings) and pages (lists, articles, searches with distinct query strings),
// in turn, wrapping round if the set runs out — and samples the edge every second.
// Verdict: peak RSS ≤ 2 × CACHE_MAX_BYTES + idle RSS. Exit status 1 when over.
//
// The edge runs with --expose-gc and bench/lib/memory-probe.cjs (an IPC answer of process.memoryUsage(),
// nothing in the product) so the table can split RSS into V8 heap and Buffers; the full collection is only
// ever asked for after the soak. The edge runs as `npm start` launches it — the start script's node flags
// and environment (bench/lib/launch.ts); SOAK_AS_SHIPPED=0 runs it with Node's defaults instead, and
// HEAP_GROWTH_PERCENT is passed on (0 = V8's own policy). SOAK_NODE_ARGS adds flags (e.g. --max-semi-space-size=4);
// SOAK_SNAPSHOT_DIR=<dir> writes a heap snapshot of the edge there after that collection; MALLOC_* and
// GLIBC_TUNABLES are passed on to the edge. SOAK_ACCEPT_ENCODING: the client's Accept-Encoding (default a browser's).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../cms/demo-credentials.ts';
import { freePort, startLaunch, type Launch } from './lib/launch.ts';
import { median } from './lib/stats.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 16);
const URLS = Number(process.env.SOAK_URLS ?? 20_000);
const CACHE_MAX_BYTES = Number(process.env.SOAK_CACHE_MAX_BYTES ?? 16 * 1024 * 1024);
const WARM_SECONDS = Number(process.env.SOAK_WARM_S ?? 20);
// What the soak's client accepts: what browsers send (brotli first), unless SOAK_ACCEPT_ENCODING says
// otherwise (a client sending `gzip` alone would pass by the on-the-fly brotli of misses).
const ACCEPT_ENCODING = process.env.SOAK_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const EXTRA_NODE_ARGS = (process.env.SOAK_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const SNAPSHOT_DIR = process.env.SOAK_SNAPSHOT_DIR ? resolve(process.env.SOAK_SNAPSHOT_DIR) : null;
const ADMIN_TOKEN = 'soak-admin-token-not-a-secret';
const GATEWAYS = {
  UPSTREAM_PREFIX: '/japi/sw-cms',
  UPSTREAM_FILE_PREFIX: '/japi/sw-file-cloud',
  UPSTREAM_SEARCH_PREFIX: '/japi/sw-es',
  UPSTREAM_REPORT_PREFIX: '/japi/sw-cms-zb',
};
const MiB = 1024 * 1024;
const root = new URL('..', import.meta.url).pathname;
const SHIPPED: Launch = process.env.SOAK_AS_SHIPPED === '0' ? { env: {}, nodeArgs: [], entry: 'dist/server/main.js' } : startLaunch(root);

// ---------------------------------------------------------------------------------------------------
// Children: started here, killed by PID at the end, on an error and on Ctrl-C.

interface Child {
  name: string;
  proc: ChildProcess;
  /** The last lines it wrote, for an error message. */
  tail: string[];
}
const children: Child[] = [];
const dir = mkdtempSync(join(tmpdir(), 'edge-soak-'));

function start(name: string, args: string[], env: Record<string, string>, ipc = false): Child {
  const proc = spawn(process.execPath, args, {
    cwd: root,
    // A clean environment: nothing of the caller's shell (CACHE_TTL_S, NODE_OPTIONS…) changes the figures.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? dir, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  const child: Child = { name, proc, tail: [] };
  const keep = (chunk: Buffer) => {
    child.tail.push(...chunk.toString().split('\n').filter(Boolean));
    child.tail.splice(0, Math.max(0, child.tail.length - 20));
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  children.push(child);
  return child;
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.map(async ({ proc }) => {
      if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return;
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      process.kill(proc.pid, 'SIGTERM');
      const timer = setTimeout(() => proc.pid !== undefined && proc.exitCode === null && process.kill(proc.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }),
  );
  rmSync(dir, { recursive: true, force: true });
}

process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

/** Polls until `ok` says yes; fails with the child's last lines after `ms`. */
async function waitFor(child: Child, ms: number, ok: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.proc.exitCode !== null) break;
    if (await ok().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${child.name} did not get ready (exit ${child.proc.exitCode}):\n  ${child.tail.join('\n  ')}`);
}

// ---------------------------------------------------------------------------------------------------
// Memory of the edge.

function snapshotArgs(): string[] {
  if (!SNAPSHOT_DIR) return [];
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  return ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${SNAPSHOT_DIR}`];
}

/** Asks the edge for a heap snapshot and waits (at most 3 min) until its file stops growing. */
async function heapSnapshot(pid: number): Promise<string> {
  const before = new Set(readdirSync(SNAPSHOT_DIR!));
  process.kill(pid, 'SIGUSR2');
  let last = -1;
  for (let i = 0; i < 360; i += 1) {
    await sleep(500);
    const file = readdirSync(SNAPSHOT_DIR!).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const size = statSync(join(SNAPSHOT_DIR!, file)).size;
    if (size > 0 && size === last) return join(SNAPSHOT_DIR!, file);
    last = size;
  }
  throw new Error('the heap snapshot was not written');
}

function rssBytes(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) * 1024;
}

/**
 * RSS by kind of mapping (/proc/<pid>/smaps): file-backed (node's own code and libraries), brk heap
 * (malloc's main arena), anonymous mappings under 1 MiB (V8's 256 KiB heap pages, malloc's large
 * chunks), 1–32 MiB, and from 32 MiB (malloc's per-thread arenas, V8's code range).
 */
function rssParts(pid: number): string {
  const parts = { file: 0, brk: 0, small: 0, mid: 0, big: 0 };
  let kind: keyof typeof parts | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const map = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (map) {
      const kb = (parseInt(map[2]!, 16) - parseInt(map[1]!, 16)) / 1024;
      const name = map[3]!.trim();
      kind = name.startsWith('/') ? 'file' : name === '[heap]' ? 'brk' : name ? null : kb < 1024 ? 'small' : kb < 32 * 1024 ? 'mid' : 'big';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind) parts[kind] += Number(rss[1]) * 1024;
  }
  return `file ${mib(parts.file)}, brk heap ${mib(parts.brk)}, anon <1 MiB maps ${mib(parts.small)}, 1–32 MiB ${mib(parts.mid)}, ≥32 MiB ${mib(parts.big)}`;
}

type Usage = NodeJS.MemoryUsage & { newSpace: number };
function probe(edge: Child, what: 'mem' | 'gc'): Promise<Usage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      edge.proc.off('message', onMessage);
      reject(new Error('the memory probe did not answer'));
    }, 10_000);
    const onMessage = (m: unknown) => {
      if (!m || typeof m !== 'object' || (m as { probe?: unknown }).probe !== what) return;
      clearTimeout(timer);
      edge.proc.off('message', onMessage);
      resolve(m as Usage);
    };
    edge.proc.on('message', onMessage);
    edge.proc.send(what);
  });
}

interface CacheFigures {
  upstream: { entries: number; bytes: number };
  pages?: { entries: number; bytes: number };
}

// ---------------------------------------------------------------------------------------------------

const mib = (bytes: number) => (bytes / MiB).toFixed(1);

let exitCode = 0;
try {
  const cmsPort = await freePort();
  const cms = start('content service', ['dist/cms/main.js'], {
    CMS_PORT: String(cmsPort),
    CMS_HOST: '127.0.0.1',
    CMS_DB: join(dir, 'cms.sqlite'),
    APP_ID: DEMO_APP_ID,
    TOKEN_KEY: DEMO_TOKEN_KEY,
    LOG_LEVEL: 'warn',
    ...GATEWAYS,
  });
  const cmsUrl = `http://127.0.0.1:${cmsPort}`;
  // Seeding a fresh database and writing the demo images takes 5–12 s on 2 cores. Any HTTP answer (an
  // unsigned call is a 401) means it listens.
  await waitFor(cms, 180_000, async () => (await fetch(`${cmsUrl}${GATEWAYS.UPSTREAM_PREFIX}/api/queryAllChannel/x`)).status > 0);

  const edgePort = await freePort();
  const edge = start(
    'edge',
    [
      '--expose-gc',
      '--require',
      join(root, 'bench/lib/memory-probe.cjs'),
      ...SHIPPED.nodeArgs,
      ...EXTRA_NODE_ARGS,
      ...snapshotArgs(),
      SHIPPED.entry,
    ],
    {
      // As `npm start` runs it (its node flags and allocator settings; SOAK_AS_SHIPPED=0 leaves them out).
      ...SHIPPED.env,
      PORT: String(edgePort),
      HOST: '127.0.0.1',
      UPSTREAM_URL: cmsUrl,
      ...GATEWAYS,
      APP_ID: DEMO_APP_ID,
      TOKEN_KEY: DEMO_TOKEN_KEY,
      CACHE_MAX_BYTES: String(CACHE_MAX_BYTES),
      ADMIN_TOKEN,
      LOG_LEVEL: 'silent',
      // The soak walks tens of thousands of distinct API addresses from one client: it measures memory, not the miss budget.
      RATE_LIMIT_API_MISSES: '0',
      // glibc's allocator settings, when given (MALLOC_ARENA_MAX=2, GLIBC_TUNABLES=…): to tell malloc's
      // retention from the edge's own memory.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([k, v]) => /^(MALLOC_|GLIBC_TUNABLES$|HEAP_GROWTH_PERCENT$)/.test(k) && v !== undefined),
      ),
    },
    true,
  );
  const edgeUrl = `http://127.0.0.1:${edgePort}`;
  await waitFor(edge, 30_000, async () => (await fetch(`${edgeUrl}/readyz`)).status === 200);
  const pid = edge.proc.pid!;

  const pool = new Pool(edgeUrl, { connections: CONCURRENCY, pipelining: 1 });
  const admin = new Pool(edgeUrl, { connections: 1 });
  const cacheFigures = async (): Promise<CacheFigures> => {
    const res = await admin.request({ method: 'GET', path: '/_edge/cache', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    return (await res.body.json()) as CacheFigures;
  };

  // --- What the URLs are made of: real article ids and page counts from the service (through the edge).
  const post = async (path: string, body: unknown) => {
    const res = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.body.json()) as { code: number; data: { records: Array<{ archivesId: string }>; pages: number } };
    if (res.statusCode !== 200 || json.code !== 200)
      throw new Error(`${path} answered ${res.statusCode}: ${JSON.stringify(json).slice(0, 200)}`);
    return json.data;
  };
  /** List channels of the demo content, with their page route and page size (shared/route-table.ts). */
  const LISTS = [
    { channelNo: 'SNews', path: '/News/SNews', pageSize: 6 },
    { channelNo: 'Media', path: '/News/Media', pageSize: 6 },
    { channelNo: 'Notice', path: '/News/Notice', pageSize: 10 },
    { channelNo: 'Read', path: '/Research/Read', pageSize: 8 },
    { channelNo: 'Introduction', path: '/Survey/Introduction', pageSize: 10 },
  ];
  const lists: Array<(typeof LISTS)[number] & { pages: number; ids: string[] }> = [];
  for (const l of LISTS) {
    const pages = (
      await post('/api/queryArchivesList', { entity: { channelNo: l.channelNo }, param: { pageNum: 1, pageSize: l.pageSize } })
    ).pages;
    const ids = (
      await post('/api/queryArchivesList', { entity: { channelNo: l.channelNo }, param: { pageNum: 1, pageSize: 100 } })
    ).records.map((r) => r.archivesId);
    if (pages > 0 && ids.length > 0) lists.push({ ...l, pages, ids });
  }
  if (lists.length === 0) throw new Error('the content service lists no articles');
  const WORDS = ['博物馆', '青铜', '瓷器', '展览', 'museum', '书画', '活动', '文物'];

  /** The n-th distinct URL (n < URLS): five kinds in turn. */
  const request = (n: number): { method: 'GET' | 'POST'; path: string; body?: string } => {
    const l = lists[n % lists.length]!;
    const i = Math.floor(n / 5);
    switch (n % 5) {
      case 0: // a distinct list body: channel × page size × page (pages past the end answer empty lists)
        return {
          method: 'POST',
          path: '/api/queryArchivesList',
          body: JSON.stringify({ entity: { channelNo: l.channelNo }, param: { pageNum: 1 + Math.floor(i / 16), pageSize: 5 + (i % 16) } }),
        };
      case 1: // an article read with a query string of its own (the row forwards any parameter)
        return { method: 'GET', path: `/api/queryArchivesById/${l.ids[i % l.ids.length]}?v=${i}` };
      case 2: // a list page, as a crawler or a campaign link asks for it
        return { method: 'GET', path: `${l.path}?page=${1 + (i % l.pages)}&utm_source=soak${i}` };
      case 3: // an article page
        return { method: 'GET', path: `${l.path}/${l.ids[i % l.ids.length]}?from=soak${i}` };
      default: // a search nobody made before
        return { method: 'GET', path: `/Search?key=${encodeURIComponent(`${WORDS[i % WORDS.length]}${i}`)}` };
    }
  };
  const statuses = new Map<number, number>();
  const send = async (n: number, extra: Record<string, string> = {}) => {
    const r = request(n);
    const res = await pool.request({
      method: r.method,
      path: r.path,
      // As browsers ask (ACCEPT_ENCODING): what is stored keeps a gzip copy, a page a brotli one from its first hit.
      headers: { 'accept-encoding': ACCEPT_ENCODING, ...(r.body ? { 'content-type': 'application/json' } : {}), ...extra },
      body: r.body,
    });
    await res.body.arrayBuffer();
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  };

  /** The median of five RSS readings a second apart, after 3 s of rest. */
  const idleRss = async (): Promise<number> => {
    await sleep(3000);
    const samples: number[] = [];
    for (let k = 0; k < 5; k += 1) {
      samples.push(rssBytes(pid));
      await sleep(1000);
    }
    return median(samples);
  };

  // --- Warm-up: every kind of URL once (the page engine compiles each screen on first use), then idle.
  const WARM_URLS = 10;
  for (let n = 0; n < WARM_URLS; n += 1) await send(URLS + n);
  const coldIdle = await idleRss();
  // --- Then the pages among them under load for SOAK_WARM_S: what an edge that has worked holds whatever
  // it caches — V8's young generation at its working size, the heap's slack, the compiled code — without a
  // byte more in the caches: they go with an Authorization header, which the page cache passes by (each
  // one renders, none is stored; their upstream calls are hits). The bound is read from the idle after
  // this, so the soak's growth is what 20,000 distinct URLs cost; the cold idle is shown too.
  const warmPages = Array.from({ length: WARM_URLS }, (_, k) => URLS + k).filter(
    (n) => request(n).method === 'GET' && !request(n).path.startsWith('/api/'),
  );
  const warmEnd = performance.now() + WARM_SECONDS * 1000;
  let warmSent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < warmEnd) await send(warmPages[warmSent++ % warmPages.length]!, { authorization: 'Bearer soak-warm-up' });
    }),
  );
  statuses.clear();
  const idle = await idleRss();
  const idleParts = rssParts(pid);
  const idleUsage = await probe(edge, 'mem');
  const idleCache = await cacheFigures();

  // --- The soak.
  const bound = 2 * CACHE_MAX_BYTES + idle;
  console.log(
    `soak: ${SECONDS} s, ${CONCURRENCY} requests at a time over ${URLS.toLocaleString('en')} distinct URLs, CACHE_MAX_BYTES ${mib(CACHE_MAX_BYTES)} MiB, ` +
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
  );
  console.log(
    `cold idle (after ${WARM_URLS} first requests): RSS ${mib(coldIdle)} MiB; warm-up: ${warmSent.toLocaleString('en')} renders in ${WARM_SECONDS} s of the ${warmPages.length} pages among them`,
  );
  console.log(
    `idle: RSS ${mib(idle)} MiB (heap used ${mib(idleUsage.heapUsed)}, heap total ${mib(idleUsage.heapTotal)} of which new space ${mib(idleUsage.newSpace)}, external ${mib(idleUsage.external)} of which ArrayBuffers ${mib(idleUsage.arrayBuffers)}; ` +
      `cache ${mib(idleCache.upstream.bytes + (idleCache.pages?.bytes ?? 0))} MiB)`,
  );
  console.log(`      RSS by mapping: ${idleParts}\n`);
  const head = [
    't s',
    'RSS MiB',
    'heap used',
    'heap total',
    'new space',
    'external',
    'ArrayBuffers',
    'upstream cache',
    'page cache',
    'entries',
    'req/s',
  ];
  const rows: string[][] = [];
  const print = (cells: string[]) => console.log(cells.map((c, i) => c.padStart(head[i]!.length)).join('  '));
  console.log(head.join('  '));

  let next = 0;
  let sent = 0;
  let errors = 0;
  let peak = 0;
  let over = false;
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const n = next % URLS;
      next += 1;
      try {
        await send(n);
        sent += 1;
      } catch {
        errors += 1;
      }
    }
  };
  const sampler = (async () => {
    let lastSent = 0;
    for (let s = 1; s <= SECONDS; s += 1) {
      await sleep(Math.max(0, t0 + s * 1000 - performance.now()));
      const rss = rssBytes(pid);
      peak = Math.max(peak, rss);
      if (rss > bound) over = true;
      const [usage, cache] = await Promise.all([probe(edge, 'mem'), cacheFigures()]);
      const row = [
        String(s),
        mib(rss),
        mib(usage.heapUsed),
        mib(usage.heapTotal),
        mib(usage.newSpace),
        mib(usage.external),
        mib(usage.arrayBuffers),
        mib(cache.upstream.bytes),
        mib(cache.pages?.bytes ?? 0),
        String(cache.upstream.entries + (cache.pages?.entries ?? 0)),
        String(sent - lastSent),
      ];
      lastSent = sent;
      rows.push(row);
      print(row);
    }
  })();
  await Promise.all([...Array.from({ length: CONCURRENCY }, loop), sampler]);

  // --- After: what of it is still live once V8 has collected everything (asked for only now).
  await sleep(2000);
  const settled = rssBytes(pid);
  const settledParts = rssParts(pid);
  const afterGc = await probe(edge, 'gc');
  await sleep(500);
  const afterGcRss = rssBytes(pid);
  if (SNAPSHOT_DIR) console.log(`heap snapshot after the full GC: ${await heapSnapshot(pid)}`);
  const cache = await cacheFigures();
  const counted = cache.upstream.bytes + (cache.pages?.bytes ?? 0);
  // What the caches really hold: the heap and ArrayBuffers a purge of everything gives back.
  const purge = await admin.request({
    method: 'POST',
    path: '/_edge/purge',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ all: true }),
  });
  await purge.body.arrayBuffer();
  if (purge.statusCode !== 200) throw new Error(`the purge answered ${purge.statusCode}`);
  const empty = await probe(edge, 'gc');
  await sleep(500);
  const emptyRss = rssBytes(pid);
  const emptyParts = rssParts(pid);
  await pool.close();
  await admin.close();

  const distinct = Math.min(next, URLS);
  console.log(
    `\n${sent.toLocaleString('en')} requests (${errors} failed; status ${[...statuses]
      .sort()
      .map(([s, c]) => `${s}×${c}`)
      .join(' ')}), ` +
      `${distinct.toLocaleString('en')} distinct URLs${next > URLS ? `, the set sent ${(next / URLS).toFixed(1)} times` : ''}`,
  );
  console.log(
    `2 s after: RSS ${mib(settled)} MiB; after a full GC: RSS ${mib(afterGcRss)} MiB, heap used ${mib(afterGc.heapUsed)}, heap total ${mib(afterGc.heapTotal)} (new space ${mib(afterGc.newSpace)}), ` +
      `external ${mib(afterGc.external)}, ArrayBuffers ${mib(afterGc.arrayBuffers)}`,
  );
  console.log(`           RSS by mapping 2 s after: ${settledParts}`);
  const heldHeap = afterGc.heapUsed - empty.heapUsed;
  const heldBuffers = afterGc.arrayBuffers - empty.arrayBuffers;
  console.log(
    `caches: ${mib(cache.upstream.bytes)} + ${mib(cache.pages?.bytes ?? 0)} = ${mib(counted)} MiB counted (${cache.upstream.entries} + ${cache.pages?.entries ?? 0} entries); ` +
      `purging them and collecting gave back ${mib(heldHeap + heldBuffers)} MiB (heap ${mib(heldHeap)}, ArrayBuffers ${mib(heldBuffers)}), RSS then ${mib(emptyRss)} MiB`,
  );
  console.log(`           RSS by mapping then: ${emptyParts}`);
  console.log(
    `RSS peak ${mib(peak)} MiB, idle ${mib(idle)} MiB, bound 2×${mib(CACHE_MAX_BYTES)}+${mib(idle)} = ${mib(bound)} MiB: ${over ? 'over' : 'within'} ` +
      `(growth +${mib(peak - idle)} MiB over the warm idle, +${mib(peak - coldIdle)} MiB over the cold idle of ${mib(coldIdle)})`,
  );
  if (over) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  await stopAll();
}
process.exit(exitCode);
