// The made variants, in memory: `singleFlightByBytes` (server/cache/policies.ts). Twenty requests for one
// variant that is not there yet wait on the one computation, and a failure is not kept (the next request
// tries again). The bound is fixed, not a share of CACHE_MAX_BYTES: that number is documented as the
// bound of the API and page caches together, and taking from it would shrink them silently.
import { singleFlightByBytes, type Make, type SingleFlight } from '../cache/policies.ts';
import type { OutputFormat } from './variant-request.ts';

/** 32 MiB: thousands of thumbnails or about a thousand large variants; browsers and CDNs keep the rest. */
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

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

/** The made variants, keyed by format, width and path. */
type VariantCache = SingleFlight<Variant, VariantKey>;

export function createVariantCache({
  maxBytes = IMAGE_CACHE_BYTES,
  make,
}: {
  maxBytes?: number;
  make: Make<Variant, VariantKey>;
}): VariantCache {
  return singleFlightByBytes({
    maxBytes,
    bytesOf: (v) => v.body.length,
    keyOf: (k) => `${k.format} ${k.width} ${k.path}`,
    make,
    // A variant's whole making ends within 30 s (variants.ts): so does one a caller makes alone.
    aloneLimitMs: 30_000,
  });
}
