// What the caches keep in the shared tier, and the second tiers they are given over it: upstream answers
// in namespace "api" (the response cache's SecondTier, with one fill per cold key across instances) and
// whole pages in namespace "page" (the page cache's PageSecondTier).
//
// Every value is one frame: a small JSON header (what the entry is: times, tags, etag, a page's headers)
// and the bodies as raw bytes, never base64 or JSON-escaped:
//
//   "EF1" | u32 header length | header JSON (UTF-8) | u8 body count | per body: u32 length | bytes
//
// A value that does not parse (another version, a truncated write) decodes to null: a miss, never a throw.
import type { PageEntry, PageSecondTier } from '../cache/page-cache.ts';
import { isTransient, type CacheEntry, type SecondTier } from '../cache/response-cache.ts';
import { ownBytes } from '../http/prepared.ts';
import { lacksBrotli, type Prepared } from '../http/prepared.ts';
import type { SharedTier } from './tier.ts';

export const API_NS = 'api';
/** Whole pages; purges of the upstream cache follow into it (see the Redis purge bus). */
export const PAGE_NS = 'page';

const MAGIC = Buffer.from('EF1');
const MAX_BODIES = 8;

interface Frame<H> {
  header: H;
  /** Each body is a view into the decoded Buffer (copy it before keeping it for long: see ownBytes). */
  bodies: Buffer[];
}

function encodeFrame(header: unknown, bodies: readonly Buffer[]): Buffer {
  if (bodies.length > MAX_BODIES) throw new Error(`a frame holds at most ${MAX_BODIES} bodies`);
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const size = MAGIC.length + 4 + head.length + 1 + bodies.reduce((n, b) => n + 4 + b.length, 0);
  const out = Buffer.allocUnsafe(size);
  let at = MAGIC.copy(out, 0);
  at = out.writeUInt32BE(head.length, at);
  at += head.copy(out, at);
  at = out.writeUInt8(bodies.length, at);
  for (const body of bodies) {
    at = out.writeUInt32BE(body.length, at);
    at += body.copy(out, at);
  }
  return out;
}

function decodeFrame<H>(buf: Buffer): Frame<H> | null {
  try {
    if (buf.length < MAGIC.length + 5 || !buf.subarray(0, MAGIC.length).equals(MAGIC)) return null;
    let at = MAGIC.length;
    const headLength = buf.readUInt32BE(at);
    at += 4;
    if (at + headLength + 1 > buf.length) return null;
    const header = JSON.parse(buf.toString('utf8', at, at + headLength)) as H;
    at += headLength;
    const count = buf.readUInt8(at);
    at += 1;
    if (count > MAX_BODIES) return null;
    const bodies: Buffer[] = [];
    for (let i = 0; i < count; i += 1) {
      const length = buf.readUInt32BE(at);
      at += 4;
      if (at + length > buf.length) return null;
      bodies.push(buf.subarray(at, at + length));
      at += length;
    }
    return at === buf.length ? { header, bodies } : null;
  } catch {
    return null;
  }
}

/**
 * An upstream answer's header; its bodies are the raw answer and its gzip copy. Storing the gzip copy
 * costs Redis a fraction more bytes (JSON compresses well) and saves every other instance the compression
 * on each second-tier hit (bench/redis-tier.ts measures both).
 */
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
  if (typeof h.e !== 'string' || typeof h.t !== 'string' || !Number.isFinite(h.s) || !Number.isFinite(h.f) || !Array.isArray(h.g))
    return null;
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

interface ApiSecondTierOptions {
  now: () => number;
  /** Lifetime of the fill lock: the longest one upstream call may take (UPSTREAM_TIMEOUT_MS and a little). */
  lockMs: number;
}

/** The response cache's second tier: fresh answers another instance stored, one upstream call per cold key. */
export function apiSecondTier(tier: SharedTier, { now, lockMs }: ApiSecondTierOptions): SecondTier {
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

/** A page's header; its bodies are the prepared answer's: identity, then gzip and brotli when present. */
interface PageHeader {
  v: 1;
  status: number;
  head: string[];
  etag: string;
  storedAt: number;
  freshMs: number;
  swrMs: number;
  staleIfErrorMs: number;
  tags: string[];
  routeId: string;
  codings: Array<'gzip' | 'br'>;
}

function encodePage(e: PageEntry): Buffer {
  const { prepared: p } = e;
  const codings = (['gzip', 'br'] as const).filter((c) => p[c] !== null);
  const header: PageHeader = {
    v: 1,
    status: p.status,
    head: [...p.head],
    etag: p.etag,
    storedAt: e.storedAt,
    freshMs: e.freshMs,
    swrMs: e.swrMs,
    staleIfErrorMs: e.staleIfErrorMs,
    tags: [...e.tags],
    routeId: e.routeId,
    codings,
  };
  return encodeFrame(header, [p.identity, ...codings.map((c) => p[c]!)]);
}

function decodePage(key: string, buf: Buffer): PageEntry | null {
  const frame = decodeFrame<PageHeader>(buf);
  const h = frame?.header;
  if (!frame || h?.v !== 1 || frame.bodies.length !== 1 + h.codings.length) return null;
  // The bodies are views into one Buffer: copied into their own, as every stored page's are.
  const body = (i: number) => ownBytes(Buffer.from(frame.bodies[i]!));
  const gzipAt = h.codings.indexOf('gzip');
  const brAt = h.codings.indexOf('br');
  const prepared: Prepared = {
    status: h.status,
    head: h.head,
    etag: h.etag,
    identity: body(0),
    gzip: gzipAt === -1 ? null : body(1 + gzipAt),
    br: brAt === -1 ? null : body(1 + brAt),
  };
  return {
    key,
    prepared,
    storedAt: h.storedAt,
    freshMs: h.freshMs,
    swrMs: h.swrMs,
    staleIfErrorMs: h.staleIfErrorMs,
    tags: h.tags,
    routeId: h.routeId,
    brotliDue: lacksBrotli(prepared),
  };
}

/** The page cache's second tier: whole pages in PAGE_NS, indexed under their tags. */
export function pageSecondTier(tier: SharedTier): PageSecondTier {
  return {
    get: async (key) => {
      const value = await tier.get(PAGE_NS, key);
      return value ? decodePage(key, value) : null;
    },
    set: (entry, ttlMs) => void tier.set(PAGE_NS, entry.key, encodePage(entry), ttlMs, entry.tags),
  };
}
