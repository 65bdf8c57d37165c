// The edge process: config → (embedded content service when UPSTREAM_URL is unset) → createApp →
// listen on HOST:PORT. SIGTERM/SIGINT drain: /readyz 503 at once, no new connections, requests in
// flight finish within SHUTDOWN_TIMEOUT_MS, then exit 0.
// WEB_CONCURRENCY > 1: this process becomes the cluster primary (server/process/primary.ts: the embedded
// service once, the workers, restarts, the drain of them all), and each worker it forks runs the serve
// path below, with the primary's upstream, the cluster purge bus, aggregated /metrics and an
// `X-Edge-Worker` header naming it. WEB_CONCURRENCY=1 (the default) is the single process alone.
import cluster from 'node:cluster';
import { createServer, type RequestListener, type Server } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { applyHeapGrowth, createProcessLogger } from './process/settings.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createApp, type EdgeApp } from './app.ts';
import { runPrimary } from './process/primary.ts';
import { primaryChannel, readHandoff, workerConfig, workerIdentity, workerLabel } from './process/worker.ts';
import type { CmsServer } from '../cms/server.ts';
import { resolveUpstream } from './process/embedded.ts';
import { shareClusterRules } from './sharing/cluster.ts';
import { createClusterBus } from './sharing/purge.ts';
import { metricsForAggregation, serveAggregatedMetrics } from './ops/metrics.ts';
import { checkGateways } from './upstream/startup-check.ts';
import { ENV_FILE, loadEnvFileIfPresent } from '../shared/node/env-file.ts';

function readConfig(): Config {
  try {
    loadEnvFileIfPresent();
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(
        `${err.message}\nSet it in the environment or in ${ENV_FILE}; docs/configuration.md (and .env.example) has every variable and its meaning.\n`,
      );
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
applyHeapGrowth(config.heapGrowthPercent);
const handoff = readHandoff(); // null unless this is a cluster worker
const me = workerIdentity();
const rootLogger = createProcessLogger(config.logLevel);
const logger = me ? rootLogger.child({ worker: me.id }) : rootLogger;
process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

if (config.webConcurrency > 1 && cluster.isPrimary) await runPrimary(config, logger);
else await serve();

async function serve(): Promise<void> {
  const { config: effective, embedded } = handoff
    ? { config: workerConfig(config, handoff), embedded: null }
    : await resolveUpstream(config, logger);
  const primary = primaryChannel();
  const edge = createApp(effective, { logger, purgeBuses: primary ? [createClusterBus(primary)] : [] });
  if (primary) {
    // Before listening: a replacement worker serves with the operator's rules in force.
    await shareClusterRules(primary, edge.operator.rules, logger);
    primary.onAsk('metrics', () => metricsForAggregation(edge.metrics.registry));
    serveAggregatedMetrics(edge.metrics, () => primary.ask<string>('metrics-all', null, 5_000));
  }
  const server = createServer(withWorkerLabel(edge.handler));
  server.keepAliveTimeout = 5_000;
  // A request whose body never completes (shorter than its Content-Length) is cut after 30 s, not Node's 300.
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const where = { port, host: config.host, upstream: effective.upstreamUrl };
  if (me) logger.info(where, `edge worker ${me.id} listening on http://${config.host}:${port}`);
  else logger.info(where, `edge listening on http://${config.host}:${port}`);
  logger.flush(); // the line probes and people wait for goes out now, not with the next batch
  // Says in the first log lines which gateway variable is wrong, if one is (never stops the edge); with
  // workers, only the first one checks.
  if (!handoff || handoff.slot === 0) void checkGateways(edge.client, effective.gateways, logger);

  // A single process: a second Ctrl+C stops it at once (the default action). A worker ignores repeats:
  // a terminal's Ctrl+C reaches it and the primary's SIGTERM follows; the primary decides when to force.
  const on = me ? process.on.bind(process) : process.once.bind(process);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) on(signal, () => void drain(signal, server, edge, embedded));
}

/** With workers every answer names the worker that made it (set first, so no path misses it). */
function withWorkerLabel(handler: RequestListener): RequestListener {
  const label = workerLabel();
  if (label === null) return handler;
  return (req, res) => {
    res.setHeader('X-Edge-Worker', label);
    handler(req, res);
  };
}

let draining = false;
async function drain(signal: string, server: Server, edge: EdgeApp, embedded: CmsServer | null): Promise<void> {
  if (draining) return;
  draining = true;
  edge.startDrain();
  logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'draining: not ready, no new connections, finishing requests in flight');
  let forced = false;
  const force = setTimeout(() => {
    forced = true;
    logger.warn('shutdown timeout: cutting the connections still open');
    server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  // Stop listening, but do not cut idle keep-alive connections the way http's close() does: a client may
  // be sending its next request on one right now, and would see a reset. Such a request is answered
  // (with `Connection: close`, then the socket ends); sockets left idle close at their keep-alive
  // timeout, which every answer announced (`Keep-Alive: timeout=5`).
  await new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  clearTimeout(force);
  await edge.close();
  await embedded?.close();
  logger.info({ forced }, 'stopped');
  logger.flush();
  process.exit(forced ? 1 : 0);
}
