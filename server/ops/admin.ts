// Operator routes behind `Authorization: Bearer $ADMIN_TOKEN` (they do not exist without it):
//   GET  /_edge/cache   entries, bytes, hit ratio (upstream cache and whatever else registers stats)
//   POST /_edge/purge   {"all": true} | {"prefix": "/api/queryArchives"} | {"tag": "channel:News"}
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { setRouteId } from '../http-context.ts';
import type { PurgeSelector, ResponseCache } from '../upstream/cache.ts';
import { sendJsonError } from './errors.ts';

const purgeBody = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ prefix: z.string().min(1) }).strict(),
  z.object({ tag: z.string().min(1) }).strict(),
]);

export interface AdminOptions {
  token: string;
  cache: ResponseCache;
  /** More stats for GET /_edge/cache (e.g. the page cache). */
  extraStats?: () => Record<string, unknown>;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function bearer(token: string): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (match && timingSafeEqual(digest(match[1]!.trim()), expected)) {
      next();
      return;
    }
    res.set('WWW-Authenticate', 'Bearer realm="edge"');
    sendJsonError(res, {
      status: 401,
      code: 401,
      msg: match ? 'The admin token is wrong' : 'Authorization: Bearer <ADMIN_TOKEN> is required',
    });
  };
}

export function adminRouter({ token, cache, extraStats }: AdminOptions): Router {
  const router = Router();
  router.use('/_edge', (_req, res, next) => {
    setRouteId(res, 'edge-admin');
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use('/_edge', bearer(token));
  router.get('/_edge/cache', (_req, res) => {
    res.json({ upstream: cache.stats(), ...extraStats?.() });
  });
  router.post('/_edge/purge', express.json({ limit: '4kb' }), (req, res) => {
    const parsed = purgeBody.safeParse(req.body);
    if (!parsed.success) {
      sendJsonError(res, { status: 400, code: 400, msg: 'Send {"all": true}, {"prefix": "…"} or {"tag": "…"}' });
      return;
    }
    const removed = cache.purge(parsed.data as PurgeSelector);
    res.json({ code: 200, msg: 'purged', data: { purged: removed.length, keys: removed.slice(0, 100).map((r) => r.key) } });
  });
  return router;
}

/** Without ADMIN_TOKEN the operator routes do not exist: a plain 404 for everything under /_edge. */
export const absentAdmin: RequestHandler = (req, res, next) => {
  if (req.path !== '/_edge' && !req.path.startsWith('/_edge/')) {
    next();
    return;
  }
  setRouteId(res, 'edge-admin');
  sendJsonError(res, { status: 404, code: 404, msg: `No such endpoint: ${req.method} ${req.path}` });
};
