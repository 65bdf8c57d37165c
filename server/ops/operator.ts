// The operator's live parts, built once per app: the live cache rules (and the rules file watcher),
// per-endpoint figures, the last hour's samples for the console, and their /metrics series.
import type { RequestHandler } from 'express';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { routeIdOf } from '../http-context.ts';
import type { CacheStatus } from '../upstream/api.ts';
import type { ResponseCache } from '../upstream/cache.ts';
import type { CallOutcome } from '../upstream/client.ts';
import { createLiveRules, READ_ENDPOINTS, type LiveRules } from '../upstream/policy.ts';
import type { OperatorParts } from './admin.ts';
import { createEndpointStats, type EndpointStats } from './endpoint-stats.ts';
import { createHistory, type History } from './history.ts';
import type { EdgeMetrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';
import { watchRulesFile, type RulesFileWatcher } from './rules-file.ts';

export interface Operator {
  rules: LiveRules;
  rulesFile: RulesFileWatcher | null;
  stats: EndpointStats;
  history: History;
  /** For the gateway: how each read call was answered. */
  onLookup(endpoint: string, status: CacheStatus): void;
  /** For the upstream client: every call's outcome and time. */
  onUpstream(endpoint: string, outcome: CallOutcome, seconds: number): void;
  /** Counts documents the page router answers (edge_page_renders_total); mounted just before it. */
  renders: RequestHandler;
  parts(extra: { readiness: Readiness; pageStats: OperatorParts['pageStats'] }): OperatorParts;
  close(): void;
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
  const { endpointEvents, renders } = operatorCounters(registers);
  endpointGauges(registers, stats);
  ruleAndReadyGauges(registers, { rules, rulesFile, readiness });

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
    renders: (_req, res, next) => {
      res.once('finish', () => renders.inc({ route: routeIdOf(res) }));
      next();
    },
    parts: ({ readiness: r, pageStats }) => ({ rules, rulesFile, stats, history, readiness: r, pageStats, now, logger }),
    close() {
      rulesFile?.close();
      history.close();
    },
  };
}

type Registers = Registry[];

function operatorCounters(registers: Registers) {
  const endpointEvents = new Counter({
    name: 'edge_endpoint_cache_events_total',
    help: 'How read calls were answered, by endpoint: hit, miss, stale, bypass (lifetime 0)',
    labelNames: ['endpoint', 'event'] as const,
    registers,
  });
  const renders = new Counter({
    name: 'edge_page_renders_total',
    help: 'Documents and /__data answers produced by the page router (page-cache hits are not renders), by route id',
    labelNames: ['route'] as const,
    registers,
  });
  return { endpointEvents, renders };
}

/** The per-endpoint figures as gauges, read at each scrape. */
function endpointGauges(registers: Registers, stats: EndpointStats): void {
  const figureGauge = (name: string, help: string, pick: (f: ReturnType<EndpointStats['figures']>[string]) => number | null) => {
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
  figureGauge('edge_endpoint_cache_bytes', 'Bytes held in the upstream response cache, by endpoint (its share of edge_cache_bytes)', (f) => f.bytes);
  figureGauge('edge_endpoint_cache_hit_ratio', 'Hit ratio since start, by endpoint ((hits + stale) / lookups)', (f) => f.hitRatio);
  new Gauge({
    name: 'edge_upstream_recent_latency_seconds',
    help: 'Upstream latency over the last 256 calls of each endpoint, by endpoint and quantile (0.5, 0.95)',
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
