// A PurgeBus over Redis: a purge made here first removes the matching answers from the shared tier, then
// is published on one channel; every other instance applies it to its own first tier (and its page cache
// follows through cache.onPurge). The order matters: an instance told of the purge must not find the old
// answer in Redis again.
//
// Pub/sub is fire-and-forget: a message published while an instance's subscriber connection is down is
// lost to it. So when that connection comes back, the instance drops its whole first tier (it refills from
// Redis and the upstream). A purge made here while Redis is down applies locally at once and is kept (in
// order, bounded) to be applied in Redis and published when Redis is back.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import { API_NS } from '../shared-tier/api-entries.ts';
import type { RedisLink } from '../shared-tier/link.ts';
import { UNAVAILABLE } from '../shared-tier/link.ts';
import type { SharedTier, TierPurge } from '../shared-tier/tier.ts';
import { matcher, type PurgeSelector } from '../upstream/cache.ts';
import { entryTag } from '../upstream/keys.ts';
import type { PurgeBus } from './purge-bus.ts';

export const PURGE_CHANNEL = 'edge:purge';
/** Unsent purges kept while Redis is away (a purge is a few bytes; more collapse into one purge of everything). */
const MAX_PENDING = 100;

const selectorSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ prefix: z.string() }),
  z.object({ tag: z.string() }),
  z.object({ allTags: z.array(z.string()) }),
]);
const messageSchema = z.object({ from: z.string(), selector: selectorSchema });

/** The shared tier's form of a cache purge (a prefix matches keys the way the first tier does). */
export function tierPurgeOf(selector: PurgeSelector): TierPurge {
  if ('prefix' in selector) {
    const matches = matcher(selector);
    return { where: (key) => matches(key, []) };
  }
  return selector;
}

export interface RedisBusOptions {
  link: RedisLink;
  tier: SharedTier;
  logger: Logger;
  /**
   * Pages kept in the shared tier follow a purge the way the local page cache does: the same selector (a
   * prefix matched against `pathOf(key)`), and every page tagged with the entry tag of a removed answer.
   */
  pages?: { ns: string; pathOf?: (key: string) => string };
}

/** More removed answers than this: the pages namespace is purged whole rather than tag by tag. */
const MAX_FOLLOWED_ENTRIES = 500;

export function createRedisPurgeBus({ link, tier, logger, pages }: RedisBusOptions): PurgeBus {
  const self = randomUUID();
  const log = logger.child({ component: 'redis-bus' });
  /** Purges run one after another, so Redis sees them in the order they were made. */
  let queue: Promise<void> = Promise.resolve();

  /** Purges Redis could not take, sent again (in order) when it is back; past the bound, one purge of everything. */
  let pending: PurgeSelector[] = [];

  async function send(selector: PurgeSelector): Promise<boolean> {
    const removed = await tier.purge(API_NS, tierPurgeOf(selector));
    if (removed === null || (pages && !(await followPages(pages, selector, removed)))) return false;
    return (await link.run(['PUBLISH', PURGE_CHANNEL, JSON.stringify({ from: self, selector })])) !== UNAVAILABLE;
  }

  async function followPages(p: NonNullable<RedisBusOptions['pages']>, selector: PurgeSelector, removed: string[]): Promise<boolean> {
    if (removed.length > MAX_FOLLOWED_ENTRIES) return (await tier.purge(p.ns, { all: true })) !== null;
    const pathOf = p.pathOf ?? ((key: string) => key);
    const own: TierPurge = 'prefix' in selector ? { where: (key) => pathOf(key).startsWith(selector.prefix) } : selector;
    if ((await tier.purge(p.ns, own)) === null) return false;
    for (const key of removed) {
      if ((await tier.purge(p.ns, { tag: entryTag(key) })) === null) return false;
    }
    return true;
  }

  function enqueue(selectors: PurgeSelector[]): void {
    queue = queue
      .then(async () => {
        for (const [i, selector] of selectors.entries()) {
          if (await send(selector)) continue;
          const left = selectors.slice(i);
          pending = pending.length + left.length > MAX_PENDING ? [{ all: true }] : [...pending, ...left];
          log.warn({ selector, pending: pending.length }, 'purge not applied in Redis (unavailable): sent again when Redis is back');
          return;
        }
      })
      .catch((err: Error) => log.warn({ err: err.message }, 'purge fan-out failed'));
  }

  link.onState((up) => {
    if (!up || pending.length === 0) return;
    const replay = pending;
    pending = [];
    log.info({ purges: replay.length }, 'Redis is back: sending the purges made while it was away');
    enqueue(replay);
  });

  return {
    publish(selector) {
      enqueue([selector]);
    },
    subscribe(apply) {
      link.subscribe(
        PURGE_CHANNEL,
        (message) => {
          let parsed: z.infer<typeof messageSchema>;
          try {
            parsed = messageSchema.parse(JSON.parse(message.toString('utf8')));
          } catch {
            log.warn('unreadable message on the purge channel, ignored');
            return;
          }
          if (parsed.from !== self) apply(parsed.selector as PurgeSelector);
        },
        () => {
          log.warn('purge channel reconnected: purges made meanwhile were missed, dropping this instance’s first tier');
          apply({ all: true });
        },
      );
    },
    async close() {
      await queue;
    },
  };
}
