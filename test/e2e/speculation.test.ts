// Speculative loading in Chromium (decision 047), watched from the edge's side: every request the
// browser sends reaches the world's own edge handler through a recorder (measure.ts), which notes its
// path and Sec-Purpose as it arrives, so each wait is for a request to reach the edge or be answered.
// - Hovering an article's link on the news list prefetches it (moderate eagerness); the click is served
//   from that prefetch (`deliveryType` navigational-prefetch), the edge sees one request for the article,
//   and the view is counted once, by the beacon. A prefetch never opened counts nothing.
// - A list left untouched costs the edge no speculative request (desktop and phone).
// - In a scripted visit, the speculative requests the edge receives per page view stay small.
// - Pages stay eligible for the back/forward cache, with and without islands.
// Playwright drives Chromium through page targets, and Chromium does not prerender while such a
// DevTools session is attached (`PrerenderingDisabledByDevTools`); Playwright also turns the
// back/forward cache off by default. So the browser of these tests is launched with the cache on, and
// the scripted visit runs on a Chromium driven through its tab target (measure.ts), where the menu's
// hubs are prerendered as for a visitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/chromium.ts';
import { beforeDeadline } from '../world/deadline.ts';
import { program } from '../world/programs.ts';
import { decodeId, startWorld, VIEWPORTS, type E2EWorld, type ViewportName } from './harness.ts';
import {
  isSpeculative,
  launchTabChromium,
  pathOf,
  problemLines,
  recordEdge,
  watchProblems,
  WATCHDOG_MS,
  type CdpMessage,
  type EdgeRecorder,
  type EdgeRequest,
  type Tab,
  type TabChromium,
} from './measure.ts';

let world: E2EWorld;
let edge: EdgeRecorder;
let browser: Browser;
let tabs: TabChromium | undefined;

beforeAll(async () => {
  // Pages stay stored for the whole file: a guess of a stored article is answered, never refused for age.
  world = await startWorld({ env: { PAGE_CACHE_TTL_S: '600' } });
  edge = await recordEdge(world.edge);
  // A visitor's Chromium keeps pages in the back/forward cache; Playwright's default switches it off.
  browser = await chromium.launch({
    executablePath: program('chromium'),
    args: CHROMIUM_ARGS,
    headless: true,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
});
afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await edge?.close();
  await world?.close();
});

const NEWS = '/News/SNews';
const ARTICLE_LINKS = `main a[href^="${NEWS}/"]`;

const PRELOAD_EVENTS = [
  'Preload.ruleSetUpdated',
  'Preload.preloadingAttemptSourcesUpdated',
  'Preload.prefetchStatusUpdated',
  'Preload.prerenderStatusUpdated',
] as const;

interface Visitor {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Preload domain events of the page (rule sets, candidates, prefetch and prerender attempts). */
  preload: Array<{ method: string; params: Record<string, unknown> }>;
  problems(): Promise<string>;
}

async function visitor(viewport: ViewportName): Promise<Visitor> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  const watch = await watchProblems(page);
  const cdp = await context.newCDPSession(page);
  const preload: Visitor['preload'] = [];
  for (const method of PRELOAD_EVENTS) {
    cdp.on(method, (params) => preload.push({ method, params: params as unknown as Record<string, unknown> }));
  }
  await cdp.send('Preload.enable');
  await cdp.send('Page.enable');
  return { context, page, cdp, preload, problems: async () => problemLines(await watch.collect()) };
}

/** Resolves at the first Preload event (already seen, or from now on) that matches. */
function preloadEvent(v: Visitor, match: (e: Visitor['preload'][number]) => boolean, what: string): Promise<void> {
  if (v.preload.some(match)) return Promise.resolve();
  let check = (): void => undefined;
  const seen = new Promise<void>((resolve) => {
    // The recording listeners were added first, so the event is in `preload` when this one runs.
    check = () => void (v.preload.some(match) && resolve());
    for (const m of PRELOAD_EVENTS) v.cdp.on(m, check);
  });
  return beforeDeadline(seen, WATCHDOG_MS, what).finally(() => {
    for (const m of PRELOAD_EVENTS) v.cdp.off(m, check);
  });
}

const prefetchOf = (url: string, status: string) => (e: Visitor['preload'][number]) =>
  e.method === 'Preload.prefetchStatusUpdated' && e.params.prefetchUrl === url && e.params.status === status;

/** The service's view count of an article (by its wire id), once every view the edge owes it has been told. */
async function viewsOf(wireId: string): Promise<number> {
  await world.edge.visits.idle();
  const n = decodeId('archives', wireId);
  if (n === null) throw new Error(`${wireId} is not an article id`);
  return (world.cms.cms.db.prepare('SELECT visitCount FROM archives WHERE archivesId = ?').get(n) as { visitCount: number }).visitCount;
}

const idOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Stores a page in the edge's page cache (a visitor's plain request, as the recorder's host). */
async function warm(path: string): Promise<void> {
  const res = await fetch(`${edge.url}${path}`);
  await res.arrayBuffer();
  expect(res.status, path).toBe(200);
  const again = await fetch(`${edge.url}${path}`, { method: 'HEAD' });
  expect(again.headers.get('x-cache'), path).toBe('HIT');
}

/** The distinct article addresses of the news list, in page order. */
async function articleLinks(page: Page): Promise<string[]> {
  return [...new Set(await page.locator(ARTICLE_LINKS).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))];
}

const requestsFor = (path: string, mark: number): EdgeRequest[] => edge.since(mark).filter((r) => pathOf(r) === path);

/** A page's address (not a file, a build file, a picture of the image service or anything with an extension). */
const isDocument = (r: EdgeRequest): boolean => !/^\/(?:file|build|iiif)\/|\.\w+$/.test(pathOf(r));

/** Resolves with the status event once the browser's prerender of `path` is ready or given up. */
const prerenderSettled = (tab: Tab, path: string): Promise<CdpMessage> =>
  tab.next(
    (m) =>
      m.method === 'Preload.prerenderStatusUpdated' &&
      (m.params as { key: { url: string } }).key.url === `${edge.url}${path}` &&
      ['Ready', 'Failure'].includes(String(m.params!.status)),
    `the prerender of ${path} ready or given up`,
  );

/** Every prerendered document of the tab has loaded: the pictures of its first screen were asked for. */
const prerendersLoaded = (tab: Tab): Promise<unknown[]> =>
  tab.inPrerenders(`document.readyState === 'complete' || new Promise((r) => addEventListener('load', () => r(true), { once: true }))`);

describe('an article opened from the news list', () => {
  it('is served from the prefetch made on hover: one request at the edge, one view counted (by its beacon)', async () => {
    const v = await visitor('desktop');
    try {
      await v.page.goto(`${edge.url}${NEWS}`, { waitUntil: 'networkidle' });
      const [article] = await articleLinks(v.page);
      expect(article).toBeDefined();
      await warm(article!);
      const before = await viewsOf(idOf(article!));
      const mark = edge.requests.length;

      // Hovering the title (moderate eagerness: about 200 ms on a link) starts the prefetch.
      const link = v.page.locator(`main a[href="${article}"]`).first();
      await link.hover();
      const guess = await edge.arrival((r) => pathOf(r) === article && isSpeculative(r), 'the prefetch of the hovered article', mark);
      await guess.answered;
      expect([guess.purpose, guess.status]).toEqual(['prefetch', 200]);
      await preloadEvent(v, prefetchOf(`${edge.url}${article}`, 'Ready'), 'the prefetch ready in the browser');
      expect(world.edge.speculation.pendingOpens()).toBeGreaterThan(0);
      // Fetched but not shown: nothing counted yet.
      expect(await viewsOf(idOf(article!))).toBe(before);

      await link.click();
      await v.page.waitForURL(`${edge.url}${article}`);
      const beacon = await edge.arrival((r) => pathOf(r) === `/visit/${idOf(article!)}`, "the opened article's view beacon", mark);
      await beacon.answered;
      const entry = await v.page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
          deliveryType?: string;
          activationStart: number;
        };
        return { deliveryType: nav.deliveryType, activationStart: nav.activationStart };
      });
      await preloadEvent(v, prefetchOf(`${edge.url}${article}`, 'Success'), 'the prefetch used');
      const html = requestsFor(article!, mark);
      console.log(
        `Speculation, news list → article (desktop): deliveryType ${entry.deliveryType}, activationStart ${entry.activationStart}; ` +
          `requests for the article at the edge: ${html.map((r) => `${r.purpose ?? 'plain'} ${r.status}`).join(', ')}; ` +
          `beacon ${beacon.status}`,
      );
      expect(entry.deliveryType === 'navigational-prefetch' || entry.activationStart > 0).toBe(true);
      expect(html).toHaveLength(1);
      expect(await viewsOf(idOf(article!))).toBe(before + 1);
      expect(await v.problems()).toBe('');
    } finally {
      await v.context.close();
    }
  });

  it('counts no view for a prefetched article never opened, nor for one refused because it is not stored', async () => {
    const v = await visitor('desktop');
    try {
      await v.page.goto(`${edge.url}${NEWS}`, { waitUntil: 'networkidle' });
      const links = await articleLinks(v.page);
      const [stored, notStored] = [links[1]!, links[2]!];
      await warm(stored);
      const before = { stored: await viewsOf(idOf(stored)), notStored: await viewsOf(idOf(notStored)) };
      const mark = edge.requests.length;

      await v.page.locator(`main a[href="${stored}"]`).first().hover();
      const guess = await edge.arrival((r) => pathOf(r) === stored && isSpeculative(r), 'the prefetch of the stored article', mark);
      await guess.answered;
      expect(guess.status).toBe(200);
      await preloadEvent(v, prefetchOf(`${edge.url}${stored}`, 'Ready'), 'the prefetch ready in the browser');

      // An article the page cache does not hold: rendering it would count a view, so the guess is refused.
      await v.page.locator(`main a[href="${notStored}"]`).first().hover();
      const refused = await edge.arrival(
        (r) => pathOf(r) === notStored && isSpeculative(r),
        'the prefetch of the article not stored',
        mark,
      );
      await refused.answered;
      expect(refused.status).toBe(503);

      // The visitor leaves without opening either: the prefetched document is thrown away, never shown.
      await v.page.mouse.move(1, 1);
      expect(await v.problems()).toBe('');
      await v.context.close();
      expect(await viewsOf(idOf(stored))).toBe(before.stored);
      expect(await viewsOf(idOf(notStored))).toBe(before.notStored);
      expect(edge.since(mark).filter((r) => pathOf(r).startsWith('/visit/'))).toEqual([]);
      console.log(
        `Speculation, prefetched and never opened: ${stored} ${guess.purpose} ${guess.status}, ${notStored} ${refused.purpose} ${refused.status}; ` +
          `views unchanged (${before.stored}, ${before.notStored})`,
      );
    } finally {
      await v.context.close().catch(() => undefined);
    }
  });
});

describe('a news list left untouched', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`costs the edge no speculative request (${viewport})`, async () => {
      const v = await visitor(viewport);
      try {
        const mark = edge.requests.length;
        await v.page.goto(`${edge.url}${NEWS}`, { waitUntil: 'networkidle' });
        // The rules were read and the page's links became candidates: the browser could guess, and did not.
        await preloadEvent(v, (e) => e.method === 'Preload.ruleSetUpdated', 'the rules seen by the browser');
        await preloadEvent(
          v,
          (e) => e.method === 'Preload.preloadingAttemptSourcesUpdated' && (e.params.preloadingAttemptSources as unknown[]).length > 0,
          'the candidates of the rules',
        );
        expect(
          v.preload.filter((e) => e.method === 'Preload.ruleSetUpdated').map((e) => (e.params.ruleSet as { errorType?: string }).errorType),
        ).toEqual([undefined]);
        // A request the page sends after all that reaches the edge after anything it sent before.
        await v.page.evaluate(() => fetch('/robots.txt?after-the-list').then((r) => r.text()));
        await (
          await edge.arrival((r) => r.url === '/robots.txt?after-the-list', 'the request after the list', mark)
        ).answered;
        const speculative = edge.since(mark).filter(isSpeculative);
        const attempts = v.preload.filter(
          (e) => e.method === 'Preload.prefetchStatusUpdated' || e.method === 'Preload.prerenderStatusUpdated',
        );
        const candidates = v.preload.filter((e) => e.method === 'Preload.preloadingAttemptSourcesUpdated').at(-1)!.params
          .preloadingAttemptSources as unknown[];
        console.log(
          `Speculation, news list untouched (${viewport}): ${candidates.length} candidates from the rules, ` +
            `${attempts.length} attempts, ${speculative.length} speculative requests at the edge (of ${edge.since(mark).length})`,
        );
        expect(speculative.map((r) => `${r.purpose} ${r.url}`)).toEqual([]);
        expect(attempts).toEqual([]);
        expect(await v.problems()).toBe('');
      } finally {
        await v.context.close();
      }
    });
  }
});

describe("the edge's extra requests per page view", () => {
  it('stay few in a scripted visit: the list, 3 titles and 2 menu items hovered, one article opened', async () => {
    tabs = await launchTabChromium();
    const tab = await tabs.newTab({ width: 1440, height: 900 });
    // The list's articles are stored, as they are once visitors read them: their guesses are answered.
    const list = await (await fetch(`${edge.url}${NEWS}`)).text();
    const articles = [...new Set([...list.matchAll(/href="(\/News\/SNews\/[0-9a-f]{32})"/g)].map((m) => m[1]!))].slice(0, 3);
    expect(articles).toHaveLength(3);
    for (const a of articles) await warm(a);
    // The sections' menu links name their default lists directly (no redirect hop).
    const menu = ['/Exhibition/BaseExh', '/Collection/PreciousCol'];
    const mark = edge.requests.length;
    /** A guess of `path` has reached the edge and been answered. */
    const answered = async (path: string): Promise<void> => {
      const guess = await edge.arrival(
        (r) => pathOf(r) === path && isSpeculative(r),
        `a speculative request for ${path} at the edge`,
        mark,
      );
      await guess.answered;
    };

    await tab.open(`${edge.url}${NEWS}`);
    for (const a of articles) {
      await tab.hover(`main a[href="${a}"]`);
      await answered(a);
    }
    for (const hub of menu) {
      const settled = prerenderSettled(tab, hub);
      await tab.hover(`.channel-menu__link[href="${hub}"]`);
      await answered(hub);
      await settled;
      // Its pictures are asked for by the time it has loaded.
      await prerendersLoaded(tab);
    }
    // The visitor goes back to the first title and opens it.
    const opened = articles[0]!;
    await tab.hover(`main a[href="${opened}"]`);
    await tab.clickHere();
    await (
      await edge.arrival((r) => pathOf(r) === `/visit/${idOf(opened)}`, 'the opened article shown', mark)
    ).answered;
    const shown = await tab.evaluate<{ url: string; deliveryType: string }>(
      `(() => { const n = performance.getEntriesByType('navigation')[0]; return { url: location.pathname, deliveryType: n.deliveryType }; })()`,
    );
    expect(shown.url).toBe(opened);
    await Promise.all(edge.since(mark).map((r) => r.answered));

    const views = 2;
    const speculative = edge.since(mark).filter(isSpeculative);
    const documents = speculative.filter(isDocument);
    const prerenders = tab.preload.filter((m: CdpMessage) => m.method === 'Preload.prerenderStatusUpdated');
    const perView = speculative.length / views;
    console.log(
      [
        `Speculation, scripted visit (desktop, Chromium through its tab target): ${views} page views, ` +
          `${edge.since(mark).length} requests at the edge, ${speculative.length} speculative: ${perView.toFixed(1)} per page view`,
        `  documents (${documents.length}):`,
        ...documents.map((r) => `    ${r.purpose} ${pathOf(r)} ${r.status}`),
        `  subresources of prerendered pages (${speculative.length - documents.length}):`,
        ...speculative.filter((r) => !documents.includes(r)).map((r) => `    ${r.purpose} ${r.url} ${r.status}`),
        `  prerender states: ${[...new Set(prerenders.map((m) => `${String((m.params as { key: { url: string } }).key.url).replace(edge.url, '')} ${String(m.params!.status)}`))].join(', ')}`,
        `  the article opened: ${shown.url} (${shown.deliveryType})`,
      ].join('\n'),
    );
    // Chromium prerendered both hubs (the menu is a `nav`), as it would for a visitor.
    for (const hub of menu)
      expect(
        prerenders.some((m) => (m.params as { key: { url: string } }).key.url === `${edge.url}${hub}` && m.params!.status === 'Ready'),
      ).toBe(true);
    // Why these bounds: a hover guesses one document (a section's menu link names its list itself, so no
    // redirect hop); Chromium keeps two guesses at moderate eagerness, so the title opened last may be
    // guessed again. Six hovers (five, and the title opened): at most 6 documents, 3 a page view. A prerendered hub also asks for the pictures of its first screen (the rest are lazy),
    // at most 6 each for the lists here: at most 20 requests in all, 10 a page view.
    expect(documents.length / views).toBeLessThanOrEqual(3);
    expect(perView).toBeLessThanOrEqual(10);
    // No guess was refused: the articles were stored, and no article was prerendered.
    expect(speculative.filter((r) => r.status === 503)).toEqual([]);
    expect(speculative.filter((r) => r.purpose?.includes('prerender') && pathOf(r).startsWith(`${NEWS}/`))).toEqual([]);
  });

  it('opens a hub the browser prerendered on hover from the prerender, without another request for it', async () => {
    tabs ??= await launchTabChromium();
    const tab = await tabs.newTab({ width: 1440, height: 900 });
    const hub = '/Collection/PreciousCol';
    await tab.open(`${edge.url}${NEWS}`);
    const mark = edge.requests.length;
    const ready = prerenderSettled(tab, hub);
    await tab.hover(`.channel-menu__link[href="${hub}"]`);
    const state = await ready;
    expect(state.params!.status).toBe('Ready');
    await prerendersLoaded(tab);
    const beforeClick = edge.requests.length;
    const activated = tab.next(
      (m) => m.method === 'Preload.prerenderStatusUpdated' && m.params!.status === 'Success',
      `the prerender of ${hub} activated`,
    );
    await tab.clickHere();
    await activated;
    const shown = await tab.evaluate<{ path: string; activationStart: number }>(
      `(() => { const n = performance.getEntriesByType('navigation')[0]; return { path: location.pathname, activationStart: n.activationStart }; })()`,
    );
    const afterClick = edge.since(beforeClick);
    const documentsAfterClick = afterClick.filter(isDocument);
    console.log(
      `Speculation, menu hub prerendered on hover (desktop, tab target): ${hub} → ${shown.path}, activationStart ${shown.activationStart.toFixed(1)} ms; ` +
        `before the click ${beforeClick - mark} requests at the edge (${
          edge
            .since(mark)
            .slice(0, beforeClick - mark)
            .filter(isSpeculative).length
        } speculative); ` +
        `after it, by the time the page was shown, ${afterClick.length} (${documentsAfterClick.length} documents; ${afterClick.filter(isSpeculative).length} still with Sec-Purpose: lazy pictures of the page shown)`,
    );
    expect(shown.path).toBe('/Collection/PreciousCol');
    expect(shown.activationStart).toBeGreaterThan(0);
    expect(documentsAfterClick).toEqual([]);
  });
});

describe('the back/forward cache', () => {
  /** Goes from `from` to the first link matching `selector`, then back; what the restored page said. */
  async function backAndForth(viewport: ViewportName, from: string, selector: string, ready?: (p: Page) => Promise<void>) {
    const v = await visitor(viewport);
    try {
      await v.page.addInitScript(() => {
        const shows: boolean[] = [];
        (window as unknown as { __shows: boolean[] }).__shows = shows;
        addEventListener('pageshow', (e) => shows.push(e.persisted));
      });
      const notUsed: string[] = [];
      v.cdp.on('Page.backForwardCacheNotUsed', (e) =>
        notUsed.push(...e.notRestoredExplanations.map((x) => `${x.type} ${x.reason}${x.context ? ` (${x.context})` : ''}`)),
      );
      await v.page.goto(`${edge.url}${from}`, { waitUntil: 'networkidle' });
      await ready?.(v.page);
      await v.page.evaluate(() => ((window as unknown as { __left: boolean }).__left = true));
      const target = (await v.page.locator(selector).first().getAttribute('href'))!;
      await v.page.locator(selector).first().click();
      await v.page.waitForURL(`${edge.url}${target}`, { waitUntil: 'load' });
      await v.page.goBack({ waitUntil: 'commit' });
      // Either the page left is shown again (restored), or a new document of it has loaded.
      await v.page.waitForFunction(
        () => {
          const w = window as unknown as { __left?: boolean; __shows?: boolean[] };
          return w.__left ? w.__shows?.at(-1) === true : document.readyState === 'complete';
        },
        null,
        { timeout: WATCHDOG_MS },
      );
      const state = await v.page.evaluate(() => {
        const w = window as unknown as { __left?: boolean; __shows?: boolean[] };
        return {
          restored: w.__left === true && w.__shows?.at(-1) === true,
          shows: w.__shows ?? [],
          islands: document.querySelectorAll('museum-island').length,
          hydrated: document.querySelectorAll('museum-island[data-hydrated]').length,
        };
      });
      return { ...state, target, notUsed, problems: await v.problems() };
    } finally {
      await v.context.close();
    }
  }

  it('restores a page without islands (news list → article → back)', async () => {
    const r = await backAndForth('desktop', NEWS, ARTICLE_LINKS);
    console.log(
      `bfcache, news list → ${r.target} → back: restored ${r.restored}, pageshow persisted ${JSON.stringify(r.shows)}, not used: ${r.notUsed.join('; ') || 'none'}`,
    );
    expect(r.notUsed).toEqual([]);
    expect(r.restored).toBe(true);
    expect(r.islands).toBe(0);
    expect(r.problems).toBe('');
  });

  it('restores the home page with its slider island hydrated (home → a news article → back)', async () => {
    const r = await backAndForth('desktop', '/', `main a[href^="${NEWS}/"]`, async (page) => {
      await page.locator('museum-island[data-island="slider"]').evaluate((el) => (el.firstElementChild ?? el).scrollIntoView());
      await page.locator('museum-island[data-island="slider"][data-hydrated]').waitFor({ state: 'attached', timeout: WATCHDOG_MS });
    });
    console.log(
      `bfcache, home → ${r.target} → back: restored ${r.restored}, pageshow persisted ${JSON.stringify(r.shows)}, not used: ${r.notUsed.join('; ') || 'none'}`,
    );
    expect(r.notUsed).toEqual([]);
    expect(r.restored).toBe(true);
    // The page comes back as it was left: the slider still live.
    expect(r.hydrated).toBeGreaterThan(0);
    expect(r.hydrated).toBe(r.islands);
    expect(r.problems).toBe('');
  });
});
