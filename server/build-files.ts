// The content-hashed build output (public/build: scripts, the stylesheet, source maps) held in memory
// with its compressed copies: the build writes a brotli (quality 11) and a gzip copy beside each file
// (scripts/client-bundle.mjs), which are sent as they are; a file without them is compressed here, once.
// They never change while the process runs (a new build is a new deploy). The folder is listed once, when the edge
// is built: only a name in that list is ever looked up or remembered, so what the edge keeps is bounded
// by the build itself whatever names requests carry, and no request can reach outside the folder. A file
// added after the listing is not held here; Express's static files still serve it, with the short
// lifetime of the other public files.
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { SecurityHeaders } from './http/security.ts';
import { etagOf } from './cache/kit.ts';
import { prepare, preparedOf, type HeaderPairs, type Prepared } from './http/prepared.ts';

export const BUILD_PREFIX = '/build/';
export const BUILD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
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
  /** How many names are remembered (read, being read, or gone since the listing): never more than the build's files. */
  kept(): number;
}

/** The build's plain files whose type the edge sends, by name; empty when there is no build folder. */
function listBuild(dir: string): Map<string, string> {
  const types = new Map<string, string>();
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return types;
  }
  for (const entry of entries) {
    const type = TYPES[extname(entry.name)];
    if (type && entry.isFile()) types.set(entry.name, type);
  }
  return types;
}

export function createBuildFiles(publicDir: string, security: SecurityHeaders): BuildFiles {
  const dir = join(publicDir, 'build');
  const types = listBuild(dir);
  // One promise per listed name: concurrent first requests read and compress the file once. A listed
  // file that cannot be read any more stays null (a deploy replaced the folder under a running edge).
  const files = new Map<string, Promise<Prepared | null>>();

  async function load(name: string, type: string): Promise<Prepared | null> {
    let body: Buffer;
    try {
      body = await readFile(join(dir, name));
    } catch {
      return null;
    }
    const etag = etagOf(body);
    const headers: HeaderPairs = [...security, ['Content-Type', type], ['Cache-Control', BUILD_CACHE_CONTROL]];
    const [br, gz] = await Promise.all([
      readFile(join(dir, `${name}.br`)).catch(() => null),
      readFile(join(dir, `${name}.gz`)).catch(() => null),
    ]);
    // Copies that do not make the file smaller are not sent (as prepare() decides for its own).
    const smaller = (copy: Buffer | null) => (copy && copy.length < body.length ? copy : null);
    if (br || gz) return preparedOf(200, headers, etag, body, smaller(gz), smaller(br));
    return prepare(200, headers, body, etag);
  }

  return {
    find(path) {
      if (!path.startsWith(BUILD_PREFIX)) return null;
      const name = path.slice(BUILD_PREFIX.length);
      const type = types.get(name);
      if (type === undefined) return null;
      let file = files.get(name);
      if (!file) {
        file = load(name, type);
        files.set(name, file);
      }
      return file;
    },
    kept: () => files.size,
  };
}
