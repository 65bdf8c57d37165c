// REDIS_URL and PURGE_WEBHOOK_URL → the parts createApp wires in: the shared tier (null when REDIS_URL is
// unset: each process alone), the SecondTier of the upstream cache, the purge buses, and the state for
// /readyz and `edge_redis_up`.
import type { Logger } from 'pino';
import { pagePathOf } from '../cache/page-cache.ts';
import type { SecondTier } from '../cache/response-cache.ts';
import type { Config } from '../config.ts';
import { createRedisPurgeBus, createWebhookBus, type PurgeBus } from './purge.ts';
import { createRedisLink, redact } from './redis.ts';
import { apiSecondTier, PAGE_NS } from './tier-entries.ts';
import { createSharedTier, type SharedTier } from './tier.ts';

/** The fill lock outlives one upstream call at its time limit by this much. */
const LOCK_MARGIN_MS = 1_000;

interface RedisState {
  /** off: REDIS_URL unset. down never makes the edge unready: it serves on alone. */
  state: 'off' | 'up' | 'down';
  url?: string;
}

export interface Sharing {
  /** Null when REDIS_URL is unset. */
  tier: SharedTier | null;
  secondTier: SecondTier | undefined;
  buses: PurgeBus[];
  redis(): RedisState;
  close(): Promise<void>;
}

type SharingConfig = Pick<Config, 'redisUrl' | 'redisTimeoutMs' | 'purgeWebhookUrl' | 'upstreamTimeoutMs'>;

export function setUpSharing(config: SharingConfig, { logger, now }: { logger: Logger; now: () => number }): Sharing {
  const buses: PurgeBus[] = [];
  if (config.purgeWebhookUrl) buses.push(createWebhookBus({ url: config.purgeWebhookUrl, logger }));
  if (!config.redisUrl) {
    return { tier: null, secondTier: undefined, buses, redis: () => ({ state: 'off' }), close: () => closeAll(buses) };
  }
  const link = createRedisLink({ url: config.redisUrl, timeoutMs: config.redisTimeoutMs, logger });
  // Lock deadlines run on the real clock (an injected test clock may stand still).
  const tier = createSharedTier(link);
  // Page keys are URLs (`http://host/path?q`): a purge by prefix matches their path.
  buses.push(createRedisPurgeBus({ link, tier, logger, pages: { ns: PAGE_NS, pathOf: pagePathOf } }));
  const url = redact(config.redisUrl);
  return {
    tier,
    secondTier: apiSecondTier(tier, { now, lockMs: config.upstreamTimeoutMs + LOCK_MARGIN_MS }),
    buses,
    redis: () => ({ state: link.up() ? 'up' : 'down', url }),
    async close() {
      await closeAll(buses);
      await link.close();
    },
  };
}

async function closeAll(buses: readonly PurgeBus[]): Promise<void> {
  await Promise.all(buses.map((bus) => bus.close()));
}
