// public/: the content-hashed build output under /build (cached for a year, immutable; held in memory and
// sent prepared, the same answer the front door sends), and the other public files (logo, QR codes,
// favicon, …) with a short lifetime since their names do not change.
import express, { Router } from 'express';
import { requestIdOf, setRouteId } from './http-context.ts';
import type { BuildFiles } from './door/build-files.ts';
import { sendPrepared } from './door/prepared.ts';

export const PUBLIC_MAX_AGE_S = 600;

export function staticFiles(publicDir: string, buildFiles: BuildFiles): Router {
  const router = Router();
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = buildFiles.find(req.path);
    if (!file) return next();
    file.then((p) => {
      if (!p) return next();
      setRouteId(res, 'static:build');
      sendPrepared(req, res, p, { requestId: requestIdOf(res) ?? '', close: res.getHeader('connection') === 'close' });
    }, next);
  });
  router.use(
    express.static(publicDir, {
      index: false,
      redirect: false,
      maxAge: PUBLIC_MAX_AGE_S * 1000,
      setHeaders: (res) => setRouteId(res as express.Response, 'static'),
    }),
  );
  return router;
}
