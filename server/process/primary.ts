// The primary of WEB_CONCURRENCY > 1: it serves no HTTP itself. It starts the embedded content service
// once (when UPSTREAM_URL is unset) and hands its URL to the workers, forks the workers (each runs
// main.ts's serve path and listens on the shared port; node:cluster spreads connections round-robin),
// relays purges and the operator's API rules, answers the workers' asks (aggregated metrics, shared
// rate-limit counts, the rules in force), replaces a worker that dies, and on SIGTERM/SIGINT has every worker drain as a single process does, then exits.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { resolveUpstream, type Upstream } from './embedded.ts';
import { relayClusterPurges } from '../sharing/purge.ts';
import { createMetricsAggregator, type WorkerMetrics } from '../ops/metrics.ts';
import {
  type Channel,
  createChannel,
  createRateCounts,
  type IpcPort,
  type KeptRules,
  NO_RULES,
  relayClusterRules,
} from '../sharing/cluster.ts';
import { encodeHandoff, type Handoff, HANDOFF_VAR } from './worker.ts';

/** How long the primary waits for one worker's figures before scraping without them. */
const METRICS_ASK_MS = 2000;
/** Past SHUTDOWN_TIMEOUT_MS a worker has cut its connections and exits; this is the margin for that. */
const KILL_MARGIN_MS = 5000;

interface Slot {
  index: number;
  worker: Worker | null;
  startedAt: number;
  /** Deaths in a row, each within the policy's `stableMs` of its start. */
  quickDeaths: number;
  restart: NodeJS.Timeout | null;
  gaveUp: boolean;
}

/** What the primary keeps while it runs. */
interface Primary {
  /** The config as given (host, WEB_CONCURRENCY, SHUTDOWN_TIMEOUT_MS). */
  config: Config;
  logger: Logger;
  policy: Partial<RestartPolicy> | undefined;
  /** What the workers are handed: the embedded service's URL and credentials, or null. */
  upstream: Handoff['upstream'];
  /** The upstream in use (logged once every worker listens). */
  upstreamUrl: string | null;
  embedded: Upstream['embedded'];
  links: Map<Worker, Channel>;
  /** The operator's API rules in force (server/sharing/cluster.ts): what a starting worker is handed. */
  apiRules: KeptRules;
  listening: Set<Worker>;
  metrics: ReturnType<typeof createMetricsAggregator>;
  rate: ReturnType<typeof createRateCounts>;
  slots: Slot[];
  everyoneListened: boolean;
  stopping: boolean;
  exitCode: number;
  allGone: () => void;
}

export async function runPrimary(config: Config, logger: Logger, policy?: Partial<RestartPolicy>): Promise<void> {
  const { config: effective, embedded } = await resolveUpstream(config, logger);
  const primary: Primary = {
    config,
    logger,
    policy,
    upstream: embedded
      ? { upstreamUrl: effective.upstreamUrl!, appId: effective.appId, tokenKey: effective.tokenKey, gateways: effective.gateways }
      : null,
    upstreamUrl: effective.upstreamUrl,
    embedded,
    links: new Map(),
    apiRules: NO_RULES,
    listening: new Set(),
    metrics: createMetricsAggregator(),
    rate: createRateCounts(),
    slots: Array.from({ length: config.webConcurrency }, (_, index) => ({
      index,
      worker: null,
      startedAt: 0,
      quickDeaths: 0,
      restart: null,
      gaveUp: false,
    })),
    everyoneListened: false,
    stopping: false,
    exitCode: 0,
    allGone: () => {},
  };
  // A terminal's Ctrl+C reaches the workers too; they ignore a second signal, so forwarding is harmless.
  process.once('SIGTERM', () => void stop(primary, 'SIGTERM', 0));
  process.once('SIGINT', () => void stop(primary, 'SIGINT', 0));
  for (const slot of primary.slots) fork(primary, slot);
}

/** Every listening worker's figures, merged (a worker that does not answer in time is left out of this scrape). */
async function gatherMetrics({ listening, links, metrics, logger }: Primary): Promise<string> {
  const asked = [...listening].flatMap((w) => (links.has(w) ? [[w.id, links.get(w)!] as const] : []));
  const answers = await Promise.allSettled(asked.map(([, link]) => link.ask<WorkerMetrics>('metrics', null, METRICS_ASK_MS)));
  const figures = new Map<number, WorkerMetrics>();
  answers.forEach((a, i) => {
    if (a.status === 'fulfilled') figures.set(asked[i]![0], a.value);
    else logger.warn({ worker: asked[i]![0], err: a.reason }, 'a worker gave no metrics for this scrape');
  });
  return metrics.text(figures, asked.length);
}

function fork(primary: Primary, slot: Slot): void {
  const { config, logger, links, listening, slots } = primary;
  slot.restart = null;
  const worker = cluster.fork({ [HANDOFF_VAR]: encodeHandoff({ slot: slot.index, upstream: primary.upstream }) });
  const link = createChannel(worker as unknown as IpcPort);
  links.set(worker, link);
  relayClusterPurges(link, () => links.values());
  relayClusterRules(link, () => links.values(), primary);
  primary.rate.serve(link);
  link.onAsk('metrics-all', () => gatherMetrics(primary));
  slot.worker = worker;
  slot.startedAt = Date.now();
  worker.on('listening', (address) => {
    listening.add(worker);
    if (primary.everyoneListened || listening.size < slots.length) return;
    primary.everyoneListened = true;
    const url = `http://${config.host}:${address.port}`;
    logger.info(
      { port: address.port, host: config.host, upstream: primary.upstreamUrl, workers: slots.length },
      `edge listening on ${url} (${slots.length} workers)`,
    );
  });
  worker.on('exit', (code, signal) => onExit(primary, slot, worker, code, signal));
}

function onExit(primary: Primary, slot: Slot, worker: Worker, code: number | null, signal: string | null): void {
  const { links, slots, logger } = primary;
  links.get(worker)?.close();
  links.delete(worker);
  const served = primary.listening.delete(worker);
  primary.metrics.retire(worker.id);
  if (slot.worker === worker) slot.worker = null;
  const who = { worker: worker.id, workerPid: worker.process.pid, slot: slot.index, code, signal };
  if (primary.stopping) {
    // A worker still starting has nothing in flight: SIGTERM's default action ending it is no failure.
    if (served && code !== 0) primary.exitCode = 1;
    if (slots.every((s) => s.worker === null)) primary.allGone();
    return;
  }
  if (!primary.everyoneListened) {
    // A worker that cannot start (the port taken, a broken build) would fail the same way every time.
    logger.fatal(who, 'a worker stopped before the edge was listening: stopping');
    void stop(primary, 'startup failure', 1);
    return;
  }
  replaceLater(primary, slot, who);
}

/** A worker died while serving: fork its slot again after the policy's delay, or give the slot up. */
function replaceLater(primary: Primary, slot: Slot, who: Record<string, unknown>): void {
  const { logger, slots } = primary;
  const lived = Date.now() - slot.startedAt;
  const decision = restartDelay(slot.quickDeaths, lived, primary.policy);
  slot.quickDeaths = decision.quickDeaths;
  if (decision.delayMs === null) {
    slot.gaveUp = true;
    logger.fatal({ ...who, quickDeaths: slot.quickDeaths }, 'a worker keeps dying right after it starts: not replacing it again');
    if (slots.every((s) => s.gaveUp)) void stop(primary, 'every worker gave up', 1);
    return;
  }
  logger.error({ ...who, livedMs: lived, restartInMs: decision.delayMs }, 'a worker died: replacing it');
  slot.restart = setTimeout(() => {
    if (!primary.stopping) fork(primary, slot);
  }, decision.delayMs);
}

async function stop(primary: Primary, reason: string, code: number): Promise<void> {
  const { config, logger, slots } = primary;
  if (primary.stopping) return;
  primary.stopping = true;
  primary.exitCode = code;
  for (const slot of slots) if (slot.restart) clearTimeout(slot.restart);
  const live = slots.flatMap((s) => (s.worker ? [s.worker] : []));
  logger.info(
    { reason, workers: live.length, timeoutMs: config.shutdownTimeoutMs },
    'draining: every worker finishes its requests in flight',
  );
  const gone = new Promise<void>((resolve) => (primary.allGone = resolve));
  // SIGTERM, not a message: a worker then drains exactly as a single process does (main.ts).
  for (const w of live) w.process.kill('SIGTERM');
  let forced = false;
  const force = setTimeout(() => {
    forced = true;
    logger.warn('shutdown timeout: killing the workers still running');
    for (const s of slots) s.worker?.process.kill('SIGKILL');
  }, config.shutdownTimeoutMs + KILL_MARGIN_MS);
  if (live.length > 0) await gone;
  clearTimeout(force);
  primary.rate.close();
  await primary.embedded?.close();
  logger.info({ forced, code: forced ? 1 : primary.exitCode }, 'stopped');
  logger.flush();
  process.exit(forced ? 1 : primary.exitCode);
}

// ---- When a dead worker is replaced ----
// When to replace a worker that died. A worker that ran a while is replaced almost at once (a rare crash
// should cost little capacity); one that dies soon after each start is in a crash loop, so its
// replacements come later and later (doubling), and past a few in a row the primary stops replacing it
// rather than spin forking processes that die (the edge keeps serving on the other workers; when every
// worker has given up, the primary exits 1 so a supervisor sees it).

interface RestartPolicy {
  /** A worker that lived this long counts as having started well; its death resets the count. */
  stableMs: number;
  /** Delay before the first replacement; doubled for each quick death in a row. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Quick deaths in a row after which the worker is not replaced again. */
  maxQuickDeaths: number;
}

const DEFAULT_RESTART_POLICY: RestartPolicy = {
  stableMs: 30_000,
  baseDelayMs: 250,
  maxDelayMs: 30_000,
  maxQuickDeaths: 6,
};

/**
 * `delayMs` null: give up on this worker. `quickDeaths` is the count to keep for its next death.
 * @internal test hook: the back-off is tested without crashing processes.
 */
export function restartDelay(
  quickDeaths: number,
  livedMs: number,
  policy: Partial<RestartPolicy> = {},
): { delayMs: number | null; quickDeaths: number } {
  const p = { ...DEFAULT_RESTART_POLICY, ...policy };
  const count = livedMs >= p.stableMs ? 1 : quickDeaths + 1;
  if (count > p.maxQuickDeaths) return { delayMs: null, quickDeaths: count };
  return { delayMs: Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** (count - 1)), quickDeaths: count };
}
