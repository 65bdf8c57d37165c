// The last hour for the console's charts: a sample every HISTORY_EVERY_MS into a bounded ring (240 × 15 s).
// Each sample holds what happened since the one before (lookups, upstream calls and errors, upstream
// p95) and the cache's size then. Nothing here is kept across restarts; Prometheus keeps the long run.
import type { EndpointStats, Totals } from './endpoint-stats.ts';
import { quantile } from './endpoint-stats.ts';

export const HISTORY_EVERY_MS = 15_000;
export const HISTORY_SAMPLES = 240;

export interface Sample {
  /** ms since the epoch (the app's clock). */
  t: number;
  /** Seconds this sample covers. */
  spanS: number;
  lookups: number;
  /** (hits + stale) / lookups over the span; null with no lookups. */
  hitRatio: number | null;
  upstreamCalls: number;
  upstreamErrors: number;
  /** ms; null with no upstream call in the span. */
  upstreamP95Ms: number | null;
  stale: number;
  cacheBytes: number;
  cacheEntries: number;
}

export interface History {
  samples(): Sample[];
  /** Takes a sample now (the timer does this; tests call it). */
  sample(): Sample;
  close(): void;
}

export function createHistory(options: {
  stats: EndpointStats;
  cacheSize: () => { bytes: number; entries: number };
  now: () => number;
  everyMs?: number;
  size?: number;
}): History {
  const { stats, cacheSize, now } = options;
  const size = options.size ?? HISTORY_SAMPLES;
  const ring: Sample[] = [];
  let last: Totals = stats.totals();
  let lastT = now();

  function sample(): Sample {
    const t = now();
    const totals = stats.totals();
    const d = {
      hits: totals.hits - last.hits,
      misses: totals.misses - last.misses,
      stale: totals.stale - last.stale,
      calls: totals.calls - last.calls,
      errors: totals.errors - last.errors,
    };
    const lookups = d.hits + d.misses + d.stale;
    const durations = stats.drainRecentDurations().sort((a, b) => a - b);
    const { bytes, entries } = cacheSize();
    const s: Sample = {
      t,
      spanS: Math.max(0, (t - lastT) / 1000),
      lookups,
      hitRatio: lookups === 0 ? null : (d.hits + d.stale) / lookups,
      upstreamCalls: d.calls,
      upstreamErrors: d.errors,
      upstreamP95Ms: durations.length === 0 ? null : Math.round(quantile(durations, 0.95) * 10_000) / 10,
      stale: d.stale,
      cacheBytes: bytes,
      cacheEntries: entries,
    };
    last = totals;
    lastT = t;
    ring.push(s);
    if (ring.length > size) ring.splice(0, ring.length - size);
    return s;
  }

  const timer = setInterval(sample, options.everyMs ?? HISTORY_EVERY_MS);
  timer.unref();
  return {
    samples: () => [...ring],
    sample,
    close: () => clearInterval(timer),
  };
}
