// The one world of the integration and browser suites: a content service on 127.0.0.1 port 0 and the
// edge (createApp) on another port 0, served through `edge.handler` — the listener server/main.ts runs:
// the front door first (page-cache hits, build files, fast API hits), then Express. A suite never
// drives `edge.app` alone, so the fast path real visitors hit is under test everywhere.
//
// Content (`content`):
// - 'fixture' (default): the small hand-written set of test/integration/cms-fixture.ts;
// - 'pages': PAGE_FIXTURE (test/integration/page-fixture.ts), the set whose every record the page suites know;
// - 'demo': the real demo content the service ships with;
// - 'standin': the independent stand-in service of test/standin/ (a deployed service's sibling gateways,
//   its own app id and key), for the edge against a service it was not written with;
// - any other DemoContent: that set, seeded like the fixture (e.g. a big list for the sitemap walk).
// Each world seeds its own database file, so writes stay in the test file that made them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { DemoContent } from '../../cms/db/demo/types.ts';
import type { createCmsServer } from '../../cms/server.ts';
import { createApp, type EdgeApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { APP_ID, TOKEN_KEY, seedDemoDb, seedFixtureDb, startCms, type RunningCms } from '../integration/cms-harness.ts';
import { PAGE_FIXTURE } from '../integration/page-fixture.ts';
import { STANDIN_APP_ID, STANDIN_TOKEN_KEY, startStandin, type Standin } from '../standin/server.ts';

type CmsOptions = Parameters<typeof createCmsServer>[0];
/** What a test may put in place of the edge's own parts (a clock, a client, …). */
type AppDeps = NonNullable<Parameters<typeof createApp>[1]>;

export type Content = 'fixture' | 'pages' | 'demo' | 'standin' | DemoContent;

export interface WorldOptions {
  /** Which service and content stand behind the edge (see the top of this file); default 'fixture'. */
  content?: Content;
  /** Settings of every edge of the world, over the defaults (the service's address and keys, a write limit no suite reaches). */
  env?: Record<string, string>;
  /** Dependencies of every edge (publicDir, …); a test's own logger replaces the world's `logs`. */
  deps?: AppDeps;
  /** One clock for the service and the edges: they sign and check tokens by it, and pages change with it. */
  now?: () => number;
  /** Options of the reference service (not with 'standin'). */
  cms?: Partial<Omit<CmsOptions, 'db'>>;
}

/**
 * Settings of the page suites: no page cache, so a page shows a write of the test before it at once
 * (the page-cache suites turn it on for their own edges).
 */
export const NO_PAGE_CACHE: Readonly<Record<string, string>> = { PAGE_CACHE_TTL_S: '0' };

export interface StartedEdge {
  edge: EdgeApp;
  config: Config;
  /** The edge's base URL (http://127.0.0.1:<port>). */
  url: string;
}

export interface World extends StartedEdge {
  /** The content service's base URL. */
  cmsUrl: string;
  /** The reference service (its calls, faults and database); throws in a 'standin' world. */
  readonly cms: RunningCms;
  /** The stand-in service (its recorded calls and data); throws in any other world. */
  readonly standin: Standin;
  /** The reference service's database file; throws in a 'standin' world. */
  readonly db: string;
  /** Log lines of every edge of the world, parsed, for asserts. */
  logs: Array<Record<string, unknown>>;
  /** Another edge on the same service with other settings or dependencies; closed with the world. */
  startEdge(env?: Record<string, string>, deps?: AppDeps): Promise<StartedEdge>;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 port 0; the base URL. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes a server that may still hold keep-alive connections. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

interface Service {
  url: string;
  cms: RunningCms | null;
  standin: Standin | null;
  db: string | null;
  /** What the edge needs to reach and sign for this service. */
  env: Record<string, string>;
  close(): Promise<void>;
}

async function startReference(content: Exclude<Content, 'standin'>, options: WorldOptions): Promise<Service> {
  // The demo's files come from the shared cache (seedDemoDb), the fixture's sit beside its database.
  const seeded: { db: string; filesDir?: string; remove(): void } =
    content === 'demo'
      ? await seedDemoDb()
      : await seedFixtureDb(content === 'pages' ? PAGE_FIXTURE : content === 'fixture' ? undefined : content);
  try {
    const cms = await startCms({
      db: seeded.db,
      ...(seeded.filesDir ? { filesDir: seeded.filesDir } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...options.cms,
    });
    return {
      url: cms.url,
      cms,
      standin: null,
      db: seeded.db,
      env: { UPSTREAM_URL: cms.url, APP_ID, TOKEN_KEY },
      async close() {
        await cms.close();
        seeded.remove();
      },
    };
  } catch (err) {
    seeded.remove();
    throw err;
  }
}

async function startService(options: WorldOptions): Promise<Service> {
  const content = options.content ?? 'fixture';
  if (content !== 'standin') return startReference(content, options);
  const standin = await startStandin(options.now ? { now: options.now } : {});
  return {
    url: standin.url,
    cms: null,
    standin,
    db: null,
    env: {
      UPSTREAM_URL: standin.url,
      UPSTREAM_PREFIX: '/japi/sw-cms',
      UPSTREAM_FILE_PREFIX: '/japi/sw-file-cloud',
      UPSTREAM_SEARCH_PREFIX: '/japi/sw-es',
      UPSTREAM_REPORT_PREFIX: '/japi/sw-cms-zb',
      APP_ID: STANDIN_APP_ID,
      TOKEN_KEY: STANDIN_TOKEN_KEY,
    },
    close: () => standin.close(),
  };
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const service = await startService(options);
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const servers: Server[] = [];
  const edges: EdgeApp[] = [];

  async function startEdge(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<StartedEdge> {
    // Many writes per test file come from one address; only the write-limit tests want a low limit.
    const config = loadConfig({ ...service.env, RATE_LIMIT_WRITES: '1000', RATE_LIMIT_API_MISSES: '100000', ...options.env, ...env });
    const edge = createApp(config, {
      logger,
      defaultMetrics: false,
      ...(options.now ? { now: options.now } : {}),
      ...options.deps,
      ...deps,
    });
    edges.push(edge);
    const server = createServer(edge.handler);
    servers.push(server);
    return { edge, config, url: await listen(server) };
  }

  async function close(): Promise<void> {
    for (const server of servers) await closeServer(server);
    for (const edge of edges) await edge.close();
    await service.close();
  }

  try {
    const first = await startEdge();
    const present = <T>(value: T | null, what: string): T => {
      if (value === null)
        throw new Error(
          `this world has no ${what} (content: ${typeof options.content === 'object' ? 'a content set' : (options.content ?? 'fixture')})`,
        );
      return value;
    };
    return {
      ...first,
      cmsUrl: service.url,
      get cms() {
        return present(service.cms, 'reference service');
      },
      get standin() {
        return present(service.standin, 'stand-in service');
      },
      get db() {
        return present(service.db, 'database file');
      },
      logs,
      startEdge,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
