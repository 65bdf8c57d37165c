// The site frame in Chromium, desktop (1440) and phone (390): header, channel menu by mouse and by
// keyboard (CSS :hover and :focus-within, with and without JavaScript), the phone menu (<details>, with
// and without JavaScript), the slim sticky header (a scroll-driven animation), navigation as full page
// loads with the title and the active channel following, the English site, the not-found page, no
// console error, hydration warning or CSP violation anywhere, and screenshots of home, a list and the
// not-found page in test-results/screens/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  markDocument,
  problemsOf,
  problemText,
  sameDocument,
  startWorld,
  tabsTo,
  WITH_AND_WITHOUT_JS,
  type E2EWorld,
} from './harness.ts';

let world: E2EWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('desktop frame', () => {
  it('renders home, a list and the not-found page without console errors', async () => {
    const p = await world.newPage('desktop');
    expect(await p.open('/')).toBe(200);
    await p.screenshot('frame-home-desktop');
    expect(await p.open('/News/SNews')).toBe(200);
    expect(await p.page.locator('.site-header').isVisible()).toBe(true);
    expect(await p.page.locator('.channel-menu__item--active > .channel-menu__link').textContent()).toBe('新闻资讯');
    // A page without islands carries no script but its JSON-LD data blocks.
    expect(await p.page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    await p.screenshot('frame-list-desktop');
    expect(await p.open('/No/Such/Page')).toBe(404);
    expect(await p.page.locator('h1').textContent()).toBe('很抱歉，无法打开您要找的页面！');
    await p.screenshot('frame-notfound-desktop');
    expect(problemText(p)).toBe('');
    await p.close();
  });

  for (const [label, javaScript] of WITH_AND_WITHOUT_JS) {
    it(`opens the second level on hover, and by keyboard while focus is inside the item (${label})`, async () => {
      const p = await world.newPage('desktop', { javaScript });
      await p.open('/News/SNews');
      const item = p.page.locator('.channel-menu__item', { has: p.page.locator('> a', { hasText: '参观服务' }) });
      const dropdown = item.locator('.channel-menu__dropdown');
      expect(await dropdown.isVisible()).toBe(false);
      // The chevron is an ornament: no disclosure button, nothing to focus.
      expect(await p.page.locator('.channel-menu button').count()).toBe(0);
      expect(await item.locator('.channel-menu__toggle').getAttribute('aria-hidden')).toBe('true');

      await item.locator('> a').hover();
      await dropdown.waitFor({ state: 'visible' });
      await animationsDone(dropdown);
      if (javaScript) await p.page.screenshot({ path: 'test-results/screens/frame-dropdown-hover.png' });
      await p.page.mouse.move(5, 600);
      await dropdown.waitFor({ state: 'hidden' });

      // Keyboard: Tab from the top of the page until 参观服务 has focus: its dropdown opens (:focus-within),
      // and the next Tab stop is its first child, with a visible focus ring.
      expect(await tabsTo(p, '.channel-menu__item--parent > a')).toBeLessThan(10);
      while ((await p.page.evaluate(() => document.activeElement?.textContent ?? '')) !== '参观服务') await p.page.keyboard.press('Tab');
      await dropdown.waitFor({ state: 'visible' });
      await p.page.keyboard.press('Tab');
      expect(await p.page.evaluate(() => document.activeElement?.closest('.channel-menu__dropdown') !== null)).toBe(true);
      expect(await item.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await p.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
      await animationsDone(dropdown);
      if (javaScript) await p.page.screenshot({ path: 'test-results/screens/frame-dropdown-keyboard.png' });

      // Tab past the section's last child: focus leaves the item, and its dropdown closes.
      const children = await dropdown.locator('a').count();
      for (let i = 1; i < children; i += 1) await p.page.keyboard.press('Tab');
      expect(await item.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await p.page.keyboard.press('Tab');
      expect(await item.evaluate((el) => el.contains(document.activeElement))).toBe(false);
      await dropdown.waitFor({ state: 'hidden' });

      // Back (a closed dropdown's links are no Tab stops): the section's link, its dropdown open again;
      // a child reached by keyboard opens with Enter, as a full page load.
      await p.page.keyboard.press('Shift+Tab');
      expect(await p.page.evaluate(() => document.activeElement?.textContent)).toBe('参观服务');
      await dropdown.waitFor({ state: 'visible' });
      await p.page.keyboard.press('Tab');
      await p.page.keyboard.press('Tab');
      expect(await p.page.evaluate(() => document.activeElement?.className)).toBe('channel-menu__thirdlink');
      const chosen = await p.page.evaluate(() => (document.activeElement as HTMLAnchorElement).pathname);
      await markDocument(p);
      await Promise.all([p.page.waitForURL((u) => u.pathname === chosen), p.page.keyboard.press('Enter')]);
      expect(await sameDocument(p)).toBe(false);
      expect(await p.page.locator('.channel-menu__item--active > .channel-menu__link').textContent()).toBe('参观服务');
      expect(await p.page.locator('.channel-menu__item--active .channel-menu__thirdlink[aria-current]').getAttribute('href')).toBe(chosen);
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });
  }

  it('navigates by full page loads: the title and the active channel follow', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/SNews');
    await markDocument(p);
    await Promise.all([
      p.page.waitForURL(/\/Research\/AcademicCommittee$/),
      p.page.locator('.channel-menu__item > a', { hasText: '学术研究' }).click(),
    ]);
    expect(await sameDocument(p)).toBe(false);
    expect(await p.page.title()).toMatch(/^学术委员会/);
    expect(await p.page.locator('.channel-menu__item--active > .channel-menu__link').textContent()).toBe('学术研究');
    expect(await p.page.locator('.inner__title').textContent()).toBe('学术委员会');
    // Back is the browser's own: the list again, its title with it.
    await p.page.goBack();
    await p.page.waitForURL(/\/News\/SNews$/);
    expect(await p.page.title()).toMatch(/^本馆新闻/);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  for (const [label, javaScript] of WITH_AND_WITHOUT_JS) {
    it(`keeps the header on top, slim after scrolling (${label})`, async () => {
      const p = await world.newPage('desktop', { javaScript });
      await p.open('/News/SNews');
      const header = p.page.locator('.site-header');
      const height = () => p.page.locator('.site-header__inner').evaluate((el) => el.getBoundingClientRect().height);
      const full = await height();
      await p.page.mouse.wheel(0, 1500);
      await expect.poll(() => p.page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      // The stylesheet alone makes it slim: --header-slim runs to 1 over the first 96 px of scrolling.
      await expect.poll(() => header.evaluate((el) => getComputedStyle(el).getPropertyValue('--header-slim').trim())).toBe('1');
      expect(await height()).toBeLessThan(full);
      expect(await header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
      await p.page.mouse.wheel(0, -5000);
      await expect.poll(() => header.evaluate((el) => getComputedStyle(el).getPropertyValue('--header-slim').trim())).toBe('0');
      expect(await height()).toBe(full);
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });

    it(`speaks English on the English site, reached by the language switch (${label})`, async () => {
      const p = await world.newPage('desktop', { javaScript });
      expect(await p.open('/News/SNews')).toBe(200);
      const lang = p.page.locator('a.site-header__lang');
      expect(await lang.getAttribute('hreflang')).toBe('en');
      await Promise.all([p.page.waitForURL(/\/EN_News\/EN_SNews$/), lang.click()]);
      expect(await p.page.getAttribute('html', 'lang')).toBe('en');
      expect(await p.page.locator('.site-footer').textContent()).toContain('WeChat');
      expect(await p.page.locator('.channel-menu__item--active > .channel-menu__link').count()).toBe(1);
      if (javaScript) await p.screenshot('frame-list-desktop-en');
      // And back to the Chinese twin.
      await Promise.all([p.page.waitForURL(/\/News\/SNews$/), p.page.locator('a.site-header__lang').click()]);
      expect(await p.page.getAttribute('html', 'lang')).toBe('zh-CN');
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });
  }
});

describe('phone frame', () => {
  it('renders home, a list and the not-found page at 390 px without console errors', async () => {
    const p = await world.newPage('phone');
    expect(await p.open('/')).toBe(200);
    await p.screenshot('frame-home-phone');
    expect(await p.open('/News/SNews')).toBe(200);
    expect(await p.page.locator('.channel-menu').isVisible()).toBe(false);
    const width = await p.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await p.screenshot('frame-list-phone');
    expect(await p.open('/Nowhere')).toBe(404);
    await p.screenshot('frame-notfound-phone');
    expect(problemText(p)).toBe('');
    await p.close();
  });

  for (const [label, javaScript] of WITH_AND_WITHOUT_JS) {
    it(`opens the full-height menu panel; the next page opens with it closed (${label})`, async () => {
      const p = await world.newPage('phone', { javaScript });
      await p.open('/News/SNews');
      const menu = p.page.locator('details.mobile-menu');
      await p.page.locator('.mobile-menu__button').click();
      const panel = p.page.locator('.mobile-menu__panel');
      expect(await panel.isVisible()).toBe(true);
      expect(await menu.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      await animationsDone(panel);
      const box = await panel.boundingBox();
      expect(box!.y + box!.height).toBeGreaterThanOrEqual(843);
      // It starts below the header, which stands below the reading-mode strip at the top of the page:
      // the logo and the close button stay in view, and the button answers.
      const header = await p.page.locator('.site-header').boundingBox();
      expect(header!.y).toBeGreaterThan(0);
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
      expect(await panel.locator('a', { hasText: '媒体资料' }).count()).toBe(0);
      if (javaScript) await p.screenshot('frame-menu-phone', false);
      // The summary closes it again.
      await p.page.locator('.mobile-menu__button').click();
      expect(await panel.isVisible()).toBe(false);
      await p.page.locator('.mobile-menu__button').click();
      await Promise.all([p.page.waitForURL(/\/Service\/OpenServies\/Traffic$/), panel.locator('a', { hasText: '交通指南' }).click()]);
      expect(await menu.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
      expect(await p.page.locator('.mobile-menu__item--active > .mobile-menu__link').first().textContent()).toBe('参观服务');
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });
  }
});
