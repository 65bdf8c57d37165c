// The places where visitors write, in Chromium against the demo content: leaving a message and answering
// a questionnaire, with and without JavaScript. Both are plain POST forms (303 to the thank-you notice, or
// the page again with the errors said and the input kept); with JavaScript their island checks the fields
// first (errors shown, the first invalid field focused, nothing sent), shows that it is sending, and sends
// one on a double click. A failed send keeps the visitor's half-written message either way. Also the
// activity pages — desktop and phone screenshots, no console errors or CSP violations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  decodeId,
  idInUrl,
  islandSelector,
  markDocument,
  problemsOf,
  problemsWithoutJs,
  problemText,
  recordUrl,
  sameDocument,
  startWorld,
  WITH_AND_WITHOUT_JS,
  type CheckedPage,
  type E2EWorld,
} from './harness.ts';

const BOARD = '/Service/OpenServies/LeaveWord';
const ACTIVITIES = '/Education/Activity';
const QUESTIONNAIRES = '/Service/Questionnaire';

let world: E2EWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

const messagesLike = (content: string): number =>
  (world.cms.cms.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE content = ?').get(content) as { n: number }).n;

/** Counts the POSTs a page sends (form submissions). */
function countPosts(p: CheckedPage): { readonly n: number } {
  const counter = { n: 0 };
  p.page.on('request', (r) => {
    if (r.method() === 'POST') counter.n += 1;
  });
  return counter;
}

/**
 * Records, in the tab's sessionStorage, how the form's submit button looks once it says it is sending
 * (busy and disabled), so a test can read it on the page the send leads to.
 */
async function watchSending(p: CheckedPage, form: string): Promise<() => Promise<string | null>> {
  await p.page.evaluate((selector) => {
    const button = document.querySelector<HTMLButtonElement>(`${selector} button[type=submit]`)!;
    new MutationObserver(() => {
      if (button.getAttribute('aria-busy') === 'true')
        sessionStorage.setItem(
          'e2e-sending',
          `busy ${button.disabled ? 'disabled' : 'enabled'} ${button.querySelector('.button__spinner') ? 'spinner' : ''}`,
        );
    }).observe(button, { attributes: true, childList: true });
  }, form);
  return () => p.page.evaluate(() => sessionStorage.getItem('e2e-sending'));
}

describe('leaving a message', () => {
  it('with JavaScript: checks in the browser, shows it is sending, sends once on a double click, thanks', async () => {
    const p = await world.newPage('desktop');
    expect(await p.open(BOARD)).toBe(200);
    await p.page.locator('.message-form').scrollIntoViewIfNeeded();
    await p.island('messageForm');
    const posts = countPosts(p);

    await p.page.click('.message-form button[type=submit]');
    await expect.poll(() => p.page.locator('#msg-content-error').textContent()).toContain('请填写留言内容');
    expect(await p.page.getAttribute('#msg-content', 'aria-invalid')).toBe('true');
    expect(await p.page.evaluate(() => document.activeElement?.id)).toBe('msg-content');
    expect(posts.n).toBe(0);

    await p.page.fill('#msg-email', 'wrong@');
    await p.page.click('.message-form button[type=submit]');
    await expect.poll(() => p.page.locator('#msg-email-error').textContent()).toContain('请填写正确的电子邮箱');
    expect(posts.n).toBe(0);
    await p.page.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot('message-board-error-desktop');

    const content = `希望周一也能开放 e2e-js ${Date.now()}`;
    await p.page.fill('#msg-email', 'visitor@example.cn');
    await p.page.fill('#msg-name', '韩梅梅');
    await p.page.fill('#msg-content', content);
    expect(await p.page.locator('.form-field__count').textContent()).toBe(`${[...content].length}/500`);
    await p.page.click('.form-choices__pill:has-text("建议")');
    const sending = await watchSending(p, '.message-form');
    await markDocument(p);
    await Promise.all([p.page.waitForURL(/\?sent=1/), p.page.dblclick('.message-form button[type=submit]')]);
    expect(await sameDocument(p)).toBe(false);
    // While it was sending, the button said so and took no second press.
    expect(await sending()).toBe('busy disabled spinner');
    expect(await p.page.locator('.form-notice--success').textContent()).toContain('本馆回复后');
    expect(posts.n).toBe(1);
    expect(messagesLike(content)).toBe(1);
    // The thank-you page: a new, empty form, live again, its counter at zero.
    await p.island('messageForm');
    expect(await p.page.inputValue('#msg-content')).toBe('');
    expect(await p.page.locator('.form-field__count').textContent()).toBe('0/500');
    expect(problemText(p)).toBe('');
    await p.close();
  });

  for (const [label, javaScript] of WITH_AND_WITHOUT_JS) {
    it(`${label}: a failed send keeps the half-written message and says to try again`, async () => {
      const p = await world.newPage(javaScript ? 'desktop' : 'phone', { javaScript });
      await p.open(BOARD);
      if (javaScript) {
        await p.page.locator('.message-form').scrollIntoViewIfNeeded();
        await p.island('messageForm');
      }
      const content = `服务故障 e2e ${javaScript} ${Date.now()}`;
      await p.page.fill('#msg-name', '李雷');
      await p.page.fill('#msg-content', content);
      world.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
      try {
        await Promise.all([p.page.waitForEvent('load'), p.page.click('.message-form button[type=submit]')]);
      } finally {
        world.cms.cms.faults.reset();
      }
      expect(await p.page.locator('.form-notice--failure').textContent()).toContain('提交失败，请稍后重试，您填写的内容已保留');
      expect(await p.page.inputValue('#msg-content')).toBe(content);
      expect(await p.page.inputValue('#msg-name')).toBe('李雷');
      expect(messagesLike(content)).toBe(0);
      if (javaScript) {
        // The answer's form hydrates with what the visitor wrote, and sends it once the service is back.
        await p.island('messageForm');
        expect(await p.page.locator('.form-field__count').textContent()).toBe(`${[...content].length}/500`);
      }
      await Promise.all([p.page.waitForURL(/\?sent=1/), p.page.click('.message-form button[type=submit]')]);
      expect(messagesLike(content)).toBe(1);
      expect(problemsOf(p, javaScript)).toBe('');
      await p.close();
    });
  }

  it('without JavaScript: errors come back with the input kept, then the message is sent once', async () => {
    const p = await world.newPage('phone', { javaScript: false });
    expect(await p.open(BOARD)).toBe(200);
    // No script runs: the island stays as the server rendered it.
    expect(await p.page.locator(`${islandSelector('messageForm')}[data-hydrated]`).count()).toBe(0);
    const content = `无脚本留言 e2e ${Date.now()}`;
    await p.page.fill('#msg-phoneNumber', '12345');
    await p.page.fill('#msg-content', content);
    const answer = p.page.waitForResponse((r) => r.request().method() === 'POST');
    await Promise.all([p.page.waitForEvent('load'), p.page.click('.message-form button[type=submit]')]);
    expect((await answer).status()).toBe(400);
    expect(await p.page.locator('#msg-phoneNumber-error').textContent()).toContain('请填写正确的手机号码');
    expect(await p.page.inputValue('#msg-content')).toBe(content);
    expect(await p.page.inputValue('#msg-phoneNumber')).toBe('12345');
    expect(messagesLike(content)).toBe(0);
    await p.screenshot('message-board-error-phone');

    await p.page.fill('#msg-phoneNumber', '13912345678');
    await Promise.all([p.page.waitForURL(/\?sent=1/), p.page.click('.message-form button[type=submit]')]);
    expect(await p.page.locator('.form-notice--success').textContent()).toContain('感谢您的留言');
    expect(messagesLike(content)).toBe(1);
    expect(problemsWithoutJs(p)).toBe('');
    await p.close();
  });
});

/** Ticks the first choice of every question. */
async function answerAll(p: CheckedPage): Promise<void> {
  const questions = p.page.locator('.question__fieldset');
  for (let i = 0; i < (await questions.count()); i += 1) {
    await questions.nth(i).locator('.choice__input').first().check();
  }
}

describe('answering a questionnaire', () => {
  it('with JavaScript: checks in the browser, then answers once and sees the results grow by one', async () => {
    const p = await world.newPage('desktop');
    expect(await p.open(QUESTIONNAIRES)).toBe(200);
    await p.screenshot('questionnaire-list-desktop');
    await Promise.all([p.page.waitForURL(recordUrl('/Service/Questionnaire')), p.page.click('.questionnaire-card--open .button--primary')]);
    // The route holds the service's id; the database keys the record by the number behind it.
    const id = decodeId('questionnaire', idInUrl(p.page.url()));
    expect(id).not.toBeNull();
    const records = (): number =>
      (world.cms.cms.db.prepare('SELECT COUNT(*) AS n FROM questionnaire_records WHERE questionnaireId = ?').get(id) as { n: number }).n;
    const before = records();
    await p.page.locator('.questionnaire-form button[type=submit]').scrollIntoViewIfNeeded();
    await p.island('questionnaireForm');
    const posts = countPosts(p);

    await p.page.click('.questionnaire-form button[type=submit]');
    await expect.poll(() => p.page.locator('.questionnaire-form .field-error').count()).toBeGreaterThan(0);
    expect(await p.page.locator('.field-error').first().textContent()).toContain('此题为必答题');
    // The first question in error has the focus.
    expect(await p.page.evaluate(() => document.activeElement?.closest('.question') === document.querySelector('.question'))).toBe(true);
    expect(posts.n).toBe(0);
    await p.page.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot('questionnaire-desktop');

    await answerAll(p);
    const other = p.page.locator('.choice__other').first();
    if ((await other.count()) > 0) await other.fill('朋友推荐');
    // Answered questions lose their errors as the visitor goes.
    await expect.poll(() => p.page.locator('.questionnaire-form .field-error').count()).toBe(0);
    const sending = await watchSending(p, '.questionnaire-form');
    await markDocument(p);
    await Promise.all([p.page.waitForURL(/\/result\?done=1$/), p.page.dblclick('.questionnaire-form button[type=submit]')]);
    expect(await sameDocument(p)).toBe(false);
    expect(await sending()).toBe('busy disabled spinner');
    expect(await p.page.locator('.form-notice--success').textContent()).toContain('感谢您的参与');
    expect(posts.n).toBe(1);
    expect(records()).toBe(before + 1);
    expect(await p.page.locator('.questionnaire__responses').textContent()).toContain(`共 ${before + 1} 人参与`);
    await p.screenshot('questionnaire-result-desktop');
    expect(problemText(p)).toBe('');
    await p.close();
  });

  it('without JavaScript: the edge says what is missing, keeps the answers, then takes them', async () => {
    const p = await world.newPage('phone', { javaScript: false });
    await p.open(QUESTIONNAIRES);
    const href = await p.page.getAttribute('.questionnaire-card--open .button--primary', 'href');
    await p.open(href!);
    await p.screenshot('questionnaire-phone');
    // The first question answered, the rest left: the edge answers 400 with the errors and the answer kept.
    const questions = p.page.locator('.question__fieldset');
    expect(await questions.count()).toBeGreaterThan(1);
    await questions.first().locator('.choice__input').first().check();
    const answer = p.page.waitForResponse((r) => r.request().method() === 'POST');
    await Promise.all([p.page.waitForEvent('load'), p.page.click('.questionnaire-form button[type=submit]')]);
    expect((await answer).status()).toBe(400);
    expect(await p.page.locator('.questionnaire-form .field-error').count()).toBeGreaterThan(0);
    expect(await p.page.locator('.field-error').first().textContent()).toContain('此题为必答题');
    expect(await questions.first().locator('.choice__input').first().isChecked()).toBe(true);

    await answerAll(p);
    await Promise.all([p.page.waitForURL(/\/result\?done=1$/), p.page.click('.questionnaire-form button[type=submit]')]);
    expect(await p.page.locator('.form-notice--success').textContent()).toContain('感谢您的参与');
    await p.screenshot('questionnaire-result-phone');
    expect(problemsWithoutJs(p)).toBe('');
    await p.close();
  });
});

describe('activities', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`list and detail on ${viewport}`, async () => {
      const p = await world.newPage(viewport);
      expect(await p.open(ACTIVITIES)).toBe(200);
      expect(await p.page.locator('.activity-card').count()).toBe(6);
      expect(await p.page.locator('.activity-card__fact dd').first().textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await p.screenshot(`activity-list-${viewport}`);

      // A type filter keeps `?type=` while paging.
      await Promise.all([p.page.waitForURL(/\?type=/), p.page.click('.filter-links__link >> nth=1')]);
      expect(await p.page.getAttribute('.filter-links__link--active', 'aria-current')).toBe('page');

      await Promise.all([p.page.waitForURL(recordUrl('/Education/Activity')), p.page.click('.activity-card__link >> nth=0')]);
      await p.page.locator('.activity-detail__title').waitFor();
      expect(await p.page.locator('.activity-detail__fact dd').first().textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await p.screenshot(`activity-detail-${viewport}`);
      expect(problemText(p)).toBe('');
      await p.close();
    });
  }
});

describe('the Service section', () => {
  it('redirects to opening hours, lists them, and shows the shop in the wc layout', async () => {
    const p = await world.newPage('desktop');
    expect(await p.open('/Service')).toBe(200);
    expect(new URL(p.page.url()).pathname).toBe('/Service/OpenServies/OpenTime');
    expect(await p.page.locator('main h1').textContent()).toBe('开放时间');
    expect(await p.page.locator('main .list a').count()).toBeGreaterThan(0);
    await p.screenshot('service-opentime-desktop');

    expect(await p.open('/Service/Shopping')).toBe(200);
    expect(await p.page.locator('main .list--wc .card').count()).toBe(6);
    await p.screenshot('service-shopping-desktop');
    expect(problemText(p)).toBe('');
    await p.close();
  });
});

describe('accessibility (axe-core)', () => {
  it('finds no violation on the board (also in its error state), activities and questionnaires', async () => {
    const p = await world.newPage('desktop');
    const found: string[] = [];
    const check = async (label: string) => {
      const v = await axeViolations(p);
      if (v) found.push(`${label}\n${v}`);
    };
    await p.open(BOARD);
    await check('board');
    await p.page.locator('.message-form').scrollIntoViewIfNeeded();
    await p.island('messageForm');
    await p.page.fill('#msg-email', 'wrong@');
    await p.page.click('.message-form button[type=submit]');
    await p.page.locator('#msg-email-error').waitFor();
    await check('board with errors');
    await p.open(ACTIVITIES);
    await check('activities');
    const detail = await p.page.getAttribute('.activity-card__link >> nth=0', 'href');
    await p.open(detail!);
    await check('activity');
    await p.open(QUESTIONNAIRES);
    await check('questionnaires');
    const answer = await p.page.getAttribute('.questionnaire-card--open .button--primary', 'href');
    await p.open(answer!);
    await p.page.locator('.questionnaire-form button[type=submit]').scrollIntoViewIfNeeded();
    await p.island('questionnaireForm');
    await p.page.click('.questionnaire-form button[type=submit]');
    await p.page.locator('.questionnaire-form .field-error >> nth=0').waitFor();
    await check('questionnaire with errors');
    await p.open(`${answer!}/result`);
    await check('results');
    expect(found.join('\n\n')).toBe('');
    expect(problemText(p)).toBe('');
    await p.close();
  });
});
