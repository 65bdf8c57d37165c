// `npm run audit`: the portal's quality budgets on home, a list, an article detail and search, an
// exhibition detail of each kind and the message board, an exhibit and an activity detail, measured
// on the built bundle against the reference service with its demo content:
//   Lighthouse (mobile): performance ≥ 95, accessibility / best practices / SEO = 100; on the article
//   and the list (pages without script) performance 100 and total blocking time ≤ 50 ms;
//   axe-core: 0 violations (injected into the page with page.evaluate);
//   Nu HTML checker (vnu-jar): 0 errors.
// Prints one table (with total blocking time and the HTML's bytes) and exits non-zero when any page
// misses any budget. Chromium from CHROME_PATH (default /usr/bin/chromium). Everything listens on
// 127.0.0.1 port 0.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { createCmsServer } from '../cms/server.ts';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../cms/demo-credentials.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
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
  /** Lighthouse's total blocking time, ms. */
  tbtMs: number;
  /** The HTML document's bytes as sent (identity). */
  htmlBytes: number;
  failedAudits: string[];
  axe: number;
  axeIds: string[];
  vnu: number;
  vnuMessages: string[];
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startPortal(dir: string) {
  const cms = await createCmsServer({ db: join(dir, 'cms.sqlite'), appId: DEMO_APP_ID, tokenKey: DEMO_TOKEN_KEY, logger: false });
  const cmsUrl = await cms.listen(0, '127.0.0.1');
  const config = loadConfig({ UPSTREAM_URL: cmsUrl, APP_ID: DEMO_APP_ID, TOKEN_KEY: DEMO_TOKEN_KEY, LOG_LEVEL: 'silent' });
  const edge = createApp(config, { logger: pino({ level: 'silent' }), defaultMetrics: false });
  const server = createServer(edge.handler);
  const url = await listen(server);
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await edge.close();
      await cms.close();
    },
  };
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
  const head = ['page', 'perf', 'tbt ms', 'html KB', 'a11y', 'best', 'seo', 'axe', 'vnu', 'path'];
  const lines = rows.map((r) => [
    r.name,
    String(r.scores.performance ?? '-'),
    String(r.tbtMs),
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
    const lh: Array<Awaited<ReturnType<typeof runLighthouse>>> = [];
    try {
      for (const url of urls) lh.push(await runLighthouse(url, chrome.port));
    } finally {
      await chrome.kill();
    }
    const axe = await runAxe(urls);
    const vnu = await runVnu(urls, dir);

    const rows: Row[] = pages.map((p, i) => ({
      ...p,
      scores: lh[i]!.scores,
      tbtMs: lh[i]!.tbtMs,
      htmlBytes: htmlBytes[i]!,
      failedAudits: lh[i]!.failed,
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
