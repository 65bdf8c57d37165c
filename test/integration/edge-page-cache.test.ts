// The page cache: whole pages for anonymous GETs, purged with the upstream entries they were built on.
import { once } from 'node:events';
import type { Server } from 'node:http';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPageLocals, type PageLocals } from '../../server/http-context.ts';
import { createPageCache, type PageCacheOptions } from '../../server/page-cache.ts';
import { RERENDER_RETRY_MS } from '../../server/page-cache/renders.ts';
import { articleId } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';
import { FIXTURE_FILES } from './cms-fixture.ts';

let clock = 1_000_000;
const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

/** A stand-in page router that renders a counter, so a replay is visible. */
async function pagesApp(options: { upstream?: PageLocals['pageUpstreamCache']; cacheControl?: string; expiresAt?: () => number } = {}) {
  const cache = createPageCache({ ttlS: 30, maxBytes: 1_000_000, now: () => clock });
  let renders = 0;
  const app = express();
  app.use(cache.middleware);
  app.get('/News/:id', (req, res) => {
    renders += 1;
    setPageLocals(res, {
      pageTags: ['queryArchivesById', `id:${req.params.id}`, 'entry:abc'],
      pageUpstreamCache: options.upstream ?? ['HIT'],
      pageExpiresAt: options.expiresAt?.(),
    });
    if (options.cacheControl) res.setHeader('Cache-Control', options.cacheControl);
    res.type('html');
    res.write('<!doctype html><p>');
    res.end(`render ${renders}</p>`);
  });
  // One server, so every request carries the same Host (part of the page key).
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return { app: server, cache, renders: () => renders };
}

/** A one-page app whose page is kept 30 s with a 60 s revalidate window, re-rendered by `options.rerender`. */
async function rerenderingApp(options: Pick<PageCacheOptions, 'rerender' | 'followLimitMs' | 'onRerenderAbandoned'>) {
  const cache = createPageCache({ ttlS: 30, swrS: 60, maxBytes: 1_000_000, now: () => clock, ...options });
  const app = express();
  app.use(cache.middleware);
  app.get('/News/:id', (_req, res) => {
    setPageLocals(res, { pageTags: ['queryArchivesById'], pageUpstreamCache: ['HIT'] });
    res.type('html').end('<p>page</p>');
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return server;
}

describe('page cache (module)', () => {
  it('replays a page until its lifetime ends, with X-Cache and Age', async () => {
    const { app, renders } = await pagesApp();
    const first = await request(app).get('/News/1');
    expect(first.headers['x-cache']).toBe('MISS');
    clock += 5_000;
    const second = await request(app).get('/News/1');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers.age).toBe('5');
    expect(second.text).toBe('<!doctype html><p>render 1</p>');
    expect(second.headers['content-type']).toMatch(/text\/html/);
    clock += 30_000;
    expect((await request(app).get('/News/1')).text).toBe('<!doctype html><p>render 2</p>');
    expect(renders()).toBe(2);
  });

  it('does not keep pages built on stale upstream data or marked no-store', async () => {
    for (const options of [{ upstream: ['HIT', 'STALE'] as PageLocals['pageUpstreamCache'] }, { cacheControl: 'no-store' }]) {
      const { app, renders } = await pagesApp(options);
      await request(app).get('/News/1');
      expect((await request(app).get('/News/1')).headers['x-cache']).toBe('MISS');
      expect(renders()).toBe(2);
    }
  });

  it('keeps a page that changes by the clock no longer than it said (pageExpiresAt), and a page for one visitor not at all', async () => {
    // An activity whose booking opens in 10 s: the 30 s lifetime would show 未开放预约 20 s too long.
    const { app, renders } = await pagesApp({ expiresAt: () => clock + 10_000 });
    await request(app).get('/News/1');
    clock += 9_000;
    expect((await request(app).get('/News/1')).headers['x-cache']).toBe('HIT');
    clock += 1_000;
    expect((await request(app).get('/News/1')).headers['x-cache']).toBe('MISS');
    expect(renders()).toBe(2);

    const personal = await pagesApp({ expiresAt: () => clock });
    await request(personal.app).get('/News/1');
    expect((await request(personal.app).get('/News/1')).headers['x-cache']).toBe('MISS');
    expect(personal.renders()).toBe(2);
  });

  it('a background re-render that never ends does not hold the page: after the limit it is reported and the next visitor starts another', async () => {
    const calls: string[] = [];
    const abandoned: string[] = [];
    const server = await rerenderingApp({
      followLimitMs: 200,
      onRerenderAbandoned: (key) => abandoned.push(key),
      rerender: async (target) => {
        calls.push(target.url);
        await new Promise(() => undefined); // hangs: never reaches the page cache, never resolves
      },
    });
    await request(server).get('/News/1');
    clock += 31_000; // past its lifetime, inside the revalidate window
    expect((await request(server).get('/News/1')).headers['x-cache']).toBe('STALE');
    expect((await request(server).get('/News/1')).headers['x-cache']).toBe('STALE');
    expect(calls).toHaveLength(1); // one re-render at a time
    expect(abandoned).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(abandoned).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/News\/1$/)]);
    clock += RERENDER_RETRY_MS;
    expect((await request(server).get('/News/1')).headers['x-cache']).toBe('STALE');
    expect(calls).toHaveLength(2); // the hung one was let go
  });

  it('after a re-render that could not keep the page, serves the stored page without another for a while', async () => {
    const calls: string[] = [];
    const server = await rerenderingApp({
      // As in an outage: the re-render comes to nothing (here it never reaches the page cache).
      rerender: async (target) => {
        calls.push(target.url);
      },
    });
    await request(server).get('/News/1');
    clock += 31_000; // past its lifetime, inside the revalidate window
    expect((await request(server).get('/News/1')).headers['x-cache']).toBe('STALE');
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 3; i += 1) expect((await request(server).get('/News/1')).headers['x-cache']).toBe('STALE');
    expect(calls).toHaveLength(1); // not one re-render per visitor
    clock += RERENDER_RETRY_MS;
    expect((await request(server).get('/News/1')).headers['x-cache']).toBe('STALE');
    expect(calls).toHaveLength(2);
  });

  it('purges by tag, by path prefix and by the upstream entries a page was built on', async () => {
    const { app, cache } = await pagesApp();
    for (const id of [1, 2, 3]) await request(app).get(`/News/${id}`);
    expect(cache.stats().entries).toBe(3);
    expect(cache.purge({ tag: 'id:1' })).toBe(1);
    expect(cache.purge({ prefix: '/News/2' })).toBe(1);
    expect(cache.purge({ tag: 'unrelated' }, [{ key: 'GET /api/queryArchivesById/3', tags: ['entry:abc'] }])).toBe(1);
    expect(cache.stats().entries).toBe(0);
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
    // The replays told the service after the answer went out (wire-facts.md "Behaviour").
    await world.edge.visits.idle();
    expect(visits()).toBe(before + 3);
  });

  it('a background re-render counts no view of its own: each visitor is one visit, stale or fresh', async () => {
    let shift = 0;
    const edge = await world.startEdge({ PAGE_CACHE_TTL_S: '60', PAGE_CACHE_SWR_S: '30', PAGE_CACHE_STALE_IF_ERROR_S: '600' }, { now: () => Date.now() + shift });
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
    // Well past the 16 KiB a socket takes before it asks the writer to wait (the demo's pages are 40–70 KB):
    // a re-render whose response never drained stalled there, and the page stayed old.
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
