// The miss budget of proxied reads: each client address may cause so many cache misses per window, then
// gets 429 with Retry-After until the window ends. Every distinct call is its own cache key and a miss is
// a call to the content service, so a client walking distinct calls fast would push everything useful
// out of the cache; a crawler that honours Retry-After keeps going at the budget's pace.
//
// Only a miss the request caused counts, as its fill starts (ContentCall.onMiss): not a hit, not a stale
// answer and its refresh, not a wait on another request's fill, not a refused call. The count happens in
// the same turn of the event loop as the check before it, so a burst of concurrent misses cannot all pass
// one check (in a cluster the count is a round trip to the primary, so a burst can pass by a few). The
// counts live in express-rate-limit's Store form: here an LRU bounded in clients, in a cluster worker
// the primary's store, handed in by whoever builds the budget.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ipKeyGenerator, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { recentByCount } from '../cache/policies.ts';
import { sendJsonError } from '../http/error-answers.ts';

/** The budget's window: short, so a burst is bounded and a slowed client waits seconds, not minutes. */
const MISS_WINDOW_MS = 10_000;
/** Clients counted at once; past it the least recent drop out, so addresses cannot grow the counts without bound. */
const MAX_CLIENTS = 20_000;
/** Keys of this budget in a store shared with other budgets (the primary's, with workers). */
const KEY_PREFIX = 'api-miss:';

/**
 * Fixed-window counts per client in an LRU: bounded in clients, each count gone with its window.
 * @internal test hook: its window and its bound in clients are tested on the store itself.
 */
export class RecentClientsStore implements Store {
  readonly localKeys = true;
  private windowMs = MISS_WINDOW_MS;
  // No TTL of its own: a count's window is told by init() after the store is made, and read from its resetTime.
  private counts = recentByCount<ClientRateLimitInfo & { resetTime: Date }>({ max: MAX_CLIENTS });

  constructor(private readonly now: () => number = Date.now) {}

  init(options: Pick<Options, 'windowMs'>): void {
    this.windowMs = options.windowMs;
  }

  private current(key: string): (ClientRateLimitInfo & { resetTime: Date }) | undefined {
    const info = this.counts.get(key);
    return info && info.resetTime.getTime() > this.now() ? info : undefined;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.current(key);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    let info = this.current(key);
    if (!info) {
      info = { totalHits: 0, resetTime: new Date(this.now() + this.windowMs) };
      this.counts.set(key, info);
    }
    info.totalHits += 1;
    return info;
  }

  async decrement(key: string): Promise<void> {
    const info = this.current(key);
    if (info && info.totalHits > 0) info.totalHits -= 1;
  }

  async resetKey(key: string): Promise<void> {
    this.counts.delete(key);
  }

  /** Clients counted now (at most MAX_CLIENTS). */
  get size(): number {
    return this.counts.size;
  }
}

export interface MissBudget {
  /** Before a proxied read (the front door's API reads): 429 + Retry-After once the client's misses are spent, else next(). */
  gate(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void;
  /** What a read's call is told to do when it misses (ContentCall.onMiss); undefined without a budget. */
  spender(res: ServerResponse): (() => void) | undefined;
}

interface MissBudgetOptions {
  /** Misses per client address per window; 0 = no budget. */
  limit: number;
  /** The client's address (http/client-address.ts, by TRUST_PROXY); undefined when its socket is gone. */
  addressOf: (req: IncomingMessage) => string | undefined;
  windowMs?: number;
  /** Where counts live when they are shared (a cluster worker's: the primary's); default a RecentClientsStore. */
  store?: Store;
  /** The clock of the windows; default the real one. */
  now?: () => number;
  /** Told when a count cannot be stored (the primary busy or gone): the miss goes uncounted. */
  onError?: (err: unknown) => void;
}

const NO_BUDGET: MissBudget = { gate: (_req, _res, next) => next(), spender: () => undefined };

export function createMissBudget({
  limit,
  addressOf,
  windowMs = MISS_WINDOW_MS,
  store,
  now = Date.now,
  onError,
}: MissBudgetOptions): MissBudget {
  if (limit === 0) return NO_BUDGET;
  const counts = store ?? new RecentClientsStore(now);
  void counts.init?.({ windowMs } as Options);
  /**
   * The client's address as TRUST_PROXY decides it, IPv6 by its /56 network (the library's rule, as for
   * writes). A client whose socket is already gone has no address: nothing to count.
   */
  const keyOf = (res: ServerResponse): string | null => {
    const address = addressOf(res.req);
    return address === undefined ? null : `${KEY_PREFIX}${ipKeyGenerator(address)}`;
  };

  const gate: MissBudget['gate'] = (_req, res, next) => {
    const key = keyOf(res);
    if (key === null || !counts.get) return next();
    let read: ReturnType<NonNullable<Store['get']>>;
    try {
      read = counts.get(key);
    } catch {
      return next(); // counts that cannot be read let the read through
    }
    Promise.resolve(read)
      .then(
        (info) => {
          if (!info || info.totalHits < limit) return next();
          const retryAfter = Math.max(1, Math.ceil(((info.resetTime?.getTime() ?? now() + windowMs) - now()) / 1000));
          res.setHeader('Retry-After', String(retryAfter));
          sendJsonError(
            res,
            {
              status: 429,
              code: 429,
              msg: `Too many API reads from your address that the cache could not answer; please try again in ${retryAfter} s (请求过于频繁，请${retryAfter}秒后再试)`,
            },
            { error: 'MISS_LIMITED' },
          );
        },
        () => next(),
      ) // counts that cannot be read (the primary busy or gone) let the read through
      .catch(next);
  };

  return {
    gate,
    spender(res) {
      const key = keyOf(res);
      if (key === null) return undefined;
      return () => {
        // Called now, not after a tick: its count is in place before any other request is checked.
        try {
          Promise.resolve(counts.increment(key)).catch((err: unknown) => onError?.(err));
        } catch (err) {
          onError?.(err);
        }
      };
    },
  };
}
