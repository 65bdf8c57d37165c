// The per-client-address limit on writes (messages, questionnaire answers, likes). One limiter instance
// is shared by the API proxy and the portal's form actions, so a client has one budget for both.
// API callers past the limit get a JSON 429. A page form post is not turned away here: it is marked
// (`markSoftLimit`), runs its action, and the action's write is refused with a 429 the form knows how
// to show — the page comes back with the visitor's input kept and "try again in a minute".
// With WEB_CONCURRENCY > 1 the counts live in the primary (server/cluster/rate-store.ts), so the budget
// is per client, not per client per worker.
import type { Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitRequestHandler, type Store } from 'express-rate-limit';
import { ClusterRateStore } from '../cluster/rate-store.ts';
import { primaryChannel } from '../cluster/worker.ts';
import { sendJsonError } from '../ops/errors.ts';

export interface WriteLimiterOptions {
  /** Writes per client address per window; 0 = no limit. */
  limit: number;
  windowMs?: number;
  /** Where counts live; default the primary's shared store in a cluster worker, else this process's memory. */
  store?: Store;
}

interface LimitLocals {
  softWriteLimit?: boolean;
  /** Seconds until the client may write again; set when a soft-limited request is over the limit. */
  writeLimitedForS?: number;
}

/** Ask the limiter to mark rather than answer this request when it is over the limit. */
export function markSoftLimit(res: Response): void {
  (res.locals as LimitLocals).softWriteLimit = true;
}

/** Seconds to wait when this (soft-limited) request is over the write limit; undefined when it is not. */
export function writeLimitedFor(res: Response): number | undefined {
  return (res.locals as LimitLocals).writeLimitedForS;
}

/** A no-op when the limit is 0; otherwise 429 + Retry-After (+ RateLimit headers) past the limit. */
export function createWriteLimiter({ limit, windowMs = 60_000, store }: WriteLimiterOptions): RateLimitRequestHandler {
  const primary = store ? null : primaryChannel();
  const shared = store ?? (primary ? new ClusterRateStore(primary) : undefined);
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
      const locals = res.locals as LimitLocals;
      if (locals.softWriteLimit) {
        locals.writeLimitedForS = retryAfter;
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
