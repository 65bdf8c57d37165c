// public/: the content-hashed build output under /build (cached for a year, immutable; held in memory and
// sent prepared, the same answer the front door sends), and the other public files (logo, QR codes,
// favicon, …) with a short lifetime since their names do not change.
import { readdirSync } from 'node:fs';
import express, { Router } from 'express';
import { requestIdOf, setRouteId } from './http-context.ts';
import type { BuildFiles } from './door/build-files.ts';
import { sendPrepared } from './door/prepared.ts';

export const PUBLIC_MAX_AGE_S = 600;

/** The names at the top of public/, read once: the folder is the build's output and ships with it. */
function topNames(publicDir: string): ReadonlySet<string> {
  try {
    return new Set(readdirSync(publicDir));
  } catch {
    return new Set();
  }
}

/**
 * Could the path name a file in public/? Only if its first segment is a name at the top of the folder:
 * every page address went through a file-system stat before the page router (1 % of a render and a
 * trip to the thread pool, CPU profile, stop 16). A segment that does not decode goes to the files as before.
 */
function mayBePublic(path: string, names: ReadonlySet<string>): boolean {
  const end = path.indexOf('/', 1);
  const first = path.slice(1, end === -1 ? undefined : end);
  try {
    return names.has(decodeURIComponent(first));
  } catch {
    return true;
  }
}

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
  const names = topNames(publicDir);
  const files = express.static(publicDir, {
    index: false,
    redirect: false,
    maxAge: PUBLIC_MAX_AGE_S * 1000,
    setHeaders: (res) => setRouteId(res as express.Response, 'static'),
  });
  router.use((req, res, next) => (mayBePublic(req.path, names) ? files(req, res, next) : next()));
  return router;
}
