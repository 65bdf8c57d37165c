// The per-client-address limit on writes (messages, questionnaire answers, likes). One limiter instance
// is shared by the API proxy and the portal's form actions, so a client has one budget for both.
// The hard limit: API callers past it get a JSON 429. The soft limit (spend): a page form post is not
// turned away; it runs its action, and the page engine refuses the action's write (WriteRefused), so the
// page comes back with the visitor's input kept and "try again in a minute".
// With WEB_CONCURRENCY > 1 whoever builds it passes a store whose counts live in the primary, so the
// budget is per client, not per client per worker.
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { sendJsonError } from '../http/error-answers.ts';

interface WriteLimiterOptions {
  /** Writes per client address per window; 0 = no limit. */
  limit: number;
  windowMs?: number;
  /** Where counts live when they are shared (a cluster worker's: the primary's); default this process's memory. */
  store?: Store;
}

export interface WriteLimiter {
  /** In front of the API's writes: 429 + Retry-After (+ RateLimit headers) past the budget; a no-op when the limit is 0. */
  hard: RequestHandler;
  /** A page form post spends the same budget without being turned away: the seconds to wait when it is over. */
  spend(req: Request, res: Response): Promise<number | undefined>;
}

export function createWriteLimiter({ limit, windowMs = 60_000, store }: WriteLimiterOptions): WriteLimiter {
  /** Page posts being counted, and what the limiter said of each (the seconds to wait when over). */
  const soft = new WeakMap<IncomingMessage, { waitS?: number }>();
  const hard = rateLimit({
    windowMs,
    limit,
    store,
    // A shared store that does not answer (the primary busy or gone) lets the write through: a missed
    // count is better than failing a visitor's message with a 500. The in-process store cannot fail.
    passOnStoreError: store !== undefined,
    // A client whose socket is already gone has no address (Express's req.ip is undefined): nothing to
    // answer, nothing to count — skipping keeps express-rate-limit from throwing on it.
    skip: (req) => limit === 0 || req.ip === undefined,
    // IPv6 clients are counted by their /56 network (the library's own rule), IPv4 by address.
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res, next) => {
      const retryAfter = Number(res.getHeader('Retry-After') ?? Math.ceil(windowMs / 1000));
      const mark = soft.get(res.req);
      if (mark) {
        mark.waitS = retryAfter;
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
  return {
    hard,
    spend(req, res) {
      if (limit === 0) return Promise.resolve(undefined);
      const mark: { waitS?: number } = {};
      soft.set(req, mark);
      return new Promise((resolve, reject) =>
        hard(req, res, (err?: unknown) => {
          soft.delete(req);
          if (err) reject(err instanceof Error ? err : new Error(String(err)));
          else resolve(mark.waitS);
        }),
      );
    },
  };
}
