// The Express middleware chain: the path of a request the front door hands on, top to bottom. The order
// is behaviour (README "What a request passes through" walks it).
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createBuildFiles, type BuildFiles } from '../door/build-files.ts';
import { BROTLI_WINDOW_BITS } from '../door/prepared.ts';
import { discoveryRouter } from '../discovery/router.ts';
import { absentAdmin, adminRouter } from '../ops/admin.ts';
import { errorHandler } from '../ops/errors.ts';
import type { EdgeMetrics } from '../ops/metrics.ts';
import { probesRouter } from '../ops/probes.ts';
import { requestLog, type RequestLogDeps } from '../ops/request-log.ts';
import { filesRouter } from '../proxy/files.ts';
import { createApiPaths, type ApiPaths } from '../proxy/api-paths.ts';
import { proxyRouter } from '../proxy/router.ts';
import { createPageRouter } from '../render/index.ts';
import type { PageDeps } from '../render/types.ts';
import { securityHeaderList, securityHeaders, type SecurityHeaders } from '../security.ts';
import { staticFiles } from '../static-files.ts';
import type { EdgeParts } from './parts.ts';

type ChainConfig = Pick<Config, 'trustProxy' | 'adminToken' | 'apiAliases' | 'filePrefix' | 'pageCacheTtlS'>;

/** The app and what the front door shares with it. */
export interface ExpressChain {
  app: Express;
  apiPaths: ApiPaths;
  security: SecurityHeaders;
  logDeps: RequestLogDeps;
  buildFiles: BuildFiles;
}

export interface ChainDeps {
  parts: EdgeParts;
  pageDeps: PageDeps;
  publicDir: string;
  logger: Logger;
  metrics: EdgeMetrics;
}

export function buildExpress(config: ChainConfig, { parts, pageDeps, publicDir, logger, metrics }: ChainDeps): ExpressChain {
  const { readiness, cache, pageCache, operator, gateway, client, writeLimiter, missBudget } = parts;
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
  app.use(proxyRouter({ gateway, paths: apiPaths, writeLimiter, missBudget }));
  app.use(filesRouter({ filePrefix: config.filePrefix, client, metrics }));
  // Answers compressed as they go out (a page's first visitor, before it is stored) with brotli's window
  // as small as the stored copies' (door/prepared.ts): with its 4 MiB default every such answer set up a
  // 4 MiB ring buffer — bench:soak with browsers' Accept-Encoding made 2,821 answers in 20 s against 6,102
  // with gzip alone, and 5,591 with the 64 KiB window.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } }));
  const buildFiles = createBuildFiles(publicDir, security);
  app.use(staticFiles(publicDir, buildFiles));
  app.use(discoveryRouter({ api: gateway, logger, now: pageDeps.now, site: pageDeps.site, ttlS: config.pageCacheTtlS, apiAliases: config.apiAliases }));
  if (pageCache) app.use(pageCache.middleware);
  app.use(operator.renders);
  app.use(createPageRouter(pageDeps));
  app.use(errorHandler(logger));
  return { app, apiPaths, security, logDeps, buildFiles };
}
