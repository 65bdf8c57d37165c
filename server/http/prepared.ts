// A prepared answer: everything an answer from memory sends that does not depend on the request — status,
// headers (security headers, type, Cache-Control, ETag, Vary, tags) flattened once, and the body in each
// coding compressed once — so sending it is a lookup and one writeHead. sendPrepared is the one sender of
// every answer the edge holds in memory (stored pages, API reads, IIIF answers, picture variants, build
// files, /healthz), called by the front door's parts and by Express's routes alike: it alone decides the
// 304 (If-None-Match, `*` included, by weak comparison), HEAD, the coding and `Vary`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress as brotliCb, constants as zlib, gzip as gzipCb } from 'node:zlib';
import { noteCache, notePrepared } from './request-log.ts';

const brotli = promisify(brotliCb);
const gzip = promisify(gzipCb);

/**
 * The same bytes in an ArrayBuffer of their own and of their size. A Buffer that is a slice of a bigger
 * one keeps all of it alive for as long as a cache keeps the slice: undici's body is a view into the
 * socket read (headers included), Buffer.concat and Buffer.from put small buffers into a shared pool
 * slab, and zlib's output is a slice of its output chunk. A cache that counts only the slices holds far
 * more than its bound says. (Buffer.from(buf) and Buffer.copyBytesFrom use the pool too, hence the
 * ArrayBuffer copy.)
 */
export function ownBytes(buf: Buffer): Buffer {
  if (buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength) return buf;
  return Buffer.from(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}

/** Bodies smaller than this are sent as they are (a compressed copy would save less than its headers). */
const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli for stored copies. Quality 9, not 11: quality 11 costs many times the thread pool's time on a
 * list page for a few per cent fewer bytes. The window is what sets the encoder's memory: with brotli's
 * default (4 MiB) quality 9 builds a 32 MiB hash table for every copy, slow to set up, and a few copies
 * made at once in the thread pool would be most of the edge's growth under many distinct pages. A
 * 64 KiB window (2^16) lets brotli use its small hashers: a fraction of the time and a few MiB per copy,
 * for next to no more bytes (pages and API answers are far smaller than the window).
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
  /** X-Cache: HIT, STALE…; absent for answers that are not cached copies (files, probes). */
  cache?: string;
  /** Age, in seconds, when the cache knows how old its copy is. */
  ageS?: number;
  /** While draining, every answer closes its connection. */
  close: boolean;
}

export type HeaderPairs = ReadonlyArray<readonly [string, string]>;

/** The flat header list of pairs, names in lower case and no duplicates by name (the last wins). */
export function flatHead(pairs: HeaderPairs): string[] {
  const byName = new Map<string, string>();
  for (const [name, value] of pairs) byName.set(name.toLowerCase(), value);
  // Lower-case names: Node writes them with less work per answer (it lower-cases a name to recognise
  // the headers it treats specially), and HTTP names are case-insensitive.
  return [...byName].flat();
}

/**
 * The headers of a prepared answer: its own, its ETag, and `Vary` naming Accept-Encoding beside whatever
 * else the answer varies on (a picture variant's Accept, info.json's).
 */
function preparedHead(pairs: HeaderPairs, etag: string): string[] {
  let vary = 'Accept-Encoding';
  for (const [name, value] of pairs) {
    if (name.toLowerCase() !== 'vary') continue;
    vary = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(value) ? value : `${value}, Accept-Encoding`;
  }
  return flatHead([...pairs, ['ETag', etag], ['Vary', vary]]);
}

/** Compresses once (in the thread pool) and freezes the headers; `brotli: false` leaves the brotli copy for withBrotli. */
export async function prepare(
  status: number,
  pairs: HeaderPairs,
  body: Buffer,
  etag: string,
  codings = { brotli: true },
): Promise<Prepared> {
  const identity = ownBytes(body);
  const worth = identity.length >= COMPRESS_MIN_BYTES;
  const [gz, br] = worth ? await Promise.all([gzip(identity, { level: 9 }), codings.brotli ? brotliOf(identity) : null]) : [null, null];
  return {
    status,
    head: preparedHead(pairs, etag),
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

/** The same, for bodies compressed already (a cached API answer carries its gzip copy; a build file both). */
export function preparedOf(
  status: number,
  pairs: HeaderPairs,
  etag: string,
  identity: Buffer,
  gzip: Buffer | null,
  br: Buffer | null = null,
): Prepared {
  return { status, head: preparedHead(pairs, etag), etag, identity, gzip, br };
}

/** Bytes a prepared answer holds, for a cache's bound (its Buffers own their memory). */
export function preparedBytes(p: Prepared): number {
  let n = p.identity.length + (p.gzip?.length ?? 0) + (p.br?.length ?? 0) + 2 * p.etag.length;
  for (const s of p.head) n += 2 * s.length + 16;
  return n;
}

/**
 * Sends it, in one writeHead and one write: 304 when If-None-Match names this version (or is `*`), the
 * best coding the client takes among the copies there are, no body for HEAD. Returns the status sent.
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, p: Prepared, sending: Sending): number {
  const headers = [...p.head, 'X-Request-Id', sending.requestId];
  if (sending.cache !== undefined) {
    noteCache(res, sending.cache);
    headers.push('X-Cache', sending.cache);
  }
  if (sending.ageS !== undefined) headers.push('Age', String(sending.ageS));
  if (sending.close) headers.push('Connection', 'close');
  notePrepared(res);
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

// Which stored copy a client takes, from its Accept-Encoding: brotli, then gzip, then the bytes as they
// are. Browsers send a handful of distinct short header values, so each is parsed once and remembered (a
// table bounded in entries and in each key's length: a client sending a new or a long value every time only
// costs the parse).
type Coding = 'br' | 'gzip' | 'identity';

const MEMO_LIMIT = 64;
/** Longer values are parsed every time, never kept: a browser's is a few dozen characters. */
const MEMO_KEY_CHARS = 128;
const memo = new Map<string, { br: boolean; gzip: boolean }>();

/**
 * What the table holds: its entries and the characters of their keys.
 * @internal test hook: the table's bound is what the test proves, whatever values clients send.
 */
export function codingMemoStats(): { entries: number; chars: number } {
  let chars = 0;
  for (const key of memo.keys()) chars += key.length;
  return { entries: memo.size, chars };
}

function parse(header: string): { br: boolean; gzip: boolean } {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get('*');
  const allows = (coding: string): boolean => (weights.get(coding) ?? star ?? 0) > 0;
  return { br: allows('br'), gzip: allows('gzip') };
}

/** The best coding this client accepts among the copies there are. */
function chooseCoding(header: string | undefined, has: { br: boolean; gzip: boolean }): Coding {
  if (!header) return 'identity';
  let accepted = memo.get(header);
  if (!accepted) {
    accepted = parse(header);
    if (header.length <= MEMO_KEY_CHARS) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(header, accepted);
    }
  }
  if (has.br && accepted.br) return 'br';
  if (has.gzip && accepted.gzip) return 'gzip';
  return 'identity';
}

/** If-None-Match names this entity tag (a list, `*`, weak or strong: weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}
