// A prepared answer: everything a cached answer sends that does not depend on the request — status,
// headers (security headers, type, Cache-Control, ETag, Vary, tags) flattened once, and the body in each
// coding compressed once — so sending it is a lookup and one writeHead. The front door and the Express
// routes send cached answers through sendPrepared alone, so both send the same bytes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress as brotliCb, constants as zlib, gzip as gzipCb } from 'node:zlib';
import { setCacheLabel } from '../http-context.ts';
import { ownBytes } from '../upstream/cache.ts';
import { chooseCoding, matchesEtag } from './encoding.ts';

const brotli = promisify(brotliCb);
const gzip = promisify(gzipCb);

/** Bodies smaller than this are sent as they are (a compressed copy would save less than its headers). */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli for stored copies. Quality 11 takes ~45 ms of the thread pool on a 46 KB list page for 8% fewer
 * bytes than quality 9. The window is what sets the encoder's memory: with brotli's default (4 MiB)
 * quality 9 builds a 32 MiB hash table for every copy — 10–15 ms, and four at once in the thread pool
 * took RSS up by ~100 MiB, most of the edge's growth under many distinct pages. A 64 KiB window (2^16)
 * lets brotli use its small hashers: 0.8 ms for the list page, 3 ms for the 74 KB home page, a few MiB,
 * for at most 0.1% more bytes (home 11,028 B against 11,015; the list page and an API list the same).
 */
export const BROTLI_WINDOW_BITS = 16;
const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } as const;

export interface Prepared {
  readonly status: number;
  /** writeHead's flat form: name, value, name, value… (no per-request or per-coding header). */
  readonly head: readonly string[];
  readonly etag: string;
  readonly identity: Buffer;
  readonly gzip: Buffer | null;
  readonly br: Buffer | null;
}

/** What differs per sending. */
export interface Sending {
  requestId: string;
  /** X-Cache: HIT, STALE… and Age; absent for answers that are not cached copies (files, probes). */
  cache?: string;
  ageS?: number;
  /** While draining, every answer closes its connection. */
  close: boolean;
}

/**
 * A cached copy's sending, from the request's. A literal, never `{ ...sending, cache, ageS }`: in Node 20
 * each spread copy that adds keys gets a hidden class of its own (megamorphic reads downstream, a map per
 * answer to collect) — ~15 µs per hit in bench:door. The page cache and the API fast path both use this.
 */
export function cachedSending(sending: Pick<Sending, 'requestId' | 'close'>, cache: string, ageS: number): Sending {
  return { requestId: sending.requestId, close: sending.close, cache, ageS };
}

export type HeaderPairs = ReadonlyArray<readonly [string, string]>;

/** The flat header list of pairs, with names in their usual case and no duplicates by name (the last wins). */
export function flatHead(pairs: HeaderPairs): string[] {
  const byName = new Map<string, readonly [string, string]>();
  for (const pair of pairs) byName.set(pair[0].toLowerCase(), pair);
  return [...byName.values()].flat();
}

/** Compresses once (in the thread pool) and freezes the headers; `brotli: false` leaves the brotli copy for withBrotli. */
export async function prepare(status: number, pairs: HeaderPairs, body: Buffer, etag: string, codings = { brotli: true }): Promise<Prepared> {
  const identity = ownBytes(body);
  const worth = identity.length >= COMPRESS_MIN_BYTES;
  const [gz, br] = worth ? await Promise.all([gzip(identity, { level: 9 }), codings.brotli ? brotliOf(identity) : null]) : [null, null];
  return {
    status,
    head: flatHead([...pairs, ['ETag', etag], ['Vary', 'Accept-Encoding']]),
    etag,
    identity,
    // zlib's output is a slice of its own output chunk: keep only the bytes.
    gzip: smallerCopy(gz, identity),
    br: smallerCopy(br, identity),
  };
}

/** Whether a prepared answer could still gain a brotli copy (it has none, and its body is worth compressing). */
export function lacksBrotli(p: Prepared): boolean {
  return p.br === null && p.identity.length >= COMPRESS_MIN_BYTES;
}

/** The same answer with its brotli copy (none when brotli would not be smaller). */
export async function withBrotli(p: Prepared): Promise<Prepared> {
  const br = smallerCopy(await brotliOf(p.identity), p.identity);
  return { status: p.status, head: p.head, etag: p.etag, identity: p.identity, gzip: p.gzip, br };
}

function brotliOf(identity: Buffer): Promise<Buffer> {
  // Once per stored copy, not per answer.
  // eslint-disable-next-line no-restricted-syntax
  return brotli(identity, { params: { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } });
}

function smallerCopy(copy: Buffer | null, identity: Buffer): Buffer | null {
  return copy && copy.length < identity.length ? ownBytes(copy) : null;
}

/** The same, for bodies compressed already (a cached API answer carries its gzip copy). */
export function preparedOf(status: number, pairs: HeaderPairs, etag: string, identity: Buffer, gzip: Buffer | null): Prepared {
  return { status, head: flatHead([...pairs, ['ETag', etag], ['Vary', 'Accept-Encoding']]), etag, identity, gzip, br: null };
}

/** Bytes a prepared answer holds, for a cache's bound (its Buffers own their memory). */
export function preparedBytes(p: Prepared): number {
  let n = p.identity.length + (p.gzip?.length ?? 0) + (p.br?.length ?? 0) + 2 * p.etag.length;
  for (const s of p.head) n += 2 * s.length + 16;
  return n;
}

/** Sends it: the coding the client takes, 304 when it has this version, no body for HEAD. Returns the status sent. */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, p: Prepared, sending: Sending): number {
  const headers = [...p.head, 'X-Request-Id', sending.requestId];
  if (sending.cache !== undefined) {
    setCacheLabel(res, sending.cache);
    headers.push('X-Cache', sending.cache, 'Age', String(sending.ageS ?? 0));
  }
  if (sending.close) headers.push('Connection', 'close');
  if (matchesEtag(req.headers['if-none-match'], p.etag)) {
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  const coding = chooseCoding(req.headers['accept-encoding'], { br: p.br !== null, gzip: p.gzip !== null });
  const body = coding === 'br' ? p.br! : coding === 'gzip' ? p.gzip! : p.identity;
  if (coding !== 'identity') headers.push('Content-Encoding', coding);
  headers.push('Content-Length', String(body.length));
  res.writeHead(p.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return p.status;
}
