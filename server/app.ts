// createApp(config, deps): builds the edge from its parts, in the order they need each other — the
// upstream client, the response cache and the content API over it, the page engine, the page cache
// around the engine, the Express chain for what produces new answers, and the front door for what is
// already in memory. Only main.ts listens.
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import type { Express } from 'express';
import pino, { type Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { buildFilesAtDoor, createBuildFiles, publicFiles } from './build-files.ts';
import { createPageCache } from './cache/page-cache.ts';
import { createResponseCache, type ResponseCache } from './cache/response-cache.ts';
import { workerIdentity } from './process/worker.ts';
import type { Config } from './config.ts';
import { createContentApi, type ContentApi } from './content/content-api.ts';
import { createVisitCounter, type VisitCounter } from './content/visits.ts';
import { discoveryRouter } from './discovery/router.ts';
import { createFrontDoor } from './door.ts';
import { buildExpress } from './express.ts';
import { clientAddressOf, compileProxyTrust } from './http/client-address.ts';
import { safeOrigin } from './http/origin.ts';
import type { RequestLogDeps } from './http/request-log.ts';
import { securityHeaderList, type SecurityHeaders } from './http/security.ts';
import type { SiteSettings } from './loaders/types.ts';
import { absentAdminRoutes, adminRouter } from './ops/admin.ts';
import { createMetrics, type EdgeMetrics } from './ops/metrics.ts';
import { createOperator, type Operator } from './ops/operator.ts';
import { createReadiness, healthAtDoor, probesRouter, type Readiness } from './ops/probes.ts';
import { createPageEngine, type PageBody, type PageEngine } from './pages/engine.ts';
import { pageRoute, storedPagesAtDoor, type StoredPages } from './pages/page-route.ts';
import type { PageRequest } from './pages/request.ts';
import { countRenders, createSpeculation, type Speculation } from './pages/speculation.ts';
import { pathTable } from './paths.ts';
import { apiReadsAtDoor, apiRouter, createApiAnswers } from './proxy/api-proxy.ts';
import { createApiPaths } from './proxy/calls.ts';
import { filesRouter } from './proxy/file-proxy.ts';
import { createMissBudget } from './proxy/miss-budget.ts';
import { createIiifImages } from './pictures/iiif-image.ts';
import { iiifManifestRouter } from './discovery/iiif-manifests.ts';
import { joinPurgeBuses, type PurgeBus } from './sharing/purge.ts';
import { ClusterRateStore } from './sharing/cluster.ts';
import { primaryChannel } from './process/worker.ts';
import { setUpSharing, type Sharing } from './sharing/setup.ts';
import { pageSecondTier } from './sharing/tier-entries.ts';
import type { SharedTier } from './sharing/tier.ts';
import { createBreaker, createSigner, createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import { CONTENT_PROBE } from './upstream/startup-check.ts';
import { createWriteLimiter, type WriteLimiter } from './writes/limit.ts';
import { createWriteOnce } from './writes/once.ts';

interface AppDeps {
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
  /** The Express app (misses, writes, operators, discovery; supertest can drive it). */
  app: Express;
  /** What the HTTP server runs: the front door, then Express for what is not in memory. */
  handler: RequestListener;
  /** The content service through the cache (loaders see it as their ContentCaller). */
  api: ContentApi;
  cache: ResponseCache;
  /** Null when PAGE_CACHE_TTL_S is 0. */
  pageCache: StoredPages | null;
  /** The page engine: a page request in, what the page is out (no HTTP). */
  engine: PageEngine;
  client: UpstreamClient;
  /** Visits passed on for articles served from cache (tests wait on `idle()`). */
  visits: VisitCounter;
  metrics: EdgeMetrics;
  /** Live cache rules, per-endpoint figures and the console's history. */
  operator: Operator;
  readiness: Readiness;
  /** Redis as the second tier (REDIS_URL), null when unset. */
  sharedTier: SharedTier | null;
  /** The per-client write budget, shared by the API proxy and the page form actions. */
  writeLimiter: WriteLimiter;
  /** Pages asked for on a guess (Sec-Purpose), and the views they leave to the view beacon. */
  speculation: Speculation;
  /** /readyz answers 503 from now on and answers carry `Connection: close`. */
  startDrain(): void;
  /** Releases timers and upstream connections (after the HTTP server has closed). */
  close(): Promise<void>;
}

/** What createApp settled from its config and deps before building the parts. */
interface Base {
  config: Config;
  upstreamUrl: string;
  now: () => number;
  logger: Logger;
  metrics: EdgeMetrics;
  sharing: Sharing;
  publicDir: string;
  security: SecurityHeaders;
}

/** The content service: the signed client, its readiness, the cache under the content API, the operator's figures. */
function contentParts({ config, upstreamUrl, now, logger, metrics, sharing }: Base, deps: AppDeps) {
  const readiness = createReadiness({
    detail: () => ({ redis: sharing.redis() }),
    now,
    windowMs: deps.readyWindowMs ?? config.readyWindowS * 1000,
    // One light call (the Chinese channel list) when nothing answered recently.
    probe: async () => void (await client.send({ ...CONTENT_PROBE, requestId: 'readyz' })),
  });
  const client = createUpstreamClient({
    baseUrl: upstreamUrl,
    gateways: config.gateways,
    appId: config.appId,
    timeoutMs: config.upstreamTimeoutMs,
    sign: createSigner({ appId: config.appId, tokenKey: config.tokenKey, now, random: deps.random ?? Math.random }),
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
  joinPurgeBuses(cache, [...(deps.purgeBuses ?? []), ...sharing.buses]);
  const operator = createOperator({ config, cache, metrics, readiness, logger, now });
  const visits = createVisitCounter({ client, onOutcome: (outcome) => metrics.visitCount(outcome) });
  const api = createContentApi({ client, cache, ttlFor: operator.rules.ttlFor, now, visits, logger, onLookup: operator.onLookup });
  metrics.gauge('edge_cache_entries', 'Entries in the upstream response cache', () => cache.stats().entries);
  metrics.gauge('edge_cache_bytes', 'Bytes held by the upstream response cache (keys and values)', () => cache.stats().bytes);
  metrics.gauge('edge_draining', '1 while the edge is shutting down', () => (readiness.draining ? 1 : 0));
  metrics.gauge('edge_redis_up', '1 while the shared Redis tier answers (REDIS_URL; 0 when unset or down)', () =>
    sharing.redis().state === 'up' ? 1 : 0,
  );
  return { readiness, client, cache, operator, visits, api, pageBytes };
}

/** Pages: the engine over the content API, and the page cache around it (when PAGE_CACHE_TTL_S is above 0). */
function pageParts(
  base: Base,
  { api, visits, cache, pageBytes }: Pick<ReturnType<typeof contentParts>, 'api' | 'visits' | 'cache' | 'pageBytes'>,
) {
  const { config, now, logger, metrics, sharing } = base;
  const site: SiteSettings = { ...config.site, filePrefix: config.filePrefix, portalId: config.portalId, orgId: config.orgId };
  // One guard per app (not per process): apps in one process never join each other's writes.
  // Renders under way are counted: a page asked for on a guess is rendered only while few are.
  const renders = countRenders(
    createPageEngine({
      api,
      logger,
      now,
      site,
      publicDir: base.publicDir,
      writeOnce: createWriteOnce(),
      onRender: metrics.countRender,
    }),
  );
  const engine = renders.engine;
  const pageCache =
    pageBytes > 0
      ? createPageCache<PageRequest, PageBody>({
          ttlS: config.pageCacheTtlS,
          swrS: config.pageCacheSwrS,
          staleIfErrorS: config.pageCacheStaleIfErrorS,
          maxBytes: pageBytes,
          now,
          headers: base.security,
          // The engine renders a visitor's page request; a page past its lifetime is rendered again with
          // the page's own address and no visitor (a plain call, no HTTP request).
          render: (key, request) => engine.render(request ?? backgroundRequest(key, site.publicUrl)),
          // With REDIS_URL, a page rendered on one instance is a hit on the others.
          shared: sharing.tier ? pageSecondTier(sharing.tier) : undefined,
          onEvent: (event) => metrics.cacheEvent('page', event),
          countView: (tags) => visits.countTags(tags),
          onRerenderAbandoned: (key) =>
            logger.warn(
              { code: 'RERENDER_ABANDONED', page: key },
              'a background re-render of a stored page did not finish in time: the page stays as it was',
            ),
        })
      : null;
  if (pageCache) cache.onPurge((selector, removed) => pageCache.purge(selector, removed));
  return { site, engine, pageCache, rendersInFlight: renders.inFlight };
}

/** The page request a background re-render of a stored page makes: the page's own address, no visitor. */
function backgroundRequest(key: string, publicUrl: string) {
  const url = new URL(key);
  return {
    method: 'GET' as const,
    origin: safeOrigin(publicUrl, url.protocol.slice(0, -1), url.host),
    target: `${url.pathname}${url.search}`,
    headers: { 'user-agent': 'edge-rerender' },
    requestId: `rerender-${Math.random().toString(36).slice(2, 10)}`,
    background: true,
  };
}

export function createApp(config: Config, deps: AppDeps = {}): EdgeApp {
  const upstreamUrl = config.upstreamUrl;
  if (!upstreamUrl) throw new Error('createApp needs an upstream URL (main.ts starts the embedded service when UPSTREAM_URL is unset)');
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? pino({ level: config.logLevel, name: 'edge' });
  const metrics = createMetrics({ defaultMetrics: deps.defaultMetrics });
  // REDIS_URL / PURGE_WEBHOOK_URL: the shared second tier and the purge buses.
  const sharing = setUpSharing(config, { logger, now });
  const base: Base = {
    config,
    upstreamUrl,
    now,
    logger,
    metrics,
    sharing,
    publicDir: deps.publicDir ?? join(process.cwd(), 'public'),
    security: securityHeaderList(),
  };
  const content = contentParts(base, deps);
  const { readiness, cache, operator, api, client } = content;
  const { site, engine, pageCache, rendersInFlight } = pageParts(base, content);
  const speculation = createSpeculation({ visits: content.visits, rendersInFlight, now });
  // A page sent from the store counts its view at the service (an article's): told once the visitor has it.
  const countView = (tags: readonly string[]): void => content.visits.countTags(tags);
  // TRUST_PROXY compiled once: the front door's parts and Express read the client by the same rule.
  const trust = compileProxyTrust(config.trustProxy);
  // A cluster worker counts writes and misses in the primary, so a client has one budget across the workers.
  const primary = primaryChannel();
  const writeLimiter = createWriteLimiter({ limit: config.rateLimitWrites, store: primary ? new ClusterRateStore(primary) : undefined });
  const missBudget = createMissBudget({
    limit: config.rateLimitApiMisses,
    addressOf: (req) => clientAddressOf(req, trust),
    store: primary ? new ClusterRateStore(primary) : undefined,
    onError: (err) => logger.warn({ err }, 'a cache miss could not be counted against its client: it goes uncounted'),
  });
  const log: RequestLogDeps = {
    logger,
    observe: (route, method, status, s) => metrics.observeRequest(route, method, status, s),
    draining: () => readiness.draining,
  };
  const { security } = base;
  const apiPaths = createApiPaths(config.apiAliases);
  const apiAnswers = createApiAnswers(security);
  const images = createIiifImages({ client, logger, metrics, site, http: { security, log, trust } });
  const rows = pathTable({
    probes: { door: healthAtDoor(security, log), express: probesRouter({ readiness, metrics }) },
    admin: config.adminToken
      ? adminRouter({
          token: config.adminToken,
          cache,
          extraStats: () => (pageCache ? { pages: pageCache.stats() } : {}),
          operator: operator.parts({ readiness, pageStats: () => pageCache?.stats() ?? null }),
          worker: workerIdentity(),
        })
      : absentAdminRoutes,
    api: {
      prefixes: apiPaths.prefixes,
      door: apiReadsAtDoor({ contentApi: api, route: apiPaths.match, answers: apiAnswers, missBudget, security, log }),
      express: apiRouter({ contentApi: api, paths: apiPaths, answers: apiAnswers, writeLimiter: writeLimiter.hard }),
    },
    files: { prefix: config.filePrefix, express: filesRouter({ filePrefix: config.filePrefix, client, metrics }) },
    images: { door: images.door, express: images.router },
    manifests: iiifManifestRouter({ api, logger, now, site, ttlS: config.pageCacheTtlS, iiif: config.iiif, measure: images.measure }),
    build: { door: buildFilesAtDoor(createBuildFiles(base.publicDir, security), log) },
    discovery: discoveryRouter({ api, logger, now, site, ttlS: config.pageCacheTtlS, apiAliases: config.apiAliases }),
    publicFiles: publicFiles(base.publicDir),
    pages: {
      door: pageCache ? storedPagesAtDoor({ pages: pageCache, speculation, countView, log, trust }) : null,
      express: [
        speculation.routes,
        pageRoute({ engine, pages: pageCache, speculation, countView, writeLimiter, logger, publicUrl: site.publicUrl, trust }),
      ],
    },
  });
  const app = buildExpress({ log, security, logger, trust, rows });
  const handler = createFrontDoor({ rows, next: app, security, log });

  return {
    app,
    handler,
    api,
    cache,
    pageCache,
    engine,
    client,
    visits: content.visits,
    metrics,
    operator,
    readiness,
    sharedTier: sharing.tier,
    writeLimiter,
    speculation,
    startDrain: () => readiness.startDrain(),
    async close() {
      // The visits still being sent go first (after the HTTP server has closed).
      await content.visits.idle();
      operator.close();
      cache.close();
      pageCache?.close();
      await sharing.close();
      await client.close();
    },
  };
}
