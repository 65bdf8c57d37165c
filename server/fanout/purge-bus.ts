// How a purge made on one process reaches the others (cluster workers over IPC, instances over Redis
// pub/sub). The cache purges locally first; a bus carries the selector; a receiver applies it to its own
// cache (whose page cache follows), and does not pass it on again.
import type { PurgeSelector, ResponseCache } from '../upstream/cache.ts';

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
