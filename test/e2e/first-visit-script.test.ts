// The script a first visit loads, measured in Chromium (decision 048): for each page kind, a fresh
// browser context (no cache) at the phone's 390 px loads the page up to network idle, brings every island
// that wakes by itself (idle, visible) into view until it is hydrated, and sums the encoded bytes of every
// script response from the CDP Network domain (the body as it travelled, brotli here; response headers
// not counted). The budgets are the build's (scripts/client-bundle.mjs): no script on a kind without
// islands, at most 10 KB where every island waits for a touch (the object page, with the pointer never
// on the page), at most 70 KB anywhere. No page logs a console error, a page error, a CSP violation or a
// hydration error. The table goes to the log; the object page's script after a touch and after opening
// the zoom is reported, not asserted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISLANDS, SCREEN_ISLANDS, type IslandName } from '../../shared/islands.ts';
import type { ScreenKind } from '../../shared/route-table.ts';
import { startWorld, VIEWPORTS, type E2EWorld } from './harness.ts';
import { isScript, kb, meterNetwork, problemLines, watchProblems, WATCHDOG_MS, type NetworkMeter, type Transfer } from './measure.ts';

let world: E2EWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  printTable();
  await world?.close();
});

const KB = 1024;
/** The most script any page's first visit may load (scripts/client-bundle.mjs FIRST_VISIT_BUDGET). */
const FIRST_VISIT_BUDGET = 70 * KB;
/** A page whose islands all wait for a touch (TOUCH_ONLY_BUDGET). */
const TOUCH_ONLY_BUDGET = 10 * KB;

/** The whole app's script on a first visit before decision 048 (gzip, KB), where it was measured. */
const BEFORE_KB: Partial<Record<string, number>> = {
  home: 121.2,
  'English home': 121.2,
  'news list': 121.4,
  article: 121.4,
  'collection list': 121.9,
  search: 121.6,
  'message board': 124.0,
};

/** What the build says a first visit of each kind loads (brotli bytes). */
const BUILD = JSON.parse(readFileSync(join(process.cwd(), 'public/build/manifest.json'), 'utf8')) as {
  firstVisitScriptBrotliBytes: Record<string, number>;
};

interface Row {
  page: string;
  kind: ScreenKind;
  path: string;
  status: number;
  scriptBytes: number;
  scriptFiles: number;
  htmlBytes: number;
}
const rows: Row[] = [];

function printTable(): void {
  if (rows.length === 0) return;
  const line = (cells: string[]): string =>
    `${cells[0]!.padEnd(18)} ${cells[1]!.padStart(9)} ${cells[2]!.padStart(7)} ${cells[3]!.padStart(9)} ${cells[4]!.padStart(9)} ${cells[5]!.padStart(10)}`;
  const out = [
    'First visit, Chromium, fresh context, 390 px: encoded body bytes of script responses (brotli; headers not counted)',
    line(['page', 'script KB', 'files', 'HTML KB', 'build KB', 'before KB']),
    ...rows.map((r) =>
      line([
        r.page,
        kb(r.scriptBytes),
        String(r.scriptFiles),
        kb(r.htmlBytes),
        kb(BUILD.firstVisitScriptBrotliBytes[r.kind] ?? 0),
        BEFORE_KB[r.page]?.toFixed(1) ?? '—',
      ]),
    ),
  ];
  console.log(out.join('\n'));
}

/** Fetches a list page and gives the first record link below `prefix` (a 32-hex-digit id). */
async function firstRecord(list: string, prefix: string): Promise<string> {
  const res = await fetch(`${world.url}${list}`);
  expect(res.status, list).toBe(200);
  const html = await res.text();
  const m = new RegExp(`href="(${prefix.replace(/[/]/g, '\\/')}\\/[0-9a-f]{32})"`).exec(html);
  if (!m) throw new Error(`no record link below ${prefix} on ${list}`);
  return m[1]!;
}

/** An object page with a deep zoom (the stage's `zoom` button), from the collection list. */
async function objectWithZoom(): Promise<string> {
  const html = await (await fetch(`${world.url}/Collection/PreciousCol`)).text();
  for (const [, path] of html.matchAll(/href="(\/Collection\/PreciousCol\/[0-9a-f]{32})"/g)) {
    if ((await (await fetch(`${world.url}${path}`)).text()).includes('deep-zoom__open')) return path!;
  }
  throw new Error('no object of the collection list has a deep zoom');
}

interface Visit {
  page: Page;
  context: BrowserContext;
  meter: NetworkMeter;
  status: number;
  problems: () => Promise<string>;
}

/** A first visit: a fresh context at the phone's viewport, loaded to network idle, self-waking islands hydrated. */
async function firstVisit(path: string): Promise<Visit> {
  const context = await world.browser.newContext({ ...VIEWPORTS.phone, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  const watch = await watchProblems(page);
  const meter = await meterNetwork(await context.newCDPSession(page));
  const res = await page.goto(`${world.url}${path}`, { waitUntil: 'networkidle' });
  // Every island that wakes by itself is brought into view (by script: the pointer stays off the page) and hydrates.
  const selfWaking = page.locator('museum-island[data-when="idle"], museum-island[data-when="visible"]');
  for (let i = 0; i < (await selfWaking.count()); i += 1) {
    const island = selfWaking.nth(i);
    await island.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: 'center' }));
    await island.evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          if (el.hasAttribute('data-hydrated')) return resolve();
          new MutationObserver((_, observer) => {
            if (!el.hasAttribute('data-hydrated')) return;
            observer.disconnect();
            resolve();
          }).observe(el, { attributes: true, attributeFilter: ['data-hydrated'] });
        }),
      undefined,
      { timeout: WATCHDOG_MS },
    );
  }
  await meter.quiet(`${path}: the requests under way`);
  return { page, context, meter, status: res?.status() ?? 0, problems: async () => problemLines(await watch.collect()) };
}

const scriptsOf = (transfers: Transfer[]): Transfer[] => transfers.filter(isScript);
const bytesOf = (transfers: Transfer[]): number => transfers.reduce((n, t) => n + t.bodyBytes, 0);

/** The budget of a kind, as the build computes it from the island table. */
function budgetOf(kind: ScreenKind): { max: number; why: string } {
  const islands: readonly IslandName[] = SCREEN_ISLANDS[kind];
  if (islands.length === 0) return { max: 0, why: 'no islands' };
  if (islands.every((n) => ISLANDS[n].when === 'touch')) return { max: TOUCH_ONLY_BUDGET, why: 'islands wait for a touch' };
  return { max: FIRST_VISIT_BUDGET, why: 'islands wake by themselves' };
}

interface Kind {
  page: string;
  kind: ScreenKind;
  path: () => Promise<string>;
  status?: number;
  /** A check of the page's content, so the measure is of the page meant (search with results, …). */
  check?: (v: Visit) => Promise<void>;
}

const KINDS: Kind[] = [
  { page: 'home', kind: 'home', path: async () => '/' },
  { page: 'English home', kind: 'home', path: async () => '/EN_Home' },
  { page: 'news list', kind: 'list', path: async () => '/News/SNews' },
  { page: 'article', kind: 'detail', path: () => firstRecord('/News/SNews', '/News/SNews') },
  { page: 'collection list', kind: 'collectionList', path: async () => '/Collection/PreciousCol' },
  { page: 'object', kind: 'exhibitDetail', path: objectWithZoom },
  { page: 'exhibition list', kind: 'exhibitionList', path: async () => '/Exhibition/BaseExh' },
  { page: 'exhibition', kind: 'exhibitionDetail', path: () => firstRecord('/Exhibition/BaseExh', '/Exhibition/BaseExh') },
  { page: 'activity list', kind: 'activityList', path: async () => '/Education/Activity' },
  { page: 'activity', kind: 'activityDetail', path: () => firstRecord('/Education/Activity', '/Education/Activity') },
  {
    page: 'search',
    kind: 'search',
    path: async () => `/Search?key=${encodeURIComponent('青铜')}`,
    check: async (v) => expect(await v.page.locator('li.hit').count()).toBeGreaterThan(0),
  },
  { page: 'message board', kind: 'messageBoard', path: async () => '/Service/OpenServies/LeaveWord' },
  { page: 'questionnaire list', kind: 'questionnaireList', path: async () => '/Service/Questionnaire' },
  { page: 'questionnaire', kind: 'questionnaire', path: () => firstRecord('/Service/Questionnaire', '/Service/Questionnaire') },
  { page: 'not found', kind: 'notFound', path: async () => '/No/Such/Page', status: 404 },
];

describe('the script a first visit loads (phone, fresh context)', () => {
  for (const k of KINDS) {
    const budget = budgetOf(k.kind);
    it(`${k.page}: ${budget.max === 0 ? 'no script' : `at most ${kb(budget.max)} KB`} (${budget.why}), no problems`, async () => {
      const path = await k.path();
      const v = await firstVisit(path);
      try {
        expect(v.status, path).toBe(k.status ?? 200);
        await k.check?.(v);
        const transfers = v.meter.transfers();
        const scripts = scriptsOf(transfers);
        const html = transfers.find((t) => t.type === 'Document');
        rows.push({
          page: k.page,
          kind: k.kind,
          path,
          status: v.status,
          scriptBytes: bytesOf(scripts),
          scriptFiles: scripts.length,
          htmlBytes: html?.bodyBytes ?? 0,
        });
        if (budget.max === 0) {
          expect(scripts.map((s) => s.url)).toEqual([]);
          expect(await v.page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
        } else {
          expect(bytesOf(scripts)).toBeGreaterThan(0);
          expect(bytesOf(scripts)).toBeLessThanOrEqual(budget.max);
        }
        // Every island the page carries is one its kind may carry; the touch ones are still asleep.
        const islands = await v.page.locator('museum-island').evaluateAll((els) =>
          els.map((el) => ({
            name: el.getAttribute('data-island'),
            when: el.getAttribute('data-when'),
            hydrated: el.hasAttribute('data-hydrated'),
          })),
        );
        for (const island of islands) {
          expect(SCREEN_ISLANDS[k.kind] as readonly (string | null)[]).toContain(island.name);
          expect(island.hydrated, `${island.name} (${island.when})`).toBe(island.when !== 'touch');
        }
        expect(await v.problems()).toBe('');
      } finally {
        await v.context.close();
      }
    });
  }

  it('object page: reports the script loaded at the first touch of the stage and on opening the zoom', async () => {
    const path = await objectWithZoom();
    const v = await firstVisit(path);
    try {
      const stage = v.page.locator('museum-island[data-island="exhibitStage"]');
      expect(await stage.getAttribute('data-hydrated')).toBeNull();
      const before = v.meter.started();
      // The visitor's finger (or pointer) comes onto the stage: it wakes.
      await v.page.locator('.exhibit__stage').hover();
      await v.page.locator('museum-island[data-island="exhibitStage"][data-hydrated]').waitFor({ state: 'attached', timeout: WATCHDOG_MS });
      await v.meter.quiet('the stage waking');
      const touched = v.meter.started();
      await v.page.locator('button.deep-zoom__open').click();
      await v.page.locator('.zoom-dialog__viewer canvas').first().waitFor({ state: 'attached', timeout: WATCHDOG_MS });
      await v.page.locator('.zoom-dialog__state').waitFor({ state: 'detached', timeout: WATCHDOG_MS });
      await v.meter.quiet('the zoom opening');
      const scripts = scriptsOf(v.meter.transfers());
      const first = scripts.filter((t) => t.order < before);
      const atTouch = scripts.filter((t) => t.order >= before && t.order < touched);
      const atOpen = scripts.filter((t) => t.order >= touched);
      const files = (ts: Transfer[]) => ts.map((t) => `${new URL(t.url).pathname} ${kb(t.bodyBytes)}`).join(', ');
      console.log(
        [
          `Object page ${path} (phone, fresh context), script as it travelled (brotli, no headers):`,
          `  first visit, before a touch: ${kb(bytesOf(first))} KB in ${first.length} file(s): ${files(first)}`,
          `  at the first touch of the stage: +${kb(bytesOf(atTouch))} KB in ${atTouch.length} file(s): ${files(atTouch)}`,
          `  on opening the zoom: +${kb(bytesOf(atOpen))} KB in ${atOpen.length} file(s): ${files(atOpen)}`,
          `  total after opening: ${kb(bytesOf(scripts))} KB`,
        ].join('\n'),
      );
      expect(await v.problems()).toBe('');
    } finally {
      await v.context.close();
    }
  });
});
