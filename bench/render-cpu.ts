// npm run bench:render — CPU time of one page render with every upstream answer cached (the page
// cache off, so each request renders): the home page and a list page, medians of 5 batches of 200.
// Targets (issue #11): ≤ 3 ms per list page, ≤ 5 ms for home, on this machine.
// BENCH_PROFILE=<dir> writes a CPU profile of the measured batches.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { inject } from 'light-my-request';
import pino from 'pino';
import { createCmsServer } from '../cms/server.ts';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../cms/demo-credentials.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { BENCH_PREFIX } from './lib/targets.ts';

const BATCHES = 5;
const PER_BATCH = Number(process.env.BENCH_RENDERS ?? 200);
const PAGES = ['/', '/News/SNews', '/EN_News/EN_SNews'];

const cms = await createCmsServer({ db: process.env.CMS_DB ?? 'data/cms.sqlite', appId: DEMO_APP_ID, tokenKey: DEMO_TOKEN_KEY, prefix: BENCH_PREFIX, logger: false });
const cmsUrl = await cms.listen(0, '127.0.0.1');
const config = loadConfig({ UPSTREAM_URL: cmsUrl, UPSTREAM_PREFIX: BENCH_PREFIX, APP_ID: DEMO_APP_ID, TOKEN_KEY: DEMO_TOKEN_KEY, PAGE_CACHE_TTL_S: '0', CACHE_TTL_S: '3600' });
const edge = createApp(config, { logger: pino({ level: 'silent' }), defaultMetrics: false });

async function render(path: string): Promise<void> {
  // A wrapper, not the app itself: given an Express app, light-my-request rewires its request prototype.
  const res = await inject((req, res) => edge.app(req, res), { method: 'GET', url: path, headers: { host: 'bench.local', 'user-agent': 'Mozilla/5.0' } });
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
}

const profiler = process.env.BENCH_PROFILE ? new Session() : null;
profiler?.connect();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  for (const path of PAGES) for (let i = 0; i < 50; i += 1) await render(path); // warm: engine, JIT, upstream cache
  if (profiler) {
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const lines: string[] = [];
  for (const path of PAGES) {
    const batches: number[] = [];
    for (let b = 0; b < BATCHES; b += 1) {
      const before = process.cpuUsage();
      for (let i = 0; i < PER_BATCH; i += 1) await render(path);
      const used = process.cpuUsage(before);
      batches.push((used.user + used.system) / 1000 / PER_BATCH);
    }
    lines.push(`${path}: ${median(batches).toFixed(2)} ms CPU per render (batches ${batches.map((b) => b.toFixed(2)).join(' ')})`);
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(join(process.env.BENCH_PROFILE!, `render-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
  console.log(`render CPU: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}, medians of ${BATCHES} × ${PER_BATCH}`);
  for (const line of lines) console.log(line);
} finally {
  await edge.close();
  await cms.close();
}
