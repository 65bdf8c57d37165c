// The content-hashed build output (public/build: scripts, the stylesheet, source maps) held in memory,
// compressed once per file: a browser's first visit asks for a dozen of these at once, and they never
// change while the process runs (a new build is a new deploy). Only flat names under /build/ are looked
// up, so no request can reach outside the folder.
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { SecurityHeaders } from '../security.ts';
import { etagOf } from '../upstream/cache.ts';
import { prepare, type Prepared } from './prepared.ts';

export const BUILD_PREFIX = '/build/';
export const BUILD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export interface BuildFiles {
  /** The prepared file for a /build/… path; null when there is no such file (Express answers 404). */
  find(path: string): Promise<Prepared | null> | null;
}

export function createBuildFiles(publicDir: string, security: SecurityHeaders): BuildFiles {
  const dir = join(publicDir, 'build');
  // One promise per name: concurrent first requests read and compress the file once. A missing file is
  // remembered as null (the set of names is fixed by the build), bounded by the names that exist plus a few.
  const files = new Map<string, Promise<Prepared | null>>();
  const MISSING_LIMIT = 256;
  let missing = 0;

  async function load(name: string): Promise<Prepared | null> {
    const type = TYPES[extname(name)];
    if (!type) return null;
    let body: Buffer;
    try {
      body = await readFile(join(dir, name));
    } catch {
      missing += 1;
      return null;
    }
    const etag = etagOf(body);
    return prepare(200, [...security, ['Content-Type', type], ['Cache-Control', BUILD_CACHE_CONTROL]], body, etag);
  }

  return {
    find(path) {
      if (!path.startsWith(BUILD_PREFIX)) return null;
      const name = path.slice(BUILD_PREFIX.length);
      if (!SAFE_NAME.test(name)) return null;
      let file = files.get(name);
      if (!file) {
        if (missing >= MISSING_LIMIT) return load(name);
        file = load(name);
        files.set(name, file);
      }
      return file;
    },
  };
}
