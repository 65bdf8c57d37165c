// The made variants, in memory, bounded by bytes (lru-cache). `fetch()` coalesces: twenty requests for
// one variant that is not there yet wait on the one computation, and a failure is not kept (the next
// request tries again). The bound is fixed, not a share of CACHE_MAX_BYTES: that number is documented
// as the bound of the API and page caches together, and taking from it would shrink them silently.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { OutputFormat } from './variant-request.ts';

/** 32 MiB: thousands of thumbnails or about a thousand large variants; browsers and CDNs keep the rest. */
export const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

export interface Variant {
  body: Buffer;
  type: string;
  etag: string;
  /** The URL names one upload for good: `immutable` may be promised. */
  stable: boolean;
  /** resized: sharp made it; as_is: the stored bytes fitted; original: not a picture sharp reads (sent as stored). */
  kind: 'resized' | 'as_is' | 'original';
}

export interface VariantKey {
  path: string;
  width: number;
  format: OutputFormat;
}

export type MakeVariant = (key: VariantKey, signal: AbortSignal) => Promise<{ variant: Variant; ttlMs?: number }>;

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export interface VariantCache {
  get(key: VariantKey): Promise<{ variant: Variant; hit: boolean }>;
  stats(): { entries: number; bytes: number };
}

export function createVariantCache({ maxBytes = IMAGE_CACHE_BYTES, make }: { maxBytes?: number; make: MakeVariant }): VariantCache {
  const cache = new LRUCache<string, Variant, VariantKey>({
    maxSize: maxBytes,
    // Bytes of the picture plus its key and bookkeeping; a variant larger than the whole bound is not kept.
    sizeCalculation: (v, k) => v.body.length + k.length + 256,
    fetchMethod: async (_k, _stale, { signal, context, options }) => {
      const { variant, ttlMs } = await make(context, signal);
      if (ttlMs !== undefined) options.ttl = ttlMs;
      return variant;
    },
  });
  const keyOf = (k: VariantKey): string => `${k.format} ${k.width} ${k.path}`;
  return {
    async get(key) {
      const k = keyOf(key);
      const hit = cache.has(k);
      const variant = await cache.fetch(k, { context: key });
      // fetch() resolves undefined only when the computation was aborted (evicted meanwhile): make it again.
      return { variant: variant ?? (await make(key, AbortSignal.timeout(30_000))).variant, hit };
    },
    stats: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  };
}
