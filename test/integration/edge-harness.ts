// The edge against the real reference content service: a fixture database seeded per test file, the
// service on 127.0.0.1 port 0, createApp on another port 0, and the edge's log lines kept for asserts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp, type AppDeps, type EdgeApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { CmsOptions } from '../../cms/server.ts';
import { APP_ID, TOKEN_KEY, seedFixtureDb, startCms, type RunningCms } from './cms-harness.ts';
import { wireId } from './cms-fixture.ts';

export { APP_ID, TOKEN_KEY };
export { FIXTURE_FILES, MESSAGE_TYPE, wireId } from './cms-fixture.ts';

/** The wire id of fixture article `n` (the service sends 32 hex digits; routes and likes carry them). */
export const articleId = (n: number): string => wireId('archives', n);

export interface EdgeWorld {
  cms: RunningCms;
  cmsUrl: string;
  db: string;
  edge: EdgeApp;
  config: Config;
  url: string;
  logs: Array<Record<string, unknown>>;
  /** A second edge on the same service (e.g. with other settings); closed with the world. */
  startEdge(env?: Record<string, string>, deps?: AppDeps): Promise<{ edge: EdgeApp; url: string }>;
  close(): Promise<void>;
}

export interface WorldOptions {
  env?: Record<string, string>;
  deps?: AppDeps;
  cms?: Partial<CmsOptions>;
}

/** Listens on 127.0.0.1 port 0; the base URL. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function edgeWorld(options: WorldOptions = {}): Promise<EdgeWorld> {
  const seeded = await seedFixtureDb();
  const cms = await startCms({ db: seeded.db, ...options.cms });
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const servers: Server[] = [];
  const edges: EdgeApp[] = [];

  async function startEdge(env: Record<string, string> = {}, deps: AppDeps = {}) {
    const config = loadConfig({ UPSTREAM_URL: cms.url, APP_ID, TOKEN_KEY, RATE_LIMIT_WRITES: '1000', ...options.env, ...env });
    const edge = createApp(config, { logger, defaultMetrics: false, ...options.deps, ...deps });
    const server = createServer(edge.handler);
    servers.push(server);
    edges.push(edge);
    return { edge, url: await listen(server), config };
  }

  const first = await startEdge();
  return {
    cms,
    cmsUrl: cms.url,
    db: seeded.db,
    edge: first.edge,
    config: first.config,
    url: first.url,
    logs,
    startEdge: async (env, deps) => {
      const { edge, url } = await startEdge(env, deps);
      return { edge, url };
    },
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      }
      for (const edge of edges) await edge.close();
      await cms.close();
      seeded.remove();
    },
  };
}

export const LIST_BODY = { entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 10 } };

/** POSTs JSON to the edge. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
