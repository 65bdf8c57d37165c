// Prometheus metrics on a registry of this app's own (tests build many apps in one process). Labels are
// bounded: route ids and endpoint names, never raw paths.
//
// With WEB_CONCURRENCY > 1 /metrics is aggregated, not labelled per worker: whichever worker answers
// the scrape asks the primary, which gathers every worker's registry and merges them (prom-client's
// AggregatorRegistry: counters and histograms summed, so rates and quantiles are the edge's as a whole).
// Per-worker series would not do: a scrape reaches one worker at random through the shared port, so each
// scrape would see one worker's series and counters would jump between workers' totals. The metric names
// and labels are the same as with one process; one comment line says how many workers answered. A
// worker's own figures stay visible on /_edge/cache (labelled with its id).
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type Aggregator,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';
import type { CallOutcome } from '../upstream/upstream-error.ts';
import type { CacheEvent } from '../cache/kit.ts';
import type { VisitOutcome } from '../content/visits.ts';

type CacheName = 'upstream' | 'page';

export interface EdgeMetrics {
  readonly registry: Registry;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  observeUpstream(endpoint: string, outcome: CallOutcome, seconds: number): void;
  cacheEvent(cache: CacheName, event: CacheEvent): void;
  /** A visit the edge passed on to the content service for an answer it served from cache. */
  visitCount(outcome: VisitOutcome): void;
  /** A document the page engine produced, by route id (a page-cache hit is no render); a plain function, handed to the engine as is. */
  readonly countRender: (route: string) => void;
  /** Gauges read at scrape time. */
  gauge(name: string, help: string, read: () => number): void;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The series every app has, on its registry (the gauges come from whoever reads them). */
function appSeries(registers: Registry[]) {
  return {
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route id, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    upstreamRequests: new Counter({
      name: 'edge_upstream_requests_total',
      help: 'Calls to the content service, by endpoint and outcome',
      labelNames: ['endpoint', 'outcome'] as const,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: 'edge_upstream_duration_seconds',
      help: 'Time of one content-service call, by endpoint',
      labelNames: ['endpoint'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    cacheEvents: new Counter({
      name: 'edge_cache_events_total',
      help: 'Cache events (hit, miss, stale, refresh, evict), by cache',
      labelNames: ['cache', 'event'] as const,
      registers,
    }),
    visitCounts: new Counter({
      name: 'edge_visit_counts_total',
      help: 'Visits passed on to the content service for articles served from cache (sent, failed, dropped when it was too slow)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    renders: new Counter({
      name: 'edge_page_renders_total',
      help: 'Documents produced by the page router (page-cache hits are not renders), by route id',
      labelNames: ['route'] as const,
      registers,
    }),
  };
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): EdgeMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const { httpDuration, upstreamRequests, upstreamDuration, cacheEvents, visitCounts, renders } = appSeries([registry]);

  const cacheChildren = new Map<string, ReturnType<typeof cacheEvents.labels>>();
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
      // Every hit counts one: a bound child, not a label set hashed per call.
      const key = `${cache} ${event}`;
      let child = cacheChildren.get(key);
      if (!child) {
        child = cacheEvents.labels({ cache, event });
        cacheChildren.set(key, child);
      }
      child.inc();
    },
    visitCount(outcome) {
      visitCounts.inc({ outcome });
    },
    countRender: (route) => renders.inc({ route }),
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

export type WorkerMetrics = MetricObjectWithValues<MetricValue<string>>[];

/**
 * How a metric's values from several workers combine where a sum would mislead (prom-client's default
 * metrics carry their own: process start time omitted, event-loop lag averaged, and so on).
 */
const ACROSS_WORKERS: Readonly<Record<string, Aggregator>> = {
  edge_draining: 'max', // 1 while any worker drains
  edge_redis_up: 'min', // 1 only while every worker reaches Redis
};

/** This worker's figures, marked with how the primary should combine each. */
export async function metricsForAggregation(registry: Registry): Promise<WorkerMetrics> {
  const list = await registry.getMetricsAsJSON();
  return list.map((m) => (ACROSS_WORKERS[m.name] ? { ...m, aggregator: ACROSS_WORKERS[m.name]! } : m));
}

/**
 * The primary's side: merges the workers' figures into one exposition. A worker that dies takes its
 * counts with it, and a sum that drops reads to Prometheus as a counter reset (rate() would jump); so
 * the last figures seen of a worker that is gone are kept for its counters and histograms (never its
 * gauges) and added in, and the totals only grow. What it counted after its last scrape is lost.
 */
export function createMetricsAggregator(): {
  text(perWorker: ReadonlyMap<number, WorkerMetrics>, asked: number): Promise<string>;
  retire(workerId: number): void;
} {
  const last = new Map<number, WorkerMetrics>();
  // A chain, so retirements close together fold in order.
  let retired: Promise<WorkerMetrics> = Promise.resolve([]);
  const asSum = (list: WorkerMetrics): WorkerMetrics => list.map((m) => ({ ...m, aggregator: 'sum' as Aggregator }));
  const monotonic = (m: WorkerMetrics[number]) => String(m.type) === 'counter' || String(m.type) === 'histogram';
  return {
    async text(perWorker, asked) {
      for (const [id, figures] of perWorker) last.set(id, figures);
      const sets = [...perWorker.values()];
      const gone = await retired;
      if (gone.length > 0) sets.push(gone);
      const body = await AggregatorRegistry.aggregate(sets).metrics();
      return `# edge: aggregated across ${perWorker.size} of ${asked} workers\n${body}`;
    },
    retire(workerId) {
      const figures = last.get(workerId);
      last.delete(workerId);
      if (!figures) return;
      // Folded into one set at once, so the memory kept does not grow with the number of restarts.
      const keep = asSum(figures.filter(monotonic));
      retired = retired.then(async (gone) => asSum(await AggregatorRegistry.aggregate([gone, keep]).getMetricsAsJSON()));
    },
  };
}

/** In a worker: /metrics (probes.ts reads `registry.metrics()`) answers with the aggregate. */
export function serveAggregatedMetrics(metrics: EdgeMetrics, aggregate: () => Promise<string>): void {
  metrics.registry.metrics = aggregate;
}
