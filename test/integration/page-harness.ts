// The page suites' one world: the real reference service seeded with PAGE_FIXTURE (its own database
// file per world, so writes stay in the test file that made them) on 127.0.0.1 port 0, and a silent
// edge without page cache in front of it, listening on another port 0. Suites drive `app` with
// supertest or fetch `url` over a real socket; the edge reaches the service over a socket either way.
import { createServer } from 'node:http';
import pino from 'pino';
import { createApp, type EdgeApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { APP_ID, TOKEN_KEY, seedFixtureDb, startCms, type RunningCms } from './cms-harness.ts';
import { listen } from './edge-harness.ts';
import { PAGE_FIXTURE } from './page-fixture.ts';
import { thumbPath, waterPath } from '../../shared/image-paths.ts';
import { wireId } from './cms-fixture.ts';

export { FIXTURE_FILES, MESSAGE_TYPE, wireId } from './cms-fixture.ts';

/** The wire id of fixture article `n`: what list links, detail routes and like forms carry. */
export const articleId = (n: number): string => wireId('archives', n);

/** Where a visitor's browser loads a stored file (a path relative to the file prefix): FILE_PREFIX + path. */
export const fileHref = (path: string): string => `/file/${path}`;
/** … its 300 px thumbnail … */
export const thumbHref = (path: string): string => fileHref(thumbPath(path));
/** … and its watermarked copy. */
export const waterHref = (path: string): string => fileHref(waterPath(path));

/** `text` as a literal inside a RegExp. */
export const re = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface PageEdge {
  /** The edge's Express app (for supertest). */
  app: EdgeApp['app'];
  /** The edge's base URL. */
  url: string;
  edge: EdgeApp;
  cms: RunningCms;
  close(): Promise<void>;
}

/**
 * `env` overrides the settings (e.g. RATE_LIMIT_WRITES for the write-limit test); `now` is one clock
 * for the service and the edge (they sign and check tokens by it), for pages that change with the time.
 */
export async function startPageEdge(env: Record<string, string> = {}, { now }: { now?: () => number } = {}): Promise<PageEdge> {
  const seeded = await seedFixtureDb(PAGE_FIXTURE);
  const cms = await startCms({ db: seeded.db, ...(now ? { now } : {}) });
  const config = loadConfig({
    UPSTREAM_URL: cms.url,
    APP_ID,
    TOKEN_KEY,
    LOG_LEVEL: 'silent',
    PAGE_CACHE_TTL_S: '0',
    // Many writes per test file come from one address; only the write-limit test wants a low limit.
    RATE_LIMIT_WRITES: '1000',
    UPSTREAM_TIMEOUT_MS: '3000',
    ...env,
  });
  const edge = createApp(config, { defaultMetrics: false, logger: pino({ level: 'silent' }), ...(now ? { now } : {}) });
  const server = createServer(edge.app);
  const url = await listen(server);
  return {
    app: edge.app,
    url,
    edge,
    cms,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await edge.close();
      await cms.close();
      seeded.remove();
    },
  };
}

/** A page as a visitor's browser gets it (redirects not followed, so a 303 can be asserted). */
export async function page(base: string, path: string, init: RequestInit = {}): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init, headers: { accept: 'text/html', ...(init.headers ?? {}) } });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

/** A plain form POST (application/x-www-form-urlencoded), as a browser without JavaScript sends it. */
export function postForm(base: string, path: string, fields: Array<[string, string]>) {
  return page(base, path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The hidden form key of a rendered form. */
export function formKeyOf(html: string): string {
  const m = /name="formKey" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no form key in the page');
  return m[1]!;
}
