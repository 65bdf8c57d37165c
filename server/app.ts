// createApp(config, deps): builds the edge — the parts and the middleware order, nothing else. Only
// main.ts listens. The order is the path of a request, top to bottom.
import type { IncomingMessage, RequestListener } from 'node:http';
import { join } from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import type { RateLimitRequestHandler } from 'express-rate-limit';
import { inject } from 'light-my-request';
import pino, { type Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Config } from './config.ts';
import { absentAdmin, adminRouter } from './ops/admin.ts';
import { errorHandler } from './ops/errors.ts';
import { createMetrics, type EdgeMetrics } from './ops/metrics.ts';
import { createOperator, type Operator } from './ops/operator.ts';
import { probesRouter } from './ops/probes.ts';
import { createReadiness, type Readiness } from './ops/readiness.ts';
import { requestLog } from './ops/request-log.ts';
import { filesRouter } from './proxy/files.ts';
import { withFastHits } from './proxy/fast-hits.ts';
import { createFrontDoor } from './door/index.ts';
import { createBuildFiles } from './door/build-files.ts';
import { proxyRouter } from './proxy/router.ts';
import { createApiPaths } from './proxy/api-paths.ts';
import { createPageRouter } from './render/index.ts';
import type { PageDeps } from './render/types.ts';
import { createPageCache, type PageCache } from './page-cache.ts';
import { securityHeaderList, securityHeaders } from './security.ts';
import { staticFiles } from './static-files.ts';
import { createResponseCache, type ResponseCache } from './upstream/cache.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import { createGateway, type Gateway } from './upstream/gateway.ts';
import { specOf } from './upstream/policy.ts';
import { createSigner } from './upstream/sign.ts';
import { createBreaker } from './upstream/breaker.ts';
import { createVisitCounter, type VisitCounter } from './upstream/visits.ts';
import { joinPurgeBuses, type PurgeBus } from './fanout/purge-bus.ts';
import { createWriteLimiter } from './writes/limit.ts';
import { createWriteOnce } from './writes/once.ts';
import { discoveryRouter } from './discovery/router.ts';
import { pageTier, setUpSharing } from './shared-tier/setup.ts';
import type { SharedTier } from './shared-tier/tier.ts';

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
  /** The content service through the cache: what loaders call. */
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
  if (!config.upstreamUrl) throw new Error('createApp needs an upstream URL (main.ts starts the embedded service when UPSTREAM_URL is unset)');
  const now = deps.now ?? Date.now;
  const publicDir = deps.publicDir ?? join(process.cwd(), 'public');
  const random = deps.random ?? Math.random;
  const logger = deps.logger ?? pino({ level: config.logLevel, name: 'edge' });
  const metrics = createMetrics({ defaultMetrics: deps.defaultMetrics });

  // REDIS_URL / PURGE_WEBHOOK_URL: the shared second tier and the purge buses (server/shared-tier/setup.ts).
  const sharing = setUpSharing(config, { logger, now });
  const readiness = createReadiness({
    detail: () => ({ redis: sharing.redis() }),
    now,
    windowMs: deps.readyWindowMs ?? config.readyWindowS * 1000,
    probe: async () => {
      await client.send({ spec: specOf('queryAllChannel'), params: { site: 'CN' }, requestId: 'readyz' });
    },
  });
  const client = createUpstreamClient({
    baseUrl: config.upstreamUrl,
    gateways: config.gateways,
    appId: config.appId,
    timeoutMs: config.upstreamTimeoutMs,
    sign: createSigner({ appId: config.appId, tokenKey: config.tokenKey, now, random }),
    logger,
    dispatcher: deps.dispatcher,
    breaker: createBreaker({ now }),
    onCall: (endpoint, outcome, seconds) => {
      metrics.observeUpstream(endpoint, outcome, seconds);
      operator.onUpstream(endpoint, outcome, seconds);
      if (outcome === 'ok' || outcome === 'app_error') readiness.markAnswered();
    },
  });
  // CACHE_MAX_BYTES bounds both caches together: a quarter for pages when the page cache is on.
  const pageBytes = config.pageCacheTtlS > 0 ? Math.floor(config.cache.maxBytes / 4) : 0;
  const cache = createResponseCache({
    maxBytes: config.cache.maxBytes - pageBytes,
    swrS: config.cache.swrS,
    staleIfErrorS: config.cache.staleIfErrorS,
    secondTier: sharing.secondTier,
    now,
    onEvent: (event) => metrics.cacheEvent('upstream', event),
  });
  const pageCache =
    pageBytes > 0
      ? createPageCache({
          ttlS: config.pageCacheTtlS,
          swrS: config.pageCacheSwrS,
          staleIfErrorS: config.pageCacheStaleIfErrorS,
          maxBytes: pageBytes,
          now,
          // A page past its lifetime is rendered again by the page router itself, as a request of its own.
          rerender: (target, mark) => rerenderPage(target, mark),
          // With REDIS_URL, a page rendered on one instance is a hit on the others.
          shared: sharing.tier ? pageTier(sharing.tier) : undefined,
          onEvent: (event) => metrics.cacheEvent('page', event),
          // A cached article page still counts its visit upstream.
          onHit: (tags) => visits.countTags(tags),
        })
      : null;
  if (pageCache) cache.onPurge((selector, removed) => pageCache.purge(selector, removed));
  joinPurgeBuses(cache, [...(deps.purgeBuses ?? []), ...sharing.buses]);
  const operator = createOperator({ config, cache, metrics, readiness, logger, now });
  const visits = createVisitCounter({ client, onOutcome: (outcome) => metrics.visitCount(outcome) });
  const api = createGateway({ client, cache, ttlFor: operator.rules.ttlFor, now, visits, logger, onLookup: operator.onLookup });
  const writeLimiter = createWriteLimiter({ limit: config.rateLimitWrites });
  metrics.gauge('edge_cache_entries', 'Entries in the upstream response cache', () => cache.stats().entries);
  metrics.gauge('edge_cache_bytes', 'Bytes held by the upstream response cache (keys and values)', () => cache.stats().bytes);
  metrics.gauge('edge_draining', '1 while the edge is shutting down', () => (readiness.draining ? 1 : 0));
  metrics.gauge('edge_redis_up', '1 while the shared Redis tier answers (REDIS_URL; 0 when unset or down)', () => (sharing.redis().state === 'up' ? 1 : 0));

  const pageDeps: PageDeps = {
    api,
    logger,
    now,
    site: { ...config.site, filePrefix: config.filePrefix, portalId: config.portalId, orgId: config.orgId },
    publicDir,
    writeLimiter,
    // One guard per app (not per process): apps in one process never join each other's writes.
    writeOnce: createWriteOnce(),
  };

  const app = express();
  app.disable('x-powered-by');
  // res.json escapes <, > and & (operator answers list cache keys, which hold callers' bodies).
  app.set('json escape', true);
  app.set('trust proxy', config.trustProxy);

  const logDeps = { logger, metrics, draining: () => readiness.draining };
  const security = securityHeaderList();
  app.use(requestLog(logDeps));
  app.use(securityHeaders(security));
  app.use(probesRouter({ readiness, metrics }));
  app.use(
    config.adminToken
      ? adminRouter({
          token: config.adminToken,
          cache,
          extraStats: () => (pageCache ? { pages: pageCache.stats() } : {}),
          operator: operator.parts({ readiness, pageStats: () => pageCache?.stats() ?? null }),
        })
      : absentAdmin,
  );
  // The proxy and the files send their own encodings (cached answers carry a gzipped copy), so
  // compression starts after them.
  const apiPaths = createApiPaths(config.apiAliases);
  app.use(proxyRouter({ gateway: api, paths: apiPaths, writeLimiter }));
  app.use(filesRouter({ filePrefix: config.filePrefix, client, metrics }));
  app.use(compression());
  const buildFiles = createBuildFiles(publicDir, security);
  app.use(staticFiles(publicDir, buildFiles));
  app.use(discoveryRouter({ api, logger, now, site: pageDeps.site, ttlS: config.pageCacheTtlS, apiAliases: config.apiAliases }));
  if (pageCache) app.use(pageCache.middleware);
  app.use(operator.renders);
  app.use(createPageRouter(pageDeps));
  app.use(errorHandler(logger));

  /** A background re-render: a GET of the page through Express, marked so the page cache stores and never replays it. */
  async function rerenderPage(target: { url: string; host: string; protocol: string }, mark: (req: IncomingMessage) => void): Promise<void> {
    await inject(
      // Always a wrapper: handed an Express app itself, light-my-request would re-parent the prototype
      // of every request that app ever sees to its own fake request.
      (req, res) => {
        mark(req);
        // The page's own origin, whatever the trust proxy setting makes of the injected request.
        Object.defineProperty(req, 'protocol', { value: target.protocol });
        app(req, res);
      },
      { method: 'GET', url: target.url, headers: { host: target.host, 'user-agent': 'edge-rerender', 'accept-encoding': 'identity' } },
    );
  }

  return {
    app,
    handler: createFrontDoor({
      next: withFastHits(app, { gateway: api, route: apiPaths.match, security, log: logDeps }),
      pageCache,
      buildFiles,
      security,
      log: logDeps,
      trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    }),
    api,
    cache,
    pageCache,
    client,
    visits,
    metrics,
    operator,
    readiness,
    sharedTier: sharing.tier,
    writeLimiter,
    startDrain: () => readiness.startDrain(),
    async close() {
      await visits.idle();
      operator.close();
      cache.close();
      pageCache?.close();
      await sharing.close();
      await client.close();
    },
  };
}
