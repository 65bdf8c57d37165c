// public/ and its build. The content-hashed build output (public/build: scripts, the stylesheet, source
// maps) is held in memory with its compressed copies and sent by the front door (buildFilesAtDoor): the
// build writes a brotli (quality 11) and a gzip copy beside each file (scripts/client-bundle.mjs), which
// are sent as they are; a file without them is compressed here, once. They never change while the
// process runs (a new build is a new deploy). The folder is listed once, when the edge is built: only a
// name in that list is ever looked up or remembered, so what the edge keeps is bounded by the build
// itself whatever names requests carry, and no request can reach outside the folder. A file added after
// the listing is not held here; Express's static files (publicFiles) still serve it, with the short
// lifetime of the other public files (logo, QR codes, favicon).
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { subresourceHeaders, type SecurityHeaders } from './http/security.ts';
import { etagOf } from './cache/kit.ts';
import { prepare, preparedOf, sendPrepared, type HeaderPairs, type Prepared } from './http/prepared.ts';
import { beginDoorRequest, setRouteId, type DoorPart, type RequestLogDeps } from './http/request-log.ts';
import { SPECULATION_RULES_PATH, SPECULATION_RULES_TYPE } from './pages/speculation-rules.ts';

export const BUILD_PREFIX = '/build/';
const BUILD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
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

interface BuildFiles {
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

/** Types no browser shows as a document (an SVG or a page could be one, and keeps every header). */
const SUBRESOURCE_TYPE = /^(text\/javascript|application\/javascript|text\/css)\b/;

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
    const own = SUBRESOURCE_TYPE.test(type) ? subresourceHeaders(security) : security;
    const headers: HeaderPairs = [...own, ['Content-Type', type], ['Cache-Control', BUILD_CACHE_CONTROL]];
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

/** The door's part: a GET or HEAD of a listed build file, from memory; anything else goes on to Express. */
export function buildFilesAtDoor(files: BuildFiles, log: RequestLogDeps): DoorPart {
  return (req, res, started, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(req, res);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const file = files.find(q === -1 ? url : url.slice(0, q));
    if (!file) return next(req, res);
    file.then(
      (p) => {
        if (!p) return next(req, res);
        const sending = beginDoorRequest(req, res, log, started);
        setRouteId(res, 'static:build');
        sendPrepared(req, res, p, sending);
      },
      // A file that cannot be read is Express's to answer (its static files, or its error handler).
      () => {
        if (!res.headersSent) next(req, res);
      },
    );
  };
}

// ---- public/, beside the build ----

/** Public files other than the build (logo, QR codes, favicon): their names do not change with a deploy. */
const PUBLIC_MAX_AGE_S = 600;

/**
 * Express's static files of public/: the file system is asked only for a first segment that names
 * something at the top of the folder (read once: it ships with the build), so a page address never
 * costs a `stat`.
 */
export function publicFiles(publicDir: string): RequestHandler {
  let names: ReadonlySet<string>;
  try {
    names = new Set(readdirSync(publicDir));
  } catch {
    names = new Set();
  }
  const files = express.static(publicDir, {
    index: false,
    redirect: false,
    maxAge: PUBLIC_MAX_AGE_S * 1000,
    setHeaders: (res, path) => {
      setRouteId(res as ServerResponse, 'static');
      // Browsers take speculation rules in their own type only.
      if (path.endsWith(SPECULATION_RULES_PATH)) res.setHeader('Content-Type', SPECULATION_RULES_TYPE);
    },
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const end = req.path.indexOf('/', 1);
    const first = req.path.slice(1, end === -1 ? undefined : end);
    let named: boolean;
    try {
      named = names.has(decodeURIComponent(first));
    } catch {
      named = true; // a segment that does not decode: the files answer it as before
    }
    return named ? files(req, res, next) : next();
  };
}
