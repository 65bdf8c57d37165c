// Upstream answers in the shared tier (namespace "api"): the SecondTier of server/upstream/cache.ts.
// An entry travels as one frame: a header (endpoint, etag, storedAt, freshMs, tags) and the raw answer plus
// its gzip copy. Storing the gzip copy costs Redis ~a quarter more bytes (JSON compresses ~4:1) and saves
// every other instance the compression on each second-tier hit (bench/redis-tier.ts measures both).
import type { CacheEntry, SecondTier } from '../upstream/cache.ts';
import { isTransient, ownBytes } from '../upstream/cache.ts';
import { decodeFrame, encodeFrame } from './frame.ts';
import type { SharedTier } from './tier.ts';

export const API_NS = 'api';

interface EntryHeader {
  /** endpoint */
  e: string;
  /** etag */
  t: string;
  /** storedAt (ms since the epoch, the producing instance's clock) */
  s: number;
  /** freshMs */
  f: number;
  /** tags */
  g: string[];
}

export function encodeEntry(entry: CacheEntry): Buffer {
  const header: EntryHeader = { e: entry.endpoint, t: entry.etag, s: entry.storedAt, f: entry.freshMs, g: [...entry.tags] };
  return encodeFrame(header, entry.gzip ? [entry.raw, entry.gzip] : [entry.raw]);
}

/** The entry stored under `key`, with Buffers of its own (the reply it came in is not kept alive), or null. */
export function decodeEntry(key: string, value: Buffer): CacheEntry | null {
  const frame = decodeFrame<EntryHeader>(value);
  if (!frame) return null;
  const { header: h, bodies } = frame;
  if (typeof h.e !== 'string' || typeof h.t !== 'string' || !Number.isFinite(h.s) || !Number.isFinite(h.f) || !Array.isArray(h.g)) return null;
  if (bodies.length < 1) return null;
  return {
    key,
    endpoint: h.e,
    raw: ownBytes(bodies[0]!),
    gzip: bodies[1] ? ownBytes(bodies[1]) : null,
    etag: h.t,
    storedAt: h.s,
    freshMs: h.f,
    tags: h.g.map(String),
  };
}

export interface ApiEntriesOptions {
  now: () => number;
  /** Lifetime of the fill lock: the longest one upstream call may take (UPSTREAM_TIMEOUT_MS and a little). */
  lockMs: number;
}

export function apiSecondTier(tier: SharedTier, { now, lockMs }: ApiEntriesOptions): SecondTier {
  return {
    async fill(key, load, keepMs) {
      const read = (value: Buffer) => {
        const entry = decodeEntry(key, value);
        // Only fresh copies: a stale one is refreshed by whoever finds it so (under the lock); it is kept for
        // the stale windows only as the fallback below.
        return entry && now() - entry.storedAt < entry.freshMs ? entry : null;
      };
      try {
        const { result, shared } = await tier.fill(API_NS, key, { lockMs, read }, async () => {
          const entry = await load();
          return { result: entry, value: encodeEntry(entry), ttlMs: entry.freshMs + keepMs, tags: entry.tags };
        });
        return { entry: result, shared };
      } catch (err) {
        // The upstream failed: an older copy another instance stored beats no answer (stale-if-error).
        if (!isTransient(err)) throw err;
        const value = await tier.get(API_NS, key);
        const stale = value && decodeEntry(key, value);
        if (!stale || now() - stale.storedAt >= stale.freshMs + keepMs) throw err;
        return { entry: stale, shared: true };
      }
    },
  };
}
