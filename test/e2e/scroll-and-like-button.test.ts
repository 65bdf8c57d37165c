// What a visitor notices between pages, now that every page is a full page load: the scroll position
// (top on a new page, restored by the browser itself on Back), and the like button, a plain POST form
// with and without JavaScript: it answers 303 back to the article at the button (`?liked=1#like`), the
// count shown is the service's own, read again; reloading does not like again; past the write limit the
// article comes back with a word of why instead of an error page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeId,
  markDocument,
  problemsOf,
  problemText,
  recordUrl,
  sameDocument,
  startWorld,
  type CheckedPage,
  type E2EWorld,
} from './harness.ts';

let world: E2EWorld;
let limited: E2EWorld;
beforeAll(async () => {
  [world, limited] = await Promise.all([startWorld(), startWorld({ env: { RATE_LIMIT_WRITES: '1' } })]);
});
afterAll(async () => {
  await Promise.all([world?.close(), limited?.close()]);
});

const latestArticle = (w: E2EWorld, channelNo: string): number =>
  (
    w.cms.cms.db.prepare('SELECT archivesId AS id FROM archives WHERE channelNo = ? ORDER BY publishDate DESC LIMIT 1').get(channelNo) as {
      id: number;
    }
  ).id;

const likesOf = (w: E2EWorld, id: number): number =>
  (w.cms.cms.db.prepare('SELECT starCount AS n FROM archives WHERE archivesId = ?').get(id) as { n: number }).n;

describe('scroll between pages', () => {
  for (const [list, link, detail] of [
    ['/News/Notice', '#list a.text-list__link', recordUrl('/News/Notice')],
    // A screen without a pager of its own.
    ['/Education/Activity', 'a.activity-card__link', recordUrl('/Education/Activity')],
  ] as const) {
    it(`opens a detail from ${list} at its top and the browser restores the list position on Back`, async () => {
      const p = await world.newPage('desktop');
      await p.open(list);
      // The last row, brought into view the way a visitor scrolls to it; where the page stood is
      // read at the click itself (the test driver may nudge the scroll while it aims).
      const last = p.page.locator(link).last();
      await last.scrollIntoViewIfNeeded();
      await p.page.evaluate(() => {
        window.addEventListener('click', () => sessionStorage.setItem('e2e-click-y', String(window.scrollY)), {
          capture: true,
          once: true,
        });
      });
      await Promise.all([p.page.waitForURL(detail), last.click()]);
      await p.page.locator('h1').first().waitFor();
      expect(await p.page.evaluate(() => window.scrollY)).toBe(0);

      await p.page.goBack();
      await p.page.waitForURL((u) => u.pathname === list);
      const listY = Number(await p.page.evaluate(() => sessionStorage.getItem('e2e-click-y')));
      expect(listY).toBeGreaterThan(150);
      await p.page.waitForFunction((y) => Math.abs(window.scrollY - y) < 40, listY, { timeout: 5000 });
      // A jump, not an animation: two frames later it is still there.
      await p.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(Math.abs((await p.page.evaluate(() => window.scrollY)) - listY)).toBeLessThan(40);
      expect(problemText(p)).toBe('');
      await p.close();
    });
  }
});

/** The count the article shows under its like button. */
const shownLikes = async (p: CheckedPage): Promise<number> =>
  Number(/\d+/.exec((await p.page.locator('.like__count').textContent()) ?? '')?.[0]);

describe('the like button', () => {
  for (const [label, javaScript, viewport, channel] of [
    ['with JavaScript', true, 'desktop', 'SNews'],
    ['without JavaScript', false, 'phone', 'Media'],
  ] as const) {
    it(`likes and unlikes through the form, back at the button with the count read again (${label})`, async () => {
      const id = latestArticle(world, channel);
      const path = `/News/${channel}/${encodeId('archives', id)}`;
      const p = await world.newPage(viewport, { javaScript });
      await p.open(path);
      // An article carries no script: the like is HTML alone, with or without JavaScript.
      expect(await p.page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      const before = likesOf(world, id);
      expect(await shownLikes(p)).toBe(before);
      const button = p.page.locator('.like__button');
      expect(await button.getAttribute('aria-pressed')).toBe('false');

      await markDocument(p);
      const liked = p.page.waitForResponse((r) => r.request().method() === 'POST');
      await Promise.all([p.page.waitForURL((u) => u.pathname === path && u.search === '?liked=1' && u.hash === '#like'), button.click()]);
      expect((await liked).status()).toBe(303);
      expect(await sameDocument(p)).toBe(false);
      expect(likesOf(world, id)).toBe(before + 1);
      expect(await shownLikes(p)).toBe(before + 1);
      expect(await p.page.locator('.like__count').textContent()).toBe(`${before + 1} 人点赞`);
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      expect(await button.textContent()).toContain('取消点赞');
      // The page opened at the button.
      const box = (await p.page.locator('#like').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(p.page.viewportSize()!.height);

      // Reloading shows the same page and posts nothing again.
      await p.page.reload();
      expect(likesOf(world, id)).toBe(before + 1);
      expect(await button.getAttribute('aria-pressed')).toBe('true');

      await Promise.all([p.page.waitForURL((u) => u.search === '?unliked=1' && u.hash === '#like'), button.click()]);
      expect(likesOf(world, id)).toBe(before);
      expect(await shownLikes(p)).toBe(before);
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      expect(await button.textContent()).not.toContain('取消');
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });
  }

  it('past the write limit shows the message on the article, not an error page', async () => {
    const id = latestArticle(limited, 'SNews');
    const path = `/News/SNews/${encodeId('archives', id)}`;
    const p = await limited.newPage('desktop');
    await p.open(path);
    const before = likesOf(limited, id);
    await Promise.all([p.page.waitForURL((u) => u.search === '?liked=1'), p.page.locator('.like__button').click()]);
    // The second write of the minute is over the budget of one.
    await Promise.all([p.page.waitForEvent('load'), p.page.locator('.like__button').click()]);
    await p.page.locator('.like__error').waitFor();
    expect(await p.page.locator('.like__error').textContent()).toBe('操作未成功，请稍后再试');
    expect(new URL(p.page.url()).pathname).toBe(path);
    expect(await p.page.locator('article.article').count()).toBe(1);
    // Still liked, as the service has it.
    expect(likesOf(limited, id)).toBe(before + 1);
    expect(await p.page.locator('.like__button').getAttribute('aria-pressed')).toBe('true');
    // The refusal itself is the page's own status, which the test does not count as a fault.
    expect(problemText(p)).toBe('');
    await p.close();
  });
});
