// The content screens in Chromium on the demo content, desktop (1440) and phone (390): every article
// list layout (screenshots kept), the pager by link and by its jump form, with and without JavaScript
// (full page loads that open at the list), the search page (a plain GET form: Enter, an empty keyword
// refused by the browser, new tab on desktop only, with and without JavaScript), and the detail's
// gallery (a `:target` lightbox of links), PDF and video — with no console error, failed request,
// hydration warning or CSP violation anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  darkPixels,
  encodeId,
  markDocument,
  problemsOf,
  problemText,
  recordUrl,
  sameDocument,
  startWorld,
  WITH_AND_WITHOUT_JS,
  type CheckedPage,
  type E2EWorld,
} from './harness.ts';

let world: E2EWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

type Row = Record<string, unknown>;
const query = <T extends Row>(sql: string, ...args: unknown[]): T[] => world.cms.cms.db.prepare(sql).all(...args) as T[];

/** An article of a channel with at least `images` gallery pictures. */
function articleWithGallery(channelNo: string, images: number): string {
  const rows = query<{ id: number }>(
    `SELECT a.archivesId AS id FROM archives a
      WHERE a.channelNo = ? AND (SELECT COUNT(*) FROM files f WHERE f.objectId = a.groupId AND f.code = 'CMS_ARCHIVES_IMG') >= ?
      ORDER BY a.publishDate DESC LIMIT 1`,
    channelNo,
    images,
  );
  if (!rows[0]) throw new Error(`the demo has no ${channelNo} article with ${images} gallery images`);
  return encodeId('archives', rows[0].id);
}

const firstTitle = (p: CheckedPage) =>
  p.page.locator('#list :is(.text-list__title, .media-list__title, .card__title)').first().textContent();

const LAYOUTS = [
  ['text', '/News/Notice', '.text-list'],
  ['images', '/Survey/Leader', '.cards--images'],
  ['common', '/News/SNews', '.media-list'],
  ['wc', '/Service/Shopping', '.cards--wc'],
  ['book', '/Research/Read', '.cards--book'],
  ['text-third-level', '/Collection/ColLevy/DonationSystem', '.text-list'],
  ['images-third-level', '/Education/Volunteer/VolAct', '.cards--images'],
] as const;

describe('lists', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`render every article layout on ${viewport} without console errors`, async () => {
      const p = await world.newPage(viewport);
      for (const [name, path, selector] of LAYOUTS) {
        expect(await p.open(path), path).toBe(200);
        expect(await p.page.locator(selector).count(), path).toBe(1);
        expect(await p.page.locator('.pager').isVisible(), path).toBe(true);
        // Pictures keep their box: nothing is wider than the viewport.
        expect(await p.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport === 'phone' ? 390 : 1440,
        );
        await p.screenshot(`screens-list-${name}-${viewport}`);
      }
      expect(problemText(p)).toBe('');
      await p.close();
    });
  }

  for (const [label, javaScript, viewport] of [
    ['with JavaScript', true, 'desktop'],
    ['without JavaScript', false, 'phone'],
  ] as const) {
    it(`pages by link: a full page load at ?page= that opens at the list (${label})`, async () => {
      const p = await world.newPage(viewport, { javaScript });
      await p.open('/News/Notice');
      const before = await firstTitle(p);
      await markDocument(p);
      await Promise.all([p.page.waitForURL(/\/News\/Notice\?page=2#list$/), p.page.locator('.pager a', { hasText: /^2$/ }).click()]);
      expect(await sameDocument(p)).toBe(false);
      expect(await p.page.locator('.pager__item--current').textContent()).toBe('2');
      expect(await firstTitle(p)).not.toBe(before);
      expect(await p.page.locator('.pager__item--current').getAttribute('title')).toBe('第2页');
      // The browser brought the list's top into view (under the slim header).
      await expect.poll(() => p.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await p.page.evaluate(() => Math.abs(document.getElementById('list')!.getBoundingClientRect().top))).toBeLessThan(200);

      await Promise.all([p.page.waitForURL(/page=1#list$/), p.page.locator('.pager a', { hasText: '上一页' }).click()]);
      expect(await p.page.locator('.pager__item--current').textContent()).toBe('1');
      expect(await p.page.locator('.pager__item--disabled', { hasText: '上一页' }).count()).toBe(1);
      await Promise.all([p.page.waitForURL(/page=2#list$/), p.page.locator('.pager a', { hasText: '下一页' }).click()]);
      expect(await p.page.locator('.pager__item--current').textContent()).toBe('2');
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });

    it(`jumps only with a page number, a page past the end to the last (${label})`, async () => {
      const p = await world.newPage(viewport, { javaScript });
      await p.open('/News/Notice');
      const pages = Number(await p.page.locator('.pager__total strong').textContent());
      expect(pages).toBeGreaterThanOrEqual(3);
      // Every page the tab asks for, so a refused jump can be seen to send nothing.
      const asked: string[] = [];
      p.page.on('request', (r) => {
        if (r.isNavigationRequest() && r.frame() === p.page.mainFrame()) asked.push(r.url());
      });
      const input = p.page.locator('.pager__input');
      const go = p.page.locator('.pager__go');
      // The browser refuses an empty box, words and zero: the form stays, nothing is sent.
      for (const typed of ['', 'abc', '0', '-2']) {
        await input.fill(typed);
        await go.click();
        expect(await input.evaluate((el: HTMLInputElement) => !el.checkValidity()), typed).toBe(true);
      }
      expect(new URL(p.page.url()).search).toBe('');

      await input.fill('999');
      await Promise.all([p.page.waitForURL(new RegExp(`\\?page=${pages}#list$`)), go.click()]);
      expect(await p.page.locator('.pager__item--current').textContent()).toBe(String(pages));
      // Only the jump was asked for (and the address corrected to the last page).
      expect(asked.map((u) => new URL(u).search)).toEqual(['?page=999', `?page=${pages}`]);
      await input.fill('2');
      await Promise.all([p.page.waitForURL(/\?page=2#list$/), input.press('Enter')]);
      expect(await p.page.locator('.pager__item--current').textContent()).toBe('2');
      if (javaScript) await p.screenshot('screens-pager-jump-desktop', false);
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });
  }

  it('opens a record from a scrolled list at the top of its page', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/Notice');
    await p.page.locator('.text-list__link').last().scrollIntoViewIfNeeded();
    expect(await p.page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await Promise.all([p.page.waitForURL(recordUrl('/News/Notice')), p.page.locator('.text-list__link').last().click()]);
    await p.page.locator('.article__title').waitFor();
    expect(await p.page.evaluate(() => window.scrollY)).toBe(0);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('scrolls to the element named in the address hash', async () => {
    const p = await world.newPage('phone');
    await p.open('/News/Notice?page=2#list');
    await p.page.waitForFunction(() => Math.abs(document.getElementById('list')!.getBoundingClientRect().top) < 200 && window.scrollY > 0);
    expect(problemText(p)).toBe('');
    await p.close();
  });
});

describe('search', () => {
  for (const [label, javaScript] of WITH_AND_WITHOUT_JS) {
    it(`searches with Enter as a page load, highlights the keyword and refuses an empty keyword (${label})`, async () => {
      const p = await world.newPage('desktop', { javaScript });
      await p.open('/Search');
      // The search page has nothing that needs script.
      expect(await p.page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      const box = p.page.locator('.search-form__input');
      expect(await box.getAttribute('placeholder')).toBe('关键词');
      await box.fill('青铜');
      await Promise.all([p.page.waitForURL(/\/Search\?page=1&key=%E9%9D%92%E9%93%9C$/), box.press('Enter')]);
      expect(await p.page.locator('.search-main__tip').textContent()).toMatch(/^共找到 \d+ 条相关内容$/);
      expect(await p.page.locator('.hit mark').first().textContent()).toBe('青铜');
      expect(await p.page.locator('.hit').count()).toBe(10);
      expect(await box.inputValue()).toBe('青铜');
      // Desktop: a hit with a page on this site opens in a new tab.
      expect(await p.page.locator('.hit__link[href^="/"]:visible').first().getAttribute('target')).toBe('_blank');
      if (javaScript) await p.screenshot('screens-search-desktop');

      // Spaces alone are no keyword: the browser keeps the form and sends nothing.
      const asked: string[] = [];
      p.page.on('request', (r) => {
        if (r.isNavigationRequest()) asked.push(r.url());
      });
      await box.fill('   ');
      await p.page.locator('.search-form__button').click();
      expect(await box.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
      await box.fill('');
      await p.page.locator('.search-form__button').click();
      expect(await box.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
      // A real search after them is the only page asked for.
      await box.fill('瓷器');
      await Promise.all([p.page.waitForURL(/key=%E7%93%B7%E5%99%A8$/), p.page.locator('.search-form__button').click()]);
      expect(asked.map((u) => new URL(u).search)).toEqual(['?page=1&key=%E7%93%B7%E5%99%A8']);
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });

    it(`searches again from page 2, back at page 1, hits in the same tab on a phone (${label})`, async () => {
      const p = await world.newPage('phone', { javaScript });
      await p.open(`/Search?key=${encodeURIComponent('青铜')}&page=2`);
      expect(await p.page.locator('.pager__item--current').textContent()).toBe('2');
      await p.page.locator('.search-form__input').fill('瓷器');
      await markDocument(p);
      await Promise.all([p.page.waitForURL(/\?page=1&key=%E7%93%B7%E5%99%A8$/), p.page.locator('.search-form__button').click()]);
      expect(await sameDocument(p)).toBe(false);
      expect(await p.page.locator('.hit').count()).toBeGreaterThan(0);
      expect(await p.page.locator('.pager__item--current').textContent()).toBe('1');
      // Phone: every hit shown opens in the same tab.
      const shown = p.page.locator('.hit__link[href^="/"]:visible');
      expect(await shown.count()).toBe(
        await p.page
          .locator('.hit')
          .filter({ has: p.page.locator('.hit__link[href^="/"]') })
          .count(),
      );
      expect(await shown.first().getAttribute('target')).toBeNull();
      if (javaScript) await p.screenshot('screens-search-phone');
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });

    it(`records a visit when an external hit is clicked (${label})`, async () => {
      const row = query<{ id: number; title: string }>(
        "SELECT archivesId AS id, title FROM archives WHERE channelNo = 'ExcellentCol' AND linkUrl LIKE 'http%' LIMIT 1",
      )[0]!;
      const p = await world.newPage('desktop', { javaScript });
      await p.open(`/Search?key=${encodeURIComponent(row.title)}`);
      const link = p.page.locator(`.hit__link[href^="http"]`).first();
      await link.waitFor();
      // Keep the external site out of the test: the new tab is closed unloaded.
      p.context.on('page', (tab) => void tab.close());
      await p.context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      const visits = () =>
        (world.cms.cms.db.prepare('SELECT visitCount AS n FROM archives WHERE archivesId = ?').get(row.id) as { n: number }).n;
      const before = visits();
      // The browser's hyperlink auditing (`<a ping>`) tells the edge, which counts the view with the service.
      const ping = p.page.waitForRequest((req) => new URL(req.url()).pathname === `/visit/${encodeId('archives', row.id)}`);
      await link.click();
      expect((await ping).method()).toBe('POST');
      await expect.poll(visits).toBe(before + 1);
      await p.close();
    });
  }
});

describe('a picture that failed', () => {
  it('shows the stand-in, not a broken-image icon and its alt text, for a picture that failed', async () => {
    const [activity] = query<{ id: number }>(
      "SELECT activityId AS id FROM activities WHERE languageType = 'CN' AND thumb IS NOT NULL AND thumb <> '' LIMIT 1",
    );
    const p = await world.newPage('desktop', { javaScript: false });
    await p.page.route('**/file/**', (route) => route.abort());
    await p.open(`/Education/Activity/${encodeId('activity', activity!.id)}`);
    const image = p.page.locator('.activity-detail__image');
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
    // The alt text and the icon are dark; the stand-in is paper with a faint motif.
    expect(await darkPixels(await image.screenshot())).toBe(0);
    await p.close();
  });
});

describe('article detail', () => {
  for (const [viewport, perRow, javaScript] of [
    ['desktop', 6, true],
    ['phone', 3, false],
  ] as const) {
    it(`shows the gallery ${perRow} a row on ${viewport} and its lightbox of links (${javaScript ? 'with' : 'without'} JavaScript)`, async () => {
      const id = articleWithGallery('SNews', 6);
      const path = `/News/SNews/${id}`;
      const p = await world.newPage(viewport, { javaScript });
      await p.open(path);
      const grid = p.page.locator('.gallery__grid');
      await grid.scrollIntoViewIfNeeded();
      const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(perRow);
      expect(await p.page.locator('.article__body').innerHTML()).not.toContain('[gallery]');
      expect(await p.page.locator('.lightbox:visible').count()).toBe(0);
      await p.screenshot(`screens-detail-${viewport}`);

      // A thumbnail is a link to its picture's viewer in the page, shown while it is the address's target.
      const second = p.page.locator('.gallery__link').nth(1);
      const target = (await second.getAttribute('href'))!;
      expect(target).toMatch(/^#gallery-\w+-1$/);
      await markDocument(p);
      await second.click();
      await p.page.waitForURL((u) => u.hash === target);
      const viewer = p.page.locator('.lightbox:target');
      await viewer.waitFor({ state: 'visible' });
      expect(await viewer.getAttribute('id')).toBe(target.slice(1));
      expect(await viewer.locator('.lightbox__count').textContent()).toMatch(/^第 2 张，共 \d+ 张$/);
      // Next is a link as well.
      await viewer.getByRole('link', { name: '下一张' }).click();
      await p.page.waitForURL((u) => u.hash === target.replace(/-1$/, '-2'));
      expect(await p.page.locator('.lightbox:target .lightbox__count').textContent()).toMatch(/^第 3 张/);
      // The large picture itself is shown, not just the frame around it.
      const image = p.page.locator('.lightbox:target .lightbox__image');
      await expect
        .poll(() =>
          image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().height > 100),
        )
        .toBe(true);
      await p.screenshot(`screens-detail-viewer-${viewport}`, false);

      // Back steps back through the pictures seen; close returns to the grid. All in the same document.
      await p.page.goBack();
      await p.page.waitForURL((u) => u.hash === target);
      expect(await p.page.locator('.lightbox:target .lightbox__count').textContent()).toMatch(/^第 2 张/);
      await p.page.locator('.lightbox:target .lightbox__close').click();
      await p.page.locator('.lightbox:target').waitFor({ state: 'detached' });
      expect(await p.page.locator('.lightbox:visible').count()).toBe(0);
      expect(new URL(p.page.url()).pathname).toBe(path);
      expect(await sameDocument(p)).toBe(true);
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });
  }

  it('plays videos with controls and download disabled, and embeds the first PDF', async () => {
    const video = query<{ id: number; channelNo: string }>(
      "SELECT archivesId AS id, channelNo FROM archives WHERE content LIKE '%<video%' AND channelNo = 'SNews' LIMIT 1",
    )[0];
    const pdf = query<{ id: number }>(
      `SELECT a.archivesId AS id FROM archives a JOIN files f ON f.objectId = a.groupId AND f.code = 'CMS_ARCHIVES_FILE'
        WHERE a.channelNo = 'DonationSystem' AND lower(f.fileSuffix) = 'pdf' LIMIT 1`,
    )[0];
    expect(video && pdf).toBeTruthy();
    const p = await world.newPage('desktop');
    await p.open(`/News/SNews/${encodeId('archives', video!.id)}`);
    const v = p.page.locator('.article__body video').first();
    expect(await v.getAttribute('controls')).not.toBeNull();
    expect(await v.getAttribute('controlslist')).toBe('nodownload');
    expect(await v.getAttribute('download')).toBeNull();
    await p.open(`/Collection/ColLevy/DonationSystem/${encodeId('archives', pdf!.id)}`);
    const frame = p.page.locator('.pdf-viewer__frame');
    expect(await frame.getAttribute('src')).toMatch(/\.pdf$/);
    expect(await p.page.locator('.pdf-viewer__download').getAttribute('href')).toBe(await frame.getAttribute('src'));
    expect(problemText(p)).toBe('');
    await p.close();
  });
});
