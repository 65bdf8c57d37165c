// Prometheus metrics on a registry of this app's own (tests build many apps in one process). Labels are
// bounded: route ids and endpoint names, never raw paths.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CallOutcome } from '../upstream/client.ts';
import type { CacheEvent } from '../upstream/cache.ts';
import type { VisitOutcome } from '../upstream/visits.ts';

export type CacheName = 'upstream' | 'page';

export interface EdgeMetrics {
  readonly registry: Registry;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  observeUpstream(endpoint: string, outcome: CallOutcome, seconds: number): void;
  cacheEvent(cache: CacheName, event: CacheEvent): void;
  /** A visit the edge passed on to the content service for an answer it served from cache. */
  visitCount(outcome: VisitOutcome): void;
  /** Gauges read at scrape time. */
  gauge(name: string, help: string, read: () => number): void;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics(options: { defaultMetrics?: boolean } = {}): EdgeMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route id, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstreamRequests = new Counter({
    name: 'edge_upstream_requests_total',
    help: 'Calls to the content service, by endpoint and outcome',
    labelNames: ['endpoint', 'outcome'] as const,
    registers: [registry],
  });
  const upstreamDuration = new Histogram({
    name: 'edge_upstream_duration_seconds',
    help: 'Time of one content-service call, by endpoint',
    labelNames: ['endpoint'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheEvents = new Counter({
    name: 'edge_cache_events_total',
    help: 'Cache events (hit, miss, stale, refresh, evict), by cache',
    labelNames: ['cache', 'event'] as const,
    registers: [registry],
  });

  const visitCounts = new Counter({
    name: 'edge_visit_counts_total',
    help: 'Visits passed on to the content service for articles served from cache (sent, failed, dropped when it was too slow)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  // One child per label set, looked up by a flat key: cheaper than labelling every observation.
  const requestChildren = new Map<string, ReturnType<typeof httpDuration.labels>>();

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      const key = `${route} ${m} ${status}`;
      let child = requestChildren.get(key);
      if (!child) {
        child = httpDuration.labels({ route, method: m, status: String(status) });
        requestChildren.set(key, child);
      }
      child.observe(seconds);
    },
    observeUpstream(endpoint, outcome, seconds) {
      upstreamRequests.inc({ endpoint, outcome });
      upstreamDuration.observe({ endpoint }, seconds);
    },
    cacheEvent(cache, event) {
      cacheEvents.inc({ cache, event });
    },
    visitCount(outcome) {
      visitCounts.inc({ outcome });
    },
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
  };
}
