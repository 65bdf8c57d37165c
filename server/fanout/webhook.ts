// PURGE_WEBHOOK_URL as a PurgeBus that only publishes: every purge made on this instance (operator or after
// a write) is POSTed as JSON `{ selector, tags }`, so a CDN in front can purge the same tags (the pages carry
// them in Surrogate-Key / Cache-Tag). Fire-and-forget with a time limit; a failure is logged, never retried
// (a CDN's own TTLs bound what a lost call leaves behind). Only the instance that made the purge calls it.
import type { Logger } from 'pino';
import type { PurgeSelector } from '../upstream/cache.ts';
import type { PurgeBus } from './purge-bus.ts';

export const WEBHOOK_TIMEOUT_MS = 5_000;

export interface WebhookBody {
  selector: PurgeSelector;
  /** The tags the purge names (a tag purge: that tag; all-of-tags: those); empty for a prefix or everything. */
  tags: string[];
}

export function webhookBody(selector: PurgeSelector): WebhookBody {
  const tags = 'tag' in selector ? [selector.tag] : 'allTags' in selector ? [...selector.allTags] : [];
  return { selector, tags };
}

export interface WebhookBusOptions {
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
