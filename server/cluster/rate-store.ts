// The write limiter's counts with workers: one express-rate-limit MemoryStore in the primary, reached by
// every worker over IPC, so a client has one budget per window whatever worker its requests land on
// (a MemoryStore per worker would give it WEB_CONCURRENCY budgets). Dividing the limit by the worker
// count instead was rejected: connections are spread per connection, not per client, so one client on
// one keep-alive connection would get a fraction of its budget. Writes are rare (messages, answers,
// likes), so one IPC round trip (~0.1 ms) per write costs nothing that shows.
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { Channel } from './channel.ts';

const RATE = 'rate';
/** Past this the limiter lets the write through (passOnStoreError) rather than fail it with a 500. */
const ASK_TIMEOUT_MS = 1000;

interface RateAsk {
  op: 'increment' | 'decrement' | 'resetKey' | 'get';
  windowMs: number;
  key: string;
}
interface RateInfo {
  totalHits: number;
  resetTime: number | null;
}

const toInfo = (info: ClientRateLimitInfo | undefined): RateInfo | null =>
  info ? { totalHits: info.totalHits, resetTime: info.resetTime ? info.resetTime.getTime() : null } : null;
const fromInfo = (info: RateInfo): ClientRateLimitInfo => ({
  totalHits: info.totalHits,
  resetTime: info.resetTime === null ? undefined : new Date(info.resetTime),
});

/** The worker's store: every call is answered by the primary's MemoryStore for the same window. */
export class ClusterRateStore implements Store {
  /** The counts live in one place for every worker: a key counted here is counted everywhere. */
  readonly localKeys = false;
  private windowMs = 60_000;
  constructor(private readonly channel: Channel) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }
  private ask(op: RateAsk['op'], key: string): Promise<RateInfo | null> {
    return this.channel.ask<RateInfo | null>(RATE, { op, key, windowMs: this.windowMs } satisfies RateAsk, ASK_TIMEOUT_MS);
  }
  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const info = await this.ask('get', key);
    return info ? fromInfo(info) : undefined;
  }
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const info = await this.ask('increment', key);
    if (!info) throw new Error('the primary returned no count');
    return fromInfo(info);
  }
  async decrement(key: string): Promise<void> {
    await this.ask('decrement', key);
  }
  async resetKey(key: string): Promise<void> {
    await this.ask('resetKey', key);
  }
}

/** The primary's part: answers one worker's rate asks from stores shared by all workers (one per window). */
export function createRateCounts(): { serve(link: Channel): void; close(): void } {
  const stores = new Map<number, MemoryStore>();
  const storeFor = (windowMs: number) => {
    let store = stores.get(windowMs);
    if (!store) {
      store = new MemoryStore();
      store.init({ windowMs } as Options);
      stores.set(windowMs, store);
    }
    return store;
  };
  return {
    serve(link) {
      link.onAsk(RATE, async (body) => {
        const { op, key, windowMs } = body as RateAsk;
        if (typeof key !== 'string' || !Number.isInteger(windowMs) || windowMs <= 0) throw new Error('bad rate ask');
        const store = storeFor(windowMs);
        if (op === 'increment') return toInfo(await store.increment(key));
        if (op === 'get') return toInfo(await store.get(key));
        if (op === 'decrement') await store.decrement(key);
        else if (op === 'resetKey') await store.resetKey(key);
        else throw new Error(`unknown rate op ${String(op)}`);
        return null;
      });
    },
    close() {
      for (const store of stores.values()) store.shutdown();
    },
  };
}
