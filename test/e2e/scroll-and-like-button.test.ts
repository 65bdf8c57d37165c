// What a visitor notices between pages: the scroll position (top on a new page, restored on Back),
// and the like button when things go wrong — a like answers in place without reloading the article
// (which would count another visit), and a lost connection or the write limit leaves the article on
// screen with a message instead of throwing the visitor to the home page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId, problemText, recordUrl, startWorld, type E2EWorld } from './harness.ts';

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

const visitsOf = (w: E2EWorld, id: number): number =>
  (w.cms.cms.db.prepare('SELECT visitCount AS n FROM archives WHERE archivesId = ?').get(id) as { n: number }).n;

describe('scroll between pages', () => {
  for (const [list, link, detail] of [
    ['/News/Notice', '#list a.text-list__link', recordUrl('/News/Notice')],
    // A screen without a pager of its own: the router alone must open its details at the top.
    ['/Education/Activity', 'a.activity-card__link', recordUrl('/Education/Activity')],
  ] as const) {
    it(`opens a detail from ${list} at its top and restores the list position on Back`, async () => {
      const p = await world.newPage('desktop');
      await p.open(list);
      // The last row, brought into view the way a visitor scrolls to it; where the page stood is
      // read at the click itself (the test driver may nudge the scroll while it aims).
      const last = p.page.locator(link).last();
      await last.scrollIntoViewIfNeeded();
      await p.page.evaluate(() => {
        window.addEventListener('click', () => ((window as unknown as { clickY: number }).clickY = window.scrollY), {
          capture: true,
          once: true,
        });
      });
      await last.click();
      await p.page.waitForURL(detail);
      await p.page.locator('h1').first().waitFor();
      await p.page.waitForTimeout(200);
      expect(await p.page.evaluate(() => window.scrollY)).toBe(0);

      await p.page.goBack();
      await p.page.waitForURL((u) => u.pathname === list);
      const listY = await p.page.evaluate(() => (window as unknown as { clickY: number }).clickY);
      expect(listY).toBeGreaterThan(150);
      await p.page.waitForFunction((y) => Math.abs(window.scrollY - y) < 40, listY, { timeout: 5000 });
      // A jump, not an animation: it is already there and stays.
      await p.page.waitForTimeout(300);
      expect(Math.abs((await p.page.evaluate(() => window.scrollY)) - listY)).toBeLessThan(40);
      expect(problemText(p)).toBe('');
      await p.close();
    });
  }
});

describe('the like button', () => {
  it('answers in place: no reload of the article, no extra visit counted', async () => {
    const id = latestArticle(world, 'SNews');
    const p = await world.newPage('desktop');
    await p.open(`/News/SNews/${encodeId('archives', id)}`);
    const visits = visitsOf(world, id);
    const reloads: string[] = [];
    p.page.on('request', (req) => {
      if (req.method() === 'GET' && new URL(req.url()).pathname.startsWith('/__data')) reloads.push(req.url());
    });
    await p.page.locator('.like__button').click();
    await p.page.waitForFunction(
      () =>
        document.querySelector('.like__button')?.getAttribute('aria-pressed') === 'true' &&
        !document.querySelector('.like__button')?.hasAttribute('aria-busy'),
    );
    expect(reloads).toEqual([]);
    expect(visitsOf(world, id)).toBe(visits);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('says it did not work when the connection is gone, and keeps the article', async () => {
    const id = latestArticle(world, 'Media');
    const p = await world.newPage('phone');
    await p.open(`/News/Media/${encodeId('archives', id)}`);
    const title = await p.page.locator('h1').first().textContent();
    await p.context.setOffline(true);
    await p.page.locator('.like__button').click();
    await p.page.locator('.like__error').waitFor();
    expect(await p.page.locator('.like__error').textContent()).toBe('操作未成功，请稍后再试');
    expect(new URL(p.page.url()).pathname).toBe(`/News/Media/${encodeId('archives', id)}`);
    expect(await p.page.locator('h1').first().textContent()).toBe(title);
    expect(await p.page.locator('.like__button').getAttribute('aria-pressed')).toBe('false');
    await p.context.setOffline(false);
    // The only fault is the refused request itself.
    expect(p.problems.filter((x) => !x.text.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await p.close();
  });

  it('past the write limit shows the message on the article, not an error page', async () => {
    const id = latestArticle(limited, 'SNews');
    const p = await limited.newPage('desktop');
    await p.open(`/News/SNews/${encodeId('archives', id)}`);
    const pressed = (v: string) =>
      p.page.waitForFunction((want) => {
        const b = document.querySelector('.like__button');
        return b?.getAttribute('aria-pressed') === want && !b.hasAttribute('aria-busy');
      }, v);
    await p.page.locator('.like__button').click();
    await pressed('true');
    // The second write of the minute is over the budget of one.
    await p.page.locator('.like__button').click();
    await p.page.locator('.like__error').waitFor();
    expect(new URL(p.page.url()).pathname).toBe(`/News/SNews/${encodeId('archives', id)}`);
    expect(await p.page.locator('article.article').count()).toBe(1);
    expect(problemText(p)).toBe('');
    await p.close();
  });
});
