// One entry of the response cache: the answer's bytes (its own copies, and a gzip copy made once), its
// validator, when it was stored and for how long it is fresh — and what all of it costs in memory, the
// figure the cache's byte bound counts.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';

const gzip = promisify(gzipCb);

/** Answers smaller than this are not worth a compressed copy. */
const GZIP_MIN_BYTES = 1024;
/**
 * Book-keeping per entry beyond its key, tags and bytes, counted in the bound: the entry object, its
 * etag, the tags array, two Buffers with their ArrayBuffers and backing stores, lru-cache's slot. A heap
 * snapshot after `npm run bench:soak` showed ~0.8 KB of heap per entry plus the backing stores; 256 B
 * made thousands of small answers (an empty search is ~150 B) cost several times what was counted.
 */
const ENTRY_OVERHEAD_BYTES = 1024;

export interface CacheEntry {
  readonly key: string;
  readonly endpoint: string;
  /** The upstream's answer exactly as received. */
  readonly raw: Buffer;
  /** The same bytes gzipped once at store time (null when too small to bother). */
  readonly gzip: Buffer | null;
  readonly etag: string;
  /** When the upstream produced it (injected clock, ms). */
  readonly storedAt: number;
  readonly freshMs: number;
  readonly tags: readonly string[];
}

/** What a string costs in V8 at most: two bytes per UTF-16 unit (any CJK makes all of it two-byte), plus its header. */
export function stringBytes(s: string): number {
  return 2 * s.length + 16;
}

/**
 * The same bytes in an ArrayBuffer of their own and of their size. A Buffer that is a slice of a bigger
 * one keeps all of it alive for as long as the cache keeps the slice: undici's body is a view into the
 * socket read (headers included), Buffer.concat and Buffer.from put anything under 4 KiB into a
 * shared 8 KiB pool slab, and zlib's output is a slice of its 16 KiB output chunk. Measured in the soak:
 * 26.5 MiB of ArrayBuffers held by entries counted as 14.8 MiB, most of it 8 KiB slabs behind ~2 KB
 * gzip copies. (Buffer.from(buf) and Buffer.copyBytesFrom use the pool too, hence the ArrayBuffer copy.)
 */
export function ownBytes(buf: Buffer): Buffer {
  if (buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength) return buf;
  return Buffer.from(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}

/** What the entry really holds (its Buffers own their memory: see ownBytes): its size in the byte bound. */
export function entryBytes(entry: CacheEntry, key: string): number {
  return stringBytes(key) + entry.tags.reduce((n, t) => n + stringBytes(t), 0) + entry.raw.length + (entry.gzip?.length ?? 0) + ENTRY_OVERHEAD_BYTES;
}

/** The weak validator of an answer's bytes. */
export function etagOf(raw: Buffer): string {
  return `W/"${createHash('sha1').update(raw).digest('base64url').slice(0, 27)}"`;
}

/** An entry for an answer just received; stored at `now()` once its gzip copy is made. */
export async function newEntry(
  answer: Buffer,
  about: { key: string; endpoint: string; freshMs: number; tags: readonly string[] },
  now: () => number,
): Promise<CacheEntry> {
  const raw = ownBytes(answer);
  return {
    key: about.key,
    endpoint: about.endpoint,
    raw,
    gzip: raw.length >= GZIP_MIN_BYTES ? ownBytes(await gzip(raw)) : null,
    etag: etagOf(raw),
    storedAt: now(),
    freshMs: about.freshMs,
    tags: about.tags,
  };
}
