// npm run bench:outage — stored pages while the content service hangs (the target: with the upstream
// hung, every previously cached page answers in < 100 ms p50).
//
// In this process, on loopback: the reference service (its demo content in a temp directory, the
// deployed gateways) and the edge in front of it (createApp with its defaults but UPSTREAM_TIMEOUT_MS 2000,
// shorter than the default 5000; the clock injected). Eight pages are stored, the clock moves OUTAGE_SHIFT_S (120) seconds — past every
// page's lifetime and revalidate window and every upstream entry's, inside the stale-if-error windows —
// and the service starts to hang (600 s of latency on every call). Then OUTAGE_CLIENTS (8) clients ask for
// the eight pages in turn for OUTAGE_SECONDS (20); the bench prints what they got by five-second spells
// and overall: answers, p50, p90, max, and X-Cache by status.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { Pool } from 'undici';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../cms/demo-credentials.ts';
import { DEPLOYED_GATEWAYS } from '../cms/gateways.ts';
import { createCmsServer } from '../cms/server.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

const SHIFT_S = Number(process.env.OUTAGE_SHIFT_S ?? 120);
const SECONDS = Number(process.env.OUTAGE_SECONDS ?? 20);
const CLIENTS = Number(process.env.OUTAGE_CLIENTS ?? 8);
const PAGES = [
  '/Home',
  '/News/SNews',
  '/News/Media',
  '/News/Notice',
  '/Research/Read',
  '/Survey/Introduction',
  '/EN_Home',
  '/Collection/PreciousCol',
];

const dir = mkdtempSync(join(tmpdir(), 'edge-outage-'));
let shift = 0;
const now = () => Date.now() + shift;
const cms = await createCmsServer({
  db: join(dir, 'cms.sqlite'),
  appId: DEMO_APP_ID,
  tokenKey: DEMO_TOKEN_KEY,
  gateways: DEPLOYED_GATEWAYS,
  logger: false,
});
const cmsUrl = await cms.listen(0, '127.0.0.1');
const config = loadConfig({
  UPSTREAM_URL: cmsUrl,
  UPSTREAM_PREFIX: DEPLOYED_GATEWAYS.content,
  UPSTREAM_FILE_PREFIX: DEPLOYED_GATEWAYS.file,
  UPSTREAM_SEARCH_PREFIX: DEPLOYED_GATEWAYS.search,
  UPSTREAM_REPORT_PREFIX: DEPLOYED_GATEWAYS.report,
  APP_ID: DEMO_APP_ID,
  TOKEN_KEY: DEMO_TOKEN_KEY,
  UPSTREAM_TIMEOUT_MS: '2000',
});
const edge = createApp(config, { logger: pino({ level: 'silent' }), now });
const server = createServer(edge.handler);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: CLIENTS });

interface Answer {
  ms: number;
  label: string;
  at: number;
}
async function get(path: string): Promise<Omit<Answer, 'at'>> {
  const started = performance.now();
  const res = await pool.request({ method: 'GET', path, headers: { 'accept-encoding': 'gzip' } });
  await res.body.arrayBuffer();
  // A redirect names its page: a channel page may send visitors on to its first sub-channel.
  const redirect = res.statusCode >= 300 && res.statusCode < 400 ? ` ${path}` : '';
  return { ms: performance.now() - started, label: `${res.statusCode} ${String(res.headers['x-cache'])}${redirect}` };
}

try {
  for (const path of PAGES) for (let i = 0; i < 2; i += 1) await get(path); // stored
  shift += SHIFT_S * 1000;
  cms.faults.set({ latencyMs: 600_000 });
  const answers: Answer[] = [];
  const began = performance.now();
  const end = began + SECONDS * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) answers.push({ ...(await get(PAGES[next++ % PAGES.length]!)), at: performance.now() - began });
    }),
  );
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  console.log(
    `outage bench: ${availableParallelism()} cores, ${CLIENTS} clients, ${PAGES.length} stored pages, clock +${SHIFT_S} s, the service hung (UPSTREAM_TIMEOUT_MS 2000)`,
  );
  const spells: Array<[number, number]> = [];
  for (let from = 0; from < SECONDS; from += 5) spells.push([from, Math.min(SECONDS, from + 5)]);
  for (const [from, to] of [...spells, [0, SECONDS] as [number, number]]) {
    const part = answers.filter((a) => a.at >= from * 1000 && a.at < to * 1000);
    if (part.length === 0) continue;
    const ms = part.map((a) => a.ms).sort((a, b) => a - b);
    const labels = new Map<string, number>();
    for (const a of part) labels.set(a.label, (labels.get(a.label) ?? 0) + 1);
    console.log(
      `${from}–${to} s: ${part.length.toLocaleString('en')} answers, p50 ${pct(ms, 0.5).toFixed(1)} ms, p90 ${pct(ms, 0.9).toFixed(1)} ms, max ${ms.at(-1)!.toFixed(0)} ms; ` +
        [...labels].map(([label, n]) => `${label} ×${n}`).join(', '),
    );
  }
} finally {
  await pool.close();
  server.closeAllConnections();
  server.close();
  await edge.close();
  rmSync(dir, { recursive: true, force: true });
}
// The service's hung calls (600 s each) would hold the process, and closing the service waits for them.
process.exit();
