// The parts of one app and how they reach each other: readiness probes through the client; the client
// tells the metrics, the operator and readiness about every call; the page cache re-renders through
// Express and counts visits; the operator's live rules give the gateway its lifetimes. Built in this
// order; the calls between them run only once requests do.
import type { Logger } from 'pino';
import type { RateLimitRequestHandler } from 'express-rate-limit';
import type { Dispatcher } from 'undici';
import type { Config } from '../config.ts';
import { joinPurgeBuses, type PurgeBus } from '../fanout/purge-bus.ts';
import type { EdgeMetrics } from '../ops/metrics.ts';
import { createOperator, type Operator } from '../ops/operator.ts';
import type { Readiness } from '../ops/readiness.ts';
import type { PageCache } from '../page-cache.ts';
import type { Rerender } from '../page-cache/renders.ts';
import type { Sharing } from '../shared-tier/setup.ts';
import type { ResponseCache } from '../upstream/cache.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { createGateway, type Gateway } from '../upstream/gateway.ts';
import { createVisitCounter, type VisitCounter } from '../upstream/visits.ts';
import { createWriteLimiter } from '../writes/limit.ts';
import { createMissBudget, type MissBudget } from '../proxy/miss-budget.ts';
import { createCaches } from './caches.ts';
import { addAppGauges, createAppReadiness } from './ops.ts';
import { createEdgeClient, probeUpstream } from './upstream.ts';

export interface EdgeParts {
  readiness: Readiness;
  client: UpstreamClient;
  cache: ResponseCache;
  /** Null when PAGE_CACHE_TTL_S is 0. */
  pageCache: PageCache | null;
  operator: Operator;
  visits: VisitCounter;
  /** The content service through the cache: what loaders call. */
  gateway: Gateway;
  writeLimiter: RateLimitRequestHandler;
  /** The per-address budget of cache misses proxied reads may cause. */
  missBudget: MissBudget;
}

/** What createApp settled from its config and deps. */
export interface PartsBase {
  upstreamUrl: string;
  now: () => number;
  random: () => number;
  logger: Logger;
  metrics: EdgeMetrics;
  dispatcher?: Dispatcher;
  readyWindowMs?: number;
  /** Buses beyond the ones REDIS_URL and PURGE_WEBHOOK_URL bring (cluster workers). */
  purgeBuses?: readonly PurgeBus[];
}

export function wireParts(config: Config, base: PartsBase, sharing: Sharing, rerender: Rerender): EdgeParts {
  const { now, logger, metrics } = base;
  const readiness = createAppReadiness(config, { now, readyWindowMs: base.readyWindowMs, sharing, probe: () => probeUpstream(client) });
  const client = createEdgeClient(config, {
    baseUrl: base.upstreamUrl,
    now,
    random: base.random,
    logger,
    dispatcher: base.dispatcher,
    onCall: (endpoint, outcome, seconds) => {
      metrics.observeUpstream(endpoint, outcome, seconds);
      operator.onUpstream(endpoint, outcome, seconds);
      if (outcome === 'ok' || outcome === 'app_error') readiness.markAnswered();
    },
  });
  const { cache, pageCache } = createCaches(
    config,
    { now, metrics, sharing },
    {
      rerender,
      onPageHit: (tags) => visits.countTags(tags),
      onRerenderAbandoned: (key) =>
        logger.warn({ code: 'RERENDER_ABANDONED', page: key }, 'a background re-render of a stored page did not finish in time: the page stays as it was'),
    },
  );
  joinPurgeBuses(cache, [...(base.purgeBuses ?? []), ...sharing.buses]);
  const operator = createOperator({ config, cache, metrics, readiness, logger, now });
  const visits = createVisitCounter({ client, onOutcome: (outcome) => metrics.visitCount(outcome) });
  const gateway = createGateway({ client, cache, ttlFor: operator.rules.ttlFor, now, visits, logger, onLookup: operator.onLookup });
  const writeLimiter = createWriteLimiter({ limit: config.rateLimitWrites });
  const missBudget = createMissBudget({
    limit: config.rateLimitApiMisses,
    onError: (err) => logger.warn({ err }, 'a cache miss could not be counted against its client: it goes uncounted'),
  });
  addAppGauges(metrics, { cache, readiness, sharing });
  return { readiness, client, cache, pageCache, operator, visits, gateway, writeLimiter, missBudget };
}

/** Lets go of timers and connections, the visits still being sent first (after the HTTP server has closed). */
export async function closeParts({ visits, operator, cache, pageCache, client }: EdgeParts, sharing: Sharing): Promise<void> {
  await visits.idle();
  operator.close();
  cache.close();
  pageCache?.close();
  await sharing.close();
  await client.close();
}
