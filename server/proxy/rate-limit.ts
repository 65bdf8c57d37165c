// The per-client-address limit on writes (messages, questionnaire answers, likes). One limiter instance
// is shared by the API proxy and the portal's form actions, so a client has one budget for both.
import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import { sendJsonError } from '../ops/errors.ts';

export interface WriteLimiterOptions {
  /** Writes per client address per window; 0 = no limit. */
  limit: number;
  windowMs?: number;
}

/** A no-op when the limit is 0; otherwise 429 + Retry-After (+ RateLimit headers) past the limit. */
export function createWriteLimiter({ limit, windowMs = 60_000 }: WriteLimiterOptions): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skip: () => limit === 0,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      const retryAfter = Number(res.getHeader('Retry-After') ?? Math.ceil(windowMs / 1000));
      sendJsonError(res, {
        status: 429,
        code: 429,
        msg: `Too many submissions from your address; please try again in ${retryAfter} s (太频繁了，请${retryAfter}秒后再试)`,
      });
    },
  });
}
