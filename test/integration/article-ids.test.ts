// An article whose HTML carries ids the page itself relies on (the skip link's target, a form's anchor),
// through the edge over real sockets: the page keeps each of its own ids once, on its own element, and
// the article's links still reach the article's targets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_ID_PREFIX, MAIN_ID } from '../../shared/dom-ids.ts';
import { LIKE_ANCHOR } from '../../shared/like.ts';
import { FIXTURE, article } from './cms-fixture.ts';
import { articleId, getPage } from '../world/requests.ts';
import { NO_PAGE_CACHE, startWorld, type World } from '../world/world.ts';

const HOSTILE = [
  `<h3 id="${MAIN_ID}">小节</h3>`,
  `<a name="${LIKE_ANCHOR}"></a>`,
  `<p><a href="#${MAIN_ID}">跳到小节</a> <a href="#${LIKE_ANCHOR}">跳到锚点</a></p>`,
].join('');

let world: World;
beforeAll(async () => {
  world = await startWorld({
    content: { ...FIXTURE, articles: [...FIXTURE.articles, article(70, 'SNews', '编辑带来的锚点', HOSTILE, '2024-05-02 10:00:00')] },
    env: NO_PAGE_CACHE,
  });
});
afterAll(async () => {
  await world?.close();
});

/** Every start tag of the document carrying `id="<id>"` (in the HTML itself, not inside the JSON of the data). */
const tagsWithId = (html: string, id: string): string[] =>
  [...html.matchAll(new RegExp(`<[a-z0-9]+\\b[^>]*\\bid="${id}"[^>]*>`, 'g'))].map((m) => m[0]);

describe('ids in article HTML', () => {
  it("never take one of the page's own ids: each stays once, on the page's element", async () => {
    const page = await getPage(world.url, `/News/SNews/${articleId(70)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('跳到小节');
    expect(tagsWithId(page.html, MAIN_ID)).toHaveLength(1);
    expect(tagsWithId(page.html, MAIN_ID)[0]).toMatch(/^<main\b/);
    expect(page.html).not.toMatch(new RegExp(`<a\\b[^>]*\\bname="${LIKE_ANCHOR}"`));
  });

  it("keeps the article's own links reaching the article's targets", async () => {
    const page = await getPage(world.url, `/News/SNews/${articleId(70)}`);
    expect(tagsWithId(page.html, `${ARTICLE_ID_PREFIX}${MAIN_ID}`)).toEqual([`<h3 id="${ARTICLE_ID_PREFIX}${MAIN_ID}">`]);
    expect(page.html).toContain(`<a href="#${ARTICLE_ID_PREFIX}${MAIN_ID}">跳到小节</a>`);
    expect(page.html).toContain(`<a name="${ARTICLE_ID_PREFIX}${LIKE_ANCHOR}"></a>`);
    expect(page.html).toContain(`<a href="#${ARTICLE_ID_PREFIX}${LIKE_ANCHOR}">跳到锚点</a>`);
  });
});
