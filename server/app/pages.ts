// The page side's wiring: what the page router gets (PageDeps), and the background re-render of a stored
// page, which runs through the whole Express app as a request of its own.
import type { IncomingMessage } from 'node:http';
import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { PageDeps } from '../render/types.ts';
import type { Gateway } from '../upstream/gateway.ts';
import { createWriteOnce } from '../writes/once.ts';
import { getInProcess } from './in-process-request.ts';

type PageConfig = Pick<Config, 'site' | 'filePrefix' | 'portalId' | 'orgId'>;

export interface PageSideDeps {
  gateway: Gateway;
  logger: Logger;
  now: () => number;
  publicDir: string;
  writeLimiter: RequestHandler;
}

export function pageDepsOf(config: PageConfig, { gateway, logger, now, publicDir, writeLimiter }: PageSideDeps): PageDeps {
  return {
    api: gateway,
    logger,
    now,
    site: { ...config.site, filePrefix: config.filePrefix, portalId: config.portalId, orgId: config.orgId },
    publicDir,
    writeLimiter,
    // One guard per app (not per process): apps in one process never join each other's writes.
    writeOnce: createWriteOnce(),
  };
}

/** A background re-render: a GET of the page through Express, marked so the page cache stores and never replays it. */
export function rerenderThrough(
  app: Express,
  target: { url: string; host: string; protocol: string },
  mark: (req: IncomingMessage) => void,
): Promise<void> {
  return getInProcess(
    (req, res) => {
      mark(req);
      // The page's own origin, whatever the trust proxy setting makes of the in-process request.
      Object.defineProperty(req, 'protocol', { value: target.protocol });
      app(req, res);
    },
    { url: target.url, headers: { host: target.host, 'user-agent': 'edge-rerender', 'accept-encoding': 'identity' } },
  );
}
