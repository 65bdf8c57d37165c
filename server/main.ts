// The edge process: config → (embedded content service when UPSTREAM_URL is unset) → createApp →
// listen on HOST:PORT. SIGTERM/SIGINT drain: /readyz 503 at once, no new connections, requests in
// flight finish within SHUTDOWN_TIMEOUT_MS, then exit 0.
import { createServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createApp } from './app.ts';
import { resolveUpstream } from './embedded-upstream.ts';
import { checkGateways } from './upstream/startup-check.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee .env.example for every variable and its meaning.\n`);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
// pino's default destination: synchronous writes to stdout. Measured (bench/proxy.ts) at twice the
// throughput of an async destination, whose every flush is a hand-off to the libuv thread pool.
const logger = pino({ level: config.logLevel, name: 'edge' });
process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

const { config: effective, embedded } = await resolveUpstream(config, logger);
const edge = createApp(effective, { logger });
const server = createServer(edge.handler);
server.keepAliveTimeout = 5_000;
// A request whose body never completes (shorter than its Content-Length) is cut after 30 s, not Node's 300.
server.requestTimeout = 30_000;

await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(config.port, config.host, () => resolve());
});
logger.info({ port: config.port, host: config.host, upstream: effective.upstreamUrl }, `edge listening on http://${config.host}:${config.port}`);
// Says in the first log lines which gateway variable is wrong, if one is (never stops the edge).
void checkGateways(edge.client, effective.gateways, logger);

let draining = false;
async function drain(signal: string): Promise<void> {
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
process.once('SIGTERM', () => void drain('SIGTERM'));
process.once('SIGINT', () => void drain('SIGINT'));
