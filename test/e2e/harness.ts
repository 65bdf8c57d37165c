// The browser suite's world: the one world of test/world/world.ts (the reference content service with
// the demo content, the edge's real handler on 127.0.0.1 port 0), a headless Chromium, and pages that
// record every console error, page error, failed request, hydration warning and CSP violation so a test
// can insist there were none. Every page is a full page load: React lives only in islands
// (`<museum-island data-island=…>`, shared/islands.ts), each hydrated on its own and then marked
// `data-hydrated`. Screenshots go to test-results/screens/. Run with `npm run test:e2e` (it builds the
// browser bundle first).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { EdgeApp } from '../../server/app.ts';
import type { RunningCms } from '../integration/cms-harness.ts';
import { startWorld as startEdgeWorld, type Content } from '../world/world.ts';
import { CHROMIUM_ARGS } from '../../scripts/chromium.ts';
import { program } from '../world/programs.ts';
import { ISLAND_ATTR, ISLAND_TAG, ISLANDS_RUNNING_ATTR, type IslandName } from '../../shared/islands.ts';

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
  kind: 'console' | 'pageerror' | 'hydration' | 'requestfailed' | 'http' | 'csp';
  text: string;
}

/** The island element of `name` (`museum-island[data-island="name"]`); add `[data-hydrated]` for a live one. */
export const islandSelector = (name: IslandName): string => `${ISLAND_TAG}[${ISLAND_ATTR.name}="${name}"]`;

export interface CheckedPage {
  page: Page;
  context: BrowserContext;
  problems: Problem[];
  /**
   * Opens a path of the edge (a full page load) and, with JavaScript, waits until the islands that wake
   * by themselves are live (see hydrated); `hydrate: false` returns at the load event.
   */
  open(path: string, options?: { hydrate?: boolean }): Promise<number>;
  /**
   * Waits until the current document's islands that wake without the visitor are live: once the
   * islands' script has run (`<html data-islands>`), every `idle` island and every `visible` island near
   * the viewport carries `data-hydrated`. `touch` islands wait for the visitor (see island). A page
   * without islands has nothing to wait for.
   */
  hydrated(): Promise<void>;
  /** Waits until the island `name` is live (`data-hydrated` on its element), e.g. after touching it. */
  island(name: IslandName): Promise<void>;
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
/** How Chromium words a CSP violation on the console ("Refused to … because it violates the following Content Security Policy directive"). */
const CSP_WORDS = /Content Security Policy/i;

export interface WorldOptions {
  /** `demo` (default): the real demo content; any other content of test/world/world.ts (`fixture` is faster). */
  content?: Content;
  env?: Record<string, string>;
}

export async function startWorld(options: WorldOptions = {}): Promise<E2EWorld> {
  const chromiumPath = program('chromium');
  const world = await startEdgeWorld({ content: options.content ?? 'demo', ...(options.env ? { env: options.env } : {}) });
  const { url, edge, cms } = world;
  const browser = await chromium
    .launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true })
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
    // A CSP violation is a problem whatever the console says of it: the document reports each one as an
    // event (recorded from its first byte; an init script is not subject to the page's CSP).
    if (opts.javaScript !== false) {
      await context.exposeBinding('__e2eCspViolation', (_source, text: string) => problems.push({ kind: 'csp', text }));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __e2eCspViolation?: (text: string) => void }).__e2eCspViolation;
          report?.(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
        });
      });
    }
    page.on('console', (msg) => {
      const text = msg.text();
      // Chromium logs a page's own 4xx status; the test asserts that status itself.
      if (text.startsWith('Failed to load resource') && msg.location().url === page.url()) return;
      if (CSP_WORDS.test(text)) problems.push({ kind: 'csp', text });
      else if (HYDRATION_WORDS.test(text)) problems.push({ kind: 'hydration', text });
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
      // The browser's guesses (Speculation Rules: `Sec-Purpose: prefetch…`) of pages the edge will not
      // render early are refused with 503 on purpose (docs/decisions/047): not a fault of the page.
      if (res.status() === 503 && /^prefetch/.test(res.request().headers()['sec-purpose'] ?? '')) return;
      // Pages may answer 404 on purpose; sub-resources must not.
      if (res.status() >= 400 && res.request().resourceType() !== 'document')
        problems.push({ kind: 'http', text: `${res.status()} ${path}` });
    });
    const checked: CheckedPage = {
      page,
      context,
      problems,
      async hydrated() {
        await page.waitForFunction(
          ({ tag, attr, running, margin }) => {
            const islands = Array.from(document.querySelectorAll<HTMLElement>(tag));
            if (islands.length === 0) return true;
            if (!document.documentElement.hasAttribute(running)) return false;
            const near = (el: HTMLElement) =>
              Array.from(el.children).some((child) => {
                const box = child.getBoundingClientRect();
                return box.bottom >= -margin && box.top <= window.innerHeight + margin;
              });
            return islands.every((el) => {
              const when = el.getAttribute(attr.when);
              const wakes = when === 'idle' || (when === 'visible' && near(el));
              return !wakes || el.hasAttribute(attr.hydrated);
            });
          },
          // 200 px: how far below the viewport a `visible` island starts (client/islands.client.ts).
          { tag: ISLAND_TAG, attr: ISLAND_ATTR, running: ISLANDS_RUNNING_ATTR, margin: 200 },
          { timeout: 15_000 },
        );
      },
      async island(name) {
        await page
          .locator(`${islandSelector(name)}[${ISLAND_ATTR.hydrated}]`)
          .first()
          .waitFor({ state: 'attached', timeout: 15_000 });
      },
      async open(path, o = {}) {
        const res = await page.goto(`${url}${path}`, { waitUntil: 'load' });
        if (o.hydrate !== false && opts.javaScript !== false) await checked.hydrated();
        return res?.status() ?? 0;
      },
      async screenshot(name, fullPage = true) {
        const file = join(SCREENS_DIR, `${name}.png`);
        // A full-page picture should show lazy images too: bring them in, then wait until each has loaded
        // (or failed) and is decoded — on a first visit the edge may be making their variants, which takes
        // a while on a busy machine, and a picture taken before shows empty boxes.
        if (fullPage) {
          await page.evaluate(async () => {
            for (const img of Array.from(document.images)) img.loading = 'eager';
            const settled = (img: HTMLImageElement) =>
              new Promise<void>((resolve) => {
                if (img.complete) return resolve();
                img.addEventListener('load', () => resolve(), { once: true });
                img.addEventListener('error', () => resolve(), { once: true });
              }).then(() => img.decode().catch(() => undefined));
            await Promise.all(Array.from(document.images).map(settled));
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

/** Waits until the element's CSS animations and transitions (its own and its children's) have run their course. */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
}

/** Presses Tab from the top of the page until the focused element matches `selector`; the number of presses (Infinity past `limit`). */
export async function tabsTo(p: CheckedPage, selector: string, limit = 60): Promise<number> {
  await p.page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (let n = 1; n <= limit; n += 1) {
    await p.page.keyboard.press('Tab');
    if (await p.page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return n;
  }
  return Infinity;
}

/** Marks the current document, so a test can tell a full page load (the mark is gone) from a change in place. */
export async function markDocument(p: CheckedPage): Promise<void> {
  await p.page.evaluate(() => document.documentElement.setAttribute('data-e2e-old-document', ''));
}
/** Whether the document shown is the one markDocument marked. */
export const sameDocument = (p: CheckedPage): Promise<boolean> =>
  p.page.evaluate(() => document.documentElement.hasAttribute('data-e2e-old-document'));

/**
 * The dark pixels of a PNG (each channel summed under 3 × 140): a picture that failed and shows the
 * stylesheet's stand-in (paper with a faint motif) has none, the browser's broken-image icon and alt text some.
 */
export async function darkPixels(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i]! + data[i + 1]! + data[i + 2]! < 3 * 140) dark += 1;
  return dark;
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

/** Both ways a visitor may come, for tests that prove a behaviour in each: `[label, javaScript]`. */
export const WITH_AND_WITHOUT_JS = [
  ['with JavaScript', true],
  ['without JavaScript', false],
] as const;

/** problemText, or problemsWithoutJs for a page opened without JavaScript. */
export const problemsOf = (p: CheckedPage, javaScript: boolean): string => (javaScript ? problemText(p) : problemsWithoutJs(p));

/** The same, less the module scripts a browser without JavaScript refuses (reported as a CSP block): nothing else may fail. */
export const problemsWithoutJs = (p: CheckedPage): string =>
  describeProblems(p.problems.filter((x) => !(x.kind === 'requestfailed' && /\/build\/\S+\.js csp$/.test(x.text))));
