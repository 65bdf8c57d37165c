// The app's operations side that is no route: readiness (what /readyz and edge_ready answer, with the
// Redis state as detail) and the app-wide gauges (cache size, draining, Redis).
import type { Config } from '../config.ts';
import type { EdgeMetrics } from '../ops/metrics.ts';
import { createReadiness, type Readiness } from '../ops/readiness.ts';
import type { Sharing } from '../shared-tier/setup.ts';
import type { ResponseCache } from '../upstream/cache.ts';

export interface AppReadinessOptions {
  now: () => number;
  /** Overrides READY_WINDOW_S (tests). */
  readyWindowMs?: number;
  sharing: Sharing;
  probe: () => Promise<void>;
}

export function createAppReadiness(config: Pick<Config, 'readyWindowS'>, { now, readyWindowMs, sharing, probe }: AppReadinessOptions): Readiness {
  return createReadiness({
    detail: () => ({ redis: sharing.redis() }),
    now,
    windowMs: readyWindowMs ?? config.readyWindowS * 1000,
    probe,
  });
}

export function addAppGauges(metrics: EdgeMetrics, { cache, readiness, sharing }: { cache: ResponseCache; readiness: Readiness; sharing: Sharing }): void {
  metrics.gauge('edge_cache_entries', 'Entries in the upstream response cache', () => cache.stats().entries);
  metrics.gauge('edge_cache_bytes', 'Bytes held by the upstream response cache (keys and values)', () => cache.stats().bytes);
  metrics.gauge('edge_draining', '1 while the edge is shutting down', () => (readiness.draining ? 1 : 0));
  metrics.gauge('edge_redis_up', '1 while the shared Redis tier answers (REDIS_URL; 0 when unset or down)', () => (sharing.redis().state === 'up' ? 1 : 0));
}
