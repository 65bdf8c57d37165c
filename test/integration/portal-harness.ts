// The portal against the real reference content service with its demo content: the service on
// 127.0.0.1 port 0 over a freshly seeded database, createApp on another port 0. Pages are fetched
// over real sockets, redirects not followed.
import { createServer, type Server } from 'node:http';
import pino from 'pino';
import { createApp, type EdgeApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { APP_ID, TOKEN_KEY, call, seedDemoDb, startCms, type RunningCms } from './cms-harness.ts';
import { listen } from './edge-harness.ts';
import { RECORD_ID } from '../../shared/ids.ts';

export interface PortalWorld {
  url: string;
  cmsUrl: string;
  cms: RunningCms;
  edge: EdgeApp;
  /** Another edge on the same service with other settings (closed with the world). */
  startEdge(env: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

export async function portalWorld(env: Record<string, string> = {}): Promise<PortalWorld> {
  const seeded = await seedDemoDb();
  const cms = await startCms({ db: seeded.db });
  const servers: Server[] = [];
  const edges: EdgeApp[] = [];
  const start = async (extra: Record<string, string>) => {
    const config = loadConfig({ UPSTREAM_URL: cms.url, APP_ID, TOKEN_KEY, RATE_LIMIT_WRITES: '1000', LOG_LEVEL: 'silent', ...env, ...extra });
    const edge = createApp(config, { logger: pino({ level: 'silent' }), defaultMetrics: false });
    const server = createServer(edge.app);
    servers.push(server);
    edges.push(edge);
    return { edge, url: await listen(server) };
  };
  const first = await start({});
  return {
    url: first.url,
    cmsUrl: cms.url,
    cms,
    edge: first.edge,
    startEdge: async (extra) => (await start(extra)).url,
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

export interface Page {
  status: number;
  html: string;
  location: string | null;
  headers: Headers;
}

export async function getPage(base: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (portal tests)', ...headers } });
  return { status: res.status, html: await res.text(), location: res.headers.get('location'), headers: res.headers };
}

/** The first record id of a list call straight from the service (to build detail paths): an opaque wire id. */
export async function firstId(cmsUrl: string, kind: 'article' | 'base' | 'temp' | 'treasure' | 'gmww' | 'activity' | 'questionnaire', channelNo = '', site: 'CN' | 'EN' = 'CN'): Promise<string> {
  const paging = { pageNum: 1, pageSize: 1 };
  const languageType = site;
  type Records = { records: Array<Record<string, unknown>> };
  const calls = {
    article: () => call<Records>(cmsUrl, 'queryArchivesList', { body: { entity: { channelNo }, param: paging } }),
    base: () => call<Records>(cmsUrl, 'queryExhibitionBaseList', { body: { entity: { languageType }, param: paging } }),
    temp: () => call<Records>(cmsUrl, 'queryExhibitionTempList', { body: { entity: { languageType }, param: paging } }),
    treasure: () => call<Records>(cmsUrl, 'queryExhibitList', { body: { entity: { isTreasure: true, languageType }, param: paging } }),
    gmww: () => call<Records>(cmsUrl, 'queryExhibitList', { body: { entity: { generalType: 'GMWW', languageType }, param: paging } }),
    activity: () => call<Records>(cmsUrl, 'queryActivityListByType', { body: { entity: { activityType: '', languageType }, param: paging } }),
    questionnaire: () => call<Records>(cmsUrl, 'getQuestionnairePageList', { body: { entity: { languageType }, param: paging } }),
  } as const;
  const idField = { article: 'archivesId', base: 'exhibitionBaseId', temp: 'exhibitionTempId', treasure: 'exhibitId', gmww: 'exhibitId', activity: 'activityId', questionnaire: 'questionnaireId' }[kind];
  const answer = await calls[kind]();
  const id = answer.body.data.records[0]?.[idField];
  if (typeof id !== 'string' || !RECORD_ID.test(id)) throw new Error(`no ${kind} record for ${channelNo || site} (got ${JSON.stringify(id)})`);
  return id;
}

/** A well-formed wire id (32 lowercase hex digits, like the service's) that names no record of any kind. */
export const UNKNOWN_ID = '0123456789abcdef0123456789abcdef';

/** `data-screen` of the page frame: the route-table screen kind the page was rendered as. */
export const screenOf = (html: string): string | null => /data-screen="([^"]+)"/.exec(html)?.[1] ?? null;

/** The visible text of a page (tags dropped, spaces collapsed). */
export const textOf = (html: string): string => html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
