// The purge bus between cluster workers: worker → primary → every other worker, over the cluster's IPC
// channel. A purge (the operator route, a write's invalidation) made on one worker is
// applied by the others within one IPC hop each (well under a millisecond on one machine; a read that
// reaches another worker in that instant may still see the old entry). Delivery is best-effort: a
// worker that is starting or dying misses it, which costs nothing (it starts with an empty cache).
import type { Channel } from '../cluster/channel.ts';
import type { PurgeSelector } from '../upstream/cache.ts';
import type { PurgeBus } from './purge-bus.ts';

const PURGE = 'purge';

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

/** The worker's end: `channel` is its link to the primary (server/cluster/worker.ts primaryChannel()). */
export function createClusterBus(channel: Channel): PurgeBus {
  let apply: ((selector: PurgeSelector) => void) | null = null;
  channel.onNote(PURGE, (body) => {
    if (apply && isSelector(body)) apply(body);
  });
  return {
    publish(selector) {
      channel.note(PURGE, selector);
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
  from.onNote(PURGE, (body) => {
    if (!isSelector(body)) return;
    for (const link of links()) if (link !== from) link.note(PURGE, body);
  });
}
