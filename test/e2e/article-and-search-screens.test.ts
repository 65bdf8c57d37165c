// The content screens in Chromium on the demo content, desktop (1440) and phone (390): every article
// list layout (screenshots kept), the pager by click and by jump (with and without JavaScript), the
// search page (Enter, empty keyword, skeleton rows while loading, new tab on desktop only), like and
// unlike remembered by the browser, and the detail's gallery grid, viewer, PDF and video — with no
// console error, failed request or hydration warning anywhere.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId, problemText, problemsWithoutJs, recordUrl, startWorld, type CheckedPage, type E2EWorld } from './harness.ts';

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

/** Waits until the pager shows `n` as the current page (the list has rendered it). */
const currentPage = (p: CheckedPage, n: number) =>
  p.page.waitForFunction((v) => document.querySelector('.pager__item--current')?.textContent === v, String(n));

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

  it('pages by click on the client, keeping ?page= in the address and scrolling to the list', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/Notice');
    await p.page.evaluate(() => ((window as unknown as { __stay: boolean }).__stay = true));
    const before = await firstTitle(p);
    await p.page.mouse.wheel(0, 600);
    await p.page.locator('.pager a', { hasText: /^2$/ }).click();
    await p.page.waitForURL(/\/News\/Notice\?page=2#list$/);
    // Page 2 is rendered (while loading the list shows skeleton rows, so wait for the pager itself).
    await currentPage(p, 2);
    expect(await firstTitle(p)).not.toBe(before);
    expect(await p.page.locator('.pager__item--current').getAttribute('title')).toBe('第2页');
    expect(await p.page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);
    // The list's top is in view after the (smooth) scroll.
    await p.page.waitForFunction(() => Math.abs(document.getElementById('list')!.getBoundingClientRect().top) < 200);

    await p.page.locator('.pager a', { hasText: '上一页' }).click();
    await p.page.waitForURL(/page=1#list$/);
    await currentPage(p, 1);
    expect(await p.page.locator('.pager__item--disabled', { hasText: '上一页' }).count()).toBe(1);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('opens a record from a scrolled list at the top of its page', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/Notice');
    await p.page.locator('.text-list__link').last().scrollIntoViewIfNeeded();
    expect(await p.page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await p.page.locator('.text-list__link').last().click();
    await p.page.waitForURL(recordUrl('/News/Notice'));
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

  it('jumps only with a number, clamped to the page count', async () => {
    const p = await world.newPage('desktop');
    await p.open('/News/Notice');
    const pages = Number(await p.page.locator('.pager__total strong').textContent());
    expect(pages).toBeGreaterThanOrEqual(3);
    const input = p.page.locator('.pager__input');
    await input.fill('abc');
    expect(await input.inputValue()).toBe('');
    await input.fill('0');
    expect(await input.inputValue()).toBe('');
    // An empty box does not jump.
    await p.page.locator('.pager__go').click();
    await p.page.waitForTimeout(300);
    expect(p.page.url()).toMatch(/\/News\/Notice$/);
    await input.fill('999');
    expect(await input.inputValue()).toBe(String(pages));
    await p.page.locator('.pager__go').click();
    await p.page.waitForURL(new RegExp(`page=${pages}#list$`));
    await currentPage(p, pages);
    await input.fill('2');
    await input.press('Enter');
    await p.page.waitForURL(/page=2#list$/);
    await currentPage(p, 2);
    await p.screenshot('screens-pager-jump-desktop', false);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('pages and jumps without JavaScript (real links and a GET form)', async () => {
    const p = await world.newPage('phone', { javaScript: false });
    await p.open('/News/Notice');
    await p.page.locator('.pager a', { hasText: '下一页' }).click();
    await p.page.waitForURL(/\/News\/Notice\?page=2#list$/);
    expect(await p.page.locator('.pager__item--current').textContent()).toBe('2');
    await p.page.locator('.pager__input').fill('3');
    await p.page.locator('.pager__go').click();
    await p.page.waitForURL(/\/News\/Notice\?page=3$/);
    expect(await p.page.locator('.pager__item--current').textContent()).toBe('3');
    expect(problemsWithoutJs(p)).toBe('');
    await p.close();
  });
});

describe('search', () => {
  it('searches with Enter, highlights the keyword and ignores an empty keyword', async () => {
    const p = await world.newPage('desktop');
    await p.open('/Search');
    const box = p.page.locator('.search-form__input');
    expect(await box.getAttribute('placeholder')).toBe('关键词');
    await box.fill('青铜');
    await box.press('Enter');
    await p.page.waitForURL(/\/Search\?key=%E9%9D%92%E9%93%9C&page=1$/);
    await p.page.locator('.search-main__tip').waitFor();
    expect(await p.page.locator('.search-main__tip').textContent()).toMatch(/^共找到 \d+ 条相关内容$/);
    expect(await p.page.locator('.hit mark').first().textContent()).toBe('青铜');
    expect(await p.page.locator('.hit').count()).toBe(10);
    // Desktop: hits open in a new tab (decided after hydration).
    expect(await p.page.locator('.hit__link').first().getAttribute('target')).toBe('_blank');
    await p.screenshot('screens-search-desktop');

    const url = p.page.url();
    await box.fill('   ');
    await p.page.locator('.search-form__button').click();
    await p.page.waitForTimeout(300);
    expect(p.page.url()).toBe(url);
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('shows five skeleton rows while a search loads, then the hits, from page 2 back to page 1', async () => {
    const p = await world.newPage('phone');
    await p.open(`/Search?key=${encodeURIComponent('青铜')}&page=2`);
    expect(await p.page.locator('.pager__item--current').textContent()).toBe('2');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.page.route('**/__data/**', async (route) => {
      await held;
      await route.continue();
    });
    await p.page.locator('.search-form__input').fill('瓷器');
    await p.page.locator('.search-form__button').click();
    await p.page.locator('.skeleton').waitFor();
    expect(await p.page.locator('.skeleton__item').count()).toBe(5);
    await p.screenshot('screens-search-loading-phone', false);
    release();
    await p.page.waitForURL(/key=%E7%93%B7%E5%99%A8&page=1$/);
    await p.page.locator('.hit').first().waitFor();
    expect(await p.page.locator('.skeleton').count()).toBe(0);
    // Phone: hits open in the same tab.
    const internal = p.page.locator('.hit__link[href^="/"]').first();
    expect(await internal.getAttribute('target')).toBeNull();
    await p.screenshot('screens-search-phone');
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('records a visit when an external hit is clicked', async () => {
    const row = query<{ id: number; title: string }>(
      "SELECT archivesId AS id, title FROM archives WHERE channelNo = 'ExcellentCol' AND linkUrl LIKE 'http%' LIMIT 1",
    )[0]!;
    const p = await world.newPage('desktop');
    await p.open(`/Search?key=${encodeURIComponent(row.title)}`);
    const link = p.page.locator(`.hit__link[href^="http"]`).first();
    await link.waitFor();
    // Keep the external site out of the test: the new tab is closed unloaded.
    p.context.on('page', (tab) => void tab.close());
    await p.context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const ping = p.page.waitForRequest((req) => req.url().endsWith(`/api/queryArchivesById/${encodeId('archives', row.id)}`));
    await link.click();
    expect((await ping).method()).toBe('GET');
    await p.close();
  });
});

describe('before the script arrives', () => {
  it('opens search hits in a new tab on desktop and in the same tab on a phone, without JavaScript', async () => {
    for (const [viewport, target] of [
      ['desktop', '_blank'],
      ['phone', null],
    ] as const) {
      const p = await world.newPage(viewport, { javaScript: false });
      await p.open(`/Search?key=${encodeURIComponent('青铜')}`);
      const shown = p.page.locator('.hit__link[href^="/"]:visible');
      expect(await shown.count(), viewport).toBe(
        await p.page
          .locator('.hit')
          .filter({ has: p.page.locator('.hit__link[href^="/"]') })
          .count(),
      );
      expect(await shown.first().getAttribute('target'), viewport).toBe(target);
      expect(problemsWithoutJs(p)).toBe('');
      await p.close();
    }
  });

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
    const { data, info } = await sharp(await image.screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! + data[i + 1]! + data[i + 2]! < 3 * 140) dark += 1;
    expect(dark).toBe(0);
    await p.close();
  });
});

describe('article detail', () => {
  it('likes and unlikes in place, remembered by the browser', async () => {
    const id = articleWithGallery('SNews', 1);
    const p = await world.newPage('desktop');
    await p.open(`/News/SNews/${id}`);
    const count = () =>
      p.page
        .locator('.like__count')
        .textContent()
        .then((t) => Number(/\d+/.exec(t ?? '')?.[0]));
    const before = await count();
    // Settled: the button shows the wanted state and is no longer sending (waiting for "not busy"
    // alone could pass before the click has even started the request).
    const settled = (pressed: boolean) =>
      p.page.waitForFunction((want) => {
        const button = document.querySelector('.like__button');
        return button?.getAttribute('aria-pressed') === want && !button.hasAttribute('aria-busy');
      }, String(pressed));
    const answered = () => p.page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/__data/'));
    let answer = answered();
    await p.page.locator('.like__button').click();
    await answer;
    await settled(true);
    expect(await p.page.locator('.like__button').textContent()).toContain('取消点赞');
    expect(await count()).toBe(before + 1);
    expect(await p.page.evaluate((i) => localStorage.getItem(`museum:liked:${i}`), id)).toBe('1');

    await p.open(`/News/SNews/${id}`);
    await settled(true);
    answer = answered();
    await p.page.locator('.like__button').click();
    await answer;
    await settled(false);
    expect(await count()).toBe(before);
    expect(await p.page.evaluate((i) => localStorage.getItem(`museum:liked:${i}`), id)).toBeNull();
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('likes without JavaScript through the form post', async () => {
    const id = articleWithGallery('SNews', 1);
    const p = await world.newPage('phone', { javaScript: false });
    await p.open(`/News/SNews/${id}`);
    const before = Number(/\d+/.exec((await p.page.locator('.like__count').textContent()) ?? '')?.[0]);
    await p.page.locator('.like__button').click();
    await p.page.waitForLoadState('load');
    expect(await p.page.locator('.like__count').textContent()).toBe(`${before + 1} 人点赞`);
    expect(await p.page.locator('.like__button').textContent()).toContain('取消点赞');
    await p.page.locator('.like__button').click();
    await p.page.waitForLoadState('load');
    expect(await p.page.locator('.like__count').textContent()).toBe(`${before} 人点赞`);
    expect(problemsWithoutJs(p)).toBe('');
    await p.close();
  });

  for (const [viewport, perRow] of [
    ['desktop', 6],
    ['phone', 3],
  ] as const) {
    it(`shows the gallery ${perRow} a row on ${viewport} and opens the viewer`, async () => {
      const id = articleWithGallery('SNews', 6);
      const p = await world.newPage(viewport);
      await p.open(`/News/SNews/${id}`);
      const grid = p.page.locator('.gallery__grid');
      await grid.scrollIntoViewIfNeeded();
      const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(perRow);
      expect(await p.page.locator('.article__body').innerHTML()).not.toContain('[gallery]');
      await p.screenshot(`screens-detail-${viewport}`);
      await p.page.locator('.gallery__link').nth(1).click();
      const dialog = p.page.locator('dialog.lightbox');
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.locator('.lightbox__count').textContent()).toMatch(/^第 2 张，共 \d+ 张$/);
      await p.page.keyboard.press('ArrowRight');
      expect(await dialog.locator('.lightbox__count').textContent()).toMatch(/^第 3 张/);
      // The large picture itself is shown, not just the frame around it.
      await p.page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('dialog.lightbox .lightbox__image');
        return !!img && img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().height > 100;
      });
      await p.screenshot(`screens-detail-viewer-${viewport}`, false);
      await p.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(problemText(p)).toBe('');
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
