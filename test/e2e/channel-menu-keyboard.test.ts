// In Chromium: the desktop channel menu by keyboard, with and without JavaScript (it needs none). The
// stylesheet opens a section's dropdown while focus is inside its item (:focus-within) and on hover, so
// Tab walks each section's children right after its link, in order, every one visible with a focus ring
// when it has the focus; a closed dropdown is no Tab stop, and the search icon follows the last section.
// axe-core finds nothing with a dropdown open by keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, problemsOf, problemText, startWorld, tabsTo, WITH_AND_WITHOUT_JS, type E2EWorld } from './harness.ts';

let world: E2EWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('channel menu by keyboard', () => {
  for (const [label, javaScript] of WITH_AND_WITHOUT_JS) {
    it(`walks every section's children right after its link, then the search icon (${label})`, async () => {
      const p = await world.newPage('desktop', { javaScript });
      await p.open('/News/SNews');
      await p.page.mouse.move(5, 700);
      // What Tab should meet: each top link, then (for a parent) the links of its dropdown.
      const expected = await p.page
        .locator('.channel-menu__item')
        .evaluateAll((items) => items.flatMap((item) => Array.from(item.querySelectorAll('a')).map((a) => a.getAttribute('href'))));
      expect(expected.length).toBeGreaterThan(30);
      expect(await tabsTo(p, '.channel-menu__link')).toBeLessThan(10);
      const met: Array<string | null> = [];
      const faults: string[] = [];
      while (!(await p.page.evaluate(() => document.activeElement?.matches('.site-header__search')))) {
        const seen = await p.page.evaluate(() => {
          const a = document.activeElement as HTMLAnchorElement;
          const dropdown = a.closest('.channel-menu__dropdown');
          const box = a.getBoundingClientRect();
          return {
            href: a.getAttribute('href'),
            text: a.textContent,
            // A child with the focus is shown: its dropdown open, the link on screen with a focus ring.
            shown: !dropdown || (getComputedStyle(dropdown).visibility === 'visible' && box.width > 0 && box.height > 0),
            ring: getComputedStyle(a).outlineStyle,
          };
        });
        met.push(seen.href);
        if (!seen.shown) faults.push(`${seen.text}: focused while its dropdown is closed`);
        if (seen.ring !== 'solid') faults.push(`${seen.text}: no focus ring (${seen.ring})`);
        if (met.length > expected.length) break;
        await p.page.keyboard.press('Tab');
      }
      expect(met).toEqual(expected);
      expect(faults.join('\n')).toBe('');
      // Focus gone from the menu: every dropdown is closed again.
      for (const dropdown of await p.page.locator('.channel-menu__dropdown').all()) await dropdown.waitFor({ state: 'hidden' });
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });
  }

  it('finds no axe-core violation with a dropdown open by keyboard, and hover opens it too', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/SNews');
    await p.page.mouse.move(5, 700);
    const item = p.page.locator('.channel-menu__item', { has: p.page.locator('> a', { hasText: '参观服务' }) });
    const dropdown = item.locator('.channel-menu__dropdown');
    await item.locator('> a').focus();
    await dropdown.waitFor({ state: 'visible' });
    await p.page.keyboard.press('Tab');
    expect(await dropdown.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await p.page.screenshot({ path: 'test-results/screens/menu-keyboard-open.png' });
    expect(await axeViolations(p)).toBe('');
    await p.page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await dropdown.waitFor({ state: 'hidden' });

    // Another section on hover; leaving it closes it.
    const other = p.page.locator('.channel-menu__item', { has: p.page.locator('> a', { hasText: '展览' }) });
    await other.locator('> a').hover();
    await other.locator('.channel-menu__dropdown').waitFor({ state: 'visible' });
    expect(await dropdown.isVisible()).toBe(false);
    await p.page.mouse.move(5, 700);
    await other.locator('.channel-menu__dropdown').waitFor({ state: 'hidden' });
    expect(problemText(p)).toBe('');
    await p.close();
  });
});
