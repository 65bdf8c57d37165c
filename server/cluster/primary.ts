// The primary of WEB_CONCURRENCY > 1: it serves no HTTP itself. It starts the embedded content service
// once (when UPSTREAM_URL is unset) and hands its URL to the workers, forks the workers (each runs
// main.ts's serve path and listens on the shared port; node:cluster spreads connections round-robin),
// relays purges and answers the workers' asks (aggregated metrics, shared rate-limit counts), replaces a
// worker that dies, and on SIGTERM/SIGINT has every worker drain as a single process does, then exits.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { resolveUpstream } from '../embedded-upstream.ts';
import { relayClusterPurges } from '../fanout/cluster-bus.ts';
import { createMetricsAggregator, type WorkerMetrics } from '../ops/metrics.ts';
import { createChannel, type Channel, type IpcPort } from './channel.ts';
import { createRateCounts } from './rate-store.ts';
import { restartDelay, type RestartPolicy } from './restart.ts';
import { encodeHandoff, HANDOFF_VAR, type Handoff } from './worker.ts';

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

export async function runPrimary(config: Config, logger: Logger, policy?: Partial<RestartPolicy>): Promise<void> {
  const { config: effective, embedded } = await resolveUpstream(config, logger);
  const upstream: Handoff['upstream'] = embedded
    ? { upstreamUrl: effective.upstreamUrl!, appId: effective.appId, tokenKey: effective.tokenKey, gateways: effective.gateways }
    : null;
  const links = new Map<Worker, Channel>();
  const listening = new Set<Worker>();
  const metrics = createMetricsAggregator();
  const rate = createRateCounts();
  const slots: Slot[] = Array.from({ length: config.webConcurrency }, (_, index) => ({
    index,
    worker: null,
    startedAt: 0,
    quickDeaths: 0,
    restart: null,
    gaveUp: false,
  }));
  let everyoneListened = false;
  let stopping = false;
  let exitCode = 0;
  let allGone: () => void = () => {};

  async function gatherMetrics(): Promise<string> {
    const asked = [...listening].flatMap((w) => (links.has(w) ? [[w.id, links.get(w)!] as const] : []));
    const answers = await Promise.allSettled(asked.map(([, link]) => link.ask<WorkerMetrics>('metrics', null, METRICS_ASK_MS)));
    const figures = new Map<number, WorkerMetrics>();
    answers.forEach((a, i) => {
      if (a.status === 'fulfilled') figures.set(asked[i]![0], a.value);
      else logger.warn({ worker: asked[i]![0], err: a.reason }, 'a worker gave no metrics for this scrape');
    });
    return metrics.text(figures, asked.length);
  }

  function fork(slot: Slot): void {
    slot.restart = null;
    const worker = cluster.fork({ [HANDOFF_VAR]: encodeHandoff({ slot: slot.index, upstream }) });
    const link = createChannel(worker as unknown as IpcPort);
    links.set(worker, link);
    relayClusterPurges(link, () => links.values());
    rate.serve(link);
    link.onAsk('metrics-all', gatherMetrics);
    slot.worker = worker;
    slot.startedAt = Date.now();
    worker.on('listening', (address) => {
      listening.add(worker);
      if (everyoneListened || listening.size < slots.length) return;
      everyoneListened = true;
      const url = `http://${config.host}:${address.port}`;
      logger.info({ port: address.port, host: config.host, upstream: effective.upstreamUrl, workers: slots.length }, `edge listening on ${url} (${slots.length} workers)`);
    });
    worker.on('exit', (code, signal) => onExit(slot, worker, code, signal));
  }

  function onExit(slot: Slot, worker: Worker, code: number | null, signal: string | null): void {
    links.get(worker)?.close();
    links.delete(worker);
    const served = listening.delete(worker);
    metrics.retire(worker.id);
    if (slot.worker === worker) slot.worker = null;
    const who = { worker: worker.id, workerPid: worker.process.pid, slot: slot.index, code, signal };
    if (stopping) {
      // A worker still starting has nothing in flight: SIGTERM's default action ending it is no failure.
      if (served && code !== 0) exitCode = 1;
      if (slots.every((s) => s.worker === null)) allGone();
      return;
    }
    if (!everyoneListened) {
      // A worker that cannot start (the port taken, a broken build) would fail the same way every time.
      logger.fatal(who, 'a worker stopped before the edge was listening: stopping');
      void stop('startup failure', 1);
      return;
    }
    const lived = Date.now() - slot.startedAt;
    const decision = restartDelay(slot.quickDeaths, lived, policy);
    slot.quickDeaths = decision.quickDeaths;
    if (decision.delayMs === null) {
      slot.gaveUp = true;
      logger.fatal({ ...who, quickDeaths: slot.quickDeaths }, 'a worker keeps dying right after it starts: not replacing it again');
      if (slots.every((s) => s.gaveUp)) void stop('every worker gave up', 1);
      return;
    }
    logger.error({ ...who, livedMs: lived, restartInMs: decision.delayMs }, 'a worker died: replacing it');
    slot.restart = setTimeout(() => {
      if (!stopping) fork(slot);
    }, decision.delayMs);
  }

  async function stop(reason: string, code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const slot of slots) if (slot.restart) clearTimeout(slot.restart);
    const live = slots.flatMap((s) => (s.worker ? [s.worker] : []));
    logger.info({ reason, workers: live.length, timeoutMs: config.shutdownTimeoutMs }, 'draining: every worker finishes its requests in flight');
    const gone = new Promise<void>((resolve) => (allGone = resolve));
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
    rate.close();
    await embedded?.close();
    logger.info({ forced, code: forced ? 1 : exitCode }, 'stopped');
    logger.flush();
    process.exit(forced ? 1 : exitCode);
  }

  // A terminal's Ctrl+C reaches the workers too; they ignore a second signal, so forwarding is harmless.
  process.once('SIGTERM', () => void stop('SIGTERM', 0));
  process.once('SIGINT', () => void stop('SIGINT', 0));
  for (const slot of slots) fork(slot);
}
