// Per-endpoint figures for operators: how each read endpoint is answered (hits, misses, stale, bypass),
// what it holds in the cache (entries, bytes) and how fast its upstream answers (p50/p95 of the last
// RESERVOIR calls: a small ring per endpoint, so the figure follows the service as it is now and the
// memory is bounded: endpoints × RESERVOIR numbers). The same figures go to /metrics as labelled series;
// the histogram edge_upstream_duration_seconds stays the long-run source for Prometheus.
import type { CacheStatus } from '../upstream/api.ts';
import type { CacheEntry, ResponseCache } from '../upstream/cache.ts';
import { stringBytes } from '../upstream/cache.ts';
import type { CallOutcome } from '../upstream/client.ts';

export const RESERVOIR = 256;

export interface EndpointFigures {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  stale: number;
  bypass: number;
  /** (hits + stale) / (hits + misses + stale); null before the first lookup. */
  hitRatio: number | null;
  upstream: {
    calls: number;
    errors: number;
    /** Over the last RESERVOIR calls; null before the first. */
    p50Ms: number | null;
    p95Ms: number | null;
  };
}

interface Counts {
  hits: number;
  misses: number;
  stale: number;
  bypass: number;
  calls: number;
  errors: number;
  ring: Float64Array;
  ringNext: number;
  ringSize: number;
}

export interface Totals {
  hits: number;
  misses: number;
  stale: number;
  calls: number;
  errors: number;
}

export interface EndpointStats {
  lookup(endpoint: string, status: CacheStatus): void;
  upstream(endpoint: string, outcome: CallOutcome, seconds: number): void;
  /** Every endpoint seen or cached, by name (sorted). */
  figures(): Record<string, EndpointFigures>;
  totals(): Totals;
  /** Upstream durations (s) since the last call of this function, at most 4096 kept: the history's p95. */
  drainRecentDurations(): number[];
}

const quantile = (sorted: ArrayLike<number>, q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** The bytes an entry holds, as the cache counts them (key, tags, raw, gzip), without its fixed overhead. */
const entryBytes = (entry: CacheEntry) =>
  stringBytes(entry.key) + entry.tags.reduce((n, t) => n + stringBytes(t), 0) + entry.raw.length + (entry.gzip?.length ?? 0);

export function createEndpointStats(cache: ResponseCache, readEndpoints: readonly string[]): EndpointStats {
  const byEndpoint = new Map<string, Counts>();
  const totals: Totals = { hits: 0, misses: 0, stale: 0, calls: 0, errors: 0 };
  let recent: number[] = [];
  const countsOf = (endpoint: string): Counts => {
    let c = byEndpoint.get(endpoint);
    if (!c) {
      c = { hits: 0, misses: 0, stale: 0, bypass: 0, calls: 0, errors: 0, ring: new Float64Array(RESERVOIR), ringNext: 0, ringSize: 0 };
      byEndpoint.set(endpoint, c);
    }
    return c;
  };
  for (const endpoint of readEndpoints) countsOf(endpoint);

  return {
    lookup(endpoint, status) {
      const c = countsOf(endpoint);
      if (status === 'HIT') {
        c.hits += 1;
        totals.hits += 1;
      } else if (status === 'MISS') {
        c.misses += 1;
        totals.misses += 1;
      } else if (status === 'STALE') {
        c.stale += 1;
        totals.stale += 1;
      } else c.bypass += 1;
    },
    upstream(endpoint, outcome, seconds) {
      const c = countsOf(endpoint);
      c.calls += 1;
      totals.calls += 1;
      if (outcome !== 'ok') {
        c.errors += 1;
        totals.errors += 1;
      }
      c.ring[c.ringNext] = seconds;
      c.ringNext = (c.ringNext + 1) % RESERVOIR;
      c.ringSize = Math.min(RESERVOIR, c.ringSize + 1);
      if (recent.length < 4096) recent.push(seconds);
    },
    figures() {
      // Entries and bytes from the cache itself; each endpoint's share of the cache's own byte count
      // (which adds a fixed overhead per entry) so the endpoints add up to GET /_edge/cache's total.
      const held = new Map<string, { entries: number; bytes: number }>();
      let rawTotal = 0;
      const entries = cache.entries();
      for (const entry of entries) {
        const h = held.get(entry.endpoint) ?? { entries: 0, bytes: 0 };
        const bytes = entryBytes(entry);
        h.entries += 1;
        h.bytes += bytes;
        rawTotal += bytes;
        held.set(entry.endpoint, h);
        countsOf(entry.endpoint);
      }
      const cacheBytes = cache.stats().bytes;
      const perEntryOverhead = entries.length === 0 ? 0 : Math.max(0, (cacheBytes - rawTotal) / entries.length);
      const out: Record<string, EndpointFigures> = {};
      for (const name of [...byEndpoint.keys()].sort()) {
        const c = byEndpoint.get(name)!;
        const h = held.get(name) ?? { entries: 0, bytes: 0 };
        const looked = c.hits + c.misses + c.stale;
        const sorted = c.ring.slice(0, c.ringSize).sort();
        out[name] = {
          entries: h.entries,
          bytes: Math.round(h.bytes + perEntryOverhead * h.entries),
          hits: c.hits,
          misses: c.misses,
          stale: c.stale,
          bypass: c.bypass,
          hitRatio: looked === 0 ? null : (c.hits + c.stale) / looked,
          upstream: {
            calls: c.calls,
            errors: c.errors,
            p50Ms: sorted.length === 0 ? null : round1(quantile(sorted, 0.5) * 1000),
            p95Ms: sorted.length === 0 ? null : round1(quantile(sorted, 0.95) * 1000),
          },
        };
      }
      return out;
    },
    totals: () => ({ ...totals }),
    drainRecentDurations() {
      const out = recent;
      recent = [];
      return out;
    },
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export { quantile };
