// The elder-friendly reading mode (关怀模式, `care=1`) in Chromium, with and without JavaScript: the switch
// is a link that turns the mode on (the server renders it: larger computed type), internal links keep it
// and the switch turns it off again; nothing remembers the choice, so an address without `care=1` is the
// standard mode. With JavaScript the mode's reading guide (an island) follows the pointer. axe-core finds
// nothing in the mode at 1440 and 390 px (the standard mode with its strip is checked too), the JSON-LD
// blocks parse in the browser, every page load brings its own head, and no page causes a CSP report.
// Screenshots of the mode: reading-*.png in SHOTS.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  islandSelector,
  problemsWithoutJs,
  problemText,
  startWorld,
  type CheckedPage,
  type E2EWorld,
  type ViewportName,
} from './harness.ts';

const SHOTS = '/tmp/shots';
let world: E2EWorld;
let article = '';

beforeAll(async () => {
  world = await startWorld();
  mkdirSync(SHOTS, { recursive: true });
  // The first news article, as a visitor reaches it from the list.
  const p = await world.newPage('desktop', { javaScript: false });
  await p.open('/News/SNews');
  const href = await p.page.locator('a[href^="/News/SNews/"]').first().getAttribute('href');
  article = href ?? '';
  await p.close();
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const px = (value: string): number => Number.parseFloat(value);
const bodyFontPx = (p: CheckedPage) => p.page.evaluate(() => getComputedStyle(document.body).fontSize).then(px);
/** The `@type` of each JSON-LD block of the page, parsed by the browser. */
const jsonLdTypes = (p: CheckedPage) =>
  p.page.evaluate(() =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
      (s) => (JSON.parse(s.textContent ?? '') as { '@type': string })['@type'],
    ),
  );
const careOn = (p: CheckedPage) => p.page.evaluate(() => document.documentElement.classList.contains('care-mode'));

describe('without JavaScript', () => {
  it('the switch turns the mode on, links keep it, the switch turns it off', async () => {
    const p = await world.newPage('desktop', { javaScript: false });
    expect(await p.open('/')).toBe(200);
    expect(await careOn(p)).toBe(false);
    const standardBody = await bodyFontPx(p);
    expect(standardBody).toBe(16);

    const toggle = p.page.locator('a.care-switch__link');
    expect(await toggle.innerText()).toContain('关怀模式');
    await toggle.click();
    await p.page.waitForURL(/\?care=1$/);
    expect(await careOn(p)).toBe(true);
    expect(await bodyFontPx(p)).toBeGreaterThanOrEqual(20);
    expect(await p.page.evaluate(() => getComputedStyle(document.body).lineHeight).then(px)).toBeGreaterThanOrEqual(40);

    // An internal link (the news list from the menu), then a record from the list: still on.
    await p.page.locator('a.channel-menu__link[href^="/News?"], a.channel-menu__link[href^="/News/"]').first().click();
    await p.page.waitForURL(/\/News\/SNews\?care=1/);
    expect(await careOn(p)).toBe(true);
    const listTitle = p.page.locator('a[href^="/News/SNews/"]').first();
    const titleSize = await listTitle
      .evaluate((el) => getComputedStyle(el.querySelector('h2, h3, .media-list__title, .card__title') ?? el).fontSize)
      .then(px);
    expect(titleSize).toBeGreaterThanOrEqual(20);
    await listTitle.click();
    await p.page.waitForURL(/\/News\/SNews\/[0-9a-f]{32}\?care=1$/);
    expect(await careOn(p)).toBe(true);
    expect(
      await p.page
        .locator('.prose')
        .first()
        .evaluate((el) => getComputedStyle(el).fontSize)
        .then(px),
    ).toBe(20);

    // Off again, on the same page.
    await p.page.locator('a.care-switch__link').click();
    await p.page.waitForURL(/\/News\/SNews\/[0-9a-f]{32}$/);
    expect(await careOn(p)).toBe(false);
    expect(await bodyFontPx(p)).toBe(standardBody);
    expect(problemsWithoutJs(p)).toBe('');
    await p.close();
  });

  it('works on a phone: the switch sits in the strip above the header, the page does not scroll sideways', async () => {
    const p = await world.newPage('phone', { javaScript: false });
    await p.open('/');
    const toggle = p.page.locator('a.care-switch__link');
    expect(await toggle.isVisible()).toBe(true);
    const box = (await toggle.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await toggle.click();
    await p.page.waitForURL(/\?care=1$/);
    expect(await careOn(p)).toBe(true);
    expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await p.page.locator('.site-header__lang').isVisible()).toBe(true);
    await p.close();
  });
});

describe('with JavaScript', () => {
  it('turns the mode on by its link, keeps it on internal links, offers the reading guide, and forgets it', async () => {
    const p = await world.newPage('desktop');
    await p.open('/');
    // The JSON-LD the server wrote parses in the browser, and the CSP let it be.
    expect(await jsonLdTypes(p)).toEqual(['Museum', 'Organization', 'WebSite']);
    expect(await p.page.locator(islandSelector('readingGuide')).count()).toBe(0);

    await Promise.all([p.page.waitForURL(/\?care=1$/), p.page.locator('a.care-switch__link').click()]);
    expect(await careOn(p)).toBe(true);
    expect(await bodyFontPx(p)).toBeGreaterThanOrEqual(20);
    expect(await p.page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'portal.careGuide'))).toEqual([]);

    // The reading guide (mouse only, JavaScript only): an island that wakes when the browser is idle, a
    // band that follows the pointer.
    await p.hydrated();
    const guide = p.page.locator('button.care-switch__guide');
    await guide.click();
    expect(await guide.getAttribute('aria-pressed')).toBe('true');
    await p.page.mouse.move(700, 500);
    const band = p.page.locator('.reading-guide');
    await expect.poll(async () => (await band.boundingBox())?.y ?? -1).toBeGreaterThan(440);
    expect((await band.boundingBox())!.y).toBeLessThan(500);
    await guide.click();
    expect(await band.count()).toBe(0);

    // An internal link keeps the mode.
    await Promise.all([
      p.page.waitForURL(/\/News\/SNews\?care=1$/),
      p.page.locator('a.channel-menu__link[href^="/News?"], a.channel-menu__link[href^="/News/"]').first().click(),
    ]);
    expect(await careOn(p)).toBe(true);

    // Another visit in the same browser to an address without the parameter is the standard mode:
    // nothing remembered the choice.
    const again = await p.context.newPage();
    await again.goto(`${world.url}/News/Media`, { waitUntil: 'load' });
    expect(new URL(again.url()).search).toBe('');
    expect(await again.evaluate(() => document.documentElement.classList.contains('care-mode'))).toBe(false);
    await again.close();

    // Off, by the same switch.
    await Promise.all([p.page.waitForURL((u) => !u.search.includes('care')), p.page.locator('a.care-switch__link').click()]);
    expect(await careOn(p)).toBe(false);
    expect(await p.page.locator('button.care-switch__guide').count()).toBe(0);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('brings each page its own head: no JSON-LD of the home page on the list the menu opens', async () => {
    const p = await world.newPage('desktop');
    await p.open('/');
    await Promise.all([
      p.page.waitForURL(/\/News\/SNews$/),
      p.page.locator('a.channel-menu__link[href="/News"], a.channel-menu__link[href^="/News/"]').first().click(),
    ]);
    expect((await p.page.title()).startsWith('本馆新闻')).toBe(true);
    // Its own structured data (the breadcrumb), none of the home page's.
    expect(await jsonLdTypes(p)).toEqual(['BreadcrumbList']);
    expect(await p.page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toBe(
      `${world.url}/feeds/News/SNews.xml`,
    );
    expect(await p.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${world.url}/News/SNews`);
    expect(problemText(p)).toBe('');
    await p.close();
  });
});

describe('accessibility in the mode (axe-core)', () => {
  const cases: Array<[ViewportName, number]> = [
    ['desktop', 1440],
    ['phone', 390],
  ];
  for (const [viewport, width] of cases) {
    it(`has no violations at ${width} px on home and an article, in the mode and out of it`, async () => {
      expect(article).toMatch(/^\/News\/SNews\/[0-9a-f]{32}$/);
      const p = await world.newPage(viewport);
      for (const [name, path] of [
        ['home', '/'],
        ['article', article],
      ] as const) {
        await p.open(`${path}?care=1`);
        expect(await careOn(p)).toBe(true);
        expect(await axeViolations(p), `${path}?care=1 at ${width}`).toBe('');
        expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await p.page.screenshot({ path: `${SHOTS}/reading-${name}-${width}.png`, fullPage: false });
        await p.page.screenshot({ path: `${SHOTS}/reading-${name}-${width}-full.png`, fullPage: true });
        await p.open(path);
        expect(await axeViolations(p), `${path} at ${width}`).toBe('');
      }
      expect(problemText(p)).toBe('');
      await p.close();
    });
  }
});
