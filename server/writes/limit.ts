// The per-client-address limit on writes (messages, questionnaire answers, likes). One limiter instance
// is shared by the API proxy and the portal's form actions, so a client has one budget for both.
// The hard limit: API callers past it get a JSON 429. The soft limit (softWriteLimit): a page form post
// is not turned away; it is marked, runs its action, and the platform refuses the action's write
// (WriteRefused, server/writes/page-writes.ts), so the page comes back with the visitor's input kept
// and "try again in a minute".
// With WEB_CONCURRENCY > 1 the counts live in the primary (server/cluster/rate-store.ts), so the budget
// is per client, not per client per worker.
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitRequestHandler, type Store } from 'express-rate-limit';
import { ClusterRateStore } from '../cluster/rate-store.ts';
import { primaryChannel } from '../cluster/worker.ts';
import { isSoftWriteLimit, markSoftWriteLimit, setWriteLimitedFor } from '../http-context.ts';
import { sendJsonError } from '../ops/errors.ts';

export interface WriteLimiterOptions {
  /** Writes per client address per window; 0 = no limit. */
  limit: number;
  windowMs?: number;
  /** Where counts live; default the primary's shared store in a cluster worker, else this process's memory. */
  store?: Store;
}

/** In a cluster worker, the primary's counts (one budget per client across workers); otherwise null. */
export function workerStore(): Store | null {
  const primary = primaryChannel();
  return primary ? new ClusterRateStore(primary) : null;
}

/** A no-op when the limit is 0; otherwise 429 + Retry-After (+ RateLimit headers) past the limit. */
export function createWriteLimiter({ limit, windowMs = 60_000, store }: WriteLimiterOptions): RateLimitRequestHandler {
  const shared = store ?? workerStore() ?? undefined;
  return rateLimit({
    windowMs,
    limit,
    store: shared,
    // A shared store that does not answer (the primary busy or gone) lets the write through: a missed
    // count is better than failing a visitor's message with a 500. The in-process store cannot fail.
    passOnStoreError: shared !== undefined,
    // A client whose socket is already gone has no address (Express's req.ip is undefined): nothing to
    // answer, nothing to count — skipping keeps express-rate-limit from throwing on it.
    skip: (req) => limit === 0 || req.ip === undefined,
    // IPv6 clients are counted by their /56 network (the library's own rule), IPv4 by address.
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res, next) => {
      const retryAfter = Number(res.getHeader('Retry-After') ?? Math.ceil(windowMs / 1000));
      if (isSoftWriteLimit(res)) {
        setWriteLimitedFor(res, retryAfter);
        next();
        return;
      }
      sendJsonError(res, {
        status: 429,
        code: 429,
        msg: `Too many submissions from your address; please try again in ${retryAfter} s (太频繁了，请${retryAfter}秒后再试)`,
      });
    },
  });
}

/**
 * The soft limit in front of the page router: a page POST spends the shared budget, but past it it
 * still reaches its action (marked: writeLimitedFor) instead of getting the API's JSON 429.
 */
export function softWriteLimit(limiter: RequestHandler | undefined): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || !limiter) return next();
    markSoftWriteLimit(res);
    limiter(req, res, next);
  };
}
