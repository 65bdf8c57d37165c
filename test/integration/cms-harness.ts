// Test harness of the reference content service: a seeded database file per test file (copied when
// a test needs its own), a running service on 127.0.0.1 port 0, and signed calls by catalogue name.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { CONTENT_VERSION } from '../../cms/db/content-version.ts';
import { filesAreCurrent } from '../../cms/db/files-marker.ts';
import { openCmsDatabase } from '../../cms/db/open.ts';
import type { DemoContent } from '../../cms/db/demo/types.ts';
import { createCmsServer, type CmsServer } from '../../cms/server.ts';

type CmsOptions = Parameters<typeof createCmsServer>[0];
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../../cms/demo-credentials.ts';
import { ENDPOINT_BY_NAME, buildPath, type EndpointName, type GatewayPrefixes } from '../../shared/endpoints.ts';
import { thumbPath, waterPath } from '../../shared/image-paths.ts';
import { createAesEcbCipher } from '../../shared/node/aes-ecb.ts';
import { signToken } from '../../shared/token.ts';
import { FIXTURE, FIXTURE_FILES } from './cms-fixture.ts';

export const APP_ID = DEMO_APP_ID;
export const TOKEN_KEY = DEMO_TOKEN_KEY;

/** A fresh temporary folder, removed by the returned function. */
export function tempDir(label: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `cms-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `fill` in a new temporary folder; the folder is removed again when `fill` fails. */
async function inTempDir<T extends object>(label: string, fill: (dir: string) => Promise<T>): Promise<T & { dir: string; remove(): void }> {
  const tmp = tempDir(label);
  try {
    return { ...(await fill(tmp.dir)), ...tmp };
  } catch (err) {
    tmp.remove();
    throw err;
  }
}

/** Stand-in bytes for the fixture's files: a JPEG (with its THUMB and WATER variants), a PDF, and a blob named like a video. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const VIDEO_BYTES = 4096;

function writeFixtureFiles(dir: string): void {
  const put = (path: string, bytes: Buffer): void => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  };
  for (const path of [FIXTURE_FILES.image, thumbPath(FIXTURE_FILES.image), waterPath(FIXTURE_FILES.image)]) put(path, JPEG);
  put(FIXTURE_FILES.pdf, PDF);
  put(FIXTURE_FILES.video, Buffer.alloc(VIDEO_BYTES, 7));
}

/** A database file seeded with the small fixture (and its files), in a new temporary folder. */
export async function seedFixtureDb(content: DemoContent = FIXTURE): Promise<{ db: string; dir: string; remove(): void }> {
  return inTempDir('fixture', async (dir) => {
    const db = join(dir, 'cms.sqlite');
    const handle = await openCmsDatabase({
      path: db,
      filesDir: join(dir, 'files'),
      now: Date.now,
      logger: pino({ level: 'silent' }),
      demo: async () => ({ generate: () => content, writeFiles: (d) => writeFixtureFiles(d) }),
    });
    handle.pragma('wal_checkpoint(TRUNCATE)');
    handle.close();
    return { db };
  });
}

/**
 * The demo files (images, PDF, video) take most of a first start to render, and they depend only on
 * the generator's sources and the content version: they are rendered once into a cache folder keyed
 * by a hash of those, shared by every test file and later runs.
 */
function demoFilesCache(): string {
  const demoDir = fileURLToPath(new URL('../../cms/db/demo/', import.meta.url));
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(new URL('../../cms/db/content-version.ts', import.meta.url))));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((x, y) => x.name.localeCompare(y.name))) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(entry.name).update(readFileSync(p));
    }
  };
  walk(demoDir);
  return join(tmpdir(), `cms-demo-files-${hash.digest('hex').slice(0, 16)}`);
}

const STALE_CACHE_MS = 30 * 60 * 1000;

/** Removes caches of older generator versions once nobody is likely to be using them. */
function pruneFilesCaches(current: string): void {
  const prefix = 'cms-demo-files-';
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(prefix) || path === current || name.includes('.building-')) continue;
    if (Date.now() - statSync(path).mtimeMs > STALE_CACHE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** A database file seeded by the service with the real demo content; files come from the shared cache. */
export async function seedDemoDb(): Promise<{ db: string; dir: string; filesDir: string; remove(): void }> {
  return inTempDir('demo', async (dir) => {
    const db = join(dir, 'cms.sqlite');
    const filesDir = demoFilesCache();
    if (!filesAreCurrent(filesDir, CONTENT_VERSION)) {
      // Rendered aside and moved into place whole, so a reader never sees a half-written cache.
      const building = `${filesDir}.building-${process.pid}`;
      try {
        const cms = await createCmsServer({ db, appId: APP_ID, tokenKey: TOKEN_KEY, logger: false, filesDir: building });
        await cms.close();
        renameSync(building, filesDir);
        pruneFilesCaches(filesDir);
      } catch (err) {
        rmSync(building, { recursive: true, force: true });
        if (!filesAreCurrent(filesDir, CONTENT_VERSION)) throw err; // else another test file got there first
      }
    }
    const cms = await createCmsServer({ db, appId: APP_ID, tokenKey: TOKEN_KEY, logger: false, filesDir });
    cms.db.pragma('wal_checkpoint(TRUNCATE)');
    await cms.close();
    return { db, filesDir };
  });
}

/** A copy of a seeded database (and its files folder) for a test that writes. */
export function copyDb(seeded: { dir: string }): { db: string; remove(): void } {
  const tmp = tempDir('copy');
  copyFileSync(join(seeded.dir, 'cms.sqlite'), join(tmp.dir, 'cms.sqlite'));
  return { db: join(tmp.dir, 'cms.sqlite'), remove: tmp.remove };
}

export interface RunningCms {
  cms: CmsServer;
  url: string;
  close(): Promise<void>;
}

export async function startCms(options: Partial<CmsOptions> & { db: string }): Promise<RunningCms> {
  const cms = await createCmsServer({ appId: APP_ID, tokenKey: TOKEN_KEY, logger: false, ...options });
  const url = await cms.listen(0, '127.0.0.1');
  return { cms, url, close: () => cms.close() };
}

export function signedHeaders(options: { key?: string; appId?: string; now?: number } = {}): Record<string, string> {
  const token = signToken({
    cipher: createAesEcbCipher(options.key ?? TOKEN_KEY),
    now: () => options.now ?? Date.now(),
    random: Math.random,
  });
  return { token, appId: options.appId ?? APP_ID };
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** Replaces the signed headers (e.g. to test rejection). */
  headers?: Record<string, string>;
  /** Put before the row's path (the single-prefix layout); ignored with `gateways`. */
  prefix?: string;
  /** Call the row at `gateways[row.service] + row.servicePath` (a layout like DEPLOYED_GATEWAYS). */
  gateways?: GatewayPrefixes;
  /** Another method than the row's own (e.g. POST for a GET row that also accepts POST). */
  method?: 'GET' | 'POST';
}

export interface CallAnswer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
  headers: Headers;
}

/** Calls a catalogue row by name over HTTP with a signed token. */
export async function call<T = unknown>(url: string, name: EndpointName, options: CallOptions = {}): Promise<CallAnswer<T>> {
  const spec = ENDPOINT_BY_NAME[name];
  if (!spec) throw new Error(`no catalogue row named ${name}`);
  const qs = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const path = options.gateways
    ? `${options.gateways[spec.service]}${buildPath(spec, options.params, 'servicePath')}`
    : `${options.prefix ?? ''}${buildPath(spec, options.params)}`;
  const method = options.method ?? spec.method;
  const res = await fetch(`${url}${path}${qs}`, {
    method,
    headers: { ...(options.headers ?? signedHeaders()), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as CallAnswer<T>['body'], headers: res.headers };
}

/** Sends raw bytes to a path (for malformed and oversized bodies). */
export async function rawPost(
  url: string,
  path: string,
  body: string,
  headers: Record<string, string> = signedHeaders(),
): Promise<{ status: number; body: { code: number; msg: string } }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
}
