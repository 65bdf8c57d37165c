// What a screen loader or action gets and returns (conventions: one file per screen kind, registered
// by ScreenKind in ./index.ts). Loaders return plain JSON with every date preformatted and every
// path derived, so components only render and hydration never mismatches.
import type { Logger } from 'pino';
import type { ChannelNode } from '../../shared/channels.ts';
import type { Lang, RouteDef } from '../../shared/route-table.ts';
import type { ContentCaller } from '../content/content-api.ts';
import type { WriteOnce } from '../writes/once.ts';

export interface LoaderContext {
  api: ContentCaller;
  route: RouteDef;
  /** Path parameters of the matched row (`sec`, `third`, `id`). */
  params: Record<string, string>;
  /** The visitor's address (path and query; the platform's `_route` marker removed). */
  url: URL;
  lang: Lang;
  site: SiteSettings;
  requestId: string;
  /** `platform=wx`: the messenger-embedded mode (links keep the parameter; see withSiteQuery). */
  wx: boolean;
  /** `care=1`: the reading mode, kept by links like `wx` (withSiteQuery(href, ctx) carries both). */
  care?: boolean;
  now: () => number;
  /**
   * The page shows something that changes by the clock at `atMs` (an activity starts, its booking
   * opens): the page cache keeps the page no longer than that. `ctx.now()` keeps it not at all (a
   * page made for one visitor). The earliest moment any loader of the request names counts.
   */
  cacheUntil: (atMs: number) => void;
  logger: Logger;
  /** The channel tree of the language (every channel, hidden ones too), fetched once per request. */
  channels: () => Promise<ChannelNode[]>;
  /**
   * The channels named by the route's channel segments, top first (`/News/SNews/12` → News, SNews).
   * Already checked: a row with channel segments only reaches its loader when they all exist.
   */
  chain: ChannelNode[];
  /** The deepest channel of `chain` (the list's or detail's own channel), if the row has one. */
  channel: ChannelNode | undefined;
}

export interface ActionContext extends LoaderContext {
  /** The submitted form (urlencoded or multipart), from a plain POST or a client `<Form>`. */
  form: FormData;
  request: Request;
  /**
   * The app's guard against a form sent twice: `ctx.writeOnce.run([endpoint, formKey, body], write)`.
   * Every write through `ctx.api` is admitted first (write rules, soft write limit); a refused one
   * throws WriteRefused (server/writes/refused.ts).
   */
  writeOnce: WriteOnce;
}

/** Returns plain JSON; `throw notFound()` for unknown ids; `throw redirect(to)` to send elsewhere. */
export type Loader = (ctx: LoaderContext) => Promise<unknown>;

/**
 * Runs for a POST to the route (a no-JavaScript form or a client `<Form method="post">`). Its result
 * is `useActionData()` on the re-rendered page; `throw redirect(to)` for post/redirect/get.
 */
export type Action = (ctx: ActionContext) => Promise<unknown>;

export type { PageMeta } from '../../shared/head.ts';

/** The site settings every loader sees (LoaderContext.site), from the config. */
export interface SiteSettings {
  /** The global English flag: every page in English mode. */
  english: boolean;
  /** Show the watermarked image variants. */
  watermark: boolean;
  /** Absolute origin for canonical and hreflang links, e.g. https://www.example-museum.cn; empty = from the request. */
  publicUrl: string;
  /** Where upstream files are proxied, default `/file`. */
  filePrefix: string;
  /** PORTAL_ID: scopes list calls of a multi-site service (`portalId`); empty = not sent. */
  portalId: string;
  /** ORG_ID: the organisation a visitor message is for; empty = not sent. */
  orgId: string;
}

/**
 * An address of the site as others are given it (an IIIF manifest's or collection's, a link's ping):
 * absolute, at the origin the page's canonical link names (PUBLIC_URL, else the request's).
 */
export const siteUrl = (ctx: LoaderContext, path: string): string => `${ctx.site.publicUrl.replace(/\/+$/, '') || ctx.url.origin}${path}`;
