// Document requests: route match → loaders → streamed HTML. The document's head is written before
// React starts, 103 Early Hints announce the stylesheet and the entry before any upstream call,
// crawlers get the complete document, the browser the shell as soon as it is ready.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { ROOT_ROUTE_ID } from '../../client/frame.ts';
import type { FrameData } from '../../shared/frame.ts';
import type { PageMeta, PageState } from '../../shared/head.ts';
import { homePath, ROUTE_BY_ID, type RouteDef, type ScreenKind } from '../../shared/route-table.ts';
import { resolveLang, siteModeOf, withSiteQuery, type SiteMode } from '../../shared/site.ts';
import { setRouteId } from '../http-context.ts';
import { earlyHintLinks, type Assets } from './assets.ts';
import { documentHead, documentTail, serverHead, type DocumentHeadData } from './document.ts';
import type { Engine } from './engine.ts';
import { sendErrorPage } from './error-page.ts';
import { hydrationJson } from './hydration.ts';
import { beginPageRequest, originOf, recordPage, storableTarget } from './page-request.ts';
import { pageTarget } from './page-url.ts';
import { FormBodyError, toFetchRequest } from './request.ts';
import { routeAnswerOf } from './route-answer.ts';
import { staticRouterFor } from './static-router.ts';
import type { PageDeps } from './types.ts';

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

/**
 * What React pipes the document into: the response itself, with the document's tail written as React
 * ends. React writes, ends, destroys and flushes (compression's flush) and listens for drain, error and
 * close; a Transform between React and the response cost ~4 % of a list page's render (CPU profile,
 * stop 16) for passing chunks through.
 */
function documentDestination(res: ExpressResponse, tail: string): NodeJS.WritableStream {
  const destination = {
    write: (chunk: Uint8Array | string) => res.write(chunk),
    end: () => res.end(tail),
    destroy: (err?: Error) => res.destroy(err),
    flush: () => (res as ExpressResponse & { flush?: () => void }).flush?.(),
    on: (event: string, listener: (...args: unknown[]) => void) => {
      res.on(event, listener);
      return destination;
    },
  };
  return destination as unknown as NodeJS.WritableStream;
}

/** Where a page that failed to render goes (spec §8): home — unless home itself is what failed. */
function sendHomeOrErrorPage(res: ExpressResponse, page: { url: URL; lang: 'zh' | 'en'; mode: SiteMode; assets: Assets }): void {
  const home = homePath(page.lang);
  if (page.url.pathname !== home && page.url.pathname !== '/') res.redirect(302, withSiteQuery(home, page.mode));
  else sendErrorPage(res, 500, page.lang, page.assets);
}

interface RenderJob {
  req: ExpressRequest;
  res: ExpressResponse;
  log: Logger;
  context: StaticHandlerContext;
  engine: Engine;
  /** The static handler that answered the query (the address's route group). */
  handler: StaticHandler;
  head: DocumentHeadData;
  page: { url: URL; lang: 'zh' | 'en'; mode: SiteMode };
  signal: AbortSignal;
  timeoutMs: number;
}

/** Streams the document: the head first, React's HTML, the tail; crawlers wait for the whole page. */
function streamDocument(job: RenderJob): void {
  const { req, res, log, context, engine } = job;
  const bot = isbot(req.get('user-agent') ?? '');
  const router = staticRouterFor(job.handler, context);
  const tail = documentTail(hydrationJson(context), engine.assets);
  let started = false;

  const send = (pipe: (dest: NodeJS.WritableStream) => NodeJS.WritableStream): void => {
    started = true;
    res.status(context.statusCode);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.write(documentHead(job.head, engine.assets));
    pipe(documentDestination(res, tail));
  };

  const stream = renderToPipeableStream(createElement(StaticRouterProvider, { router, context, hydrate: false }), {
    onShellReady() {
      if (!bot) send(stream.pipe);
    },
    onAllReady() {
      if (bot) send(stream.pipe);
    },
    onShellError(err) {
      // A visitor who left is logged as such by the request log, not as a failure.
      if (job.signal.aborted) return;
      log.error({ err, url: req.originalUrl }, 'page failed to render');
      if (!started) sendHomeOrErrorPage(res, { ...job.page, assets: engine.assets });
      else sendErrorPage(res, 500, job.page.lang, engine.assets);
    },
    onError(err) {
      if (!job.signal.aborted) log.error({ err, url: req.originalUrl }, 'error while streaming a page');
    },
  });
  const timer = setTimeout(() => stream.abort(new Error('render timeout')), job.timeoutMs);
  res.on('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) stream.abort(new Error('client went away'));
  });
  res.on('finish', () => clearTimeout(timer));
}

/** The router's result as a page: a bug sends the visitor home, anything else is rendered. */
function renderContext(job: Omit<RenderJob, 'head'>, def: RouteDef | undefined, origin: string): void {
  const { req, res, log, context, page } = job;
  const bug = unexpectedError(context);
  // Loaders cut off because the visitor left: nothing to send, and nothing went wrong.
  if (job.signal.aborted) return;
  if (bug !== undefined) {
    log.error({ err: bug, url: req.originalUrl }, 'page loader failed');
    sendHomeOrErrorPage(res, { ...page, assets: job.engine.assets });
    return;
  }
  const leaf = context.matches[context.matches.length - 1];
  const frame = context.loaderData[ROOT_ROUTE_ID] as FrameData | undefined;
  const lang = frame?.lang ?? page.lang;
  const leafData = leaf ? (context.loaderData[leaf.route.id] as { meta?: PageMeta } | undefined) : undefined;
  const head = serverHead({
    lang,
    url: page.url,
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
  streamDocument({ ...job, head, page: { ...page, lang } });
}

export function documentRoute(deps: PageDeps, ready: () => Promise<Engine>) {
  const timeoutMs = deps.renderTimeoutMs ?? 10_000;
  return async function renderDocument(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    const engine = await ready();
    const { log, state, signal } = beginPageRequest(res, deps);
    const origin = originOf(req, deps.site);
    const target = pageTarget(origin, req.originalUrl);
    if (!target.ok) {
      refusePage(res, log, { status: target.status, code: target.code, message: target.msg });
      return;
    }
    const url = target.url;
    // Answered, never stored: the page cache keys pages by the raw protocol, Host and target.
    if (!storableTarget(req)) res.setHeader('Cache-Control', 'no-store');
    const page = { url, lang: resolveLang(url, deps.site.english), mode: siteModeOf(url) };

    if (req.method === 'GET' && engine.assets.entry) {
      try {
        res.writeEarlyHints({ link: earlyHintLinks(engine.assets) });
      } catch {
        // Early hints are an optimisation; an HTTP/1.0 client or a proxy may refuse them.
      }
    }

    const handler = engine.handlerFor(url.pathname);
    let result: Response | StaticHandlerContext;
    try {
      const request = await toFetchRequest(req, url, signal);
      result = (await handler.query(request, { requestContext: state })) as Response | StaticHandlerContext;
    } catch (err) {
      if (err instanceof FormBodyError) {
        refusePage(res, log, { status: err.status, code: err.code, message: err.message });
        return;
      }
      if (signal.aborted) return; // the visitor left: the request log says so (CLIENT_GONE)
      return next(err);
    }
    recordPage(res, state);

    if (result instanceof Response) {
      const answer = await routeAnswerOf(result);
      if (answer.kind === 'redirect') {
        setRouteId(res, 'page:redirect');
        res.redirect(answer.status, answer.location);
      } else sendErrorPage(res, answer.status >= 500 ? answer.status : 500, page.lang, engine.assets);
      return;
    }
    const leaf = result.matches[result.matches.length - 1];
    const def = leaf ? ROUTE_BY_ID.get(leaf.route.id) : undefined;
    setRouteId(res, `page:${def?.id ?? 'unknown'}`);
    renderContext({ req, res, log, context: result, engine, handler, page, signal, timeoutMs }, def, origin);
  };
}
