// The edge's cache policies (server/cache/policies.ts) and its one validator (server/cache/kit.ts
// etagOf), on their own: values made once however many wait, failures not kept, byte and entry bounds,
// lifetimes, and the last good copy standing in for a failed rebuild. The caches that use them are
// tested where they live (iiif-image-cache, write-once, speculation-parts, miss-budget, the discovery
// and manifest suites).
import { describe, expect, it } from 'vitest';
import { etagOf } from '../../server/cache/kit.ts';
import { lastGoodCopies, recentByCount, singleFlightByBytes, singleFlightByCount, type Make } from '../../server/cache/policies.ts';
import { preparedOf } from '../../server/http/prepared.ts';
import { sent } from './fixtures/send-prepared.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A maker of `bytes`-long bodies named by their key, counting its calls; `failNext` makes one call throw. */
function maker(bytes = 100) {
  const state = { calls: 0, failNext: false };
  const make: Make<{ body: Buffer }, string> = async (key) => {
    state.calls += 1;
    await pause(5);
    if (state.failNext) {
      state.failNext = false;
      throw new Error(`store down for ${key}`);
    }
    return { value: { body: Buffer.alloc(bytes, key) } };
  };
  return { state, make };
}

describe('singleFlightByBytes', () => {
  it('makes a value once for 20 concurrent asks, and answers the next from memory', async () => {
    const { state, make } = maker();
    const cache = singleFlightByBytes({ maxBytes: 10_000, bytesOf: (v) => v.body.length, keyOf: (k: string) => k, make });
    const got = await Promise.all(Array.from({ length: 20 }, () => cache.get('a')));
    expect(state.calls).toBe(1);
    expect(got.every((g) => g.value === got[0]!.value && !g.hit)).toBe(true);
    expect(await cache.get('a')).toMatchObject({ hit: true });
    expect(cache.find('a')).toBe(got[0]!.value);
    expect(state.calls).toBe(1);
  });

  it('keeps no failure: every waiter gets it, and the next ask makes the value again', async () => {
    const { state, make } = maker();
    const cache = singleFlightByBytes({ maxBytes: 10_000, bytesOf: (v) => v.body.length, keyOf: (k: string) => k, make });
    state.failNext = true;
    const failed = await Promise.allSettled([cache.get('a'), cache.get('a')]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(cache.find('a')).toBeUndefined();
    expect((await cache.get('a')).hit).toBe(false);
    expect(state.calls).toBe(2);
  });

  it('holds no more bytes than its bound (value, key and book-keeping), the least recent going first', async () => {
    const { make } = maker(1000);
    const cache = singleFlightByBytes({ maxBytes: 5000, bytesOf: (v) => v.body.length, keyOf: (k: string) => k, make });
    for (let i = 0; i < 20; i++) await cache.get(`k${i}`);
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(5000);
    expect(entries).toBe(3); // 1000 + 2 + 256 bytes each
    expect(cache.find('k0')).toBeUndefined();
    expect(cache.find('k19')).toBeDefined();
  });

  it('hands a value larger than the whole bound to its waiters and keeps it not', async () => {
    const { state, make } = maker(6000);
    const cache = singleFlightByBytes({ maxBytes: 5000, bytesOf: (v) => v.body.length, keyOf: (k: string) => k, make });
    const [a, b] = await Promise.all([cache.get('big'), cache.get('big')]);
    expect(a.value.body.length).toBe(6000);
    expect(b.value).toBe(a.value);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    await cache.get('big');
    expect(state.calls).toBe(2);
  });

  it('keeps a value for the ttl its maker gives, and one without for good', async () => {
    let calls = 0;
    const cache = singleFlightByBytes<{ body: Buffer }, string>({
      maxBytes: 10_000,
      bytesOf: (v) => v.body.length,
      keyOf: (k) => k,
      make: async (k) => {
        calls += 1;
        return { value: { body: Buffer.from(k) }, ...(k.startsWith('brief') ? { ttlMs: 20 } : {}) };
      },
    });
    await cache.get('brief');
    await cache.get('lasting');
    await pause(40);
    expect(cache.find('brief')).toBeUndefined();
    expect(cache.find('lasting')).toBeDefined();
    expect((await cache.get('brief')).hit).toBe(false);
    expect(calls).toBe(3);
  });

  it('keys asks by keyOf', async () => {
    const made: string[] = [];
    const cache = singleFlightByBytes<{ body: Buffer }, { path: string; width: number }>({
      maxBytes: 10_000,
      bytesOf: (v) => v.body.length,
      keyOf: ({ path, width }) => `${width} ${path}`,
      make: async ({ path, width }) => {
        made.push(`${path}@${width}`);
        return { value: { body: Buffer.alloc(width) } };
      },
    });
    await cache.get({ path: '/p', width: 3 });
    await cache.get({ path: '/p', width: 3 });
    await cache.get({ path: '/p', width: 5 });
    expect(made).toEqual(['/p@3', '/p@5']);
    expect(cache.find({ path: '/p', width: 5 })?.body.length).toBe(5);
  });
});

describe('singleFlightByCount', () => {
  it('holds at most max entries, takes values set from elsewhere, and makes each missing one once', async () => {
    let calls = 0;
    const cache = singleFlightByCount<{ n: number }, string>({
      max: 3,
      keyOf: (k) => k,
      make: async () => {
        calls += 1;
        await pause(5);
        return { value: { n: calls } };
      },
    });
    cache.set('given', { n: -1 });
    expect((await cache.get('given')).value).toEqual({ n: -1 });
    await Promise.all([cache.get('a'), cache.get('a'), cache.get('b'), cache.get('c')]);
    expect(calls).toBe(3);
    expect(cache.stats().entries).toBe(3);
    expect(cache.find('given')).toBeUndefined();
  });
});

describe('lastGoodCopies', () => {
  const outage = new Error('service down');
  const missing = new Error('no such record');
  const usable = (err: unknown) => err === outage;

  function copies(options: { whole?: (v: { text: string; whole?: boolean }) => boolean } = {}) {
    let clock = 1_000_000;
    const cache = lastGoodCopies<{ text: string; whole?: boolean }>({ max: 2, ttlS: 10, now: () => clock, ...options });
    return { cache, advance: (ms: number) => (clock += ms) };
  }

  it('builds a copy (MISS), answers it within its lifetime (HIT), and builds again after it', async () => {
    const { cache, advance } = copies();
    let builds = 0;
    const build = async () => ({ text: `v${++builds}` });
    expect(await cache.get('k', build, usable)).toMatchObject({ value: { text: 'v1' }, status: 'MISS', ageS: 0, kept: true });
    advance(9_000);
    expect(await cache.get('k', build, usable)).toMatchObject({ value: { text: 'v1' }, status: 'HIT', ageS: 9 });
    advance(1_000);
    expect(await cache.get('k', build, usable)).toMatchObject({ value: { text: 'v2' }, status: 'MISS', ageS: 0 });
    expect(builds).toBe(2);
  });

  it('answers the last good copy as STALE, with its age, when a rebuild fails in an outage', async () => {
    const { cache, advance } = copies();
    await cache.get('k', async () => ({ text: 'good' }), usable);
    advance(60_000);
    const answer = await cache.get('k', () => Promise.reject(outage), usable);
    expect(answer).toMatchObject({ value: { text: 'good' }, status: 'STALE', ageS: 60 });
  });

  it('throws a failure no copy may stand in for, and drops the copy', async () => {
    const { cache, advance } = copies();
    await cache.get('k', async () => ({ text: 'good' }), usable);
    advance(60_000);
    await expect(cache.get('k', () => Promise.reject(missing), usable)).rejects.toBe(missing);
    await expect(cache.get('k', () => Promise.reject(outage), usable)).rejects.toBe(outage);
  });

  it('throws an outage when there is no copy to stand in', async () => {
    const { cache } = copies();
    await expect(cache.get('k', () => Promise.reject(outage), usable)).rejects.toBe(outage);
  });

  it('answers an incomplete build once, unkept, when there is no copy, and the last good copy when there is', async () => {
    const { cache, advance } = copies({ whole: (v) => v.whole !== false });
    expect(await cache.get('k', async () => ({ text: 'part', whole: false }), usable)).toMatchObject({
      value: { text: 'part' },
      status: 'MISS',
      kept: false,
    });
    expect(await cache.get('k', async () => ({ text: 'all' }), usable)).toMatchObject({ value: { text: 'all' }, status: 'MISS' });
    advance(10_000);
    expect(await cache.get('k', async () => ({ text: 'part', whole: false }), usable)).toMatchObject({
      value: { text: 'all' },
      status: 'STALE',
      ageS: 10,
    });
  });

  it('shares one build among the callers of one key', async () => {
    const { cache } = copies();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await pause(5);
      return { text: 'once' };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', build, usable)));
    expect(builds).toBe(1);
    expect(answers.every((a) => a.status === 'MISS' && a.value === answers[0]!.value)).toBe(true);
  });

  it('keeps at most max copies, the least recent going first', async () => {
    const { cache } = copies();
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ({ text: key }), usable);
    await expect(cache.get('a', () => Promise.reject(outage), usable)).rejects.toBe(outage);
    expect(await cache.get('c', () => Promise.reject(outage), usable)).toMatchObject({ status: 'HIT' });
  });
});

describe('recentByCount', () => {
  it('holds at most max entries, the least recent going first', () => {
    const map = recentByCount<number>({ max: 100 });
    for (let i = 0; i < 5000; i++) map.set(`k${i}`, i);
    expect(map.size).toBe(100);
    expect(map.get('k0')).toBeUndefined();
    expect(map.get('k4999')).toBe(4999);
    expect(map.delete('k4999')).toBe(true);
    expect(map.get('k4999')).toBeUndefined();
  });

  it('forgets an entry after its ttl by the clock it is given, and keeps it without one', () => {
    let clock = 5_000;
    const brief = recentByCount<true>({ max: 10, ttlMs: 1000, now: () => clock });
    const lasting = recentByCount<true>({ max: 10, now: () => clock });
    brief.set('k', true);
    lasting.set('k', true);
    clock += 1000;
    expect(brief.get('k')).toBe(true);
    clock += 1;
    expect(brief.get('k')).toBeUndefined();
    clock += 1e9;
    expect(lasting.get('k')).toBe(true);
  });
});

describe('etagOf', () => {
  it('is one weak validator of the bytes: the same for the same bytes, another for others', () => {
    const tag = etagOf(Buffer.from('答案'));
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf(Buffer.from('答案'))).toBe(tag);
    expect(etagOf(Buffer.from('答 案'))).not.toBe(tag);
  });

  it('is matched by If-None-Match in its weak or strong form, alone or in a list (what a 304 needs)', () => {
    const tag = etagOf(Buffer.from('tile'));
    const tile = preparedOf(200, [['Content-Type', 'image/jpeg']], tag, Buffer.from('tile'), null);
    const statusFor = (ifNoneMatch: string) => sent(tile, { 'if-none-match': ifNoneMatch }).status;
    expect(statusFor(tag)).toBe(304);
    expect(statusFor(tag.slice(2))).toBe(304);
    expect(statusFor(`"other", ${tag}`)).toBe(304);
    expect(statusFor('*')).toBe(304);
    expect(statusFor(etagOf(Buffer.from('other')))).toBe(200);
  });
});
