// How a purge made on one process reaches the others. The cache purges locally first; each bus carries the
// selector on its own way — between cluster workers over IPC, between instances over Redis pub/sub, to a
// CDN through a webhook — and a receiver applies it to its own cache (whose page cache follows), and does
// not pass it on again.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import { matcher, type PurgeSelector } from '../cache/kit.ts';
import type { ResponseCache } from '../cache/response-cache.ts';
import { entryTag } from '../content/content-api.ts';
import type { Channel } from './cluster.ts';
import { UNAVAILABLE, type RedisLink } from './redis.ts';
import { API_NS } from './tier-entries.ts';
import type { SharedTier, TierPurge } from './tier.ts';

export interface PurgeBus {
  /** Tells the other processes about a purge made here. Never throws; a lost message is logged by the bus. */
  publish(selector: PurgeSelector): void;
  /** `apply` is called with every purge made elsewhere. */
  subscribe(apply: (selector: PurgeSelector) => void): void;
  close(): Promise<void>;
}

/** Connects a cache to buses: local purges go out, remote ones come in without echoing back. */
export function joinPurgeBuses(cache: ResponseCache, buses: readonly PurgeBus[]): void {
  if (buses.length === 0) return;
  let applyingRemote = false; // purges are synchronous, so a flag tells a remote one from a local one
  for (const bus of buses) {
    bus.subscribe((selector) => {
      applyingRemote = true;
      try {
        cache.purge(selector);
      } finally {
        applyingRemote = false;
      }
    });
  }
  cache.onPurge((selector) => {
    if (applyingRemote) return;
    for (const bus of buses) bus.publish(selector);
  });
}

// ---- Between cluster workers ----
// Worker → primary → every other worker, over the cluster's IPC channel. A purge made on one worker is
// applied by the others within one IPC hop each (a read that reaches another worker in that instant may
// still see the old entry). Delivery is best-effort: a worker that is starting or dying misses it, which
// costs nothing (it starts with an empty cache).

const CLUSTER_PURGE = 'purge';

const isSelector = (v: unknown): v is PurgeSelector => {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    s.all === true ||
    typeof s.prefix === 'string' ||
    typeof s.tag === 'string' ||
    (Array.isArray(s.allTags) && s.allTags.every((t) => typeof t === 'string'))
  );
};

/** The worker's end: `channel` is its link to the primary. */
export function createClusterBus(channel: Channel): PurgeBus {
  let apply: ((selector: PurgeSelector) => void) | null = null;
  channel.onNote(CLUSTER_PURGE, (body) => {
    if (apply && isSelector(body)) apply(body);
  });
  return {
    publish(selector) {
      channel.note(CLUSTER_PURGE, selector);
    },
    subscribe(fn) {
      apply = fn;
    },
    async close() {
      apply = null;
    },
  };
}

/**
 * The primary's part: a purge noted by one worker goes to every other live worker. `links` is read at
 * each purge, so replacements are included as soon as the primary adds them.
 */
export function relayClusterPurges(from: Channel, links: () => Iterable<Channel>): void {
  from.onNote(CLUSTER_PURGE, (body) => {
    if (!isSelector(body)) return;
    for (const link of links()) if (link !== from) link.note(CLUSTER_PURGE, body);
  });
}

// ---- Between instances, over Redis ----
// A purge made here first removes the matching answers from the shared tier, then is published on one
// channel; every other instance applies it to its own first tier (and its page cache follows through
// cache.onPurge). The order matters: an instance told of the purge must not find the old answer in Redis
// again.
//
// Pub/sub is fire-and-forget: a message published while an instance's subscriber connection is down is lost
// to it. So when that connection comes back, the instance drops its whole first tier (it refills from Redis
// and the upstream). A purge made here while Redis is down applies locally at once and is kept (in order,
// bounded) to be applied in Redis and published when Redis is back.

const PURGE_CHANNEL = 'edge:purge';
/** Unsent purges kept while Redis is away (a purge is a few bytes; more collapse into one purge of everything). */
const MAX_PENDING = 100;
/** More removed answers than this: the pages namespace is purged whole rather than tag by tag. */
const MAX_FOLLOWED_ENTRIES = 500;

const selectorSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ prefix: z.string() }),
  z.object({ tag: z.string() }),
  z.object({ allTags: z.array(z.string()) }),
]);
const messageSchema = z.object({ from: z.string(), selector: selectorSchema });

/** The shared tier's form of a cache purge (a prefix matches keys the way the first tier does). */
function tierPurgeOf(selector: PurgeSelector): TierPurge {
  if ('prefix' in selector) {
    const matches = matcher(selector);
    return { where: (key) => matches(key, []) };
  }
  return selector;
}

interface RedisBusOptions {
  link: RedisLink;
  tier: SharedTier;
  logger: Logger;
  /**
   * Pages kept in the shared tier follow a purge the way the local page cache does: the same selector (a
   * prefix matched against `pathOf(key)`), and every page tagged with the entry tag of a removed answer.
   */
  pages?: { ns: string; pathOf?: (key: string) => string };
}

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

// ---- To a CDN (PURGE_WEBHOOK_URL) ----
// A bus that only publishes. Every purge made on this instance (operator or after a write) is POSTed as
// JSON `{ selector, tags }`, so a CDN in front can purge the same tags (the pages carry them in
// Surrogate-Key / Cache-Tag). Fire-and-forget with a time limit; a failure is logged, never retried (a
// CDN's own TTLs bound what a lost call leaves behind). Only the instance that made the purge calls it.

const WEBHOOK_TIMEOUT_MS = 5_000;

interface WebhookBody {
  selector: PurgeSelector;
  /** The tags the purge names (a tag purge: that tag; all-of-tags: those); empty for a prefix or everything. */
  tags: string[];
}

function webhookBody(selector: PurgeSelector): WebhookBody {
  const tags = 'tag' in selector ? [selector.tag] : 'allTags' in selector ? [...selector.allTags] : [];
  return { selector, tags };
}

interface WebhookBusOptions {
  url: string;
  logger: Logger;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createWebhookBus({ url, logger, timeoutMs = WEBHOOK_TIMEOUT_MS, fetch: send = fetch }: WebhookBusOptions): PurgeBus {
  const log = logger.child({ component: 'purge-webhook' });
  const inFlight = new Set<Promise<void>>();

  async function post(selector: PurgeSelector): Promise<void> {
    try {
      const res = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(webhookBody(selector)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) log.warn({ status: res.status, selector }, `purge webhook answered ${res.status}`);
    } catch (err) {
      log.warn({ err: (err as Error).message, selector }, 'purge webhook call failed');
    }
  }

  return {
    publish(selector) {
      const call = post(selector).finally(() => inFlight.delete(call));
      inFlight.add(call);
    },
    subscribe() {
      // Nothing comes back from a webhook.
    },
    async close() {
      await Promise.all(inFlight);
    },
  };
}
