// The page cache (DESIGN.md "Caching semantics"): whole answers of the page router (HTML documents and
// /__data JSON) for anonymous GETs, fresh for PAGE_CACHE_TTL_S. A page remembers the upstream cache tags
// it was built from (res.locals.pageTags, set by server/render), so purging an upstream entry — by an
// operator or after a write — purges the pages built on it too.
//
// Stored only when it is safe to replay: GET, status 200, no Set-Cookie, not no-store/private, and every
// upstream answer the page used was fresh (a page built on STALE data is not pinned for another TTL).
// A page that changes by the clock alone (an activity's status words) says when (res.locals.pageExpiresAt)
// and is kept no longer than that.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { routeIdOf, setRouteId } from './http-context.ts';
import { ownBytes, stringBytes, type CacheEvent, type PurgedEntry, type PurgeSelector } from './upstream/cache.ts';

/** Pages bigger than this are not kept (they would crowd out everything else). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/**
 * Book-keeping per page beyond its key, headers, tags and bytes, counted in the bound: the entry object,
 * the headers object, two Buffers with their ArrayBuffers, etag, route id, lru-cache's slot (~1.2 KB of
 * heap per page in a snapshot after `npm run bench:soak`).
 */
const PAGE_OVERHEAD_BYTES = 1536;
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
]);

interface PageEntry {
  key: string;
  status: number;
  headers: Record<string, string | number | string[]>;
  body: Buffer;
  gzip: Buffer;
  etag: string;
  storedAt: number;
  tags: readonly string[];
  routeId: string;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  hitRatio: number;
}

export interface PageCache {
  middleware: RequestHandler;
  /** Follows a purge of the upstream cache: the same selector, and every page built on a removed entry. */
  purge(selector: PurgeSelector, removedUpstream?: readonly PurgedEntry[]): number;
  stats(): PageCacheStats;
  close(): void;
}

export interface PageCacheOptions {
  ttlS: number;
  maxBytes: number;
  now: () => number;
  onEvent?: (event: CacheEvent) => void;
  /** Told the tags of every page served from the cache (the visits it was built on still count). */
  onHit?: (tags: readonly string[]) => void;
}

function keyOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}${req.originalUrl}`;
}

/** The stored headers' names and values, as strings in V8, plus a slot each. */
function headerBytes(headers: PageEntry['headers']): number {
  let n = 0;
  for (const [name, value] of Object.entries(headers)) {
    n += stringBytes(name) + 16;
    for (const v of Array.isArray(value) ? value : [value]) n += typeof v === 'string' ? stringBytes(v) : 16;
  }
  return n;
}

function pathOf(key: string): string {
  return new URL(key).pathname;
}

export function createPageCache({ ttlS, maxBytes, now, onEvent, onHit }: PageCacheOptions): PageCache {
  const counts = { hits: 0, misses: 0 };
  const lru = new LRUCache<string, PageEntry>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (e, key) => stringBytes(key) + headerBytes(e.headers) + e.tags.reduce((n, t) => n + stringBytes(t), 0) + e.body.length + e.gzip.length + PAGE_OVERHEAD_BYTES,
    ttl: ttlS * 1000,
    ttlResolution: 0,
    perf: { now },
    dispose: (_v, _k, reason) => {
      if (reason === 'evict') onEvent?.('evict');
    },
  });

  /**
   * PAGE_CACHE_TTL_S, or less when the page goes out of date sooner (0: do not keep it). lru-cache
   * keeps an entry while its age is not above the ttl: one ms less makes the moment itself a miss.
   */
  function lifetimeMs(expiresAt: unknown): number {
    const ttl = ttlS * 1000;
    return typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? Math.min(ttl, Math.max(0, expiresAt - now() - 1)) : ttl;
  }

  function serve(req: Request, res: Response, entry: PageEntry): void {
    setRouteId(res, entry.routeId);
    res.status(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader('X-Cache', 'HIT');
    res.setHeader('Age', String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    res.setHeader('ETag', entry.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === entry.etag) {
      res.status(304).end();
      return;
    }
    const useGzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    const body = useGzip ? entry.gzip : entry.body;
    if (useGzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Copies what the page router writes, and stores it once the answer is complete and replayable. */
  function record(req: Request, res: Response, key: string): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (size > MAX_PAGE_BYTES || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buf.length;
      chunks.push(buf);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response['end'];
    res.setHeader('X-Cache', 'MISS');
    res.setHeader('Age', '0');

    res.on('finish', () => {
      const ttl = lifetimeMs(res.locals.pageExpiresAt);
      const tags = res.locals.pageTags as unknown;
      const upstream = (res.locals.pageUpstreamCache as unknown) ?? [];
      const cacheControl = String(res.getHeader('cache-control') ?? '');
      const replayable =
        res.statusCode === 200 &&
        Array.isArray(tags) &&
        Array.isArray(upstream) &&
        upstream.every((s) => s === 'HIT' || s === 'MISS') &&
        !res.getHeader('set-cookie') &&
        !/no-store|private/.test(cacheControl) &&
        size <= MAX_PAGE_BYTES &&
        ttl > 0;
      if (!replayable) return;
      // Under 4 KiB, Buffer.concat answers a slice of the shared 8 KiB pool.
      const body = ownBytes(Buffer.concat(chunks, size));
      const headers: PageEntry['headers'] = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !SKIPPED_HEADERS.has(name)) headers[name] = value;
      }
      // Once per page and lifetime, after the visitor has the answer: compressing here keeps every
      // replay free of compression work.
      const entry: PageEntry = {
        key,
        status: 200,
        headers,
        body,
        // gzipSync's answer is a slice of zlib's 16 KiB output chunk: keep only its own bytes.
        gzip: ownBytes(gzipSync(body)),
        etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
        storedAt: now(),
        tags: [...(tags as string[]), `path:${req.path}`],
        routeId: routeIdOf(res),
      };
      lru.set(key, entry, { ttl });
    });
  }

  const middleware: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization) {
      next();
      return;
    }
    const key = keyOf(req);
    const entry = lru.get(key);
    if (entry) {
      counts.hits += 1;
      onEvent?.('hit');
      serve(req, res, entry);
      if (req.method === 'GET') onHit?.(entry.tags);
      return;
    }
    counts.misses += 1;
    onEvent?.('miss');
    if (req.method === 'GET') record(req, res, key);
    next();
  };

  return {
    middleware,
    purge(selector, removedUpstream = []) {
      const entryTags = new Set(removedUpstream.flatMap((r) => r.tags.filter((t) => t.startsWith('entry:'))));
      const doomed: string[] = [];
      lru.forEach((page, key) => {
        const bySelector =
          'all' in selector
            ? true
            : 'prefix' in selector
              ? pathOf(key).startsWith(selector.prefix)
              : 'tag' in selector
                ? page.tags.includes(selector.tag)
                : selector.allTags.every((t) => page.tags.includes(t));
        if (bySelector || page.tags.some((t) => entryTags.has(t))) doomed.push(key);
      });
      for (const key of doomed) lru.delete(key);
      return doomed.length;
    },
    stats() {
      const looked = counts.hits + counts.misses;
      return { entries: lru.size, bytes: lru.calculatedSize, maxBytes, ...counts, hitRatio: looked === 0 ? 0 : counts.hits / looked };
    },
    close() {
      lru.clear();
    },
  };
}
