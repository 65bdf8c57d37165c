// Document requests: route match → loaders → streamed HTML, and /__data for client navigations.
// One static handler over the route table; the document's head is written before React starts,
// 103 Early Hints announce the stylesheet and the entry before any upstream call, crawlers get the
// complete document, the browser the shell as soon as it is ready.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { Router, type NextFunction, type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { createElement, type ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { buildRoutes } from '../../client/routes.tsx';
import { screenModule } from '../../client/screens/index.ts';
import { ROOT_ROUTE_ID } from '../../client/frame.ts';
import { DATA_PREFIX, ROUTE_PARAM, dropParam, type DataAnswer } from '../../shared/data-protocol.ts';
import type { FrameData } from '../../shared/frame.ts';
import type { PageMeta, PageState } from '../../shared/head.ts';
import { homePath, ROUTE_BY_ID, SCREEN_KINDS, type ScreenKind } from '../../shared/route-table.ts';
import { resolveLang, siteModeOf, withSiteQuery } from '../../shared/site.ts';
import { requestIdOf, setRouteId } from '../http-context.ts';
import type { UpstreamApi } from '../upstream/api.ts';
import { markSoftLimit, writeLimitedFor } from '../proxy/rate-limit.ts';
import { earlyHintLinks, readAssets, type Assets } from './assets.ts';
import { documentHead, documentTail, serverHead } from './document.ts';
import { errorPageHtml } from './error-page.ts';
import { hydrationState } from './hydration.ts';
import { pageTarget, requestOriginIsPlain, safeOrigin, type TargetRefusal } from './page-url.ts';
import { FormBodyError, toFetchRequest } from './request.ts';
import { newRequestState, rootLoader, routeAction, routeLoader, type RequestState, type RunDeps } from './run.ts';

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
  /** How long a document may stream before it is cut off; default 10 s. */
  renderTimeoutMs?: number;
}

/** What the page cache (gateway) reads after a page was rendered. */
export interface PageLocals {
  /** Upstream cache tags the page was built from. */
  pageTags: string[];
  /** Cache status of every upstream answer the page used. */
  pageUpstreamCache: string[];
  /** When (ms, the app's clock) the page goes out of date by itself; the page cache keeps it no longer. */
  pageExpiresAt?: number;
}

/** What the page cache reads about a page the router built. */
const pageLocals = (state: RequestState): PageLocals => ({ pageTags: [...state.tags], pageUpstreamCache: state.cache, pageExpiresAt: state.expiresAt });

/** Set by the page cache on a background re-render's answer (server/page-cache.ts). */
const isRerender = (res: ExpressResponse): boolean => res.locals.pageRerender === true;

/** A page built on stale upstream data says so, with the age of its oldest part (it is never stored). */
function labelStale(res: ExpressResponse, state: RequestState): void {
  if (!state.cache.includes('STALE')) return;
  res.setHeader('X-Cache', 'STALE');
  res.setHeader('Age', String(state.ageS));
}

interface Engine {
  handler: StaticHandler;
  assets: Assets;
}

async function loadScreens(): Promise<Map<ScreenKind, ComponentType>> {
  const entries = await Promise.all(SCREEN_KINDS.map(async (kind) => [kind, (await screenModule(kind)()).default] as const));
  return new Map(entries);
}

async function createEngine(deps: PageDeps): Promise<Engine> {
  const run: RunDeps = { api: deps.api, logger: deps.logger, now: deps.now, site: deps.site };
  const screens = await loadScreens();
  const routes = buildRoutes({
    loader: (id) => (id === ROOT_ROUTE_ID ? rootLoader(run) : routeLoader(run, ROUTE_BY_ID.get(id)!)),
    action: (id) => routeAction(run, ROUTE_BY_ID.get(id)!),
    component: (kind) => screens.get(kind)!,
  });
  return {
    handler: createStaticHandler(routes),
    assets: readAssets(deps.publicDir ?? join(process.cwd(), 'public'), deps.logger),
  };
}

/** The pages' origin: PUBLIC_URL, else the request's own when its Host is sane (see page-url.ts). */
const originOf = (req: ExpressRequest, site: SiteSettings): string => safeOrigin(site.publicUrl, req.protocol, req.get('host'));

/**
 * The page cache keys what it stores by `protocol://Host` + the raw target, and an operator's purge
 * by prefix parses those keys back into URLs: a page for a hostile Host or an absolute-form target is
 * answered (at a safe origin) but not stored.
 */
const storableTarget = (req: ExpressRequest): boolean => requestOriginIsPlain(req.protocol, req.get('host')) && req.originalUrl.startsWith('/');

/**
 * A page request refused before the router runs (an address it cannot take, a body that is not a
 * form): a short plain-text answer that quotes nothing from the request.
 */
function refusePage(res: ExpressResponse, log: Logger, refusal: { status: number; code: string; message: string }): void {
  log.info({ status: refusal.status, code: refusal.code }, refusal.message);
  setRouteId(res, 'page:refused');
  res.status(refusal.status).setHeader('Cache-Control', 'no-store');
  res.type('text/plain; charset=utf-8').send(`${refusal.message}\n`);
}

/** The page address a /__data request stands for (its `_route` marker dropped), or why there is none. */
function dataPageUrl(req: ExpressRequest, origin: string): URL | TargetRefusal {
  const raw = req.originalUrl;
  const q = raw.indexOf('?');
  // The same checks as a page's own address: `/__data//evil` is `//evil`, not evil's home page.
  const target = pageTarget(origin, `${req.path.slice(DATA_PREFIX.length) || '/'}${q === -1 ? '' : raw.slice(q)}`);
  if (!target.ok) return target;
  dropParam(target.url, ROUTE_PARAM);
  return target.url;
}

/** The first route error that is not a deliberate route answer (404, 502, …): a bug. */
function unexpectedError(context: StaticHandlerContext): unknown {
  return Object.values(context.errors ?? {}).find((e) => !isRouteErrorResponse(e));
}

function pageStateOf(context: StaticHandlerContext, screen: ScreenKind | undefined): PageState {
  if (screen === 'notFound') return 'notFound';
  const errors = Object.values(context.errors ?? {});
  if (errors.length === 0) return 'ok';
  return errors.some((e) => isRouteErrorResponse(e) && (e.status === 404 || e.status === 405)) ? 'notFound' : 'error';
}

/** The stable code a thrown `data({ code }, { status })` carries (queryRoute hands it over as a Response). */
async function codeOfResponse(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : response.statusText || 'ERROR';
  } catch {
    return response.statusText || 'ERROR';
  }
}

/** Passes React's HTML through and ends with the document's tail; flush reaches compression. */
class DocumentStream extends Transform {
  constructor(
    private readonly tail: string,
    private readonly res: ExpressResponse,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    this.push(this.tail);
    done();
  }
  flush(): void {
    (this.res as ExpressResponse & { flush?: () => void }).flush?.();
  }
}

export function createPageRouter(deps: PageDeps): Router {
  const router = Router();
  let engine: Promise<Engine> | null = null;
  const ready = (): Promise<Engine> =>
    (engine ??= createEngine(deps).catch((err: unknown) => {
      // Let the next request try again rather than failing every page until a restart.
      engine = null;
      throw err;
    }));
  // Start loading the screens now, so the first visitor does not wait for it.
  void ready().catch((err: unknown) => deps.logger.error({ err }, 'page engine failed to start'));
  const timeoutMs = deps.renderTimeoutMs ?? 10_000;

  // Page posts spend the shared write budget, but past it they still reach their action (which
  // refuses the write and keeps the visitor's input) instead of getting the API's JSON 429.
  const limitWrites: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST' || !deps.writeLimiter) return next();
    markSoftLimit(res);
    deps.writeLimiter(req, res, next);
  };

  function sendErrorPage(res: ExpressResponse, status: number, lang: 'zh' | 'en', assets: Assets): void {
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status).setHeader('Cache-Control', 'no-store');
    res.type('html').send(errorPageHtml(lang, assets));
  }

  async function renderDocument(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    const { handler, assets } = await ready();
    const requestId = requestIdOf(res) ?? randomUUID();
    const log = deps.logger.child({ reqId: requestId });
    const origin = originOf(req, deps.site);
    const target = pageTarget(origin, req.originalUrl);
    if (!target.ok) {
      refusePage(res, log, { status: target.status, code: target.code, message: target.msg });
      return;
    }
    const url = target.url;
    // Answered, never stored: the page cache keys pages by the raw protocol, Host and target.
    if (!storableTarget(req)) res.setHeader('Cache-Control', 'no-store');
    const fallbackLang = resolveLang(url, deps.site.english);
    const mode = siteModeOf(url);

    if (req.method === 'GET' && assets.entry) {
      try {
        res.writeEarlyHints({ link: earlyHintLinks(assets) });
      } catch {
        // Early hints are an optimisation; an HTTP/1.0 client or a proxy may refuse them.
      }
    }

    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });

    const state: RequestState = newRequestState(requestId, writeLimitedFor(res), isRerender(res));
    let result: Response | StaticHandlerContext;
    try {
      const request = await toFetchRequest(req, url, controller.signal);
      result = (await handler.query(request, { requestContext: state })) as Response | StaticHandlerContext;
    } catch (err) {
      if (err instanceof FormBodyError) {
        refusePage(res, log, { status: err.status, code: err.code, message: err.message });
        return;
      }
      return next(err);
    }

    Object.assign(res.locals, pageLocals(state));
    labelStale(res, state);

    if (result instanceof Response) {
      const location = result.headers.get('Location');
      if (result.status >= 300 && result.status < 400 && location) {
        setRouteId(res, 'page:redirect');
        res.redirect(result.status, location);
        return;
      }
      sendErrorPage(res, result.status >= 500 ? result.status : 500, fallbackLang, assets);
      return;
    }

    const context = result;
    const leaf = context.matches[context.matches.length - 1];
    const def = leaf ? ROUTE_BY_ID.get(leaf.route.id) : undefined;
    setRouteId(res, `page:${def?.id ?? 'unknown'}`);

    const bug = unexpectedError(context);
    if (bug !== undefined) {
      // Spec §8: a rendering error sends the visitor home — unless home itself is what failed.
      log.error({ err: bug, url: req.originalUrl }, 'page loader failed');
      const home = homePath(fallbackLang);
      if (url.pathname !== home && url.pathname !== '/') {
        res.redirect(302, withSiteQuery(home, mode));
      } else {
        sendErrorPage(res, 500, fallbackLang, assets);
      }
      return;
    }

    const frame = context.loaderData[ROOT_ROUTE_ID] as FrameData | undefined;
    const lang = frame?.lang ?? fallbackLang;
    const leafData = leaf ? (context.loaderData[leaf.route.id] as { meta?: PageMeta } | undefined) : undefined;
    const head = serverHead({
      lang,
      url,
      origin,
      def,
      channels: frame?.channels ?? [],
      meta: leafData && typeof leafData === 'object' ? leafData.meta : undefined,
      state: pageStateOf(context, def?.screen),
    });
    const status = context.statusCode;
    if (status >= 500) res.setHeader('Cache-Control', 'no-store');
    if (status >= 400) {
      const firstError = Object.values(context.errors ?? {})[0];
      log.info({ status, code: isRouteErrorResponse(firstError) ? firstError.statusText : undefined, url: req.originalUrl }, 'page answered with an error');
    }

    const bot = isbot(req.get('user-agent') ?? '');
    const router = createStaticRouter(handler.dataRoutes, context);
    const tail = documentTail(hydrationState(context), assets);
    let started = false;

    const send = (pipe: (dest: NodeJS.WritableStream) => NodeJS.WritableStream): void => {
      started = true;
      res.status(status);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      const out = new DocumentStream(tail, res);
      out.pipe(res);
      out.write(documentHead(head, assets));
      pipe(out);
    };

    const stream = renderToPipeableStream(createElement(StaticRouterProvider, { router, context, hydrate: false }), {
      onShellReady() {
        if (!bot) send(stream.pipe);
      },
      onAllReady() {
        if (bot) send(stream.pipe);
      },
      onShellError(err) {
        log.error({ err, url: req.originalUrl }, 'page failed to render');
        const home = homePath(lang);
        if (!started && url.pathname !== home && url.pathname !== '/') res.redirect(302, withSiteQuery(home, mode));
        else sendErrorPage(res, 500, lang, assets);
      },
      onError(err) {
        if (!controller.signal.aborted) log.error({ err, url: req.originalUrl }, 'error while streaming a page');
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('render timeout')), timeoutMs);
    res.on('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) stream.abort(new Error('client went away'));
    });
    res.on('finish', () => clearTimeout(timer));
  }

  function answer(res: ExpressResponse, status: number, body: DataAnswer): void {
    res.status(status).setHeader('Cache-Control', storableTarget(res.req) ? 'no-cache' : 'no-store');
    res.json(body);
  }

  /** A /__data request refused before the router runs: the error answer plus a message for people. */
  function refuseData(res: ExpressResponse, status: number, code: string, msg: string): void {
    res.status(status).setHeader('Cache-Control', 'no-store');
    res.json({ type: 'error', status, code, msg } satisfies DataAnswer & { msg: string });
  }

  async function serveData(req: ExpressRequest, res: ExpressResponse): Promise<void> {
    const { handler } = await ready();
    const requestId = requestIdOf(res) ?? randomUUID();
    const log = deps.logger.child({ reqId: requestId });
    const routeId = typeof req.query[ROUTE_PARAM] === 'string' ? req.query[ROUTE_PARAM] : '';
    setRouteId(res, 'page:data');
    if (routeId !== ROOT_ROUTE_ID && !ROUTE_BY_ID.has(routeId)) {
      answer(res, 400, { type: 'error', status: 400, code: 'UNKNOWN_ROUTE' });
      return;
    }
    const url = dataPageUrl(req, originOf(req, deps.site));
    if (!(url instanceof URL)) {
      log.info({ status: url.status, code: url.code }, url.msg);
      refuseData(res, url.status, url.code, url.msg);
      return;
    }
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const state = newRequestState(requestId, writeLimitedFor(res), isRerender(res));
    try {
      const request = await toFetchRequest(req, url, controller.signal);
      const value: unknown = await handler.queryRoute(request, { routeId, requestContext: state });
      Object.assign(res.locals, pageLocals(state));
      labelStale(res, state);
      if (value instanceof Response) {
        const location = value.headers.get('Location');
        if (location) answer(res, 200, { type: 'redirect', location, status: value.status });
        else answer(res, value.status, { type: 'error', status: value.status, code: 'RESPONSE' });
        return;
      }
      answer(res, 200, { type: 'data', data: value ?? null });
    } catch (thrown) {
      if (thrown instanceof Response) {
        const location = thrown.headers.get('Location');
        if (location) answer(res, 200, { type: 'redirect', location, status: thrown.status });
        else answer(res, thrown.status, { type: 'error', status: thrown.status, code: await codeOfResponse(thrown) });
        return;
      }
      if (thrown instanceof FormBodyError) {
        log.info({ status: thrown.status, code: thrown.code }, thrown.message);
        refuseData(res, thrown.status, thrown.code, thrown.message);
        return;
      }
      if (isRouteErrorResponse(thrown)) {
        const code = (thrown.data as { code?: string } | null)?.code ?? (thrown.statusText || 'ERROR');
        answer(res, thrown.status, { type: 'error', status: thrown.status, code });
        return;
      }
      log.error({ err: thrown, url: req.originalUrl }, 'page data failed');
      answer(res, 500, { type: 'error', status: 500, code: 'RENDER_ERROR' });
    }
  }

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return next();
    const isData = req.path === DATA_PREFIX || req.path.startsWith(`${DATA_PREFIX}/`);
    limitWrites(req, res, (err?: unknown) => {
      if (err) return next(err);
      const work = isData ? serveData(req, res) : renderDocument(req, res, next);
      work.catch(next);
    });
  });

  return router;
}
