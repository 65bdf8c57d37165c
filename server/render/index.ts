// Document requests: route match → loaders → streamed HTML, and /__data for client navigations.
// (Placeholder until the portal lands: answers every unmatched GET with a plain 404.)
import { Router } from 'express';
import type { Logger } from 'pino';
import type { UpstreamApi } from '../upstream/api.ts';

export interface SiteSettings {
  /** The global English flag: every page in English mode. */
  english: boolean;
  /** Show the watermarked image variants. */
  watermark: boolean;
  /** Absolute origin for canonical and hreflang links, e.g. https://www.example-museum.cn; empty = from the request. */
  publicUrl: string;
  /** Where upstream files are proxied, default `/file`. */
  filePrefix: string;
}

export interface PageDeps {
  api: UpstreamApi;
  logger: Logger;
  now: () => number;
  site: SiteSettings;
}

export function createPageRouter(_deps: PageDeps): Router {
  const router = Router();
  router.use((_req, res) => {
    res.status(404).type('text/plain; charset=utf-8').send('很抱歉，无法打开您要找的页面！');
  });
  return router;
}
