// Captures a page as the page router sends it, for the page cache to store: what it writes (res.write
// and res.end are wrapped, so a streamed document is copied chunk by chunk as it goes out, with no
// second buffer in the way), and, just before its head goes out, whether shared caches may keep it.
// Resolves when the answer is complete and may be replayed; null when it may not.
import type { Request, Response } from 'express';
import { labelCache, pageLocalsOf, routeIdOf, type PageLocals } from '../http-context.ts';

/** Pages bigger than this are not kept (they would crowd out everything else). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Headers of a render that are per request or per coding, never replayed. */
const SKIPPED_HEADERS = new Set([
  'set-cookie',
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-cache',
  'age',
  'etag',
  'vary',
  // Which worker answered is the worker's to say, per answer (a stored page may be served by another).
  'x-edge-worker',
]);

/** The page cache's lifetimes (PAGE_CACHE_TTL_S, _SWR_S, _STALE_IF_ERROR_S) and its clock. */
export interface KeepPolicy {
  ttlS: number;
  swrS: number;
  staleIfErrorS: number;
  now: () => number;
}

/** A complete, replayable page as it went out. */
export interface CapturedPage {
  body: Buffer;
  /** The headers to replay. */
  headers: Array<[string, string]>;
  /** When the visitor had it (its age counts from here). */
  at: number;
  freshMs: number;
  /** Out of date by the clock alone (PageLocals.pageExpiresAt): no stale window. */
  byClock: boolean;
  /** What purges it: the upstream entries it was built from, and its own path. */
  tags: string[];
  routeId: string;
}

/** PAGE_CACHE_TTL_S, or less when the page goes out of date sooner (then no stale window). */
function lifetimeOf(policy: KeepPolicy, expiresAt: number | undefined): { freshMs: number; byClock: boolean } {
  const ttl = policy.ttlS * 1000;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return { freshMs: ttl, byClock: false };
  const left = Math.max(0, expiresAt - policy.now());
  return left < ttl ? { freshMs: left, byClock: true } : { freshMs: ttl, byClock: false };
}

/** What the router recorded about the page when it allows keeping it, else null (read again when it has finished). */
function keepable(policy: KeepPolicy, res: Response): PageLocals | null {
  const page = pageLocalsOf(res);
  const cacheControl = String(res.getHeader('cache-control') ?? '');
  const ok =
    page !== null &&
    res.statusCode === 200 &&
    page.pageUpstreamCache.every((s) => s === 'HIT' || s === 'MISS') &&
    !res.getHeader('set-cookie') &&
    !/no-store|private/.test(cacheControl) &&
    lifetimeOf(policy, page.pageExpiresAt).freshMs > 0;
  return ok ? page : null;
}

const tagsOfPage = (req: Request, page: PageLocals): string[] => [...page.pageTags, `path:${req.path}`];

/** `Cache-Control` of a page that may be kept: browsers revalidate (a purge cannot reach them), shared caches keep it. */
function sharedCacheControl(ttlS: number, swrS: number, staleIfErrorS: number): string {
  return `public, max-age=0, s-maxage=${ttlS}, stale-while-revalidate=${swrS}, stale-if-error=${staleIfErrorS}`;
}

/** Tags as CDN purge keys: Surrogate-Key (Fastly: space-separated) and Cache-Tag (Cloudflare, Akamai: commas). */
function tagHeaders(tags: readonly string[]): Array<[string, string]> {
  const safe = tags.filter((t) => /^[\x21-\x7e]+$/.test(t) && !t.includes(','));
  return safe.length === 0 ? [] : [['Surrogate-Key', safe.join(' ')], ['Cache-Tag', safe.join(',')]];
}

/** Just before the head goes out: shared caches may keep a keepable page; others say no-store. */
function decideHeaders(policy: KeepPolicy, req: Request, res: Response): void {
  const page = keepable(policy, res);
  if (page) {
    const { freshMs, byClock } = lifetimeOf(policy, page.pageExpiresAt);
    res.setHeader('Cache-Control', sharedCacheControl(Math.floor(freshMs / 1000), byClock ? 0 : policy.swrS, byClock ? 0 : policy.staleIfErrorS));
    for (const [name, value] of tagHeaders(tagsOfPage(req, page))) res.setHeader(name, value);
  } else if (res.getHeader('set-cookie')) {
    res.setHeader('Cache-Control', 'private, no-store');
  } else if (!res.getHeader('cache-control')) {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

function replayedHeaders(res: Response): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || SKIPPED_HEADERS.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) pairs.push([name, String(v)]);
  }
  return pairs;
}

/** Wraps the answer's write, end and writeHead: copies the body, decides the headers (labelled a MISS). */
function tap(policy: KeepPolicy, req: Request, res: Response, keep: (chunk: unknown, encoding: unknown) => void): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response['end'];
  res.writeHead = ((...args: unknown[]) => {
    if (typeof args[0] === 'number') res.statusCode = args[0];
    decideHeaders(policy, req, res);
    return writeHead(...args);
  }) as Response['writeHead'];
  labelCache(res, 'MISS', 0);
}

/** Captures the answer the page router is about to send; resolves once it has gone out. */
export function capturePage(policy: KeepPolicy, req: Request, res: Response): Promise<CapturedPage | null> {
  // A response can be gone before the page router starts: Node's parser refuses a request whose framing
  // breaks after its headers (answers 400 and closes the socket) while the request is on its way here.
  // Its 'close' has been emitted already, and listening for it would leave the render's followers waiting.
  if (res.destroyed || res.writableFinished) return Promise.resolve(null);
  const chunks: Buffer[] = [];
  let size = 0;
  tap(policy, req, res, (chunk, encoding) => {
    if (size > MAX_PAGE_BYTES || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    chunks.push(buf);
  });
  return new Promise((resolve) => {
    res.on('close', () => {
      if (!res.writableFinished) resolve(null);
    });
    res.on('finish', () => {
      const page = keepable(policy, res);
      if (!page || size > MAX_PAGE_BYTES) return resolve(null);
      const { freshMs, byClock } = lifetimeOf(policy, page.pageExpiresAt);
      // Its age counts from now, when the visitor had it, not from when its compressed copies are ready.
      const at = policy.now();
      resolve({ body: Buffer.concat(chunks, size), headers: replayedHeaders(res), at, freshMs, byClock, tags: tagsOfPage(req, page), routeId: routeIdOf(res) });
    });
  });
}
