// The operator's figures and live parts, built once per app: the live cache rules (and the rules file
// watcher), per-endpoint figures, the last hour's samples for the console's charts, and their /metrics
// series.
//
// Per-endpoint figures say how each read endpoint is answered (hits, misses, stale, bypass), what it
// holds in the cache (entries, bytes) and how fast its upstream answers: p50/p95 of its last RESERVOIR
// calls, a small ring per endpoint, so the figure follows the service as it is now and the memory stays
// bounded. The histogram edge_upstream_duration_seconds stays the long-run source for Prometheus.
//
// The history takes a sample every HISTORY_EVERY_MS into a ring of an hour's worth. Each sample holds
// what happened since the one before (lookups, upstream calls and errors, upstream p95) and the cache's
// size then. Nothing is kept across restarts: Prometheus keeps the long run.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { stringBytes, type CacheStatus } from '../cache/kit.ts';
import type { CacheEntry, ResponseCache } from '../cache/response-cache.ts';
import type { CallOutcome } from '../upstream/upstream-error.ts';
import { createLiveRules, READ_ENDPOINTS, watchRulesFile, type LiveRules, type RulesFileWatcher } from '../content/lifetimes.ts';
import type { EdgeMetrics } from './metrics.ts';
import type { Readiness } from './probes.ts';

export interface Operator {
  rules: LiveRules;
  rulesFile: RulesFileWatcher | null;
  stats: EndpointStats;
  history: History;
  /** For the content API: how each read call was answered. */
  onLookup(endpoint: string, status: CacheStatus): void;
  /** For the upstream client: every call's outcome and time. */
  onUpstream(endpoint: string, outcome: CallOutcome, seconds: number): void;
  parts(extra: { readiness: Readiness; pageStats: OperatorParts['pageStats'] }): OperatorParts;
  close(): void;
}

/** What the operator routes (admin.ts) read: the live parts, with the app's readiness and page cache. */
export interface OperatorParts {
  rules: LiveRules;
  rulesFile: RulesFileWatcher | null;
  stats: EndpointStats;
  history: History;
  readiness: Readiness;
  pageStats: () => { entries: number; bytes: number; maxBytes: number; hitRatio: number } | null;
  now: () => number;
  logger: Logger;
}

const EVENT: Record<CacheStatus, string> = { HIT: 'hit', MISS: 'miss', STALE: 'stale', BYPASS: 'bypass' };

export function createOperator(options: {
  config: Config;
  cache: ResponseCache;
  metrics: EdgeMetrics;
  readiness: Readiness;
  logger: Logger;
  now: () => number;
}): Operator {
  const { config, cache, metrics, readiness, logger, now } = options;
  const registers = [metrics.registry];
  const rules = createLiveRules(config.cache);
  const rulesFile = config.cache.rulesFile ? watchRulesFile(config.cache.rulesFile, rules, { logger, now }) : null;
  const stats = createEndpointStats(cache, READ_ENDPOINTS);
  const history = createHistory({ stats, now, cacheSize: () => cache.stats() });
  const endpointEvents = new Counter({
    name: 'edge_endpoint_cache_events_total',
    help: 'How read calls were answered, by endpoint: hit, miss, stale, bypass (lifetime 0)',
    labelNames: ['endpoint', 'event'] as const,
    registers,
  });
  endpointGauges(registers, stats);
  ruleAndReadyGauges(registers, { rules, rulesFile, readiness });

  // One child per label set, looked up by a flat key: every read call counts one.
  const eventChildren = new Map<string, ReturnType<typeof endpointEvents.labels>>();
  return {
    rules,
    rulesFile,
    stats,
    history,
    onLookup(endpoint, status) {
      stats.lookup(endpoint, status);
      const key = `${endpoint} ${status}`;
      let child = eventChildren.get(key);
      if (!child) {
        child = endpointEvents.labels({ endpoint, event: EVENT[status] });
        eventChildren.set(key, child);
      }
      child.inc();
    },
    onUpstream: (endpoint, outcome, seconds) => stats.upstream(endpoint, outcome, seconds),
    parts: ({ readiness: r, pageStats }) => ({ rules, rulesFile, stats, history, readiness: r, pageStats, now, logger }),
    close() {
      rulesFile?.close();
      history.close();
    },
  };
}

// ---- Per-endpoint figures ----

/** Upstream durations kept per endpoint for its p50/p95. */
const RESERVOIR = 256;
/** Upstream durations kept between two history samples, for the sample's p95. */
const RECENT_DURATIONS = 4096;

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

interface Totals {
  hits: number;
  misses: number;
  stale: number;
  calls: number;
  errors: number;
}

interface EndpointStats {
  lookup(endpoint: string, status: CacheStatus): void;
  upstream(endpoint: string, outcome: CallOutcome, seconds: number): void;
  /** Every endpoint seen or cached, by name (sorted). */
  figures(): Record<string, EndpointFigures>;
  totals(): Totals;
  /** Upstream durations (s) since the last call of this function, at most RECENT_DURATIONS kept: the history's p95. */
  drainRecentDurations(): number[];
}

const quantile = (sorted: ArrayLike<number>, q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The bytes an entry holds, as the cache counts them (key, tags, raw, gzip), without its fixed overhead. */
const entryBytes = (entry: CacheEntry) =>
  stringBytes(entry.key) + entry.tags.reduce((n, t) => n + stringBytes(t), 0) + entry.raw.length + (entry.gzip?.length ?? 0);

function createEndpointStats(cache: ResponseCache, readEndpoints: readonly string[]): EndpointStats {
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
      if (recent.length < RECENT_DURATIONS) recent.push(seconds);
    },
    figures: () => figuresOf(cache, byEndpoint, countsOf),
    totals: () => ({ ...totals }),
    drainRecentDurations() {
      const out = recent;
      recent = [];
      return out;
    },
  };
}

/**
 * Entries and bytes from the cache itself, each endpoint given its share of the cache's own byte count
 * (which adds a fixed overhead per entry), so the endpoints add up to GET /_edge/cache's total.
 */
function figuresOf(
  cache: ResponseCache,
  byEndpoint: ReadonlyMap<string, Counts>,
  countsOf: (endpoint: string) => Counts,
): Record<string, EndpointFigures> {
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
}

// ---- The last hour, for the console's charts ----

const HISTORY_EVERY_MS = 15_000;
const HISTORY_SAMPLES = 3_600_000 / HISTORY_EVERY_MS;

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

interface History {
  samples(): Sample[];
  /** Takes a sample now (the timer does this; tests call it). */
  sample(): Sample;
  close(): void;
}

function createHistory({
  stats,
  cacheSize,
  now,
}: {
  stats: EndpointStats;
  cacheSize: () => { bytes: number; entries: number };
  now: () => number;
}): History {
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
    if (ring.length > HISTORY_SAMPLES) ring.splice(0, ring.length - HISTORY_SAMPLES);
    return s;
  }

  const timer = setInterval(sample, HISTORY_EVERY_MS);
  timer.unref();
  return {
    samples: () => [...ring],
    sample,
    close: () => clearInterval(timer),
  };
}

// ---- /metrics series, read at each scrape ----

type Registers = Registry[];

/** The per-endpoint figures as gauges. */
function endpointGauges(registers: Registers, stats: EndpointStats): void {
  const figureGauge = (name: string, help: string, pick: (f: EndpointFigures) => number | null) => {
    new Gauge({
      name,
      help,
      labelNames: ['endpoint'] as const,
      registers,
      collect() {
        this.reset();
        for (const [endpoint, f] of Object.entries(stats.figures())) {
          const v = pick(f);
          if (v !== null) this.set({ endpoint }, v);
        }
      },
    });
  };
  figureGauge('edge_endpoint_cache_entries', 'Entries in the upstream response cache, by endpoint', (f) => f.entries);
  figureGauge(
    'edge_endpoint_cache_bytes',
    'Bytes held in the upstream response cache, by endpoint (its share of edge_cache_bytes)',
    (f) => f.bytes,
  );
  figureGauge('edge_endpoint_cache_hit_ratio', 'Hit ratio since start, by endpoint ((hits + stale) / lookups)', (f) => f.hitRatio);
  new Gauge({
    name: 'edge_upstream_recent_latency_seconds',
    help: `Upstream latency over the last ${RESERVOIR} calls of each endpoint, by endpoint and quantile (0.5, 0.95)`,
    labelNames: ['endpoint', 'quantile'] as const,
    registers,
    collect() {
      this.reset();
      for (const [endpoint, f] of Object.entries(stats.figures())) {
        if (f.upstream.p50Ms !== null) this.set({ endpoint, quantile: '0.5' }, f.upstream.p50Ms / 1000);
        if (f.upstream.p95Ms !== null) this.set({ endpoint, quantile: '0.95' }, f.upstream.p95Ms / 1000);
      }
    },
  });
}

/** The rules in force, the rules file's health and readiness as gauges. */
function ruleAndReadyGauges(
  registers: Registers,
  { rules, rulesFile, readiness }: { rules: LiveRules; rulesFile: RulesFileWatcher | null; readiness: Readiness },
): void {
  new Gauge({
    name: 'edge_cache_rule_ttl_seconds',
    help: 'Fresh lifetime in force, by endpoint and where it came from (api, CACHE_RULES, CACHE_RULES_FILE, CACHE_TTL_S, catalogue)',
    labelNames: ['endpoint', 'source'] as const,
    registers,
    collect() {
      this.reset();
      for (const r of rules.effective()) this.set({ endpoint: r.endpoint, source: r.source }, r.ttlS);
    },
  });
  new Gauge({
    name: 'edge_rules_file_ok',
    help: '1 when CACHE_RULES_FILE was read cleanly (or is unset), 0 while a bad version is being ignored',
    registers,
    collect() {
      this.set(rulesFile?.problem ? 0 : 1);
    },
  });
  new Gauge({
    name: 'edge_ready',
    help: '1 when GET /readyz would answer 200 (the upstream answered recently, not draining), else 0',
    registers,
    async collect() {
      this.set((await readiness.check()).ready ? 1 : 0);
    },
  });
}
