// The shared tier's parts: the frame and entry layout, and — against a real redis-server — the tag index,
// purges, the fill lock, and a hung server (SIGSTOP) costing a bounded time, never a throw.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisPurgeBus } from '../../server/sharing/purge.ts';
import { decodeEntry, encodeEntry } from '../../server/sharing/tier-entries.ts';
import { entryTag } from '../../server/content/content-api.ts';
import { createRedisLink, redact, UNAVAILABLE, type RedisLink } from '../../server/sharing/redis.ts';
import { createSharedTier, lockKey, valueKey, type SharedTier } from '../../server/sharing/tier.ts';
import type { CacheEntry } from '../../server/cache/response-cache.ts';
import { startRedis, type RunningRedis } from '../integration/redis-harness.ts';
import { beforeDeadline } from '../world/deadline.ts';

// Far above a reply on a busy machine (a slow reply must not count as a hung server): only the SIGSTOP
// test reaches it, where the server never answers.
const LINK_TIMEOUT_MS = 1_000;
/** A watchdog on waits that end because of something the test did: several times what they take. */
const WATCHDOG_MS = 10_000;
/** A fill lock that outlives the test: only a holder letting it go frees it. */
const LONG_LOCK_MS = 20_000;
/** After a timed-out command the link leaves Redis alone this long, then tries once. */
const QUIET_AFTER_TIMEOUT_MS = 1_000;

async function waitUntilUp(link: RedisLink): Promise<void> {
  const start = Date.now();
  while (!link.up() && Date.now() - start < WATCHDOG_MS) await new Promise((r) => setTimeout(r, 20));
}

const entry: CacheEntry = {
  key: 'POST /api/queryArchivesList {"entity":{"channelNo":"SNews"}}',
  endpoint: 'queryArchivesList',
  raw: Buffer.from('{"code":200,"msg":"成功","data":[]}'),
  gzip: Buffer.from([0x1f, 0x8b, 1, 2, 3]),
  etag: 'W/"abc"',
  storedAt: 1_700_000_000_123,
  freshMs: 60_000,
  tags: ['queryArchivesList', 'channel:SNews'],
};

describe('frames and entries', () => {
  it('round-trips binary bodies, and refuses a value cut short, too long, of another shape or empty', () => {
    const binary = { ...entry, raw: Buffer.from([0, 1, 2, 255, ...Buffer.from('页')]), gzip: Buffer.alloc(0) };
    expect(decodeEntry(binary.key, encodeEntry(binary))).toEqual(binary);
    const value = encodeEntry(entry);
    expect(decodeEntry(entry.key, value.subarray(0, value.length - 1))).toBeNull();
    expect(decodeEntry(entry.key, Buffer.concat([value, Buffer.from('x')]))).toBeNull();
    expect(decodeEntry(entry.key, Buffer.from('{"code":200}'))).toBeNull();
    expect(decodeEntry(entry.key, Buffer.alloc(0))).toBeNull();
  });

  it('keeps every field of a cache entry, with Buffers that own their bytes', () => {
    const value = encodeEntry(entry);
    // Compact: the header is small beside the bytes it carries.
    expect(value.length - entry.raw.length - entry.gzip!.length).toBeLessThan(200);
    const back = decodeEntry(entry.key, value)!;
    expect(back).toEqual(entry);
    expect(back.raw.buffer.byteLength).toBe(back.raw.length);
    expect(decodeEntry(entry.key, encodeEntry({ ...entry, gzip: null }))!.gzip).toBeNull();
    // A whole frame whose header is not an entry's (its endpoint field renamed, same length).
    const renamed = Buffer.from(encodeEntry(entry).toString('latin1').replace('"e":"', '"E":"'), 'latin1');
    expect(decodeEntry(entry.key, renamed)).toBeNull();
  });

  it('never logs a Redis password', () => {
    expect(redact('redis://:s3cret@cache:6379/0')).not.toContain('s3cret');
  });
});

describe('a Redis that is not there at start-up', () => {
  it('is reported down once, and used as soon as it appears', async () => {
    const redis = await startRedis();
    await redis.stop();
    const logs: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
    const link = createRedisLink({ url: redis.url, timeoutMs: LINK_TIMEOUT_MS, logger });
    try {
      const tier = createSharedTier(link);
      await new Promise((r) => setTimeout(r, 700));
      expect(link.up()).toBe(false);
      expect(await tier.get('t', 'k')).toBeNull();
      await redis.start();
      await waitUntilUp(link);
      expect(link.up()).toBe(true);
      expect(await tier.set('t', 'k', Buffer.from('v'), 10_000, [])).toBe(true);
      expect(logs.map((l) => String(l.msg).split(':')[0])).toEqual(['redis down', 'redis up']);
    } finally {
      await link.close();
      await redis.stop();
    }
  });
});

describe('against redis-server', () => {
  let redis: RunningRedis;
  let link: RedisLink;
  let tier: SharedTier;
  const logs: Array<Record<string, unknown>> = [];
  /** The link's clock (its quiet time after a timeout) stands still while set; real time otherwise. */
  let stoppedAt: number | null = null;

  beforeAll(async () => {
    redis = await startRedis();
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
    link = createRedisLink({ url: redis.url, timeoutMs: LINK_TIMEOUT_MS, logger, now: () => stoppedAt ?? Date.now() });
    tier = createSharedTier(link);
    await waitUntilUp(link);
  });
  afterAll(async () => {
    await link?.close();
    await redis?.stop();
  });

  it('stores values with a TTL and purges them by tag, by all of several tags, by key and all', async () => {
    const put = (key: string, tags: string[]) => tier.set('t', key, Buffer.from(key), 60_000, tags);
    expect(await put('GET /api/a', ['A', 'channel:x'])).toBe(true);
    await put('GET /api/b', ['B', 'channel:x']);
    await put('GET /api/c', ['C', 'channel:y']);
    await put('POST /api/d {}', ['D']);
    expect((await tier.get('t', 'GET /api/a'))?.toString()).toBe('GET /api/a');
    expect(await tier.get('t', 'GET /api/none')).toBeNull();

    expect((await tier.purge('t', { allTags: ['B', 'channel:x'] }))!.sort()).toEqual(['GET /api/b']);
    expect(await tier.get('t', 'GET /api/a')).not.toBeNull();
    expect(await tier.purge('t', { tag: 'channel:x' })).toEqual(['GET /api/a']);
    expect(await tier.get('t', 'GET /api/a')).toBeNull();
    expect(await tier.purge('t', { where: (k) => k.startsWith('POST ') })).toEqual(['POST /api/d {}']);
    expect(await tier.purge('t', { all: true })).toEqual(['GET /api/c']);
    expect(await tier.get('t', 'GET /api/c')).toBeNull();
  });

  it('a busy tag does not collect the keys of values that are gone', async () => {
    for (let i = 0; i < 50; i += 1) await tier.set('g', `old-${i}`, Buffer.from('x'), 1, ['busy']);
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 50; i += 1) await tier.set('g', `new-${i}`, Buffer.from('x'), 60_000, ['busy']);
    const members = (await link.run<Buffer[]>(['SMEMBERS', 'edge:g:t:busy'])) as Buffer[];
    const dead = members.map(String).filter((m) => m.startsWith('old-'));
    expect(members.length).toBeGreaterThanOrEqual(50);
    expect(dead.length).toBeLessThan(25);
    expect(await link.run(['PTTL', 'edge:g:t:busy'])).toBeGreaterThan(50_000);
  });

  it('one producer per key: a second filler waits for the first one’s value', async () => {
    let produced = 0;
    const produce = async () => {
      produced += 1;
      await new Promise((r) => setTimeout(r, 100));
      return { result: 'v', value: Buffer.from('v'), ttlMs: 10_000, tags: [] };
    };
    const read = (b: Buffer) => b.toString();
    // The lock outlives the test, so the second filler can only have the first one's value.
    const options = { lockMs: LONG_LOCK_MS, read };
    const both = await Promise.all([tier.fill('t', 'k1', options, produce), tier.fill('t', 'k1', options, produce)]);
    expect(produced).toBe(1);
    expect(both.map((r) => r.shared).sort()).toEqual([false, true]);
  });

  it('a failing producer lets the lock go, so a waiter takes over at once', async () => {
    let calls = 0;
    const fail = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('upstream down');
    };
    let tookOverAfterMs = Number.POSITIVE_INFINITY;
    const ok = async () => {
      tookOverAfterMs = Date.now() - started;
      return { result: 'ok', value: Buffer.from('ok'), ttlMs: 10_000, tags: [] };
    };
    const read = (b: Buffer) => b.toString();
    const options = { lockMs: LONG_LOCK_MS, read };
    const started = Date.now();
    const [first, second] = await Promise.allSettled([tier.fill('t', 'k2', options, fail), tier.fill('t', 'k2', options, ok)]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: { result: 'ok', shared: false } });
    expect(calls).toBe(1);
    // The waiter had the lock before it could have run out: the failing producer let it go.
    expect(tookOverAfterMs).toBeLessThan(LONG_LOCK_MS);
  });

  it('a purge published on the Redis bus removes answers and the pages built on them from the shared tier', async () => {
    const apiKey = 'POST /api/queryArchivesList {"entity":{"channelNo":"SNews"}}';
    await tier.set('api', apiKey, Buffer.from('answer'), 60_000, ['queryArchivesList', 'channel:SNews']);
    await tier.set('api', 'GET /api/queryAllChannel', Buffer.from('menu'), 60_000, ['queryAllChannel']);
    await tier.set('page', 'GET /News/SNews', Buffer.from('<html>'), 60_000, [entryTag(apiKey), 'path:/News/SNews']);
    await tier.set('page', 'GET /Home', Buffer.from('<html>'), 60_000, [entryTag('GET /api/queryAllChannel'), 'path:/Home']);
    await tier.set('page', 'GET /About', Buffer.from('<html>'), 60_000, ['path:/About']);
    const bus = createRedisPurgeBus({ link, tier, logger: pino({ level: 'silent' }), pages: { ns: 'page', pathOf: (k) => k.slice(4) } });
    bus.publish({ tag: 'channel:SNews' });
    bus.publish({ prefix: '/Abo' });
    await bus.close();
    expect(await tier.get('api', apiKey)).toBeNull();
    expect(await tier.get('page', 'GET /News/SNews')).toBeNull();
    expect(await tier.get('page', 'GET /About')).toBeNull();
    expect(await tier.get('api', 'GET /api/queryAllChannel')).not.toBeNull();
    expect(await tier.get('page', 'GET /Home')).not.toBeNull();
  });

  it('a hung server (SIGSTOP) costs one timeout, then Redis is skipped at once; nothing throws', async () => {
    const pid = Number((await link.run<Buffer>(['INFO', 'server'])).toString().match(/process_id:(\d+)/)![1]);
    const other = createRedisLink({ url: redis.url, timeoutMs: LINK_TIMEOUT_MS, logger: pino({ level: 'silent' }) });
    await waitUntilUp(other);
    process.kill(pid, 'SIGSTOP');
    try {
      // Shutting down does not wait for a reply a hung server will never send: only close()'s own limit
      // can end this wait, and the watchdog is several times that limit.
      const unanswered = other.run(['GET', 'x']);
      await beforeDeadline(other.close(), LINK_TIMEOUT_MS * 8, 'closing a link with a reply owed by a hung server');
      expect(await beforeDeadline(unanswered, LINK_TIMEOUT_MS * 8, 'the owed reply given up at the time limit')).toBe(UNAVAILABLE);

      // The quiet time after a timeout lasts while the link's clock stands still, however slow the machine.
      stoppedAt = Date.now();
      // Only the command's time limit can end this wait: the server never answers.
      expect(await beforeDeadline(tier.get('t', 'x'), LINK_TIMEOUT_MS * 8, 'a command to a hung server')).toBeNull();
      expect(link.up()).toBe(false);
      const down = logs.filter((l) => String(l.msg).startsWith('redis down'));
      expect(down).toHaveLength(1);
      expect(String(down[0]!.reason)).toMatch(/took longer than REDIS_TIMEOUT_MS/);
      // Skipped: nothing goes to the server in the quiet time. What was sent would run once it resumes,
      // so these keys (kept for a minute) would be there then.
      expect(await tier.set('t', 'quiet', Buffer.from('x'), 60_000, ['T'])).toBe(false);
      expect(await tier.lock('t', 'quiet', 60_000)).toEqual({ state: 'unavailable' });
      stoppedAt = null;
      // Still hung a while later: tried once a second, still down, and logged once — no flapping.
      const upsBefore = logs.filter((l) => String(l.msg).startsWith('redis up')).length;
      await new Promise((r) => setTimeout(r, 2 * QUIET_AFTER_TIMEOUT_MS + 500));
      expect(link.up()).toBe(false);
      expect(logs.filter((l) => String(l.msg).startsWith('redis down'))).toHaveLength(1);
      expect(logs.filter((l) => String(l.msg).startsWith('redis up'))).toHaveLength(upsBefore);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // Back without any traffic of ours: the once-a-second PING notices.
    await waitUntilUp(link);
    expect(link.up()).toBe(true);
    expect(await tier.set('t', 'after', Buffer.from('x'), 1000, [])).toBe(true);
    expect(await link.run(['EXISTS', valueKey('t', 'quiet'), lockKey('t', 'quiet')])).toBe(0);
  });
});
