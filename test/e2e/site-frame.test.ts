// The site frame in Chromium, desktop (1440) and phone (390): header, channel menu by mouse and by
// keyboard, the phone menu with and without JavaScript, the sticky header, client navigation with
// the title following, the not-found page, no console error or hydration warning anywhere, and
// screenshots of home, a list and the not-found page in test-results/screens/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemText, startWorld, type E2EWorld } from './harness.ts';

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
    await p.screenshot('frame-list-desktop');
    expect(await p.open('/No/Such/Page')).toBe(404);
    expect(await p.page.locator('h1').textContent()).toBe('很抱歉，无法打开您要找的页面！');
    await p.screenshot('frame-notfound-desktop');
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('opens the second level on hover and with its disclosure button', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/SNews');
    const item = p.page.locator('.channel-menu__item', { has: p.page.locator('> a', { hasText: '参观服务' }) });
    const dropdown = item.locator('.channel-menu__dropdown');
    expect(await dropdown.isVisible()).toBe(false);

    await item.locator('> a').hover();
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(true);
    await p.page.screenshot({ path: 'test-results/screens/frame-dropdown-hover.png' });
    await p.page.mouse.move(5, 600);
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(false);

    // Keyboard: Tab from the skip link through the logo and the menu until 参观服务 has focus.
    await p.page.keyboard.press('Tab');
    for (let i = 0; i < 30; i += 1) {
      const focused = await p.page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === '参观服务') break;
      await p.page.keyboard.press('Tab');
    }
    // The disclosure pattern: focus on the link opens nothing; its button does.
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(false);
    await p.page.keyboard.press('Tab');
    await p.page.keyboard.press('Enter');
    await p.page.waitForTimeout(300);
    expect(await dropdown.isVisible()).toBe(true);
    await p.page.keyboard.press('Tab');
    const inDropdown = await p.page.evaluate(() => !!document.activeElement?.closest('.channel-menu__dropdown'));
    expect(inDropdown).toBe(true);
    const outline = await p.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    await p.page.screenshot({ path: 'test-results/screens/frame-dropdown-keyboard.png' });
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('navigates on the client: no reload, the title and the active channel follow', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/SNews');
    await p.page.evaluate(() => ((window as unknown as { __stay: boolean }).__stay = true));
    await p.page.locator('.channel-menu__item > a', { hasText: '学术研究' }).click();
    await p.page.waitForURL(/\/Research\/AcademicCommittee$/);
    await p.page.waitForFunction(() => document.title.startsWith('学术委员会'));
    expect(await p.page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);
    expect(await p.page.locator('.channel-menu__item--active > .channel-menu__link').textContent()).toBe('学术研究');
    expect(await p.page.locator('.inner__title').textContent()).toBe('学术委员会');
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('keeps the header on top, slim after scrolling', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/SNews');
    await p.page.mouse.wheel(0, 1500);
    await p.page.waitForFunction(() => document.querySelector('.site-header')?.classList.contains('site-header--slim'));
    const top = await p.page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBe(0);
    await p.close();
  });

  it('speaks English on the English site', async () => {
    const p = await world.newPage('desktop');
    expect(await p.open('/EN_News/EN_SNews')).toBe(200);
    expect(await p.page.getAttribute('html', 'lang')).toBe('en');
    expect(await p.page.locator('.site-footer').textContent()).toContain('WeChat');
    await p.screenshot('frame-list-desktop-en');
    expect(problemText(p)).toBe('');
    await p.close();
  });
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

  it('opens the full-height menu panel and closes it on navigation', async () => {
    const p = await world.newPage('phone');
    await p.open('/News/SNews');
    await p.page.locator('.mobile-menu__button').click();
    const panel = p.page.locator('.mobile-menu__panel');
    expect(await panel.isVisible()).toBe(true);
    await p.page.waitForTimeout(400); // the panel's opening transition
    const box = await panel.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThanOrEqual(843);
    expect(await panel.locator('a', { hasText: '媒体资料' }).count()).toBe(0);
    await p.screenshot('frame-menu-phone', false);
    await panel.locator('a', { hasText: '交通指南' }).click();
    await p.page.waitForURL(/\/Service\/OpenServies\/Traffic$/);
    await p.page.waitForFunction(() => !(document.querySelector('.mobile-menu') as HTMLDetailsElement).open);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('opens the menu without JavaScript too', async () => {
    const p = await world.newPage('phone', { javaScript: false });
    await p.open('/News/SNews');
    await p.page.locator('.mobile-menu__button').click();
    expect(await p.page.locator('.mobile-menu__panel').isVisible()).toBe(true);
    await p.page.locator('.mobile-menu__panel a', { hasText: '本馆简介' }).click();
    await p.page.waitForURL(/\/Survey\/Introduction$/);
    await p.close();
  });
});
