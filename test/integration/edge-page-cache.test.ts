// The page cache through a real app and the reference service: pages stored, replayed with their X-Cache
// and Age by the sender, re-rendered, purged, and the views they count. The module itself is tested
// without a server (test/unit/page-cache.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RERENDER_RETRY_MS } from '../../server/cache/page-cache.ts';
import { articleId } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';
import { FIXTURE_FILES } from './cms-fixture.ts';

describe('page cache (edge)', () => {
  const ADMIN = 'operator-token-0123456789';
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ env: { ADMIN_TOKEN: ADMIN, PAGE_CACHE_TTL_S: '60' } });
  });
  afterAll(() => world.close());

  it('the sender replays a stored page with X-Cache and its true Age until its lifetime ends', async () => {
    let shift = 0;
    const edge = await world.startEdge(
      { PAGE_CACHE_TTL_S: '10', PAGE_CACHE_SWR_S: '0', PAGE_CACHE_STALE_IF_ERROR_S: '0' },
      { now: () => Date.now() + shift },
    );
    const page = `${edge.url}/News/SNews?sender=1`;
    const first = await fetch(page);
    expect([first.headers.get('x-cache'), first.headers.get('age')]).toEqual(['MISS', '0']);
    const html = await first.text();
    await expect.poll(() => edge.edge.pageCache!.stats().entries).toBe(1);
    shift += 5_000;
    const hit = await fetch(page);
    expect([hit.headers.get('x-cache'), hit.headers.get('age')]).toEqual(['HIT', '5']);
    expect(hit.headers.get('content-type')).toMatch(/text\/html/);
    expect(await hit.text()).toBe(html);
    shift += 10_000; // past its 10 s, and no stale window
    const again = await fetch(page);
    expect([again.headers.get('x-cache'), again.headers.get('age')]).toEqual(['MISS', '0']);
    await again.text();
  });

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
