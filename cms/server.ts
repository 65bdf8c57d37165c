// The reference content service, startable in-process: the edge embeds it, tests run it on port 0
// with a temporary database, and cms/main.ts runs it as its own program.
import { chinaDay } from './china-time.ts';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import pino, { type Logger } from 'pino';
import { createAesEcbCipher } from '../shared/node/aes-ecb.ts';
import type { GatewayPrefixes } from '../shared/endpoints.ts';
import { createCmsApp } from './app.ts';
import { demoQuestionnaireRecords } from './db/demo-responses.ts';
import { openCmsDatabase, type DemoSource } from './db/open.ts';
import { createFaults, type Faults } from './faults.ts';
import { resolveGateways } from './gateways.ts';
import { createHandlers } from './handlers/index.ts';

export type { Faults } from './faults.ts';

interface CmsOptions {
  /** SQLite file path; created, migrated and seeded on first use. */
  db: string;
  appId: string;
  tokenKey: string;
  /** Default 300000. */
  tokenMaxSkewMs?: number;
  /** Clock for token checks, visit counters and questionnaire windows. */
  now?: () => number;
  /**
   * Where each service's calls are answered (one gateway per service), e.g. DEPLOYED_GATEWAYS.
   * Missing ones nest below the content gateway: the default is content '' with `/sw-file`,
   * `/sw-es` and `/sw-cms-zb` beside it (cms/gateways.ts).
   */
  gateways?: Partial<GatewayPrefixes>;
  /** @deprecated Use `gateways`. A single prefix p: `{ content: p }`, the other services at p + their public prefix. */
  prefix?: string;
  /** Default: <dirname(db)>/files; served at /file/* (not under the prefix). */
  filesDir?: string;
  faults?: Partial<Faults>;
  /** Random source of the failure-rate knob; default a seeded PRNG (repeatable runs). */
  random?: () => number;
  logger?: Logger | false;
}

export interface CmsServer {
  handler: RequestListener;
  /** Resolves to the base URL, e.g. http://127.0.0.1:40123. Defaults: port 0, host 127.0.0.1. */
  listen(port?: number, host?: string): Promise<string>;
  /** Closes the server (and idle keep-alive sockets) and the database. */
  close(): Promise<void>;
  faults: { set(f: Partial<Faults>): void; reset(): void; current(): Faults };
  /** The gateway layout the service answers at. */
  gateways: GatewayPrefixes;
  /** API calls received: every request that matched a catalogue row (before the token check). */
  calls: { count(endpointName?: string): number; reset(): void };
  db: Database;
}

const DEFAULT_TOKEN_MAX_SKEW_MS = 300_000;
/** How long close() waits for requests in flight before cutting their sockets. */
const CLOSE_GRACE_MS = 2_000;

const loadDemo = async (): Promise<DemoSource> => {
  const demo = await import('./db/demo/index.ts');
  return {
    generate: () => demo.generateDemoContent(),
    writeFiles: (dir, content) => demo.writeDemoFiles(dir, content),
    records: (content) => demoQuestionnaireRecords(content),
    visits: (now) => demo.demoVisits(chinaDay(now)),
  };
};

export async function createCmsServer(options: CmsOptions): Promise<CmsServer> {
  const cipher = createAesEcbCipher(options.tokenKey);
  if (!options.appId) throw new Error('appId must not be empty');
  const now = options.now ?? Date.now;
  const logger = options.logger === false ? pino({ level: 'silent' }) : (options.logger ?? pino({ name: 'cms' }));
  const filesDir = options.filesDir ?? join(dirname(options.db), 'files');
  const faults = createFaults(options.faults, options.random);
  const faultsControl = { set: faults.set, reset: faults.reset, current: faults.current };

  const gateways = resolveGateways(options.gateways, options.prefix);
  const db = await openCmsDatabase({ path: options.db, filesDir, now, logger, demo: loadDemo });

  const counts = new Map<string, number>();
  let total = 0;
  const calls = {
    count: (name?: string): number => (name === undefined ? total : (counts.get(name) ?? 0)),
    reset: (): void => {
      counts.clear();
      total = 0;
    },
  };

  const app = createCmsApp({
    handlers: createHandlers(db),
    gateways,
    appId: options.appId,
    cipher,
    tokenMaxSkewMs: options.tokenMaxSkewMs ?? DEFAULT_TOKEN_MAX_SKEW_MS,
    now,
    faults,
    countCall: (name) => {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      total += 1;
    },
    filesDir,
    logger,
  });

  let server: Server | null = null;
  let closed = false;

  return {
    handler: app,
    db,
    gateways,
    faults: faultsControl,
    calls,
    listen(port = 0, host = '127.0.0.1') {
      if (server) return Promise.reject(new Error('the content service is already listening'));
      const s = createServer(app);
      server = s;
      return new Promise((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, host, () => {
          s.off('error', reject);
          const { address, port: actual } = s.address() as AddressInfo;
          const shown = address.includes(':') ? `[${address}]` : address;
          logger.info({ url: `http://${shown}:${actual}` }, 'cms listening');
          resolve(`http://${shown}:${actual}`);
        });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const s = server;
      if (s) {
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => s.closeAllConnections(), CLOSE_GRACE_MS);
          force.unref();
          s.close(() => {
            clearTimeout(force);
            resolve();
          });
          s.closeIdleConnections();
        });
      }
      db.close();
    },
  };
}
