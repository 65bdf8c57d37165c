// createApp(config, deps): builds the edge — the parts and the middleware order, nothing else. Only
// main.ts listens. The builders are in server/app/: the parts and how they reach each other (parts.ts,
// with caches.ts, upstream.ts, ops.ts), the page side (pages.ts), the Express chain in request order
// (express.ts), the front door (door.ts).
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import type { Express } from 'express';
import type { RateLimitRequestHandler } from 'express-rate-limit';
import pino, { type Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Config } from './config.ts';
import { createMetrics, type EdgeMetrics } from './ops/metrics.ts';
import type { Operator } from './ops/operator.ts';
import type { Readiness } from './ops/readiness.ts';
import type { PageCache } from './page-cache.ts';
import type { ResponseCache } from './upstream/cache.ts';
import type { UpstreamClient } from './upstream/client.ts';
import type { Gateway } from './upstream/gateway.ts';
import type { VisitCounter } from './upstream/visits.ts';
import type { PurgeBus } from './fanout/purge-bus.ts';
import { setUpSharing } from './shared-tier/setup.ts';
import type { SharedTier } from './shared-tier/tier.ts';
import { frontDoorOf } from './app/door.ts';
import { buildExpress } from './app/express.ts';
import { pageDepsOf, rerenderThrough } from './app/pages.ts';
import { closeParts, wireParts } from './app/parts.ts';

export interface AppDeps {
  now?: () => number;
  /** A float in [0, 1): the token's random digits. */
  random?: () => number;
  logger?: Logger;
  /** undici dispatcher for upstream calls; default a keep-alive Agent owned by the app. */
  dispatcher?: Dispatcher;
  /** Default `<cwd>/public`. */
  publicDir?: string;
  /** prom-client's process metrics (default on; tests that build many apps may turn them off). */
  defaultMetrics?: boolean;
  /** How recent an upstream answer must be for /readyz; default READY_WINDOW_S. */
  readyWindowMs?: number;
  /** Carry purges to and from the other processes (cluster workers, instances sharing Redis). */
  purgeBuses?: readonly PurgeBus[];
}

export interface EdgeApp {
  /** The Express app (every route; supertest can drive it). */
  app: Express;
  /** What the HTTP server runs: the front door (server/door), then Express for what it does not know. */
  handler: RequestListener;
  /** The gateway: the content service through the cache (loaders see it as their `UpstreamApi`). */
  api: Gateway;
  cache: ResponseCache;
  /** Null when PAGE_CACHE_TTL_S is 0. */
  pageCache: PageCache | null;
  client: UpstreamClient;
  /** Visits passed on for articles served from cache (tests wait on `idle()`). */
  visits: VisitCounter;
  metrics: EdgeMetrics;
  /** Live cache rules, per-endpoint figures and the console's history (server/ops/operator.ts). */
  operator: Operator;
  readiness: Readiness;
  /** Redis as the second tier (REDIS_URL), null when unset: pages can use it too (server/shared-tier/tier.ts). */
  sharedTier: SharedTier | null;
  /** The per-client write budget, shared by the API proxy and the page form actions. */
  writeLimiter: RateLimitRequestHandler;
  /** /readyz answers 503 from now on and answers carry `Connection: close`. */
  startDrain(): void;
  /** Releases timers and upstream connections (after the HTTP server has closed). */
  close(): Promise<void>;
}

export function createApp(config: Config, deps: AppDeps = {}): EdgeApp {
  const upstreamUrl = config.upstreamUrl;
  if (!upstreamUrl) throw new Error('createApp needs an upstream URL (main.ts starts the embedded service when UPSTREAM_URL is unset)');
  const now = deps.now ?? Date.now;
  const publicDir = deps.publicDir ?? join(process.cwd(), 'public');
  const random = deps.random ?? Math.random;
  const logger = deps.logger ?? pino({ level: config.logLevel, name: 'edge' });
  const metrics = createMetrics({ defaultMetrics: deps.defaultMetrics });

  // REDIS_URL / PURGE_WEBHOOK_URL: the shared second tier and the purge buses (server/shared-tier/setup.ts).
  const sharing = setUpSharing(config, { logger, now });
  const base = { upstreamUrl, now, random, logger, metrics, dispatcher: deps.dispatcher, readyWindowMs: deps.readyWindowMs, purgeBuses: deps.purgeBuses };
  // A page past its lifetime is rendered again by the page router itself, as a request of its own.
  const parts = wireParts(config, base, sharing, (target, mark) => rerenderThrough(app, target, mark));
  const { gateway, writeLimiter } = parts;
  const pageDeps = pageDepsOf(config, { gateway, logger, now, publicDir, writeLimiter });
  const chain = buildExpress(config, { parts, pageDeps, publicDir, logger, metrics });
  const app = chain.app;

  return {
    app,
    handler: frontDoorOf(chain, parts),
    api: gateway,
    cache: parts.cache,
    pageCache: parts.pageCache,
    client: parts.client,
    visits: parts.visits,
    metrics,
    operator: parts.operator,
    readiness: parts.readiness,
    sharedTier: sharing.tier,
    writeLimiter,
    startDrain: () => parts.readiness.startDrain(),
    close: () => closeParts(parts, sharing),
  };
}
