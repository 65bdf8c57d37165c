// The browser suite's world: the one world of test/world/world.ts (the reference content service with
// the demo content, the edge's real handler on 127.0.0.1 port 0), a headless Chromium, and pages that
// record every console error, page error, failed request and hydration warning so a test can insist
// there were none. Screenshots go to test-results/screens/. Run with `npm run test:e2e` (it builds the
// browser bundle first).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { EdgeApp } from '../../server/app.ts';
import type { RunningCms } from '../integration/cms-harness.ts';
import { startWorld as startEdgeWorld, type Content } from '../world/world.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

export const SCREENS_DIR = join(process.cwd(), 'test-results', 'screens');

export { decodeId, encodeId } from '../../cms/wire-ids.ts';

/** A record id as the content service sends it: 32 lowercase hex digits. */
export const WIRE_ID = '[0-9a-f]{32}';
/** The address of a record page below `listPath` (a route holding the service's id), for waitForURL. */
export const recordUrl = (listPath: string): RegExp => new RegExp(`${listPath.replace(/[/]/g, '\\/')}\\/${WIRE_ID}$`);
/** The wire id at the end of a record page's address. */
export const idInUrl = (url: string): string => {
  const m = new RegExp(`/(${WIRE_ID})$`).exec(new URL(url).pathname);
  if (!m) throw new Error(`no record id at the end of ${url}`);
  return m[1]!;
};

export const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Console and page problems of one page, in the order they happened. */
export interface Problem {
  kind: 'console' | 'pageerror' | 'hydration' | 'requestfailed' | 'http';
  text: string;
}

export interface CheckedPage {
  page: Page;
  context: BrowserContext;
  problems: Problem[];
  /** Opens a path of the edge and waits until React has hydrated it. */
  open(path: string, options?: { hydrate?: boolean }): Promise<number>;
  /** Waits until the current document is hydrated (the frame sets `<html data-hydrated>`). */
  hydrated(): Promise<void>;
  /** Saves test-results/screens/<name>.png (full page by default). */
  screenshot(name: string, fullPage?: boolean): Promise<string>;
  close(): Promise<void>;
}

export interface E2EWorld {
  /** The edge's base URL. */
  url: string;
  edge: EdgeApp;
  cms: RunningCms;
  browser: Browser;
  newPage(viewport?: ViewportName, options?: { javaScript?: boolean; reducedMotion?: boolean }): Promise<CheckedPage>;
  close(): Promise<void>;
}

const HYDRATION_WORDS = /hydrat|did not match|server rendered html|text content does not match/i;

export interface WorldOptions {
  /** `demo` (default): the real demo content; any other content of test/world/world.ts (`fixture` is faster). */
  content?: Content;
  env?: Record<string, string>;
}

export async function startWorld(options: WorldOptions = {}): Promise<E2EWorld> {
  const world = await startEdgeWorld({ content: options.content ?? 'demo', ...(options.env ? { env: options.env } : {}) });
  const { url, edge, cms } = world;
  const browser = await chromium
    .launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
    .catch(async (err: unknown) => {
      await world.close();
      throw err;
    });
  mkdirSync(SCREENS_DIR, { recursive: true });
  const pages: CheckedPage[] = [];

  async function newPage(
    viewport: ViewportName = 'desktop',
    opts: { javaScript?: boolean; reducedMotion?: boolean } = {},
  ): Promise<CheckedPage> {
    const context = await browser.newContext({
      ...VIEWPORTS[viewport],
      javaScriptEnabled: opts.javaScript !== false,
      reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const page = await context.newPage();
    const problems: Problem[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      // Chromium logs a page's own 4xx status; the test asserts that status itself.
      if (text.startsWith('Failed to load resource') && msg.location().url === page.url()) return;
      if (HYDRATION_WORDS.test(text)) problems.push({ kind: 'hydration', text });
      else if (msg.type() === 'error') problems.push({ kind: 'console', text });
    });
    page.on('pageerror', (err) =>
      problems.push({ kind: HYDRATION_WORDS.test(err.message) ? 'hydration' : 'pageerror', text: err.message }),
    );
    page.on('requestfailed', (req) => {
      // A navigation away aborts what the old page still loads; that is not a fault.
      if (req.failure()?.errorText !== 'net::ERR_ABORTED')
        problems.push({ kind: 'requestfailed', text: `${req.url()} ${req.failure()?.errorText}` });
    });
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      // Pages may answer 404 on purpose; sub-resources must not.
      if (res.status() >= 400 && res.request().resourceType() !== 'document')
        problems.push({ kind: 'http', text: `${res.status()} ${path}` });
    });
    const checked: CheckedPage = {
      page,
      context,
      problems,
      async hydrated() {
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
      },
      async open(path, o = {}) {
        const res = await page.goto(`${url}${path}`, { waitUntil: 'load' });
        if (o.hydrate !== false && opts.javaScript !== false) await checked.hydrated();
        return res?.status() ?? 0;
      },
      async screenshot(name, fullPage = true) {
        const file = join(SCREENS_DIR, `${name}.png`);
        // A full-page picture should show lazy images too: bring them in, then wait for them.
        if (fullPage) {
          await page.evaluate(async () => {
            for (const img of Array.from(document.images)) img.loading = 'eager';
            const settled = (img: HTMLImageElement) =>
              new Promise<void>((resolve) => {
                img.addEventListener('load', () => resolve(), { once: true });
                img.addEventListener('error', () => resolve(), { once: true });
              });
            const pending = Array.from(document.images).filter((img) => !img.complete);
            await Promise.race([Promise.all(pending.map(settled)), new Promise((r) => setTimeout(r, 5000))]);
          });
        }
        await page.screenshot({ path: file, fullPage, animations: 'disabled' });
        return file;
      },
      async close() {
        await context.close();
      },
    };
    pages.push(checked);
    return checked;
  }

  return {
    url,
    edge,
    cms,
    browser,
    newPage,
    async close() {
      for (const p of pages) await p.context.close().catch(() => undefined);
      await browser.close();
      await world.close();
    },
  };
}

let axeSource: string | undefined;

/** axe-core's violations on the current page as `rule: selector` lines ('' when none). */
export async function axeViolations(p: CheckedPage): Promise<string> {
  axeSource ??= readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');
  await p.page.evaluate(axeSource);
  const violations = await p.page.evaluate(async () => {
    type Axe = { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> };
    return (await (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
}

const describeProblems = (problems: Problem[]): string => problems.map((x) => `${x.kind}: ${x.text}`).join('\n');

/** The problems of a page as one readable string (for `expect(...).toEqual('')`). */
export const problemText = (p: CheckedPage): string => describeProblems(p.problems);

/** The same, less the module scripts a browser without JavaScript refuses (reported as a CSP block): nothing else may fail. */
export const problemsWithoutJs = (p: CheckedPage): string =>
  describeProblems(p.problems.filter((x) => !(x.kind === 'requestfailed' && /\/build\/\S+\.js csp$/.test(x.text))));
