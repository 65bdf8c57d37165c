// REDIS_URL and PURGE_WEBHOOK_URL → the parts createApp wires in: the shared tier (null when REDIS_URL is
// unset: each process alone, as before), the SecondTier of the upstream cache, the purge buses, and the
// state for /readyz and `edge_redis_up`.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createRedisPurgeBus } from '../fanout/redis-bus.ts';
import type { PurgeBus } from '../fanout/purge-bus.ts';
import { createWebhookBus } from '../fanout/webhook.ts';
import { pagePathOf, type PageSecondTier } from '../page-cache.ts';
import type { SecondTier } from '../upstream/cache.ts';
import { apiSecondTier } from './api-entries.ts';
import { createRedisLink, redact } from './link.ts';
import { createSharedTier, type SharedTier } from './tier.ts';

/** The namespace for whole pages in the shared tier (the page cache's; purges follow into it). */
export const PAGE_NS = 'page';
/** The fill lock outlives one upstream call at its time limit by this much. */
const LOCK_MARGIN_MS = 1_000;

export interface RedisState {
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

/** The shared tier as the page cache sees it: whole pages in PAGE_NS. */
export function pageTier(tier: SharedTier): PageSecondTier {
  return {
    get: (key) => tier.get(PAGE_NS, key),
    set: (key, value, ttlMs, tags) => void tier.set(PAGE_NS, key, value, ttlMs, tags),
  };
}

async function closeAll(buses: readonly PurgeBus[]): Promise<void> {
  await Promise.all(buses.map((bus) => bus.close()));
}
