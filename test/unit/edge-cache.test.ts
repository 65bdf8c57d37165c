// The response cache on its own, with a hand-moved clock and a counting loader (the integration tests
// run the same semantics against the real content service).
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../server/upstream/upstream-error.ts';
import { createResponseCache, type ResponseCache } from '../../server/cache/response-cache.ts';
import type { CacheEvent } from '../../server/cache/kit.ts';
import { beforeDeadline } from '../world/deadline.ts';

let clock = 1_000_000;
const now = () => clock;
const caches: ResponseCache[] = [];
afterEach(() => caches.splice(0).forEach((c) => c.close()));

function setup(options: { maxBytes?: number; swrS?: number; staleIfErrorS?: number } = {}) {
  const events: CacheEvent[] = [];
  const cache = createResponseCache({ maxBytes: 1_000_000, swrS: 30, staleIfErrorS: 300, now, onEvent: (e) => events.push(e), ...options });
  caches.push(cache);
  return { cache, events };
}

/** A loader that counts its calls and answers `v<n>` (or fails as told). */
function loader() {
  let calls = 0;
  let fail: Error | null = null;
  let gate: Promise<void> | null = null;
  return {
    get calls() {
      return calls;
    },
    failWith(err: Error | null) {
      fail = err;
    },
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
    spec(ttlS = 60, tags: string[] = ['queryArchivesList']) {
      return {
        endpoint: 'queryArchivesList',
        ttlS,
        tags: () => tags,
        load: async () => {
          calls += 1;
          const n = calls;
          if (gate) await gate;
          if (fail) throw fail;
          return Buffer.from(JSON.stringify({ code: 200, msg: '', data: `v${n}` }));
        },
      };
    },
  };
}

const body = (b: Buffer) => (JSON.parse(b.toString()) as { data: string }).data;
const timeout = () => new UpstreamError('UPSTREAM_TIMEOUT', 'timeout of 50 ms exceeded', { endpoint: 'queryArchivesList' });

describe('response cache', () => {
  it('misses once, then hits until the fresh lifetime ends', async () => {
    const { cache, events } = setup();
    const l = loader();
    expect((await cache.lookup('k', l.spec(60))).status).toBe('MISS');
    clock += 59_000;
    const hit = await cache.lookup('k', l.spec(60));
    expect(hit.status).toBe('HIT');
    expect(body(hit.entry.raw)).toBe('v1');
    expect(l.calls).toBe(1);
    expect(events).toEqual(['miss', 'hit']);
  });

  it('coalesces concurrent misses into one load', async () => {
    const { cache } = setup();
    const l = loader();
    const release = l.hold();
    const all = Promise.all(Array.from({ length: 50 }, () => cache.lookup('k', l.spec())));
    await new Promise((r) => setTimeout(r, 5));
    release();
    const results = await all;
    expect(l.calls).toBe(1);
    expect(new Set(results.map((r) => body(r.entry.raw)))).toEqual(new Set(['v1']));
    expect(results.every((r) => r.status === 'MISS')).toBe(true);
  });

  it('serves stale within the SWR window and refreshes once in the background', async () => {
    const { cache, events } = setup({ swrS: 30 });
    const l = loader();
    await cache.lookup('k', l.spec(10));
    clock += 15_000; // 5 s past fresh: inside SWR
    const release = l.hold();
    const first = await cache.lookup('k', l.spec(10));
    const second = await cache.lookup('k', l.spec(10));
    expect([first.status, second.status]).toEqual(['STALE', 'STALE']);
    expect(body(second.entry.raw)).toBe('v1');
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(l.calls).toBe(2);
    const after = await cache.lookup('k', l.spec(10));
    expect(after.status).toBe('HIT');
    expect(body(after.entry.raw)).toBe('v2');
    expect(events.filter((e) => e === 'refresh')).toHaveLength(1);
  });

  it('past the SWR window waits for a fresh answer', async () => {
    const { cache } = setup({ swrS: 5 });
    const l = loader();
    await cache.lookup('k', l.spec(10));
    clock += 20_000;
    const next = await cache.lookup('k', l.spec(10));
    expect(next.status).toBe('MISS');
    expect(body(next.entry.raw)).toBe('v2');
  });

  it('serves stale when the upstream fails in a transient way, within the stale-if-error window only', async () => {
    const { cache } = setup({ swrS: 0, staleIfErrorS: 100 });
    const l = loader();
    await cache.lookup('k', l.spec(10));
    l.failWith(timeout());
    clock += 60_000;
    const stale = await cache.lookup('k', l.spec(10));
    expect(stale.status).toBe('STALE');
    expect(body(stale.entry.raw)).toBe('v1');
    clock += 60_000; // now 110 s past fresh
    await expect(cache.lookup('k', l.spec(10))).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
  });

  it('does not serve stale over an application error, and never stores one', async () => {
    const { cache } = setup({ swrS: 0 });
    const l = loader();
    l.failWith(new UpstreamError('UPSTREAM_APP', 'No article', { endpoint: 'queryArchivesById', appCode: 404 }));
    await expect(cache.lookup('k', l.spec())).rejects.toMatchObject({ code: 'UPSTREAM_APP' });
    await expect(cache.lookup('k', l.spec())).rejects.toMatchObject({ code: 'UPSTREAM_APP' });
    expect(l.calls).toBe(2);
    expect(cache.stats().entries).toBe(0);

    l.failWith(null);
    await cache.lookup('k2', l.spec(10));
    l.failWith(new UpstreamError('UPSTREAM_HTTP', 'Request failed with status code 404', { endpoint: 'x', httpStatus: 404 }));
    clock += 20_000;
    await expect(cache.lookup('k2', l.spec(10))).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('stays under its byte bound, counting keys and values', async () => {
    const { cache, events } = setup({ maxBytes: 20_000 });
    const l = loader();
    for (let i = 0; i < 200; i += 1) await cache.lookup(`key-${'x'.repeat(100)}-${i}`, l.spec());
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(20_000);
    expect(stats.entries).toBeLessThan(200);
    expect(stats.entries).toBeGreaterThan(10);
    expect(events).toContain('evict');
  });

  it('purges by tag, by key or path prefix, and all; listeners hear what went', async () => {
    const { cache } = setup();
    const l = loader();
    await cache.lookup('GET /api/queryArchivesById/1', l.spec(60, ['queryArchivesById', 'id:1']));
    await cache.lookup('GET /api/queryArchivesById/2', l.spec(60, ['queryArchivesById', 'id:2']));
    await cache.lookup('POST /api/queryArchivesList {"entity":{"channelNo":"News"}}', l.spec(60, ['queryArchivesList', 'channel:News']));
    const heard: string[][] = [];
    cache.onPurge((_s, removed) => heard.push(removed.map((r) => r.key)));
    expect(cache.purge({ tag: 'id:2' }).map((r) => r.key)).toEqual(['GET /api/queryArchivesById/2']);
    expect(cache.purge({ allTags: ['queryArchivesById', 'id:3'] })).toHaveLength(0);
    expect(cache.purge({ prefix: '/api/queryArchivesList' })).toHaveLength(1);
    expect(cache.stats().entries).toBe(1);
    expect(cache.purge({ all: true })).toHaveLength(1);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect(heard).toEqual([
      ['GET /api/queryArchivesById/2'],
      [],
      ['POST /api/queryArchivesList {"entity":{"channelNo":"News"}}'],
      ['GET /api/queryArchivesById/1'],
    ]);
  });

  it('a purge during a load does not fail the waiters and does not store the purged answer', async () => {
    const { cache } = setup();
    const l = loader();
    const release = l.hold();
    const pending = cache.lookup('k', l.spec());
    await new Promise((r) => setTimeout(r, 1));
    cache.purge({ all: true });
    release();
    expect(body((await pending).entry.raw)).toBe('v1');
    expect(cache.stats().entries).toBe(0);
  });

  it('sweeps entries past both stale windows (stale ones count until then)', async () => {
    const { cache } = setup({ swrS: 10, staleIfErrorS: 20 });
    const l = loader();
    await cache.lookup('k', l.spec(10));
    clock += 25_000;
    expect(cache.sweep()).toBe(0);
    expect(cache.stats().entries).toBe(1);
    clock += 10_000;
    expect(cache.sweep()).toBe(1);
    expect(cache.stats().entries).toBe(0);
  });

  it('keeps a gzipped copy of bigger answers', async () => {
    const { cache } = setup();
    const big = {
      endpoint: 'e',
      ttlS: 60,
      tags: () => [],
      load: async () => Buffer.from(JSON.stringify({ code: 200, msg: '', data: 'x'.repeat(5000) })),
    };
    const { entry } = await cache.lookup('big', big);
    expect(entry.gzip).not.toBeNull();
    expect(entry.gzip!.length).toBeLessThan(entry.raw.length / 10);
    expect(entry.etag).toMatch(/^W\/".+"$/);
  });
});

describe("one answer's share of the cache", () => {
  /** An answer of about `bytes` that gzip cannot shrink much (hex of random bytes). */
  const answerOf = (bytes: number) => ({
    endpoint: 'queryArchivesList',
    ttlS: 60,
    tags: () => [],
    load: async () => Buffer.from(JSON.stringify({ code: 200, msg: '', data: randomBytes(bytes / 2).toString('hex') })),
  });

  it('keeps an answer within a 64th of the cache; a bigger one is served and not kept', async () => {
    const { cache } = setup({ maxBytes: 48 * 1024 * 1024 });
    expect((await cache.lookup('small', answerOf(300 * 1024))).status).toBe('MISS');
    expect((await cache.lookup('small', answerOf(300 * 1024))).status).toBe('HIT');
    const big = await cache.lookup('big', answerOf(1024 * 1024));
    expect(big.status).toBe('MISS');
    expect(big.entry.raw.length).toBeGreaterThan(1024 * 1024);
    expect((await cache.lookup('big', answerOf(1024 * 1024))).status).toBe('MISS');
    expect(cache.entries().map((e) => e.key)).toEqual(['small']);
  });

  it('keeps the largest page a list call may ask for in a small cache, within a quarter of it', async () => {
    const { cache } = setup({ maxBytes: 2 * 1024 * 1024 });
    await cache.lookup('page', answerOf(150 * 1024));
    expect((await cache.lookup('page', answerOf(150 * 1024))).status).toBe('HIT');
    const tiny = setup({ maxBytes: 40_000 }).cache;
    await tiny.lookup('a', answerOf(5000));
    expect((await tiny.lookup('a', answerOf(5000))).status).toBe('HIT');
    await tiny.lookup('b', answerOf(12_000));
    expect((await tiny.lookup('b', answerOf(12_000))).status).toBe('MISS');
  });
});

describe('a slow service past the revalidate window', () => {
  it('gets the stale answer within the patience while the one refresh goes on, then the fresh one', async () => {
    const { cache } = setup({ swrS: 30, staleIfErrorS: 300 });
    const l = loader();
    await cache.lookup('k', l.spec(60));
    clock += 120_000; // past fresh (60 s) and revalidate (30 s), inside stale-if-error (300 s)
    const release = l.hold(); // the refresh hangs until released below: only the patience can end the wait
    // The watchdog only turns a wait that never ends into a failure; it is many times the patience.
    const first = await beforeDeadline(cache.lookup('k', l.spec(60)), 10_000, 'the stale answer while the refresh hangs');
    expect([first.status, body(first.entry.raw), l.calls]).toEqual(['STALE', 'v1', 2]);
    const second = await cache.lookup('k', l.spec(60));
    expect([second.status, l.calls]).toEqual(['STALE', 2]); // the refresh under way is shared
    release();
    await new Promise((r) => setTimeout(r, 10));
    const third = await cache.lookup('k', l.spec(60));
    expect([third.status, body(third.entry.raw)]).toEqual(['HIT', 'v2']);
  });

  it('still waits for a healthy service, which answers fresh', async () => {
    const { cache } = setup({ swrS: 30, staleIfErrorS: 300 });
    const l = loader();
    await cache.lookup('k', l.spec(60));
    clock += 120_000;
    const again = await cache.lookup('k', l.spec(60));
    expect([again.status, body(again.entry.raw)]).toEqual(['MISS', 'v2']);
  });
});

describe('circuit breaker', () => {
  it('opens after three failures in a row, lets one trial through per cool-down, closes on an answer', async () => {
    const { createBreaker } = await import('../../server/upstream/client.ts');
    let t = 0;
    const b = createBreaker({ now: () => t, threshold: 3, cooldownMs: 5000 });
    for (let i = 0; i < 3; i += 1) {
      expect(b.allow('x')).toBe(true);
      b.failed('x');
    }
    expect([b.allow('x'), b.allow('other'), b.retryInS('x')]).toEqual([false, true, 5]);
    t += 5000;
    expect([b.allow('x'), b.allow('x')]).toEqual([true, false]); // the trial, then wait for it
    b.succeeded('x');
    expect([b.allow('x'), b.retryInS('x')]).toEqual([true, 0]);
  });
});
