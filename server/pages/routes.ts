// The server side of every route: the root (frame) loader and one loader/action per route-table row,
// built around the screens' loaders and actions (server/loaders). Around them the platform decides what
// is the same for every screen: the language (English mode on a Chinese path → its English twin),
// parent redirects, the not-found rows, the channel segments of the path (unknown channel → 404),
// upstream failures (→ 404/502/503), and whether an action's write may leave (server/writes).
import { data, redirect, type ActionFunction, type LoaderFunction } from 'react-router';
import type { Logger } from 'pino';
import { channelChain, type ChannelNode } from '../../shared/channels.ts';
import { ENDPOINT_BY_NAME } from '../../shared/endpoints.ts';
import type { Lang, RouteDef } from '../../shared/route-table.ts';
import { homePath, toEnglishPath, twinRoute } from '../../shared/route-table.ts';
import { isCare, isWx, resolveLang, withoutLanguageSegments } from '../../shared/site.ts';
import { actionFor, loaderFor } from '../loaders/index.ts';
import { notFound, toRouteError } from '../loaders/page-errors.ts';
import { frameData, loadChannels } from '../loaders/root.ts';
import type { LoaderContext } from '../loaders/types.ts';
import type { CacheStatus } from '../cache/kit.ts';
import type { ContentCaller } from '../content/content-api.ts';
import type { WriteOnce } from '../writes/once.ts';
import { admitPageWrite } from '../writes/write-rules.ts';
import { FORM_TYPE_MESSAGE } from './request.ts';
import type { SiteSettings } from '../loaders/types.ts';

/** What one visitor request shares between its loaders (react-router's requestContext). */
export interface RequestState {
  requestId: string;
  /** Upstream cache tags the page was built from (for the page cache's purge by tag). */
  tags: Set<string>;
  /**
   * The cache status of every upstream call the page made; `ERROR` for one that failed (the page may
   * have shown itself without that part: such a page is not stored in the page cache).
   */
  cache: Array<CacheStatus | 'ERROR'>;
  /** The age in s of the oldest upstream answer the page used (its true `Age` when served stale). */
  ageS: number;
  channels: Map<Lang, Promise<ChannelNode[]>>;
  /** Set when the client is over the write limit: its writes are refused (WriteRefused) without a call. */
  writeLimitedForS?: number;
  /** The earliest moment (ms) a loader said the page goes out of date by the clock alone (LoaderContext.cacheUntil). */
  expiresAt?: number;
  /** A background re-render (no visitor waits): its calls wait for fresh answers (ContentCall.preferFresh). */
  preferFresh?: boolean;
}

export function newRequestState(requestId: string, writeLimitedForS?: number, preferFresh = false): RequestState {
  return { requestId, tags: new Set(), cache: [], ageS: 0, channels: new Map(), writeLimitedForS, preferFresh };
}

interface HandlerDeps {
  api: ContentCaller;
  logger: Logger;
  now: () => number;
  site: SiteSettings;
  writeOnce: WriteOnce;
}

/**
 * The api as the loaders of one request see it: every answer's tags and cache status recorded, and
 * every write admitted first (the write rules and the soft limit), so a refused one throws WriteRefused
 * and the action keeps the visitor's input.
 */
function recordingApi(api: ContentCaller, state: RequestState, lang: Lang): ContentCaller {
  return {
    async call(name, call) {
      if (ENDPOINT_BY_NAME[name]?.write) await admitPageWrite(name, call ?? {}, { limitedForS: state.writeLimitedForS, api, lang });
      let result;
      try {
        result = await api.call(name, { ...call, requestId: call?.requestId ?? state.requestId, preferFresh: state.preferFresh });
      } catch (err) {
        state.cache.push('ERROR');
        throw err;
      }
      for (const tag of result.tags) state.tags.add(tag);
      state.cache.push(result.cache);
      if (result.cache === 'STALE') state.ageS = Math.max(state.ageS, result.ageS);
      return result as never;
    },
  };
}

function channelsOf(api: ContentCaller, state: RequestState, lang: Lang): Promise<ChannelNode[]> {
  let pending = state.channels.get(lang);
  if (!pending) {
    pending = loadChannels(api, lang, state.requestId);
    state.channels.set(lang, pending);
  }
  return pending;
}

const withSearch = (path: string, url: URL): string => `${path}${url.search}`;

function stateOf(context: unknown): RequestState {
  const state = context as RequestState | undefined;
  if (!state?.tags) throw new Error('page loaders need the request state as requestContext');
  return state;
}

/** Runs `work`, turning upstream failures into route errors (404 / 502 / 503). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toRouteError(err);
  }
}

export function rootLoader(deps: HandlerDeps): LoaderFunction {
  return ({ request, context }) =>
    guarded(async () => {
      const state = stateOf(context);
      const url = new URL(request.url);
      const lang = resolveLang(url, deps.site.english);
      const api = recordingApi(deps.api, state, lang);
      const channels = await channelsOf(api, state, lang);
      return frameData({ lang, wx: isWx(url), care: isCare(url), site: deps.site, channels, nowMs: deps.now(), pathname: url.pathname });
    });
}

/** What every row's loader and action check first; returns the screen's context. */
async function prepare(
  deps: HandlerDeps,
  def: RouteDef,
  args: { request: Request; params: Record<string, string | undefined>; context: unknown },
): Promise<LoaderContext> {
  const state = stateOf(args.context);
  const url = new URL(args.request.url);
  const lang = resolveLang(url, deps.site.english);
  const wx = isWx(url);
  const api = recordingApi(deps.api, state, lang);

  // An entry link naming the English site as a path segment (`/News/SNews/enxh`): that page in English,
  // not its English twin with `EN_enxh` as a record id (a 404).
  const unmarked = withoutLanguageSegments(url.pathname);
  if (unmarked !== url.pathname) throw redirect(withSearch(unmarked === '/' ? homePath('en') : toEnglishPath(unmarked), url));
  if (def.screen === 'notFound') throw notFound(`no route for ${url.pathname}`);
  // English mode (global flag or an English address) on a Chinese path: the English twin.
  if (lang === 'en' && def.lang === 'zh' && twinRoute(def)) throw redirect(withSearch(toEnglishPath(url.pathname), url));
  if (def.screen === 'redirect' && def.redirectTo) throw redirect(withSearch(def.redirectTo, url));

  const channels = () => channelsOf(api, state, lang);
  let chain: ChannelNode[] = [];
  if (def.channelDepth > 0) {
    chain = channelChain(await channels(), url.pathname);
    if (chain.length < def.channelDepth) throw notFound(`unknown channel in ${url.pathname}`);
  }
  const params = Object.fromEntries(Object.entries(args.params).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return {
    api,
    route: def,
    params,
    url,
    lang,
    site: deps.site,
    requestId: state.requestId,
    wx,
    care: isCare(url),
    now: deps.now,
    cacheUntil: (atMs) => {
      state.expiresAt = Math.min(state.expiresAt ?? Infinity, atMs);
    },
    logger: deps.logger,
    channels,
    chain: chain.slice(0, Math.max(def.channelDepth, 0)),
    channel: def.channelDepth > 0 ? chain[def.channelDepth - 1] : undefined,
  };
}

export function routeLoader(deps: HandlerDeps, def: RouteDef): LoaderFunction {
  return (args) =>
    guarded(async () => {
      const ctx = await prepare(deps, def, args);
      const loader = loaderFor(def.screen);
      return loader ? ((await loader(ctx)) ?? {}) : {};
    });
}

export function routeAction(deps: HandlerDeps, def: RouteDef): ActionFunction {
  return (args) =>
    guarded(async () => {
      const action = actionFor(def.screen);
      if (!action)
        throw data(
          { code: 'METHOD_NOT_ALLOWED', message: 'This page takes no form posts' },
          { status: 405, statusText: 'METHOD_NOT_ALLOWED' },
        );
      const ctx = await prepare(deps, def, args);
      const form = await formOf(args.request);
      return (await action({ ...ctx, form, request: args.request, writeOnce: deps.writeOnce })) ?? null;
    });
}

/**
 * The posted form. pageRequestOf (pages/request.ts) refuses what is not a form before the router runs; this is the
 * guard for any request that reaches an action another way: a body `formData()` cannot read is the
 * sender's fault (415 / 400 with a stable code), never a 500.
 */
async function formOf(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i.test(type)) {
    throw data({ code: 'UNSUPPORTED_MEDIA_TYPE', message: FORM_TYPE_MESSAGE }, { status: 415, statusText: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  try {
    return await request.formData();
  } catch {
    throw data({ code: 'BAD_FORM', message: 'The form cannot be read' }, { status: 400, statusText: 'BAD_FORM' });
  }
}
