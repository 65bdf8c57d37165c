// In Chromium: the channel menu after the WAI-ARIA disclosure-navigation
// pattern (the keyboard walks the top row, a button opens a dropdown, Escape closes it and returns
// focus; hover still opens; without JavaScript the dropdowns stay reachable), and the progress bar
// every slow client navigation shows while it waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, problemText, startWorld, type CheckedPage, type E2EWorld } from './harness.ts';

let world: E2EWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

/** Presses Tab from the top of the page until `selector` has focus; the number of presses. */
async function tabsTo(p: CheckedPage, selector: string, limit = 60): Promise<number> {
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

const focusedText = (p: CheckedPage) => p.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('channel menu: disclosure navigation', () => {
  it('reaches the search icon in a few Tab presses: closed dropdowns are no Tab stops', async () => {
    const p = await world.newPage('desktop');
    await p.open('/');
    await p.page.mouse.move(5, 700);
    const top = await p.page.locator('.channel-menu__item').count();
    const buttons = await p.page.locator('button.channel-menu__toggle').count();
    expect(buttons).toBeGreaterThan(3);
    const presses = await tabsTo(p, '.site-header__search');
    // Skip link, the reading-mode switch, logo, each top link and its button, then the search icon (47 before).
    expect(presses).toBeLessThanOrEqual(top + buttons + 4);
    for (const dropdown of await p.page.locator('.channel-menu__dropdown').all()) expect(await dropdown.isVisible()).toBe(false);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('opens a dropdown with its button, closes it with Escape and gives focus back', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/SNews');
    await p.page.mouse.move(5, 700);
    const item = p.page.locator('.channel-menu__item', { has: p.page.locator('> a', { hasText: '参观服务' }) });
    const button = item.locator('> button.channel-menu__toggle');
    const dropdown = item.locator('.channel-menu__dropdown');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-label')).toBe('参观服务子栏目');
    expect(await dropdown.getAttribute('id')).toBe(await button.getAttribute('aria-controls'));

    // Tab onto 参观服务: focus on the link alone opens nothing; the next stop is its button.
    const presses = await tabsTo(p, '.channel-menu__item--parent > a');
    expect(presses).toBeLessThan(10);
    while ((await focusedText(p)) !== '参观服务') await p.page.keyboard.press('Tab');
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(false);
    await p.page.keyboard.press('Tab');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await p.page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(true);
    await p.page.keyboard.press('Tab');
    expect(await p.page.evaluate(() => !!document.activeElement?.closest('.channel-menu__dropdown'))).toBe(true);
    expect(await p.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await p.page.screenshot({ path: 'test-results/screens/menu-disclosure-open.png' });
    expect(await axeViolations(p)).toBe('');

    await p.page.keyboard.press('Escape');
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Space opens it as well; Escape on the button closes it.
    await p.page.keyboard.press('Space');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await p.page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Focus leaving the item (back past its own link) closes its dropdown.
    await p.page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await p.page.keyboard.press('Shift+Tab');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await p.page.keyboard.press('Shift+Tab');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('still opens on hover, and Escape dismisses a hovered dropdown', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/SNews');
    const item = p.page.locator('.channel-menu__item', { has: p.page.locator('> a', { hasText: '展览' }) });
    const dropdown = item.locator('.channel-menu__dropdown');
    await item.locator('> a').hover();
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(true);
    await item.locator('> a').focus();
    await p.page.keyboard.press('Escape');
    await p.page.waitForTimeout(100);
    expect(await dropdown.isVisible()).toBe(false);
    await p.page.mouse.move(5, 700);
    await item.locator('> a').hover();
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(true);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('without JavaScript the dropdown links stay reachable from the keyboard', async () => {
    const p = await world.newPage('desktop', { javaScript: false });
    await p.open('/News/SNews');
    await p.page.mouse.move(5, 700);
    expect(await p.page.locator('button.channel-menu__toggle').count()).toBe(0);
    const item = p.page.locator('.channel-menu__item', { has: p.page.locator('> a', { hasText: '参观服务' }) });
    await tabsTo(p, '.channel-menu__item--parent > a');
    while ((await focusedText(p)) !== '参观服务') await p.page.keyboard.press('Tab');
    await p.page.waitForTimeout(300);
    expect(await item.locator('.channel-menu__dropdown').isVisible()).toBe(true);
    await p.page.keyboard.press('Tab');
    expect(await p.page.evaluate(() => !!document.activeElement?.closest('.channel-menu__dropdown'))).toBe(true);
    await p.close();
  });
});

describe('navigation progress', () => {
  it('shows a progress bar and a busy main while a slow client navigation waits', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/SNews');
    const tab = p.page.locator('.channel-tabs--2 .channel-tabs__item:not(.channel-tabs__item--active) a').first();
    const href = new URL(await tab.evaluate((a) => (a as HTMLAnchorElement).href)).pathname;
    const bar = p.page.locator('.nav-progress[role="progressbar"]');
    expect(await bar.count()).toBe(0);
    world.cms.cms.faults.set({ latencyMs: 2500 });
    try {
      await tab.click();
      await bar.waitFor({ state: 'visible', timeout: 1500 });
      expect(await p.page.locator('main').getAttribute('aria-busy')).toBe('true');
      expect(await bar.getAttribute('aria-label')).toBe('加载中');
      await p.page.screenshot({ path: 'test-results/screens/nav-progress.png' });
      await p.page.waitForURL((u) => u.pathname === href, { timeout: 10_000 });
      await bar.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await p.page.locator('main').getAttribute('aria-busy')).toBe(null);
    } finally {
      world.cms.cms.faults.reset();
    }
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('stands still under prefers-reduced-motion', async () => {
    const p = await world.newPage('desktop', { reducedMotion: true });
    await p.open('/Exhibition/BaseExh');
    const tab = p.page.locator('.channel-tabs--2 .channel-tabs__item:not(.channel-tabs__item--active) a').first();
    const bar = p.page.locator('.nav-progress');
    world.cms.cms.faults.set({ latencyMs: 1500 });
    try {
      await tab.click();
      await bar.waitFor({ state: 'visible', timeout: 1500 });
      expect(await bar.locator('.nav-progress__bar').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
      await bar.waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      world.cms.cms.faults.reset();
    }
    await p.close();
  });
});
