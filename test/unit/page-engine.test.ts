// The page engine over a fixture content service, called as a plain function — no server, no socket:
// statuses, redirects, the not-found page, the document head and its script (islands only). (Integration
// tests repeat the important ones against the real reference service.)
import { describe, expect, it } from 'vitest';
import { safeOrigin } from '../../server/http/origin.ts';
import type { SiteSettings } from '../../server/loaders/types.ts';
import { createPageEngine, type PageAnswer, type PageStream } from '../../server/pages/engine.ts';

type PageSink = Parameters<PageStream['pipe']>[0];
import { fakeApi, pageDeps } from './fixtures/page-engine-fixture.ts';

interface Rendered {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  text: string;
  answer: PageAnswer;
}

/** A streamed document read the way a response reads it: piped into a sink that collects it. */
function collect(stream: PageStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let finished = false;
    const sink: PageSink = {
      write: (chunk) => chunks.push(chunk),
      end: () => {
        finished = true;
        resolve(Buffer.concat(chunks));
      },
      destroy: (err) => reject(err ?? new Error('the document was cut off')),
      once: () => sink,
      get writableFinished() {
        return finished;
      },
    };
    stream.pipe(sink);
  });
}

/** The whole body: as it is, the page the cache would keep (complete), or the stream piped. */
async function bodyOf(answer: PageAnswer): Promise<Buffer> {
  if (Buffer.isBuffer(answer.body)) return answer.body;
  if (answer.keep !== null) {
    const kept = await answer.complete;
    if (!kept) throw new Error(`${answer.routeId}: a keepable document ended without its body`);
    return kept;
  }
  return collect(answer.body);
}

function engineOf(site: Partial<SiteSettings> = {}, api = fakeApi()) {
  const deps = pageDeps(api, site);
  const engine = createPageEngine(deps);
  // What the Express route would hand over for a request to localhost: PUBLIC_URL wins.
  const origin = safeOrigin(deps.site.publicUrl, 'http', 'localhost');
  return {
    api,
    async render(target: string): Promise<Rendered> {
      const answer = await engine.render({
        method: 'GET',
        origin,
        target,
        headers: { accept: 'text/html' },
        requestId: 'page-engine-test',
      });
      const headers = Object.fromEntries(answer.headers.map(([name, value]) => [name.toLowerCase(), value]));
      return { status: answer.status, headers, text: (await bodyOf(answer)).toString('utf8'), answer };
    },
  };
}

const render = (target: string) => engineOf().render(target);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
describe('document requests', () => {
  it('renders a Chinese page with lang, title, description, canonical, hreflang and OG', async () => {
    const res = await render('/News/Notice');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/^<!DOCTYPE html>\n<html lang="zh-CN">/);
    expect(res.text).toContain('<title>通知公告 - 云溪博物馆</title>');
    expect(res.text).toContain('<meta name="description" content="通知公告的说明">');
    expect(res.text).toContain('<link rel="canonical" href="https://museum.example/News/Notice">');
    expect(res.text).toContain('<link rel="alternate" hreflang="zh-CN" href="https://museum.example/News/Notice">');
    expect(res.text).toContain('<link rel="alternate" hreflang="en" href="https://museum.example/EN_News/EN_Notice">');
    expect(res.text).toContain('<meta property="og:title" content="通知公告 - 云溪博物馆">');
    expect(res.text.trimEnd()).toMatch(/<\/html>$/);
  });

  it('says what a page was built from, so the page cache can keep it and purge it', async () => {
    const res = await render('/News/Notice');
    expect(res.answer.routeId).toBe('page:zh:News/:sec');
    expect(res.answer.keep?.tags).toEqual(expect.arrayContaining(['queryAllChannel', 'queryArchivesList']));
    // complete is the same document the first reader gets.
    expect((await res.answer.complete)?.toString('utf8')).toBe(res.text);
  });

  it('answers an unknown channel of a known route with 404, and keeps nothing', async () => {
    for (const target of ['/News/Nope', '/Service/OpenServies/Nope']) {
      const res = await render(target);
      expect(res.status, target).toBe(404);
      expect(res.answer.keep, target).toBeNull();
    }
  });

  it('answers an unknown record id with 404 (upstream says not found)', async () => {
    const res = await render('/News/SNews/999999');
    expect(res.status).toBe(404);
    expect(text(res.text)).toContain('很抱歉，无法打开您要找的页面！');
  });

  it('redirects section parents to their default child, keeping the query', async () => {
    const cases: Array<[string, string]> = [
      ['/News?platform=wx', '/News/SNews?platform=wx'],
      ['/Service/OpenServies', '/Service/OpenServies/OpenTime'],
      ['/EN_News', '/EN_News/EN_SNews'],
    ];
    for (const [target, location] of cases) {
      const res = await render(target);
      expect(res.status, target).toBe(302);
      expect(res.headers.location, target).toBe(location);
    }
  });

  it('switches to English on an English address and with the global flag', async () => {
    const switched = await render('/News/Notice?from=enxh');
    expect(switched.status).toBe(302);
    expect(switched.headers.location).toBe('/EN_News/EN_Notice?from=enxh');
    const flagged = engineOf({ english: true });
    const home = await flagged.render('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<html lang="en">');
    expect(home.text).toContain('<title>Yunxi Museum</title>');
    const notice = await flagged.render('/News/Notice');
    expect(notice.status).toBe(302);
    expect(notice.headers.location).toBe('/EN_News/EN_Notice');
  });

  it('renders English pages in English', async () => {
    const res = await render('/EN_No/EN_Page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="en">');
    expect(text(res.text)).toContain('Sorry, the page you are looking for cannot be opened!');
    expect(text(res.text)).toContain('WeChat');
  });

  it('shows the friendly 503 page, never a stack, when the service is down and nothing is cached', async () => {
    const api = fakeApi();
    api.down = true;
    const res = await engineOf({}, api).render('/News/Notice');
    expect(res.status).toBe(503);
    expect(text(res.text)).toContain('服务暂时不可用');
    expect(res.text).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.answer.keep).toBeNull();
  });

  it('leaves hidden channels out of the menu and opens external channels in a new tab', async () => {
    const res = await render('/News/Notice');
    expect(res.status).toBe(200);
    const menu = res.text.slice(res.text.indexOf('channel-menu'), res.text.indexOf('</nav>', res.text.indexOf('channel-menu')));
    expect(menu).not.toContain('内部资料');
    expect(menu).toMatch(/<a[^>]*href="https:\/\/vr\.example-museum\.cn\/"[^>]*target="_blank"[^>]*rel="noopener"/);
    expect(menu).toMatch(/<a[^>]*href="\/News\/SNews"/);
    // A section's link goes to its default child directly (its parent address would only redirect there).
    expect(res.text).toMatch(/channel-menu__item--active[^>]*><a[^>]*href="\/News\/SNews"/);
    expect(menu).not.toMatch(/href="\/News"/);
  });

  it('keeps platform=wx in links and leaves out header and footer', async () => {
    const res = await render('/News/Notice?platform=wx');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('class="site-header');
    expect(res.text).not.toContain('class="site-footer');
    expect(res.text).toContain('href="/News/SNews?platform=wx"');
  });

  it('shows the footer: QR labels, years, filing link, badge', async () => {
    const res = await render('/News/Notice');
    expect(res.status).toBe(200);
    const body = text(res.text);
    for (const label of ['微信', '小红书', '抖音']) expect(body).toContain(label);
    expect(body).toContain('© 2018–2025 云溪博物馆');
    expect(res.text).toMatch(/href="https:\/\/beian\.miit\.gov\.cn\/"[^>]*>京ICP备/);
    expect(res.text).toContain('src="/gov-badge.svg"');
  });

  it("carries no script but data blocks on a page without islands, and the islands' file on one with them", async () => {
    const list = await render('/News/Notice');
    expect(list.status).toBe(200);
    const scripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    // JSON-LD is data, never run.
    for (const attrs of scripts(list.text)) expect(attrs).toBe(' type="application/ld+json"');
    expect(list.text).not.toContain('<museum-island');
    // The reading mode's guide is an island on every page of the mode.
    const care = await render('/News/Notice?care=1');
    expect(care.text).toMatch(/<museum-island data-island="readingGuide"/);
    expect(scripts(care.text).filter((a) => a.includes('src='))).toEqual([' type="module" src="/build/islands-test.js"']);
  });
});
