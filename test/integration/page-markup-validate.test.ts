// The markup of the key pages as html-validate reads it (demo content, both languages): every landmark
// that repeats has a name of its own, aria-label sits only where assistive technology reads it, and no
// element repeats the role it already has. Also: the home pages link the site's feeds, news first, so a feed
// reader given the home page finds them.
import { HtmlValidate, type Message } from 'html-validate';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPathFor } from '../../shared/discovery-paths.ts';
import { getPage } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld({ content: 'demo' });
});
afterAll(async () => {
  await world?.close();
});

/** The rules of the landmarks-and-labels audit, each an error. */
const RULES = ['unique-landmark', 'aria-label-misuse', 'no-redundant-role'] as const;
const validator = new HtmlValidate({ rules: Object.fromEntries(RULES.map((rule) => [rule, 'error'])) });

/** The first detail link a list page shows, so the pages follow whatever the demo content holds. */
async function firstLink(list: string): Promise<string> {
  const page = await getPage(world.url, list);
  const pattern = new RegExp(`href="(${list.replace(/[/]/g, '\\/')}\\/[0-9a-f]{32})"`);
  const link = pattern.exec(page.html)?.[1];
  if (!link) throw new Error(`no record link on ${list}`);
  return link;
}

/** The key pages of one language: home, lists of each kind, a record of each kind, search, the board. */
async function keyPages(en: boolean): Promise<string[]> {
  const p = (zh: string) => (en ? zh.replace(/\/(?=[A-Z])/g, '/EN_') : zh);
  const lists = [
    p('/News/SNews'),
    p('/News/Notice'),
    p('/Exhibition/BaseExh'),
    p('/Exhibition/TempExh'),
    p('/Collection/PreciousCol'),
    p('/Education/Activity'),
    p('/Service/Questionnaire'),
  ];
  const details = await Promise.all(lists.map(firstLink));
  const search = `${en ? '/EN_Search?key=bronze' : `/Search?key=${encodeURIComponent('青铜')}`}`;
  return [en ? '/EN_Home' : '/', ...lists, ...details, search, p('/Service/OpenServies/LeaveWord')];
}

/** One line per message: page, rule, element, what it says. */
const lines = (path: string, messages: Message[]) => messages.map((m) => `${path}  ${m.ruleId}  ${m.selector ?? '?'}  ${m.message}`);

describe('landmarks and labels (html-validate)', () => {
  for (const [lang, en] of [
    ['Chinese', false],
    ['English', true],
  ] as const) {
    it(`finds nothing on the ${lang} key pages`, { timeout: 60_000 }, async () => {
      const paths = await keyPages(en);
      const found: string[] = [];
      for (const path of paths) {
        const page = await getPage(world.url, path);
        expect(page.status, path).toBe(200);
        const report = await validator.validateString(page.html, path);
        found.push(
          ...lines(
            path,
            report.results.flatMap((r) => r.messages),
          ),
        );
      }
      expect(paths.length).toBeGreaterThanOrEqual(16);
      expect(found, found.join('\n')).toEqual([]);
    });
  }

  for (const [home, menu, all, picker] of [
    ['/', '栏目导航', '全部栏目', '选择图片'],
    ['/EN_Home', 'Site navigation', 'All sections', 'Choose a slide'],
  ] as const) {
    it(`${home}: the two menus and the slide picker keep names a screen reader announces`, async () => {
      const { html } = await getPage(world.url, home);
      expect(html).toContain(`<nav class="channel-menu" aria-label="${menu}">`);
      expect(html).toContain(`<nav class="mobile-menu__panel" aria-label="${all}">`);
      expect(html).toContain(`<div role="group" aria-label="${picker}"><ol class="slider__thumbs">`);
    });
  }

  it('reads the rules it is given: a page with the faults has them found', async () => {
    const faulty =
      '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>' +
      '<nav><a href="/a">a</a></nav><nav><a href="/b">b</a></nav>' +
      '<span aria-label="stars">★</span><main role="main"><p>x</p></main></body></html>';
    const report = await validator.validateString(faulty, 'faulty.html');
    const rules = new Set(report.results.flatMap((r) => r.messages.map((m) => m.ruleId)));
    expect([...rules].sort()).toEqual([...RULES].sort());
  });
});

describe('the home pages', () => {
  const parser = new Parser();
  for (const [home, news] of [
    ['/', '/News/SNews'],
    ['/EN_Home', '/EN_News/EN_SNews'],
  ] as const) {
    it(`${home} links the news feed of its language, which answers with an RSS document`, async () => {
      const page = await getPage(world.url, home);
      const links = [...page.html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]+)" href="([^"]+)">/g)];
      // The news first: a reader that takes one feed takes the first.
      expect(links[0]?.[2]).toBe(`${world.url}${feedPathFor(news)}`);
      for (const [, title, href] of links) {
        const res = await fetch(href!);
        expect(res.status, href).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
        const feed = await parser.parseString(await res.text());
        // The name a reader offers the feed by is the feed's own.
        expect(feed.title, href).toBe(title);
        expect(feed.link, href).toMatch(new RegExp(`^${world.url}/`));
        expect(feed.items.length, href).toBeGreaterThan(0);
      }
    });
  }
});
