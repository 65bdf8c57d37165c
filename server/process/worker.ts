// What a cluster worker knows about being one: its label, its link to the primary, and what the primary
// handed it at fork time (the embedded content service's URL and credentials, started once in the
// primary). Outside a cluster every function here says so (null), and nothing else changes.
import cluster from 'node:cluster';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { createChannel, type Channel, type IpcPort } from '../sharing/cluster.ts';

/** The variable the primary sets on each worker it forks (not an operator setting). */
export const HANDOFF_VAR = 'EDGE_CLUSTER_HANDOFF';

const handoffSchema = z.object({
  /** 0…WEB_CONCURRENCY-1: the worker's place; a replacement takes the place of the one that died. */
  slot: z.number().int().min(0),
  /** Present when the primary started the embedded service: what the worker uses instead of UPSTREAM_URL. */
  upstream: z
    .object({
      upstreamUrl: z.string().url(),
      appId: z.string(),
      tokenKey: z.string(),
      gateways: z.object({ content: z.string(), file: z.string(), search: z.string(), report: z.string() }),
    })
    .nullable(),
});
export type Handoff = z.infer<typeof handoffSchema>;

export function encodeHandoff(handoff: Handoff): string {
  return JSON.stringify(handoff);
}

/**
 * The primary's hand-off, or null when this process is not a worker forked by our primary — a cluster
 * worker of some other manager (pm2's cluster mode) has none, and then runs as a single process with no
 * link to anything. A malformed hand-off is a bug: it throws.
 */
export function readHandoff(env: NodeJS.ProcessEnv = process.env): Handoff | null {
  const raw = env[HANDOFF_VAR];
  if (!cluster.isWorker || !raw) return null;
  return handoffSchema.parse(JSON.parse(raw));
}

/** True in a worker our primary forked (the one place that decides it). */
const isEdgeWorker = (): boolean => cluster.isWorker && Boolean(process.env[HANDOFF_VAR]) && cluster.worker !== undefined;

/** The config a worker serves with: the primary's embedded upstream in place of UPSTREAM_URL when it ran one. */
export function workerConfig(config: Config, handoff: Handoff): Config {
  return handoff.upstream ? Object.freeze({ ...config, ...handoff.upstream }) : config;
}

/** `X-Edge-Worker` value (the cluster worker id, new for a replacement); null outside a cluster. */
export function workerLabel(): string | null {
  return isEdgeWorker() ? String(cluster.worker!.id) : null;
}

/** Who answered, for operator answers that show one process's state; null outside a cluster. */
export function workerIdentity(): { id: number; pid: number } | null {
  return isEdgeWorker() ? { id: cluster.worker!.id, pid: process.pid } : null;
}

let channel: Channel | null = null;
/** The worker's one link to its primary (made on first use); null outside a cluster worker. */
export function primaryChannel(): Channel | null {
  if (!isEdgeWorker()) return null;
  channel ??= createChannel(process as unknown as IpcPort);
  return channel;
}
