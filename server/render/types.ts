// The page platform's settings and dependencies: what createApp hands the page router, and what every
// loader sees of the site (LoaderContext.site). Types only, imported by render/, loaders/ and app/
// alike, so none of them has to import the router to name them.
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { UpstreamApi } from '../upstream/api.ts';
import type { WriteOnce } from '../writes/once.ts';

export interface SiteSettings {
  /** The global English flag: every page in English mode. */
  english: boolean;
  /** Show the watermarked image variants. */
  watermark: boolean;
  /** Absolute origin for canonical and hreflang links, e.g. https://www.example-museum.cn; empty = from the request. */
  publicUrl: string;
  /** Where upstream files are proxied, default `/file`. */
  filePrefix: string;
  /** PORTAL_ID: scopes list calls of a multi-site service (spec §7); empty = not sent. */
  portalId: string;
  /** ORG_ID: the organisation a visitor message is for; empty = not sent. */
  orgId: string;
}

export interface PageDeps {
  api: UpstreamApi;
  logger: Logger;
  now: () => number;
  site: SiteSettings;
  /** Where public/build/manifest.json lives; default `<cwd>/public`. */
  publicDir?: string;
  /** The per-client write budget: page form posts spend it like API writes do. */
  writeLimiter?: RequestHandler;
  /** The app's guard against a form sent twice; default one of the page router's own. */
  writeOnce?: WriteOnce;
  /** How long a document may stream before it is cut off; default 10 s. */
  renderTimeoutMs?: number;
}
