// The page cache without a server: a fake render (a body that stands for the stream, and a complete
// promise the test settles), an injected clock, and the one shape fetch() and ready() answer. What is sent
// on the wire (X-Cache, Age, codings) is the sender's, tested through the edge (integration/).
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  createPageCache,
  pageKey,
  RERENDER_RETRY_MS,
  type PageCacheOptions,
  type PageEntry,
  type PageSecondTier,
  type PageToSend,
  type RenderedPage,
} from '../../server/cache/page-cache.ts';
import type { HeaderPairs } from '../../server/http/prepared.ts';

const HOST = 'museum.test';
const keyOf = (path: string): string => pageKey('http', HOST, path);
const headerOf = (headers: HeaderPairs, name: string): string | undefined => headers.find(([n]) => n.toLowerCase() === name)?.[1];
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a test asks a render for: the request's own words (a visitor's), or null (a re-render). */
interface Ask {
  /** Who asks: a name the test reads back from the render log. */
  who: string;
}

/** How one render goes: what it answers, whether and when its document is complete. */
interface Plan {
  body?: string;
  status?: number;
  keep?: RenderedPage['keep'];
  cacheControl?: string;
  /** Settled by the test (the document still streaming until then); by default complete at once. */
  complete?: Promise<Buffer | null>;
  /** Throws before it answers. */
  fails?: boolean;
  /** Never answers. */
  hangs?: boolean;
}

/**
 * A cache over a fake render: each render is logged (its key and who asked: a visitor's name, or
 * `rerender`) and goes by `plan` (by default an HTML page naming the render's number, kept with a tag).
 */
function world(options: Partial<PageCacheOptions<Ask, string>> & { plan?: (n: number, key: string, ask: Ask | null) => Plan } = {}) {
  let clock = 1_000_000;
  const renders: string[] = [];
  const viewsCounted: string[][] = [];
  const cache = createPageCache<Ask, string>({
    ttlS: 30,
    maxBytes: 1_000_000,
    now: () => clock,
    countView: (tags) => viewsCounted.push([...tags]),
    render: async (key, ask) => {
      renders.push(`${new URL(key).pathname} ${ask?.who ?? 'rerender'}`);
      const n = renders.length;
      const plan = options.plan?.(n, key, ask) ?? {};
      if (plan.hangs) return new Promise<never>(() => undefined);
      await nextTurn();
      if (plan.fails) throw new Error('the engine broke');
      const body = plan.body ?? `<!doctype html><p>render ${n}</p>`;
      return {
        status: plan.status ?? 200,
        headers: [
          ['Content-Type', 'text/html; charset=utf-8'],
          ...(plan.cacheControl ? [['Cache-Control', plan.cacheControl] as const] : []),
        ],
        keep: plan.keep === undefined ? { tags: ['queryArchivesById', `id:${n}`, 'entry:abc'] } : plan.keep,
        routeId: 'page:test',
        body,
        complete: plan.complete ?? Promise.resolve(Buffer.from(body)),
      };
    },
    ...options,
  });
  return {
    cache,
    renders,
    viewsCounted,
    tick: (ms: number) => void (clock += ms),
    /** One visitor's request, on a turn of its own as a request from the network comes. */
    async visit(path: string, who = 'visitor', mayRender = true): Promise<PageToSend<string> | null> {
      await nextTurn();
      return cache.fetch(keyOf(path), { request: { who }, mayRender });
    },
    /** The first visit's page is in the store (its compressed copy made). */
    stored: (n: number) => expect.poll(() => cache.stats().entries).toBe(n),
  };
}

/** What a visitor would read: X-Cache and the document, stored (prepared) or made now. */
function read(page: PageToSend<string> | null): { cache: string; body: string } {
  if (!page) return { cache: 'none', body: '' };
  const { answer } = page;
  return { cache: page.cache, body: 'prepared' in answer ? answer.prepared.identity.toString() : answer.body };
}

function deferredBody(): { complete: Promise<Buffer | null>; done: (body: Buffer | null) => void } {
  let done!: (body: Buffer | null) => void;
  const complete = new Promise<Buffer | null>((resolve) => (done = resolve));
  return { complete, done };
}

describe('page cache: hits and misses', () => {
  it('a miss is this request’s render (its body as made); the page stored is a HIT with its age until its lifetime ends', async () => {
    const w = world();
    const miss = (await w.visit('/News/1'))!;
    expect(read(miss)).toEqual({ cache: 'MISS', body: '<!doctype html><p>render 1</p>' });
    expect(miss.ageS).toBe(0);
    expect(miss.viewCounted).toBe(true);
    expect('prepared' in miss.answer).toBe(false);
    if (!('prepared' in miss.answer)) {
      expect(miss.answer.status).toBe(200);
      expect(headerOf(miss.answer.headers, 'cache-control')).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=0, stale-if-error=0',
      );
      expect(headerOf(miss.answer.headers, 'surrogate-key')).toBe('queryArchivesById id:1 entry:abc path:/News/1');
      expect(headerOf(miss.answer.headers, 'x-cache')).toBeUndefined();
    }
    await w.stored(1);
    w.tick(5_000);
    const hit = w.cache.ready(keyOf('/News/1'))!;
    expect(read(hit)).toEqual({ cache: 'HIT', body: '<!doctype html><p>render 1</p>' });
    expect(hit.ageS).toBe(5);
    expect(hit.viewCounted).toBe(false);
    expect(hit.tags).toContain('id:1');
    expect(hit.routeId).toBe('page:test');
    // The stored page is prepared whole: its status, replayed headers and gzip copy.
    if ('prepared' in hit.answer) {
      expect(hit.answer.prepared.status).toBe(200);
      expect(hit.answer.prepared.head).toContain('text/html; charset=utf-8');
      expect(hit.answer.prepared.head).not.toContain('x-cache');
    }
    expect(read(await w.visit('/News/1'))).toEqual({ cache: 'HIT', body: '<!doctype html><p>render 1</p>' });
    w.tick(25_000); // its 30 s are over, with no stale window
    expect(w.cache.ready(keyOf('/News/1'))).toBeNull();
    expect(read(await w.visit('/News/1'))).toEqual({ cache: 'MISS', body: '<!doctype html><p>render 2</p>' });
    expect(w.renders).toEqual(['/News/1 visitor', '/News/1 visitor']);
    expect(w.cache.stats()).toMatchObject({ hits: 2, misses: 2, stale: 0, renders: 2 });
  });

  it('ready() answers a miss with null and does nothing: no count, no render', async () => {
    const w = world();
    expect(w.cache.ready(keyOf('/News/1'))).toBeNull();
    expect(w.renders).toEqual([]);
    expect(w.cache.stats()).toMatchObject({ hits: 0, misses: 0, stale: 0, renders: 0, entries: 0 });
  });

  it('does not keep a page built on stale upstream data (keep: null), marked no-store, not a 200, or that changes by the clock now', async () => {
    const plans: Plan[] = [{ keep: null }, { cacheControl: 'no-store' }, { status: 404 }, { keep: { tags: ['x'], expiresAt: 0 } }];
    for (const plan of plans) {
      const w = world({ plan: () => plan });
      expect((await w.visit('/News/1'))!.cache, JSON.stringify(plan)).toBe('MISS');
      await nextTurn();
      expect((await w.visit('/News/1'))!.cache, JSON.stringify(plan)).toBe('MISS');
      expect(w.renders).toHaveLength(2);
      expect(w.cache.stats().entries).toBe(0);
    }
  });

  it('keeps a page that changes by the clock no longer than it said (expiresAt), with no stale window', async () => {
    let opensAt = 0;
    const w = world({ swrS: 60, plan: () => ({ keep: { tags: ['queryActivityById'], expiresAt: opensAt } }) });
    opensAt = 1_000_000 + 10_000; // the booking opens in 10 s: 30 s would show 未开放预约 20 s too long
    expect((await w.visit('/Activity/1'))!.cache).toBe('MISS');
    await w.stored(1);
    w.tick(9_000);
    expect(w.cache.ready(keyOf('/Activity/1'))!.cache).toBe('HIT');
    w.tick(1_000);
    expect(w.cache.ready(keyOf('/Activity/1'))).toBeNull();
    expect((await w.visit('/Activity/1'))!.cache).toBe('MISS');
    expect(w.renders).toHaveLength(2);
  });

  it('a page built on stale parts goes out with the render’s own STALE label and age, and is not kept', async () => {
    const w = world({
      render: async (_key, _ask) => ({
        status: 200,
        headers: [
          ['Content-Type', 'text/html'],
          ['X-Cache', 'STALE'],
          ['Age', '42'],
        ],
        keep: null,
        routeId: 'page:test',
        body: 'old parts',
        complete: Promise.resolve(Buffer.from('old parts')),
      }),
    });
    const page = (await w.visit('/News/1'))!;
    expect([page.cache, page.ageS]).toEqual(['STALE', 42]);
    if (!('prepared' in page.answer)) expect(headerOf(page.answer.headers, 'cache-control')).toBe('no-cache');
    await nextTurn();
    expect(w.cache.stats().entries).toBe(0);
  });
});

describe('page cache: single flight', () => {
  it('concurrent misses make one render: the first gets its stream at once, the others the stored page once it is complete', async () => {
    const { complete, done } = deferredBody();
    const w = world({ plan: (n) => (n === 1 ? { body: '<p>streaming</p>', complete } : {}) });
    const first = (await w.visit('/News/1', 'first'))!;
    // The first visitor has the render while the document is still being written.
    expect(read(first)).toEqual({ cache: 'MISS', body: '<p>streaming</p>' });
    const followers = Array.from({ length: 10 }, (_, i) => w.visit('/News/1', `follower ${i}`));
    let settled = 0;
    for (const f of followers) void f.then(() => (settled += 1));
    await sleep(20);
    expect(settled).toBe(0);
    // A follower at the door is told nothing is ready, and nothing is done for it.
    expect(w.cache.ready(keyOf('/News/1'))).toBeNull();
    expect(w.cache.stats().entries).toBe(0);
    done(Buffer.from('<p>the whole page</p>'));
    const answers = await Promise.all(followers);
    expect(answers.map(read)).toEqual(answers.map(() => ({ cache: 'HIT', body: '<p>the whole page</p>' })));
    expect(w.renders).toEqual(['/News/1 first']);
    expect(w.cache.stats()).toMatchObject({ entries: 1, renders: 1, misses: 1, hits: 10, followTimeouts: 0 });
  });

  it('followers of a render that keeps nothing, or fails before it answers, render for themselves at once', async () => {
    const cases: Array<{ name: string; plan: Plan }> = [
      { name: 'the render ends without a page (cut off, broken)', plan: { complete: Promise.resolve(null) } },
      { name: 'the render may not be kept', plan: { keep: null } },
      { name: 'the render fails', plan: { fails: true } },
    ];
    for (const c of cases) {
      const w = world({ plan: (n) => (n === 1 ? c.plan : { body: `<p>own ${n}</p>` }), followLimitMs: 10_000 });
      const first = w.visit('/News/1', 'first');
      const behind = [w.visit('/News/1', 'a'), w.visit('/News/1', 'b')];
      if (c.plan.fails) await expect(first, c.name).rejects.toThrow('the engine broke');
      else expect((await first)!.cache, c.name).toBe('MISS');
      const own = (await Promise.all(behind)).map(read);
      // Each renders its own, side by side (never one after the other behind a page that is not kept).
      expect(
        own.map((o) => o.cache),
        c.name,
      ).toEqual(['MISS', 'MISS']);
      expect(new Set(own.map((o) => o.body)).size, c.name).toBe(2);
      expect(w.renders.slice(1).sort(), c.name).toEqual(['/News/1 a', '/News/1 b']);
      expect(w.cache.stats().followTimeouts, c.name).toBe(0);
    }
  });

  it('a follower waits out the follow limit behind a render that never ends, then renders itself, and its page is kept', async () => {
    const w = world({ plan: (n) => (n === 1 ? { hangs: true } : {}), followLimitMs: 100 });
    const first = w.visit('/News/1', 'first');
    const follower = await w.visit('/News/1', 'follower');
    expect(read(follower)).toEqual({ cache: 'MISS', body: '<!doctype html><p>render 2</p>' });
    expect(w.cache.stats().followTimeouts).toBe(1);
    await w.stored(1);
    expect(read(w.cache.ready(keyOf('/News/1')))).toEqual({ cache: 'HIT', body: '<!doctype html><p>render 2</p>' });
    void first;
  });

  it('a purge during a render keeps its page out: the render may show what was purged', async () => {
    const { complete, done } = deferredBody();
    const w = world({ plan: (n) => (n === 1 ? { complete } : {}) });
    expect((await w.visit('/News/1', 'first'))!.cache).toBe('MISS');
    const follower = w.visit('/News/1', 'follower');
    await sleep(10);
    expect(w.cache.purge({ tag: 'nothing-stored-has-it' })).toBe(0);
    done(Buffer.from('<p>built before the purge</p>'));
    // Its follower is let go and renders the page as it is now.
    expect(read(await follower)).toEqual({ cache: 'MISS', body: '<!doctype html><p>render 2</p>' });
    await w.stored(1);
    expect(read(w.cache.ready(keyOf('/News/1'))).body).toBe('<!doctype html><p>render 2</p>');
  });

  it('purges by tag, by path prefix and by the upstream entries a page was built on', async () => {
    const w = world();
    for (const id of [1, 2, 3]) await w.visit(`/News/${id}`);
    await w.stored(3);
    expect(w.cache.purge({ tag: 'id:1' })).toBe(1);
    expect(w.cache.purge({ prefix: '/News/2' })).toBe(1);
    expect(w.cache.purge({ tag: 'unrelated' }, [{ key: 'GET /api/queryArchivesById/3', tags: ['entry:abc'] }])).toBe(1);
    expect(w.cache.stats().entries).toBe(0);
    expect((await w.visit('/News/1'))!.cache).toBe('MISS');
    expect(w.renders).toHaveLength(4);
  });

  it('a request that may not render gets what is stored or being made, and null rather than a render', async () => {
    const { complete, done } = deferredBody();
    const w = world({ plan: (n) => (n === 2 ? { complete } : {}) });
    expect(await w.visit('/News/1', 'guess', false)).toBeNull();
    expect(w.renders).toEqual([]);
    expect(w.cache.stats()).toMatchObject({ misses: 0, renders: 0 });
    await w.visit('/News/1');
    await w.stored(1);
    expect((await w.visit('/News/1', 'guess', false))!.cache).toBe('HIT');
    // Behind a visitor's render: the page it stores.
    const rendering = w.visit('/News/2', 'visitor');
    await sleep(10);
    const guess = w.visit('/News/2', 'guess', false);
    expect((await rendering)!.cache).toBe('MISS');
    done(Buffer.from('<p>two</p>'));
    expect(read(await guess)).toEqual({ cache: 'HIT', body: '<p>two</p>' });
    expect(w.renders).toEqual(['/News/1 visitor', '/News/2 visitor']);
  });
});

describe('page cache: stale pages', () => {
  /** A page kept 30 s, revalidated for 60 s, and (optionally) stale-if-error up to 600 s. */
  async function storedPage(options: Parameters<typeof world>[0] = {}) {
    const w = world({ swrS: 60, ...options });
    expect((await w.visit('/News/1'))!.cache).toBe('MISS');
    await w.stored(1);
    return w;
  }

  it('within the revalidate window: STALE at once, one background re-render (no visitor), then the new page', async () => {
    const { complete, done } = deferredBody();
    const w = await storedPage({ plan: (n) => (n === 2 ? { body: '<p>new</p>', complete } : {}) });
    w.tick(31_000);
    const first = w.cache.ready(keyOf('/News/1'))!;
    expect(read(first)).toEqual({ cache: 'STALE', body: '<!doctype html><p>render 1</p>' });
    expect(first.ageS).toBe(31);
    // The request that started the re-render leaves its view to it (decision 019).
    expect(first.viewCounted).toBe(true);
    const second = (await w.visit('/News/1'))!;
    expect([second.cache, second.viewCounted]).toEqual(['STALE', false]);
    expect(w.renders).toEqual(['/News/1 visitor', '/News/1 rerender']);
    done(Buffer.from('<p>new</p>'));
    await expect.poll(() => read(w.cache.ready(keyOf('/News/1')))).toEqual({ cache: 'HIT', body: '<p>new</p>' });
    expect(w.cache.ready(keyOf('/News/1'))!.ageS).toBe(0);
    expect(w.renders).toHaveLength(2);
    expect(w.viewsCounted).toEqual([]);
  });

  it('past the revalidate window, inside stale-if-error: the visitor waits for the re-render and gets it', async () => {
    const w = await storedPage({ staleIfErrorS: 600 });
    w.tick(100_000);
    expect(w.cache.ready(keyOf('/News/1'))).toBeNull(); // it must wait: the door leaves it to fetch
    const page = (await w.visit('/News/1'))!;
    expect(read(page)).toEqual({ cache: 'HIT', body: '<!doctype html><p>render 2</p>' });
    expect([page.ageS, page.viewCounted]).toEqual([0, true]);
    expect(w.renders).toEqual(['/News/1 visitor', '/News/1 rerender']);
  });

  it('the patience: a re-render slower than it gives the old page as STALE, and the next visitor the new one', async () => {
    const { complete, done } = deferredBody();
    const w = await storedPage({ staleIfErrorS: 600, stalePatienceMs: 50, plan: (n) => (n === 2 ? { body: '<p>new</p>', complete } : {}) });
    w.tick(100_000);
    const began = Date.now();
    const page = (await w.visit('/News/1'))!;
    expect(Date.now() - began).toBeGreaterThanOrEqual(45);
    expect(read(page)).toEqual({ cache: 'STALE', body: '<!doctype html><p>render 1</p>' });
    // Another visitor meanwhile waits for the same re-render, started no second one.
    const waiting = w.visit('/News/1');
    await sleep(10);
    done(Buffer.from('<p>new</p>'));
    expect(read(await waiting)).toEqual({ cache: 'HIT', body: '<p>new</p>' });
    expect(w.renders).toEqual(['/News/1 visitor', '/News/1 rerender']);
  });

  it('a re-render that cannot keep the page: STALE, the pause without another re-render, then one more after it', async () => {
    const w = await storedPage({ staleIfErrorS: 600, plan: (n) => (n === 1 ? {} : { keep: null }) });
    w.tick(100_000);
    const page = (await w.visit('/News/1'))!;
    expect(read(page)).toEqual({ cache: 'STALE', body: '<!doctype html><p>render 1</p>' });
    // Its re-render counted no view (it kept nothing): the view it carried is counted now.
    expect(w.viewsCounted).toEqual([['queryArchivesById', 'id:1', 'entry:abc', 'path:/News/1']]);
    for (let i = 0; i < 3; i += 1) {
      const again = w.cache.ready(keyOf('/News/1'))!;
      expect([again.cache, again.viewCounted]).toEqual(['STALE', false]);
    }
    expect(w.renders).toHaveLength(2);
    w.tick(RERENDER_RETRY_MS);
    expect(w.cache.ready(keyOf('/News/1'))).toBeNull();
    expect((await w.visit('/News/1'))!.cache).toBe('STALE');
    expect(w.renders).toHaveLength(3);
  });

  it('within the revalidate window too, a re-render that keeps nothing pauses the next', async () => {
    const w = await storedPage({ plan: (n) => (n === 1 ? {} : { fails: true }) });
    w.tick(31_000);
    expect(w.cache.ready(keyOf('/News/1'))!.cache).toBe('STALE');
    await expect.poll(() => w.viewsCounted).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) expect(w.cache.ready(keyOf('/News/1'))!.cache).toBe('STALE');
    expect(w.renders).toHaveLength(2);
    w.tick(RERENDER_RETRY_MS);
    expect(w.cache.ready(keyOf('/News/1'))!.cache).toBe('STALE');
    expect(w.renders).toHaveLength(3);
  });

  it('a re-render that never ends is let go after the follow limit: reported, and the next visitor past the pause starts another', async () => {
    const abandoned: string[] = [];
    const w = await storedPage({
      followLimitMs: 100,
      onRerenderAbandoned: (key) => abandoned.push(key),
      plan: (n) => (n === 1 ? {} : { hangs: true }),
    });
    w.tick(31_000);
    expect(w.cache.ready(keyOf('/News/1'))!.cache).toBe('STALE');
    expect(w.cache.ready(keyOf('/News/1'))!.cache).toBe('STALE');
    expect(w.renders).toHaveLength(2); // one re-render at a time
    await expect.poll(() => abandoned).toEqual([keyOf('/News/1')]);
    expect(w.cache.ready(keyOf('/News/1'))!.cache).toBe('STALE');
    expect(w.renders).toHaveLength(2);
    w.tick(RERENDER_RETRY_MS);
    expect(w.cache.ready(keyOf('/News/1'))!.cache).toBe('STALE');
    expect(w.renders).toHaveLength(3);
  });

  it('past every window the page is gone: a visitor renders it, the others follow', async () => {
    const w = await storedPage({ staleIfErrorS: 600 });
    w.tick(30_000 + 600_000);
    expect(w.cache.ready(keyOf('/News/1'))).toBeNull();
    const [a, b] = await Promise.all([w.visit('/News/1', 'a'), w.visit('/News/1', 'b')]);
    expect([a!.cache, b!.cache]).toEqual(['MISS', 'HIT']);
    expect(w.renders).toEqual(['/News/1 visitor', '/News/1 a']);
  });
});

describe('page cache: memory', () => {
  it('keeps pages within its byte bound: a page over a quarter of it is not kept, the least recent go first', async () => {
    const big = 'x'.repeat(40_000);
    const w = world({ maxBytes: 100_000, plan: (n) => ({ body: n === 1 ? big : `<p>page ${n}</p>${'y'.repeat(10_000)}` }) });
    // 40 KB, gzip aside: over 25 KB, served and not kept.
    expect(read(await w.visit('/big')).body).toBe(big);
    await sleep(50);
    expect(w.cache.stats().entries).toBe(0);
    expect((await w.visit('/big'))!.cache).toBe('MISS');
    const events: string[] = [];
    const v = world({ maxBytes: 100_000, onEvent: (e) => events.push(e), plan: (n) => ({ body: `<p>${n}</p>${'z'.repeat(20_000 + n)}` }) });
    for (let i = 0; i < 8; i += 1) {
      await v.visit(`/page/${i}`);
      await expect.poll(() => v.cache.stats().entries).toBeGreaterThan(0);
      await sleep(10);
    }
    expect(v.cache.stats().bytes).toBeLessThanOrEqual(100_000);
    expect(events).toContain('evict');
    expect(v.cache.ready(keyOf('/page/0'))).toBeNull();
    expect(v.cache.ready(keyOf('/page/7'))!.cache).toBe('HIT');
  });

  it('stores a page with its gzip copy and makes its brotli copy at its first hit', async () => {
    const body = `<!doctype html>${'<p>博物馆</p>'.repeat(500)}`;
    const w = world({ plan: () => ({ body }) });
    await w.visit('/News/1');
    await w.stored(1);
    const first = w.cache.ready(keyOf('/News/1'))!;
    if (!('prepared' in first.answer)) throw new Error('a stored page is prepared');
    expect(first.answer.prepared.br).toBeNull();
    expect(gunzipSync(first.answer.prepared.gzip!).toString()).toBe(body);
    await expect
      .poll(() => {
        const later = w.cache.ready(keyOf('/News/1'))!.answer;
        return 'prepared' in later && later.prepared.br !== null;
      })
      .toBe(true);
  });
});

describe('page cache: the shared tier', () => {
  it('a page another instance stored is a HIT without a render; a page rendered here is shared', async () => {
    const shared = new Map<string, PageEntry>();
    const tier: PageSecondTier = { get: async (key) => shared.get(key) ?? null, set: (entry) => void shared.set(entry.key, entry) };
    const a = world({ shared: tier });
    expect((await a.visit('/News/1'))!.cache).toBe('MISS');
    await expect.poll(() => shared.size).toBe(1);
    const b = world({ shared: tier });
    const [first, second] = await Promise.all([b.visit('/News/1'), b.visit('/News/1')]);
    expect([read(first), read(second)]).toEqual([
      { cache: 'HIT', body: '<!doctype html><p>render 1</p>' },
      { cache: 'HIT', body: '<!doctype html><p>render 1</p>' },
    ]);
    expect(b.renders).toEqual([]);
    await b.stored(1);
    expect(b.cache.ready(keyOf('/News/1'))!.cache).toBe('HIT');
  });
});
