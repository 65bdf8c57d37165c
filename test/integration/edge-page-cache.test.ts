// The page cache: whole pages for anonymous GETs, purged with the upstream entries they were built on.
// The module is driven with plain renders (a status, headers, what the page was built from and its body);
// the edge tests go through a real app and the reference service.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPageCache,
  pageKey,
  RERENDER_RETRY_MS,
  type PageCache,
  type PageCacheOptions,
  type RenderedPage,
} from '../../server/cache/page-cache.ts';
import type { HeaderPairs } from '../../server/http/prepared.ts';
import { articleId } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';
import { FIXTURE_FILES } from './cms-fixture.ts';

let clock = 1_000_000;
const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

const HOST = 'museum.test';
const keyOf = (path: string): string => pageKey('http', HOST, path);
const headerOf = (headers: HeaderPairs, name: string): string | undefined => headers.find(([n]) => n.toLowerCase() === name)?.[1];
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A render as the page engine answers: an HTML page that shows which render made it, so a replay is visible. */
function page(
  body: string,
  options: { keep?: RenderedPage['keep']; cacheControl?: string; complete?: Promise<Buffer | null> } = {},
): RenderedPage {
  const headers: HeaderPairs = [
    ['Content-Type', 'text/html; charset=utf-8'],
    ...(options.cacheControl ? [['Cache-Control', options.cacheControl] as const] : []),
  ];
  return {
    status: 200,
    headers,
    keep: options.keep === undefined ? { tags: ['queryArchivesById'] } : options.keep,
    routeId: 'page:test',
    complete: options.complete ?? Promise.resolve(Buffer.from(body)),
  };
}

/** Renders of /News/:id that count themselves; `keep` says what each was built from (null: not to be kept). */
function pages(options: { keep?: (id: string) => RenderedPage['keep']; cacheControl?: string } = {}) {
  let renders = 0;
  const keep = options.keep ?? ((id: string) => ({ tags: ['queryArchivesById', `id:${id}`, 'entry:abc'] }));
  return {
    render: (path: string) => async (): Promise<RenderedPage> => {
      renders += 1;
      return page(`<!doctype html><p>render ${renders}</p>`, { keep: keep(path.split('/').at(-1)!), cacheControl: options.cacheControl });
    },
    renders: () => renders,
  };
}

/**
 * One visit: the stored page (HIT/STALE), or the render this visit started (its X-Cache says MISS). It
 * comes on a turn of its own, as a request from the network does: what the last one set going has run.
 */
async function visit(cache: PageCache, path: string, render: () => Promise<RenderedPage>): Promise<{ label: string; body: string }> {
  await nextTurn();
  const fetched = await cache.fetch(keyOf(path), render);
  if ('found' in fetched) return { label: fetched.found.status, body: fetched.found.entry.prepared.identity.toString() };
  const body = await fetched.rendered.complete;
  return { label: headerOf(fetched.headers, 'x-cache') ?? '', body: body?.toString() ?? '' };
}

/** A real server in front of the cache, as the door and the page route are: stored pages sent by the cache itself. */
async function serve(cache: PageCache, render: (path: string) => () => Promise<RenderedPage>): Promise<string> {
  const server = createServer((req, res) => {
    cache.fetch(pageKey('http', HOST, req.url ?? '/'), render(req.url ?? '/')).then(
      async (fetched) => {
        if ('found' in fetched) return cache.send(req, res, fetched.found, { requestId: 'page-cache-test', close: false });
        const body = (await fetched.rendered.complete) ?? Buffer.alloc(0);
        res.statusCode = fetched.rendered.status;
        for (const [name, value] of fetched.headers) res.setHeader(name, value);
        res.end(body);
      },
      (err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      },
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A one-page cache whose page is kept 30 s with a 60 s revalidate window, re-rendered by `options.rerender`. */
function rerendering(options: Pick<PageCacheOptions, 'rerender' | 'followLimitMs' | 'onRerenderAbandoned'>) {
  const cache = createPageCache({ ttlS: 30, swrS: 60, maxBytes: 1_000_000, now: () => clock, ...options });
  return {
    cache,
    visit: () => visit(cache, '/News/1', async () => page('<p>page</p>')),
    /** The first visit's page is in the store (its compressed copy made), before the clock moves on. */
    stored: () => expect.poll(() => cache.stats().entries).toBe(1),
  };
}

describe('page cache (module)', () => {
  it('replays a page until its lifetime ends, with X-Cache and Age', async () => {
    const cache = createPageCache({ ttlS: 30, maxBytes: 1_000_000, now: () => clock });
    const { render, renders } = pages();
    const url = await serve(cache, render);
    const first = await fetch(`${url}/News/1`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('age')).toBe('0');
    expect(await first.text()).toBe('<!doctype html><p>render 1</p>');
    clock += 5_000;
    const second = await fetch(`${url}/News/1`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('age')).toBe('5');
    expect(await second.text()).toBe('<!doctype html><p>render 1</p>');
    expect(second.headers.get('content-type')).toMatch(/text\/html/);
    clock += 30_000;
    const third = await fetch(`${url}/News/1`);
    expect(third.headers.get('x-cache')).toBe('MISS');
    expect(await third.text()).toBe('<!doctype html><p>render 2</p>');
    expect(renders()).toBe(2);
  });

  it('does not keep pages built on stale upstream data (keep: null) or marked no-store', async () => {
    for (const options of [{ keep: () => null }, { cacheControl: 'no-store' }]) {
      const cache = createPageCache({ ttlS: 30, maxBytes: 1_000_000, now: () => clock });
      const { render, renders } = pages(options);
      expect(await visit(cache, '/News/1', render('/News/1'))).toEqual({ label: 'MISS', body: '<!doctype html><p>render 1</p>' });
      expect(await visit(cache, '/News/1', render('/News/1'))).toEqual({ label: 'MISS', body: '<!doctype html><p>render 2</p>' });
      expect(renders()).toBe(2);
      expect(cache.stats().entries).toBe(0);
    }
  });

  it('keeps a page that changes by the clock no longer than it said (expiresAt), and a page for one visitor not at all', async () => {
    // An activity whose booking opens in 10 s: the 30 s lifetime would show 未开放预约 20 s too long.
    const cache = createPageCache({ ttlS: 30, maxBytes: 1_000_000, now: () => clock });
    const opening = pages({ keep: () => ({ tags: ['queryActivityById'], expiresAt: clock + 10_000 }) });
    expect((await visit(cache, '/Activity/1', opening.render('/Activity/1'))).label).toBe('MISS');
    clock += 9_000;
    expect((await visit(cache, '/Activity/1', opening.render('/Activity/1'))).label).toBe('HIT');
    clock += 1_000;
    expect((await visit(cache, '/Activity/1', opening.render('/Activity/1'))).label).toBe('MISS');
    expect(opening.renders()).toBe(2);

    const personal = pages({ keep: () => ({ tags: ['queryActivityById'], expiresAt: clock }) });
    await visit(cache, '/Activity/2', personal.render('/Activity/2'));
    expect((await visit(cache, '/Activity/2', personal.render('/Activity/2'))).label).toBe('MISS');
    expect(personal.renders()).toBe(2);
  });

  it("settles a render's followers when the render settles, whatever becomes of its first visitor", async () => {
    // A follow limit the test would notice being waited out (followTimeouts), well inside the test's own limit.
    const cache = createPageCache({ ttlS: 30, maxBytes: 1_000_000, now: () => clock, followLimitMs: 10_000 });
    const cases: Array<{ name: string; ends: (done: (body: Buffer | null) => void) => void; follower: string }> = [
      { name: 'the render keeps its page', ends: (done) => done(Buffer.from('<p>kept</p>')), follower: 'HIT' },
      // Cut off (its first visitor gone, the stream broken): nothing to follow, the follower renders at once.
      { name: 'the render ends without a page', ends: (done) => done(null), follower: 'MISS' },
    ];
    for (const [i, c] of cases.entries()) {
      const path = `/News/followed-${i}`;
      let done!: (body: Buffer | null) => void;
      const complete = new Promise<Buffer | null>((resolve) => (done = resolve));
      let renders = 0;
      const render = async (): Promise<RenderedPage> => {
        renders += 1;
        return renders === 1 ? page('', { complete }) : page('<p>again</p>');
      };
      // The first visitor gets its render and never reads it.
      const first = await cache.fetch(keyOf(path), render);
      expect('rendered' in first, c.name).toBe(true);
      let followed: { label: string; body: string } | undefined;
      const follower = visit(cache, path, render).then((v) => (followed = v));
      await nextTurn();
      expect(followed, `${c.name}: the follower waits for the render`).toBeUndefined();
      c.ends(done);
      await follower;
      expect(followed!.label, c.name).toBe(c.follower);
      expect(followed!.body, c.name).toBe(c.follower === 'HIT' ? '<p>kept</p>' : '<p>again</p>');
      expect(renders, c.name).toBe(c.follower === 'HIT' ? 1 : 2);
    }
    // A render that fails before it answers leaves its followers to render for themselves, too.
    let failing = 0;
    const broken = cache.fetch(keyOf('/News/broken'), async () => {
      failing += 1;
      await nextTurn();
      throw new Error('the engine broke');
    });
    const behind = visit(cache, '/News/broken', async () => page('<p>after the failure</p>'));
    await expect(broken).rejects.toThrow('the engine broke');
    expect(await behind).toEqual({ label: 'MISS', body: '<p>after the failure</p>' });
    expect(failing).toBe(1);
    expect(cache.stats().followTimeouts).toBe(0);
  });

  it('a background re-render that never ends does not hold the page: after the limit it is reported and the next visitor starts another', async () => {
    const calls: string[] = [];
    const abandoned: string[] = [];
    const { visit: view, stored } = rerendering({
      followLimitMs: 200,
      onRerenderAbandoned: (key) => abandoned.push(key),
      rerender: async (key) => {
        calls.push(key);
        return new Promise<RenderedPage>(() => undefined); // hangs: never answers, never ends
      },
    });
    expect((await view()).label).toBe('MISS');
    await stored();
    clock += 31_000; // past its lifetime, inside the revalidate window
    expect((await view()).label).toBe('STALE');
    expect((await view()).label).toBe('STALE');
    expect(calls).toEqual([keyOf('/News/1')]); // one re-render at a time
    expect(abandoned).toEqual([]);
    await expect.poll(() => abandoned, { timeout: 10_000 }).toEqual([keyOf('/News/1')]);
    clock += RERENDER_RETRY_MS;
    expect((await view()).label).toBe('STALE');
    expect(calls).toHaveLength(2); // the hung one is let go: another starts
  });

  it('after a re-render that could not keep the page, serves the stored page without another for a while', async () => {
    const calls: string[] = [];
    const { visit: view, stored } = rerendering({
      // As in an outage: the re-render is built on a part whose upstream call failed, so it may not be kept.
      rerender: async (key) => {
        calls.push(key);
        return page('<p>without its parts</p>', { keep: null });
      },
    });
    expect((await view()).label).toBe('MISS');
    await stored();
    clock += 31_000; // past its lifetime, inside the revalidate window
    expect(await view()).toEqual({ label: 'STALE', body: '<p>page</p>' });
    expect(calls).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) expect(await view()).toEqual({ label: 'STALE', body: '<p>page</p>' });
    expect(calls).toHaveLength(1); // not one re-render per visitor
    clock += RERENDER_RETRY_MS;
    expect((await view()).label).toBe('STALE');
    expect(calls).toHaveLength(2);
  });

  it('purges by tag, by path prefix and by the upstream entries a page was built on', async () => {
    const cache = createPageCache({ ttlS: 30, maxBytes: 1_000_000, now: () => clock });
    const { render, renders } = pages();
    for (const id of [1, 2, 3]) await visit(cache, `/News/${id}`, render(`/News/${id}`));
    // Stored once its compressed copy is made.
    await expect.poll(() => cache.stats().entries).toBe(3);
    expect(cache.purge({ tag: 'id:1' })).toBe(1);
    expect(cache.purge({ prefix: '/News/2' })).toBe(1);
    expect(cache.purge({ tag: 'unrelated' }, [{ key: 'GET /api/queryArchivesById/3', tags: ['entry:abc'] }])).toBe(1);
    expect(cache.stats().entries).toBe(0);
    expect((await visit(cache, '/News/1', render('/News/1'))).label).toBe('MISS');
    expect(renders()).toBe(4);
  });
});

describe('page cache (edge)', () => {
  const ADMIN = 'operator-token-0123456789';
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ env: { ADMIN_TOKEN: ADMIN, PAGE_CACHE_TTL_S: '60' } });
  });
  afterAll(() => world.close());

  it('a rendered page is replayed, and purging the channel it shows purges it', async () => {
    const page = `${world.url}/News/SNews`;
    const first = await fetch(page);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const html = await first.text();
    const second = await fetch(page);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(html);

    const purge = await fetch(`${world.url}/_edge/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tag: 'channel:SNews' }),
    });
    expect(purge.status).toBe(200);
    expect((await fetch(page)).headers.get('x-cache')).toBe('MISS');
  });

  it('an article page replayed from the cache still counts every view at the service', async () => {
    const visits = () =>
      (world.cms.cms.db.prepare('SELECT visitCount FROM archives WHERE archivesId = 1').get() as { visitCount: number }).visitCount;
    await world.edge.visits.idle();
    const before = visits();
    const page = `${world.url}/News/SNews/${articleId(1)}`;
    const first = await fetch(page);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const html = await first.text();
    for (let i = 0; i < 2; i += 1) {
      const again = await fetch(page);
      expect(again.headers.get('x-cache')).toBe('HIT');
      expect(await again.text()).toBe(html);
    }
    // Each replay tells the service of its view once the answer has gone out.
    await world.edge.visits.idle();
    expect(visits()).toBe(before + 3);
  });

  it('a background re-render counts no view of its own: each visitor is one visit, stale or fresh', async () => {
    let shift = 0;
    const edge = await world.startEdge(
      { PAGE_CACHE_TTL_S: '60', PAGE_CACHE_SWR_S: '30', PAGE_CACHE_STALE_IF_ERROR_S: '600' },
      { now: () => Date.now() + shift },
    );
    const visits = () =>
      (world.cms.cms.db.prepare('SELECT visitCount FROM archives WHERE archivesId = 2').get() as { visitCount: number }).visitCount;
    const settled = async () => {
      // The re-render, then the visits told after the answers.
      await new Promise((r) => setTimeout(r, 200));
      await edge.edge.visits.idle();
    };
    const page = `${edge.url}/News/SNews/${articleId(2)}`;
    const view = async (expected: string) => {
      const res = await fetch(page);
      expect(res.headers.get('x-cache')).toBe(expected);
      await res.text();
    };
    await settled();
    const before = visits();
    await view('MISS');
    await view('HIT');
    await settled();
    expect(visits()).toBe(before + 2);
    shift += 61_000; // past the page's lifetime (and its article call's): STALE, one re-render behind it
    await view('STALE');
    await settled();
    expect(visits()).toBe(before + 3);
    await view('HIT');
    shift += 100_000; // past the revalidate window: the visitor waits for the re-render and gets it
    await view('HIT');
    await settled();
    expect(visits()).toBe(before + 5);
  });

  it('re-renders a stored page in the background, big as real pages are: the next visitor gets the new one', async () => {
    let shift = 0;
    const edge = await world.startEdge(
      { PAGE_CACHE_TTL_S: '60', PAGE_CACHE_SWR_S: '30', PAGE_CACHE_STALE_IF_ERROR_S: '600' },
      { now: () => Date.now() + shift },
    );
    const page = `${edge.url}/`;
    const first = await fetch(page);
    expect(first.headers.get('x-cache')).toBe('MISS');
    // Well past the 16 KiB a socket takes before it asks its writer to wait: a background re-render has no
    // socket to drain, and must still come to its end and store the page.
    expect(Buffer.byteLength(await first.text())).toBeGreaterThan(20 * 1024);
    const newPage = async (): Promise<Response> => {
      for (let i = 0; i < 40; i += 1) {
        const res = await fetch(page);
        if (res.headers.get('x-cache') === 'HIT') return res;
        expect(res.headers.get('x-cache')).toBe('STALE');
        await res.text();
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the background re-render never stored the page');
    };

    shift += 61_000; // past its lifetime, inside the revalidate window: the old page at once, a re-render behind it
    const stale = await fetch(page);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(Number(stale.headers.get('age'))).toBeGreaterThanOrEqual(61);
    await stale.text();
    const renewed = await newPage();
    expect(Number(renewed.headers.get('age'))).toBeLessThan(2);
    await renewed.text();

    shift += 100_000; // past the revalidate window too: the visitor waits (a bounded while) for the re-render
    const waited = await fetch(page);
    expect(waited.headers.get('x-cache')).toBe('HIT');
    expect(waited.headers.get('age')).toBe('0');
    expect(await waited.text()).toContain('</html>');
  });

  it('says a page built on stale data is STALE, with its age, and does not keep it', async () => {
    let shift = 0;
    const stale = await world.startEdge(
      { PAGE_CACHE_TTL_S: '60', CACHE_RULES: 'queryArchivesList=10', CACHE_SWR_S: '30', CACHE_STALE_IF_ERROR_S: '600' },
      { now: () => Date.now() + shift },
    );
    const page = `${stale.url}/News/Media`;
    const first = await fetch(page);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    // Read to the end: the page is stored once its answer has finished (before the clock moves).
    expect(await first.text()).toContain('媒体聚焦博物馆夜场');
    // Past the page's lifetime and the list's revalidate window, inside stale-if-error; the service fails.
    shift += 120_000;
    world.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await fetch(page);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-cache')).toBe('STALE');
        expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(120);
        expect(await res.text()).toContain('媒体聚焦博物馆夜场');
      }
    } finally {
      world.cms.cms.faults.reset();
    }
    // With the service back, the first visitor past the re-render's pause (RERENDER_RETRY_MS after the
    // last that could not keep the page) waits for one, which is kept and served new (Age 0).
    const paused = await fetch(page);
    expect(paused.headers.get('x-cache')).toBe('STALE');
    await paused.text();
    shift += RERENDER_RETRY_MS;
    const rebuilt = await fetch(page);
    expect(rebuilt.headers.get('x-cache')).toBe('HIT');
    expect(rebuilt.headers.get('age')).toBe('0');
    await rebuilt.text();
    expect((await fetch(page)).headers.get('x-cache')).toBe('HIT');
  });

  it('does not keep a page that was shown without a part whose upstream call failed', async () => {
    // The file gateway points nowhere: the article shows without its attachments, and is not kept,
    // so the files come back with the service.
    const broken = await world.startEdge({ PAGE_CACHE_TTL_S: '60', UPSTREAM_FILE_PREFIX: '/no-such-gateway' });
    const path = `/News/SNews/${articleId(1)}`;
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${broken.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('MISS');
      const html = await res.text();
      expect(html).toContain('青铜器修复成果展开幕');
      expect(html).not.toContain(`/file/${FIXTURE_FILES.pdf}`);
    }
    // The same page with its files is kept.
    await (await fetch(`${world.url}${path}`)).text();
    const kept = await fetch(`${world.url}${path}`);
    expect(kept.headers.get('x-cache')).toBe('HIT');
    expect(await kept.text()).toContain(`/file/${FIXTURE_FILES.pdf}`);
  });
});
