// public/: the content-hashed build output under /build (cached for a year, immutable), and the other
// public files (logo, QR codes, favicon, …) with a short lifetime since their names do not change.
import { join } from 'node:path';
import express, { Router } from 'express';
import { setRouteId } from './http-context.ts';

export const BUILD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PUBLIC_MAX_AGE_S = 600;

export function staticFiles(publicDir: string): Router {
  const router = Router();
  router.use(
    '/build',
    express.static(join(publicDir, 'build'), {
      index: false,
      redirect: false,
      setHeaders: (res) => {
        setRouteId(res as express.Response, 'static:build');
        res.setHeader('Cache-Control', BUILD_CACHE_CONTROL);
      },
    }),
  );
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
