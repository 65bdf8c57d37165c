// The page router: documents (document-route.ts) and /__data for client navigations (data-route.ts)
// over one page engine (engine.ts). Page form posts pass the soft write limit first (server/writes).
import { Router } from 'express';
import { softWriteLimit } from '../writes/limit.ts';
import { dataRoute, isDataPath } from './data-route.ts';
import { documentRoute } from './document-route.ts';
import { lazyEngine } from './engine.ts';
import type { PageDeps } from './types.ts';

export function createPageRouter(deps: PageDeps): Router {
  const router = Router();
  const ready = lazyEngine(deps);
  const renderDocument = documentRoute(deps, ready);
  const serveData = dataRoute(deps, ready);
  const limitWrites = softWriteLimit(deps.writeLimiter);

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return next();
    limitWrites(req, res, (err?: unknown) => {
      if (err) return next(err);
      const work = isDataPath(req.path) ? serveData(req, res) : renderDocument(req, res, next);
      work.catch(next);
    });
  });

  return router;
}
