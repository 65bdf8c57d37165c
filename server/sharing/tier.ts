// The shared second tier: values by namespace and key in Redis, a tag index so purges by tag, prefix or
// everything work there too, and a short lock so one instance fetches a cold value while the others wait
// for it. Generic (Buffers in, Buffers out): each cache keeps its entries in a namespace of its own
// (tier-entries.ts).
//
// Layout (one Redis, not a cluster: the scripts touch several keys):
//   edge:<ns>:v:<key>   the value (SET … PX ttl)
//   edge:<ns>:t:<tag>   SET of the keys carrying <tag>; its TTL is raised to the longest member's
//   edge:<ns>:l:<key>   the fill lock (SET NX PX), holding a random token
// Memory: every key expires (fresh + stale windows for values), and the server's maxmemory policy
// (allkeys-lru, see docs/operating.md "Many instances and Redis") evicts the coldest when full. An evicted tag set only means a purge by that
// tag misses entries that then live out their (short) TTL.
import { randomUUID } from 'node:crypto';
import { UNAVAILABLE, type RedisArg, type RedisLink } from './redis.ts';

export type TierPurge = { all: true } | { tag: string } | { allTags: readonly string[] } | { where: (key: string) => boolean };

type LockResult = { state: 'held'; release(): Promise<void> } | { state: 'busy' } | { state: 'unavailable' };
type WaitResult = { state: 'value'; value: Buffer } | { state: 'free' } | { state: 'timeout' } | { state: 'unavailable' };

interface FillOptions<T> {
  /** How long the lock lives: the longest a producer may take (a dead holder delays the others this long). */
  lockMs: number;
  /** A stored value → what it means, or null when it is not usable (unreadable, too old). */
  read: (value: Buffer) => T | null;
}

interface Produced<T> {
  result: T;
  value: Buffer;
  ttlMs: number;
  tags: readonly string[];
}

export interface SharedTier {
  /** Redis is connected and answering in time (the `edge_redis_up` gauge, /readyz detail). */
  up(): boolean;
  get(ns: string, key: string): Promise<Buffer | null>;
  /** Stores the value for ttlMs and indexes it under each tag; false when Redis could not take it. */
  set(ns: string, key: string, value: Buffer, ttlMs: number, tags: readonly string[]): Promise<boolean>;
  /** Removes the matching values; their keys, or null when Redis was not available (nothing or part removed). */
  purge(ns: string, selector: TierPurge): Promise<string[] | null>;
  /** Takes the fill lock of a key for ttlMs (SET NX PX). */
  lock(ns: string, key: string, ttlMs: number): Promise<LockResult>;
  /** Polls for the value while the lock is held: a usable value, 'free' (the lock is gone without one), or the deadline. */
  waitFor(ns: string, key: string, options: { untilMs: number; accept?: (value: Buffer) => boolean }): Promise<WaitResult>;
  /**
   * One producer per cold key across instances: a usable stored value, else produce() under the lock (its
   * value is stored before the lock goes), else — lock busy — the value the holder stores. When the holder
   * dies its lock expires and a waiter takes over; when Redis is unavailable produce() just runs.
   */
  fill<T>(ns: string, key: string, options: FillOptions<T>, produce: () => Promise<Produced<T>>): Promise<{ result: T; shared: boolean }>;
}

/** Poll intervals of a waiter: quick at first (a fetch on loopback is a few ms), then every 100 ms. */
const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 100;
/** A purge by prefix or of everything walks the namespace with SCAN, this many keys a step. */
const SCAN_COUNT = 1000;
const SCAN_MAX_STEPS = 10_000;

/**
 * Indexes ARGV[3] (the key) under the tag sets KEYS[first..]: the set lives as long as its longest member,
 * and each addition drops up to three members picked at random whose values are gone (expired, evicted),
 * so a busy tag (an endpoint's name) does not collect dead keys forever. ARGV[5] is the values' prefix.
 */
const INDEX_TAGS = (first: number) => `
for i = ${first}, #KEYS do
  redis.call('SADD', KEYS[i], ARGV[3])
  if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
  for _, k in ipairs(redis.call('SRANDMEMBER', KEYS[i], 3)) do
    if redis.call('EXISTS', ARGV[5] .. k) == 0 then redis.call('SREM', KEYS[i], k) end
  end
end`;
/** KEYS: value, tags…; ARGV: value, ttl ms, key, (unused), values' prefix. */
const SET_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
${INDEX_TAGS(2)}
return 1`;
/** Members of one tag set (or the intersection of several) → their values removed (and a single tag's set); the keys that were there. */
const PURGE_TAGS_SCRIPT = `
local removed = {}
for _, k in ipairs(redis.call('SINTER', unpack(KEYS))) do
  if redis.call('UNLINK', ARGV[1] .. k) == 1 then removed[#removed + 1] = k end
end
if #KEYS == 1 then redis.call('UNLINK', KEYS[1]) end
return removed`;
/** KEYS: lock, value; ARGV: token, lock ms → {value or nil, 1 when the lock was taken}. */
const LOCK_AND_PEEK_SCRIPT = `
local taken = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0
return {redis.call('GET', KEYS[2]), taken}`;
/** SET_SCRIPT with the lock (KEYS[2], token ARGV[4]) let go in the same step. */
const SET_AND_RELEASE_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
if redis.call('GET', KEYS[2]) == ARGV[4] then redis.call('DEL', KEYS[2]) end
${INDEX_TAGS(3)}
return 1`;
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const PEEK_SCRIPT = `return {redis.call('GET', KEYS[1]), redis.call('EXISTS', KEYS[2])}`;

/** @internal test hook: the Redis tests look at a value's key in Redis itself. */
export const valueKey = (ns: string, key: string) => `edge:${ns}:v:${key}`;
const tagKey = (ns: string, tag: string) => `edge:${ns}:t:${tag}`;
/** @internal test hook: the Redis tests look at a fill lock's key in Redis itself. */
export const lockKey = (ns: string, key: string) => `edge:${ns}:l:${key}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (v: unknown): string => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v));

/** What the tier's parts share: the link, EVAL through it, and the clock of lock deadlines. */
interface TierRedis {
  link: RedisLink;
  evalScript: (script: string, keys: readonly string[], args: readonly RedisArg[]) => Promise<unknown>;
  now: () => number;
}

export function createSharedTier(link: RedisLink, now: () => number = Date.now): SharedTier {
  const redis: TierRedis = {
    link,
    evalScript: (script, keys, args) => link.run<unknown>(['EVAL', script, String(keys.length), ...keys, ...args]),
    now,
  };
  const tier: SharedTier = {
    up: () => link.up(),

    async get(ns, key) {
      const value = await link.run<Buffer | null>(['GET', valueKey(ns, key)]);
      return value === UNAVAILABLE || value === null ? null : value;
    },

    async set(ns, key, value, ttlMs, tags) {
      const ttl = String(Math.max(1, Math.ceil(ttlMs)));
      const reply = await redis.evalScript(
        SET_SCRIPT,
        [valueKey(ns, key), ...tags.map((t) => tagKey(ns, t))],
        [value, ttl, key, '', valueKey(ns, '')],
      );
      return reply !== UNAVAILABLE;
    },

    purge: (ns, selector) => purgeValues(redis, ns, selector),
    lock: (ns, key, ttlMs) => takeLock(redis, ns, key, ttlMs),
    waitFor: (ns, key, options) => waitForValue(redis, ns, key, options),
    fill: (ns, key, options, produce) => fillOnce(redis, tier, { ns, key, ...options }, produce),
  };
  return tier;
}

/** The tag index answers purges by tag; a purge by prefix (where) or of everything walks the namespace. */
async function purgeValues({ link, evalScript }: TierRedis, ns: string, selector: TierPurge): Promise<string[] | null> {
  const prefix = valueKey(ns, '');
  if ('all' in selector) {
    // Tag sets and locks go too; only the values' keys are reported.
    const names = await scanDelete(link, `edge:${ns}:*`, (name) => name);
    return names && names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));
  }
  if ('where' in selector) {
    return scanDelete(link, `${prefix}*`, (name) => {
      const key = name.slice(prefix.length);
      return selector.where(key) ? key : null;
    });
  }
  const tags = 'tag' in selector ? [selector.tag] : [...selector.allTags];
  if (tags.length === 0) return [];
  const reply = await evalScript(
    PURGE_TAGS_SCRIPT,
    tags.map((t) => tagKey(ns, t)),
    [prefix],
  );
  return reply === UNAVAILABLE ? null : (reply as unknown[]).map(text);
}

/** Removes the names matching the pattern that keep() maps to a key; those keys, or null when Redis went away. */
async function scanDelete(link: RedisLink, pattern: string, keep: (name: string) => string | null): Promise<string[] | null> {
  const removed: string[] = [];
  let cursor = '0';
  for (let step = 0; step < SCAN_MAX_STEPS; step += 1) {
    const reply = await link.run<[Buffer | string, Buffer[]]>(['SCAN', cursor, 'MATCH', pattern, 'COUNT', String(SCAN_COUNT)]);
    if (reply === UNAVAILABLE) return null;
    cursor = text(reply[0]);
    const names = reply[1].map(text);
    const doomed = names.filter((name) => keep(name) !== null);
    if (doomed.length > 0) {
      if ((await link.run(['UNLINK', ...doomed])) === UNAVAILABLE) return null;
      for (const name of doomed) removed.push(keep(name)!);
    }
    if (cursor === '0') return removed;
  }
  return removed;
}

async function takeLock({ link, evalScript }: TierRedis, ns: string, key: string, ttlMs: number): Promise<LockResult> {
  const token = randomUUID();
  const name = lockKey(ns, key);
  const reply = await link.run(['SET', name, token, 'NX', 'PX', String(Math.max(1, Math.ceil(ttlMs)))]);
  if (reply === UNAVAILABLE) return { state: 'unavailable' };
  if (reply === null) return { state: 'busy' };
  return { state: 'held', release: async () => void (await evalScript(RELEASE_SCRIPT, [name], [token])) };
}

async function waitForValue(
  { evalScript, now }: TierRedis,
  ns: string,
  key: string,
  { untilMs, accept }: { untilMs: number; accept?: (value: Buffer) => boolean },
): Promise<WaitResult> {
  let pause = FIRST_POLL_MS;
  for (;;) {
    const reply = await evalScript(PEEK_SCRIPT, [valueKey(ns, key), lockKey(ns, key)], []);
    if (reply === UNAVAILABLE) return { state: 'unavailable' };
    const [value, locked] = reply as [Buffer | null, number];
    if (Buffer.isBuffer(value) && (accept?.(value) ?? true)) return { state: 'value', value };
    if (Number(locked) === 0) return { state: 'free' };
    if (now() >= untilMs) return { state: 'timeout' };
    await sleep(Math.min(pause, Math.max(1, untilMs - now())));
    pause = Math.min(MAX_POLL_MS, pause * 2);
  }
}

/** SharedTier.fill: the stored value, else the lock and produce(), else the holder's value (see the interface). */
async function fillOnce<T>(
  redis: TierRedis,
  tier: SharedTier,
  { ns, key, lockMs, read }: FillOptions<T> & { ns: string; key: string },
  produce: () => Promise<Produced<T>>,
): Promise<{ result: T; shared: boolean }> {
  const { evalScript, now } = redis;
  const stored = await tier.get(ns, key);
  const found = stored && read(stored);
  if (found) return { result: found, shared: true };
  // A waiter gives up after two lock lifetimes: one dead holder and one that took over.
  const untilMs = now() + 2 * lockMs;
  while (now() < untilMs) {
    const token = randomUUID();
    // One round trip: take the lock and look at the value again (the previous holder may have stored it
    // and let go since our GET).
    const reply = await evalScript(LOCK_AND_PEEK_SCRIPT, [lockKey(ns, key), valueKey(ns, key)], [token, String(Math.ceil(lockMs))]);
    if (reply === UNAVAILABLE) break;
    const [value, taken] = reply as [Buffer | null, number];
    const late = Buffer.isBuffer(value) ? read(value) : null;
    if (Number(taken) === 1) {
      if (late) {
        void evalScript(RELEASE_SCRIPT, [lockKey(ns, key)], [token]);
        return { result: late, shared: true };
      }
      return { result: await produceUnderLock(redis, ns, key, token, produce), shared: false };
    }
    if (late) return { result: late, shared: true };
    let meaning: T | null = null;
    const waited = await tier.waitFor(ns, key, { untilMs, accept: (v) => (meaning = read(v)) !== null });
    if (waited.state === 'value' && meaning !== null) return { result: meaning, shared: true };
    if (waited.state !== 'free') break; // timeout or Redis gone: go to the source ourselves
  }
  const produced = await produce();
  void tier.set(ns, key, produced.value, produced.ttlMs, produced.tags);
  return { result: produced.result, shared: false };
}

/** Runs produce() while holding the lock; stores its value and lets the lock go in one round trip (or just lets go on failure). */
async function produceUnderLock<T>(
  { evalScript }: TierRedis,
  ns: string,
  key: string,
  token: string,
  produce: () => Promise<Produced<T>>,
): Promise<T> {
  let produced: Produced<T>;
  try {
    produced = await produce();
  } catch (err) {
    await evalScript(RELEASE_SCRIPT, [lockKey(ns, key)], [token]);
    throw err;
  }
  const ttl = String(Math.max(1, Math.ceil(produced.ttlMs)));
  const keys = [valueKey(ns, key), lockKey(ns, key), ...produced.tags.map((t) => tagKey(ns, t))];
  await evalScript(SET_AND_RELEASE_SCRIPT, keys, [produced.value, ttl, key, token, valueKey(ns, '')]);
  return produced.result;
}
