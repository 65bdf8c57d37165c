// `npm run audit`: the portal's quality budgets on home, a list, an article detail and search, an
// exhibition detail of each kind and the message board, an exhibit and an activity detail, measured
// on the built bundle against the reference service with its demo content:
//   Lighthouse (mobile): performance ≥ 95, accessibility / best practices / SEO = 100; on the article
//   and the list (pages without script) performance 100 and total blocking time ≤ 50 ms;
//   axe-core: 0 violations (injected into the page with page.evaluate);
//   Nu HTML checker (vnu-jar): 0 errors.
// The site runs as `npm start` runs it (the built edge in a process of its own, production mode): in
// this process it would answer the stylesheet and pictures only when Lighthouse's own work on the trace
// let it, and the page would be judged by the harness. Lighthouse runs AUDIT_RUNS (5) times on each page
// and each figure is the median with its spread, as Lighthouse advises for its variability; the budgets
// hold the medians. Prints one table (with the HTML's bytes) and exits non-zero when any page misses
// any budget. Chromium from CHROME_PATH (default /usr/bin/chromium). Everything listens on 127.0.0.1.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, startLaunch } from '../bench/lib/launch.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
/** Pages without script: nothing blocks the main thread but the browser's own work. */
const NO_SCRIPT_PAGES: ReadonlySet<string> = new Set(['list', 'detail']);
const NO_SCRIPT_BUDGET = { performance: 100, tbtMs: 50 } as const;
type Category = keyof typeof BUDGET;
const CATEGORIES = Object.keys(BUDGET) as Category[];
const VNU = join(process.cwd(), 'node_modules/vnu-jar/build/dist/vnu.jar');

interface Row {
  name: string;
  path: string;
  scores: Partial<Record<Category, number>>;
  /** Lighthouse's total blocking time, ms: the median of the runs. */
  tbtMs: number;
  /** The lowest and highest performance score and blocking time of the runs. */
  spread: { performance: [number, number]; tbtMs: [number, number] };
  /** The HTML document's bytes as sent (identity). */
  htmlBytes: number;
  failedAudits: string[];
  axe: number;
  axeIds: string[];
  vnu: number;
  vnuMessages: string[];
}

/** How many times Lighthouse loads each page; the figures are the medians. */
const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS ?? 5) || 5);

/** The site as `npm start` runs it, with its embedded reference service on a fresh demo database. */
async function startPortal(dir: string) {
  const launch = startLaunch(process.cwd());
  const url = `http://127.0.0.1:${await freePort()}`;
  const edge = spawn(process.execPath, [...launch.nodeArgs, launch.entry], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dir,
      NODE_ENV: 'production',
      ...launch.env,
      HOST: '127.0.0.1',
      PORT: new URL(url).port,
      CMS_DB: join(dir, 'cms.sqlite'),
      // Its warnings and errors only: a line per request would be this process's work during each load.
      LOG_LEVEL: 'warn',
      // The demo content whatever a developer's .env names: a set variable, even empty, wins over the file.
      UPSTREAM_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const close = async () => {
    if (edge.exitCode !== null || edge.signalCode !== null) return;
    const exited = new Promise((r) => edge.once('exit', r));
    edge.kill('SIGTERM');
    await exited;
  };
  // Ready when its readiness probe says so (the embedded service seeds its demo content first).
  const until = Date.now() + 180_000;
  while ((await fetch(`${url}/readyz`).catch(() => null))?.status !== 200) {
    if (edge.exitCode !== null || Date.now() > until) {
      await close();
      throw new Error(`audit: the edge was not ready (${edge.exitCode === null ? 'not within 3 minutes' : `exit ${edge.exitCode}`})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, close };
}

// The first detail link a list page shows, so the audit follows whatever the demo content holds (the
// service's ids are opaque strings).
async function firstLink(url: string, list: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${url}${list}`)).text();
  const link = pattern.exec(html)?.[1];
  if (!link) throw new Error(`audit: no ${String(pattern)} link on ${list}`);
  return link;
}

async function pagesToAudit(url: string): Promise<Array<{ name: string; path: string }>> {
  // A base exhibition (floor plan) and a temporary one (its exhibits) render different parts.
  const [detail, baseExh, tempExh, exhibit, activity] = await Promise.all([
    firstLink(url, '/News/SNews', /href="(\/News\/SNews\/[^"/?#]+)"/),
    firstLink(url, '/Exhibition/BaseExh', /href="(\/Exhibition\/BaseExh\/[^"/?#]+)"/),
    firstLink(url, '/Exhibition/TempExh', /href="(\/Exhibition\/TempExh\/[^"/?#]+)"/),
    firstLink(url, '/Collection/PreciousCol', /href="(\/Collection\/PreciousCol\/[^"/?#]+)"/),
    firstLink(url, '/Education/Activity', /href="(\/Education\/Activity\/[^"/?#]+)"/),
  ]);
  return [
    { name: 'home', path: '/' },
    { name: 'list', path: '/News/SNews' },
    { name: 'detail', path: detail },
    { name: 'search', path: `/Search?key=${encodeURIComponent('青铜')}` },
    { name: 'exh-base', path: baseExh },
    { name: 'exh-temp', path: tempExh },
    { name: 'board', path: '/Service/OpenServies/LeaveWord' },
    { name: 'exhibit', path: exhibit },
    { name: 'activity', path: activity },
  ];
}

async function runLighthouse(url: string, port: number): Promise<{ scores: Row['scores']; tbtMs: number; failed: string[] }> {
  const run = async () => {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    return result.lhr;
  };
  // A broken recording (NO_NAVSTART, a lost trace on a busy machine) is no measurement of the page:
  // Lighthouse asks to run again, so it gets one more try. A poor score is never retried.
  let lhr = await run();
  if (lhr.runtimeError) lhr = await run();
  const scores: Row['scores'] = {};
  const failed: string[] = [];
  if (lhr.runtimeError) failed.push(`runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    for (const ref of category?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && !lhr.runtimeError && audit?.scoreDisplayMode === 'error') {
        failed.push(`${id}/${ref.id} did not run: ${audit.errorMessage ?? 'no message'}`);
      }
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && (id !== 'performance' || audit.score < 0.9)) {
        failed.push(`${id}/${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        // Say what exactly: the console errors, the failing nodes.
        const items = (audit.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
        for (const item of items.slice(0, 5)) {
          const node = item.node as { snippet?: string } | undefined;
          const where = (item.sourceLocation as { url?: string } | undefined)?.url ?? item.url;
          const what = item.description ?? node?.snippet ?? where ?? item.source;
          if (what) failed.push(`    ${String(what).slice(0, 160)}${where && where !== what ? ` (${String(where)})` : ''}`);
        }
      }
    }
  }
  return { scores, tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN), failed };
}

type LighthouseRun = Awaited<ReturnType<typeof runLighthouse>>;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/** The runs of one page as one row's figures: medians, the spread, and each failed audit once with how often. */
function summarize(runs: LighthouseRun[]): Pick<Row, 'scores' | 'tbtMs' | 'spread' | 'failedAudits'> {
  const scores: Row['scores'] = {};
  for (const id of CATEGORIES) scores[id] = median(runs.map((r) => r.scores[id] ?? 0));
  const perf = runs.map((r) => r.scores.performance ?? 0);
  const tbt = runs.map((r) => r.tbtMs);
  const seen = new Map<string, number>();
  for (const line of runs.flatMap((r) => [...new Set(r.failed)])) seen.set(line, (seen.get(line) ?? 0) + 1);
  return {
    scores,
    tbtMs: median(tbt),
    spread: { performance: [Math.min(...perf), Math.max(...perf)], tbtMs: [Math.min(...tbt), Math.max(...tbt)] },
    failedAudits: [...seen].map(([line, n]) =>
      runs.length > 1 && !line.startsWith('    ') ? `${line} (${n} of ${runs.length} runs)` : line,
    ),
  };
}

/**
 * Asks for the page until the page cache answers it fresh (X-Cache: HIT), so Lighthouse measures the
 * page as the cache holds it: a page's 30 s of freshness end between rounds, and a render or re-render
 * streaming beside the load would be measured with it.
 */
async function freshInCache(url: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.headers.get('x-cache') === 'HIT') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`audit: ${url} never came fresh from the page cache`);
}

async function runAxe(urls: string[]): Promise<Array<{ count: number; ids: string[] }>> {
  const axeSource = readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const out: Array<{ count: number; ids: string[] }> = [];
    for (const [viewport, isMobile] of [[{ width: 390, height: 844 }, true] as const]) {
      const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile, locale: 'zh-CN' });
      const page = await context.newPage();
      for (const url of urls) {
        await page.goto(url, { waitUntil: 'networkidle' });
        // The islands that wake by themselves are live (those waiting for a touch stay as the server made them).
        await page
          .waitForFunction(
            () => [...document.querySelectorAll('museum-island:not([data-when="touch"])')].every((el) => el.hasAttribute('data-hydrated')),
            null,
            { timeout: 15_000 },
          )
          .catch(() => undefined);
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
            }
          ).axe;
          const result = await axe.run(document, { resultTypes: ['violations'] });
          return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.length }));
        });
        out.push({ count: violations.reduce((n, v) => n + v.nodes, 0), ids: violations.map((v) => `${v.id}×${v.nodes}`) });
      }
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

async function runVnu(urls: string[], dir: string): Promise<Array<{ count: number; messages: string[] }>> {
  const files: string[] = [];
  for (const [i, url] of urls.entries()) {
    const file = join(dir, `page-${i}.html`);
    writeFileSync(file, await (await fetch(url)).text());
    files.push(file);
  }
  let stdout = '';
  let stderr = '';
  try {
    ({ stdout, stderr } = await promisify(execFile)('java', ['-jar', VNU, '--format', 'json', '--errors-only', ...files], {
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (err) {
    // vnu exits 1 when it found errors; its JSON report is on stderr either way.
    ({ stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string });
  }
  const report = JSON.parse(stderr || stdout || '{"messages":[]}') as {
    messages: Array<{ url: string; type: string; message: string; lastLine?: number }>;
  };
  return files.map((file) => {
    const mine = report.messages.filter((m) => m.url.endsWith(file.split('/').pop()!) && m.type === 'error');
    return { count: mine.length, messages: mine.map((m) => `line ${m.lastLine ?? '?'}: ${m.message}`) };
  });
}

function printTable(rows: Row[]): void {
  const head = ['page', 'perf', '(runs)', 'tbt ms', '(runs)', 'html KB', 'a11y', 'best', 'seo', 'axe', 'vnu', 'path'];
  const range = ([low, high]: [number, number]) => (low === high ? '' : `${low}–${high}`);
  const lines = rows.map((r) => [
    r.name,
    String(r.scores.performance ?? '-'),
    range(r.spread.performance),
    String(r.tbtMs),
    range(r.spread.tbtMs),
    (r.htmlBytes / 1024).toFixed(1),
    String(r.scores.accessibility ?? '-'),
    String(r.scores['best-practices'] ?? '-'),
    String(r.scores.seo ?? '-'),
    String(r.axe),
    String(r.vnu),
    r.path,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
  console.log(
    RUNS === 1
      ? 'Lighthouse: one run on each page (AUDIT_RUNS=1).'
      : `Lighthouse: the median of ${RUNS} runs on each page, with the lowest and highest beside it.`,
  );
  console.log(
    `budget: performance ≥ ${BUDGET.performance} (${NO_SCRIPT_BUDGET.performance} and total blocking time ≤ ${NO_SCRIPT_BUDGET.tbtMs} ms on ${[...NO_SCRIPT_PAGES].join(', ')}), accessibility/best-practices/SEO = 100, axe 0, vnu 0`,
  );
}

function misses(row: Row): string[] {
  const out: string[] = [];
  for (const id of CATEGORIES) if ((row.scores[id] ?? 0) < BUDGET[id]) out.push(`${id} ${row.scores[id]} < ${BUDGET[id]}`);
  if (NO_SCRIPT_PAGES.has(row.name)) {
    if ((row.scores.performance ?? 0) < NO_SCRIPT_BUDGET.performance)
      out.push(`performance ${row.scores.performance} < ${NO_SCRIPT_BUDGET.performance}`);
    if (!(row.tbtMs <= NO_SCRIPT_BUDGET.tbtMs)) out.push(`total blocking time ${row.tbtMs} ms > ${NO_SCRIPT_BUDGET.tbtMs} ms`);
  }
  if (row.axe > 0) out.push(`axe: ${row.axeIds.join(', ')}`);
  if (row.vnu > 0) out.push(`vnu: ${row.vnuMessages.slice(0, 5).join(' | ')}`);
  return out;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-audit-'));
  const portal = await startPortal(dir);
  let failed = false;
  try {
    const pages = await pagesToAudit(portal.url);
    const urls = pages.map((p) => `${portal.url}${p.path}`);
    // Warm the edge's caches: the audit measures the page, not the first cold upstream call.
    const htmlBytes: number[] = [];
    for (const url of urls) htmlBytes.push((await fetch(url).then((r) => r.arrayBuffer())).byteLength);

    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    const lh: LighthouseRun[][] = urls.map(() => []);
    try {
      // Round after round over all pages, so a busy moment of the machine falls on several pages once
      // rather than on one page every time.
      for (let run = 0; run < RUNS; run += 1) {
        for (const [i, url] of urls.entries()) {
          await freshInCache(url);
          lh[i]!.push(await runLighthouse(url, chrome.port));
        }
      }
    } finally {
      await chrome.kill();
    }
    const axe = await runAxe(urls);
    const vnu = await runVnu(urls, dir);

    const rows: Row[] = pages.map((p, i) => ({
      ...p,
      ...summarize(lh[i]!),
      htmlBytes: htmlBytes[i]!,
      axe: axe[i]!.count,
      axeIds: axe[i]!.ids,
      vnu: vnu[i]!.count,
      vnuMessages: vnu[i]!.messages,
    }));
    printTable(rows);
    for (const row of rows) {
      const miss = misses(row);
      if (miss.length === 0) continue;
      failed = true;
      console.log(`\n${row.name} (${row.path}) misses:`);
      for (const m of miss) console.log(`  - ${m}`);
      for (const a of row.failedAudits) console.log(`    lighthouse: ${a}`);
    }
  } finally {
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error('\naudit: budgets missed');
    process.exit(1);
  }
  console.log('\naudit: every budget met');
}

await main();
