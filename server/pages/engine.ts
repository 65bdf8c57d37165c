// The page engine: a page request in, what the page is out — status, headers, the document (streamed to
// whoever reads it first, collected whole for the page cache), the upstream tags it was built from and
// whether it may be kept. No HTTP here: the Express route and the page cache's background re-render both
// call render(); a render ends when React has written the last byte, whatever becomes of a visitor's
// socket. react-router's static handlers run the route table's loaders (one handler per group of rows:
// route-groups below) and the screens are loaded up front. The page is complete HTML: the browser
// hydrates only its islands (shared/islands.ts), and a page without islands carries no script.
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type ErrorResponse,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { IslandsRendered } from '../../client/islands/Island.tsx';
import { ROOT_ROUTE_ID } from '../../client/page-data.ts';
import { buildRoutes, type RouteSources } from '../../client/routes.tsx';
import { screenOf } from '../../client/screens/index.ts';
import type { FrameData } from '../../shared/frame.ts';
import { CARE_ISLANDS, SCREEN_ISLANDS, type IslandName } from '../../shared/islands.ts';
import type { PageMeta, PageState } from '../../shared/head.ts';
import { homePath, ROUTE_BY_ID, ROUTES, type RouteDef, type ScreenKind } from '../../shared/route-table.ts';
import { resolveLang, sitePath, siteModeOf, withSiteQuery } from '../../shared/site.ts';
import type { RenderedPage } from '../cache/page-cache.ts';
import type { HeaderPairs } from '../http/prepared.ts';
import type { SiteSettings } from '../loaders/types.ts';
import type { ContentCaller } from '../content/content-api.ts';
import type { WriteOnce } from '../writes/once.ts';
import { documentHead, documentTail, earlyHintLinks, errorPageHtml, readAssets, serverHead, type Assets } from './document.ts';
import { pageTarget, type PageRequest, type PageTarget } from './request.ts';
import { newRequestState, rootLoader, routeAction, routeLoader, type RequestState } from './routes.ts';
import { SPECULATION_RULES_HEADER } from './speculation-rules.ts';
import { viewBeaconHtml } from './view-beacon.ts';

/** Pages bigger than this are sent but not collected for the page cache. */
const MAX_COLLECTED_BYTES = 2 * 1024 * 1024;
/** How long a document may stream before it is cut off. */
const RENDER_TIMEOUT_MS = 10_000;

/** Where a streamed document goes: a response, or anything with its write/end/destroy. */
interface PageSink {
  write(chunk: Buffer): unknown;
  end(): unknown;
  destroy(err?: Error): unknown;
  flush?(): void;
  once(event: 'close', listener: () => void): unknown;
  readonly writableFinished: boolean;
}

/** A document as React writes it: to one sink as it comes, and collected whole (complete) for keeping. */
export interface PageStream {
  pipe(sink: PageSink): void;
}

/** A page's body as the engine makes it: the document streamed, or an answer whole. */
export type PageBody = Buffer | PageStream;

/** What the engine answers, as the page cache takes it. */
export type PageAnswer = RenderedPage<PageBody>;

interface PageEngineDeps {
  api: ContentCaller;
  logger: Logger;
  now: () => number;
  site: SiteSettings;
  /** Where public/build/manifest.json lives. */
  publicDir: string;
  /** The app's guard against a form sent twice. */
  writeOnce: WriteOnce;
  renderTimeoutMs?: number;
  /** Told of every page the router produced (edge_page_renders_total). */
  onRender?: (routeId: string) => void;
}

export interface PageEngine {
  render(request: PageRequest): Promise<PageAnswer>;
  /** `Link` header values for 103 Early Hints (the stylesheet), known before any data. */
  earlyHints(): string[];
}

interface Handlers {
  /** The static handler that matches this path: the same match as over the whole table. */
  handlerFor(pathname: string): StaticHandler;
  assets: Assets;
}

// The route table split by first path segment, one static handler per group. react-router matches an
// address against every route in rank order (`/` ranks below every section's rows, `EN_…` rows below the
// Chinese ones), so a 120-row table costs a visible share of a render. A route can only match an address
// whose first segment is its own (every row's first segment is a word, compared as react-router compares:
// decoded, any case), so each group holds the rows of one first segment plus the catch-all, and an
// address is matched within its group; a first segment that names no group meets the catch-all alone.

/** The group key of a route pattern: its first segment, lower case; null for the catch-all (in every group). */
export function patternKey(path: string): string | null {
  if (path === '*') return null;
  const first = path.split('/')[1] ?? '';
  if (first.startsWith(':') || first.includes('*')) throw new Error(`route ${path}: the first segment must be a word to group by it`);
  return first.toLowerCase();
}

/** The group key of an address's path: its first segment decoded as react-router decodes it, lower case. */
export function addressKey(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

async function createHandlers(deps: PageEngineDeps): Promise<Handlers> {
  const run = { api: deps.api, logger: deps.logger, now: deps.now, site: deps.site, writeOnce: deps.writeOnce };
  const sources: RouteSources = {
    loader: (id) => (id === ROOT_ROUTE_ID ? rootLoader(run) : routeLoader(run, ROUTE_BY_ID.get(id)!)),
    action: (id) => routeAction(run, ROUTE_BY_ID.get(id)!),
    component: screenOf,
  };
  const everywhere = ROUTES.filter((r) => patternKey(r.path) === null);
  const handlers = new Map<string, StaticHandler>();
  for (const row of ROUTES) {
    const key = patternKey(row.path);
    if (key === null || handlers.has(key)) continue;
    // In table order: react-router breaks rank ties by it.
    handlers.set(
      key,
      createStaticHandler(
        buildRoutes(
          sources,
          ROUTES.filter((r) => patternKey(r.path) === key || patternKey(r.path) === null),
        ),
      ),
    );
  }
  const elsewhere = createStaticHandler(buildRoutes(sources, everywhere));
  return { handlerFor: (pathname) => handlers.get(addressKey(pathname)) ?? elsewhere, assets: readAssets(deps.publicDir, deps.logger) };
}

/** A complete answer (not streamed). */
function whole(status: number, headers: HeaderPairs, body: Buffer, routeId: string, keep: RenderedPage['keep'] = null): PageAnswer {
  return { status, headers, body, routeId, keep, complete: Promise.resolve(body) };
}

const text = (status: number, message: string, routeId: string): PageAnswer =>
  whole(
    status,
    [
      ['Content-Type', 'text/plain; charset=utf-8'],
      ['Cache-Control', 'no-store'],
    ],
    Buffer.from(`${message}\n`),
    routeId,
  );

const redirectTo = (status: number, location: string): PageAnswer =>
  whole(status, [['Location', sitePath(location)]], Buffer.alloc(0), 'page:redirect');

/** What the loaders recorded, as the page cache reads it: a page built on stale or failed parts is not kept. */
function keepOf(state: RequestState): RenderedPage['keep'] {
  if (!state.cache.every((s) => s === 'HIT' || s === 'MISS')) return null;
  return { tags: [...state.tags], expiresAt: state.expiresAt };
}

/** A page built on stale upstream data says so, with the age of its oldest part. */
function staleLabel(state: RequestState): HeaderPairs {
  return state.cache.includes('STALE')
    ? [
        ['X-Cache', 'STALE'],
        ['Age', String(state.ageS)],
      ]
    : [];
}

/** The stable code a thrown `data({ code }, { status })` carries in its body. */
async function codeOfResponse(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : response.statusText || 'ERROR';
  } catch {
    return response.statusText || 'ERROR';
  }
}

type RouteAnswer = { kind: 'redirect'; status: number; location: string } | { kind: 'error'; status: number; code: string };

/**
 * What a route's Response comes to, returned or thrown (a redirect, or a thrown `data({ code }, { status })`):
 * the one reading of it. Every redirect leaves as a path of this site, never a host.
 * @internal test hook: hostile redirect targets are tested on it, no route of the site making one.
 */
export async function routeAnswerOf(value: Response | ErrorResponse): Promise<RouteAnswer> {
  if (!(value instanceof Response)) {
    const code = (value.data as { code?: unknown } | null)?.code;
    return { kind: 'error', status: value.status, code: typeof code === 'string' ? code : value.statusText || 'ERROR' };
  }
  const location = value.headers.get('Location');
  if (location && value.status >= 300 && value.status < 400)
    return { kind: 'redirect', status: value.status, location: sitePath(location) };
  return { kind: 'error', status: value.status, code: await codeOfResponse(value) };
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

interface Page {
  url: URL;
  lang: 'zh' | 'en';
  request: PageRequest;
  state: RequestState;
  log: Logger;
}

/** Where a page that failed to render goes: home — unless home itself is what failed. */
function homeOrErrorPage(page: Page, assets: Assets): PageAnswer {
  const home = homePath(page.lang);
  if (page.url.pathname !== home && page.url.pathname !== '/') return redirectTo(302, withSiteQuery(home, siteModeOf(page.url)));
  return errorPage(500, page.lang, assets);
}

const errorPage = (status: number, lang: 'zh' | 'en', assets: Assets): PageAnswer =>
  whole(
    status,
    [
      ['Content-Type', 'text/html; charset=utf-8'],
      ['Cache-Control', 'no-store'],
    ],
    Buffer.from(errorPageHtml(lang, assets)),
    'page:error',
  );

/**
 * The document React writes: to the sink that pipes it (the first visitor's response) as it comes, and
 * collected whole for the page cache. A sink that goes away is let go; the render goes on to its end.
 */
class DocumentStream implements PageStream {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private sink: PageSink | null = null;
  private ended = false;
  private settle!: (body: Buffer | null) => void;
  readonly complete = new Promise<Buffer | null>((resolve) => (this.settle = resolve));

  constructor(
    private readonly collect: boolean,
    /** Called when nobody is reading and nothing is collected: the render is not worth finishing. */
    private readonly onUnwanted: () => void,
  ) {}

  pipe(sink: PageSink): void {
    for (const chunk of this.chunks) sink.write(chunk);
    if (this.ended) {
      sink.end();
      return;
    }
    this.sink = sink;
    sink.once('close', () => {
      if (this.sink !== sink || sink.writableFinished) return;
      this.sink = null;
      if (!this.collect) this.onUnwanted();
    });
  }

  write(chunk: Uint8Array | string): boolean {
    const buf =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.size += buf.length;
    // Kept while nobody has piped it yet (a crawler's whole document is written before its sink comes).
    if ((this.collect && this.size <= MAX_COLLECTED_BYTES) || this.sink === null) this.chunks.push(buf);
    this.sink?.write(buf);
    return true;
  }

  end(chunk?: string): void {
    if (chunk) this.write(chunk);
    this.ended = true;
    this.sink?.end();
    this.settle(this.collect && this.size <= MAX_COLLECTED_BYTES ? Buffer.concat(this.chunks, this.size) : null);
  }

  destroy(err?: Error): void {
    this.ended = true;
    this.sink?.destroy(err);
    this.settle(null);
  }

  flush(): void {
    this.sink?.flush?.();
  }

  /** React listens for 'drain', 'error' and 'close' on its destination: writes never wait here. */
  on(): this {
    return this;
  }
}

/**
 * An island the page's kind does not list would load script the build's budget never counted: a bug,
 * said in the log (the page is still sent).
 */
function checkIslands(page: Page, islands: ReadonlySet<IslandName>, def: RouteDef | undefined, care: boolean): void {
  const allowed = new Set([...SCREEN_ISLANDS[def?.screen ?? 'notFound'], ...(care ? CARE_ISLANDS : [])]);
  const stray = [...islands].filter((name) => !allowed.has(name));
  if (stray.length > 0)
    page.log.error({ islands: stray, screen: def?.screen, url: page.url.pathname }, 'page rendered islands its kind does not list');
}

/** The document for a router result: head, React's HTML, tail; crawlers get it whole before anything goes. */
function streamDocument(
  page: Page,
  context: StaticHandlerContext,
  handler: StaticHandler,
  h: Handlers,
  def: RouteDef | undefined,
  timeoutMs: number,
): Promise<PageAnswer> {
  const frame = context.loaderData[ROOT_ROUTE_ID] as FrameData | undefined;
  const lang = frame?.lang ?? page.lang;
  const leaf = context.matches[context.matches.length - 1];
  const leafData = leaf ? (context.loaderData[leaf.route.id] as { meta?: PageMeta } | undefined) : undefined;
  const head = serverHead({
    lang,
    url: page.url,
    origin: page.request.origin,
    def,
    channels: frame?.channels ?? [],
    meta: leafData && typeof leafData === 'object' ? leafData.meta : undefined,
    state: pageStateOf(context, def?.screen),
  });
  const status = context.statusCode;
  const keep = status === 200 ? keepOf(page.state) : null;
  const headers: HeaderPairs = [
    ['Content-Type', 'text/html; charset=utf-8'],
    SPECULATION_RULES_HEADER,
    ...earlyHintLinks(h.assets).map((link) => ['Link', link] as const),
    ...(status >= 500 ? [['Cache-Control', 'no-store'] as const] : []),
    ...staleLabel(page.state),
  ];
  const routeId = `page:${def?.id ?? 'unknown'}`;
  // A static router over no routes keeps the matches' own (converted once by the handler); the full
  // conversion is needed only for a context without matches.
  const router = context.matches.length > 0 ? createStaticRouter([], context) : createStaticRouter(handler.dataRoutes, context);
  const bot = isbot(page.request.headers['user-agent'] ?? '');
  const islands = new Set<IslandName>();
  const tail = (): string => {
    checkIslands(page, islands, def, frame?.care === true);
    return documentTail(h.assets, islands.size > 0, viewBeaconHtml(page.state.tags));
  };
  const app = createElement(
    IslandsRendered.Provider,
    { value: islands },
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
  return new Promise((resolve) => {
    let started = false;
    const doc = new DocumentStream(keep !== null, () => stream.abort(new Error('nobody reads this page')));
    const begin = (): void => {
      started = true;
      doc.write(documentHead(head, h.assets));
      stream.pipe(tailed(doc, tail));
      resolve({ status, headers, body: doc, keep, routeId, complete: doc.complete });
    };
    const stream = renderToPipeableStream(app, {
      onShellReady: () => !bot && begin(),
      onAllReady: () => bot && begin(),
      onShellError(err) {
        page.log.error({ err, url: page.url.pathname }, 'page failed to render');
        if (!started) resolve(homeOrErrorPage({ ...page, lang }, h.assets));
        else doc.destroy(err instanceof Error ? err : undefined);
      },
      onError(err) {
        page.log.error({ err, url: page.url.pathname }, 'error while streaming a page');
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('render timeout')), timeoutMs);
    void doc.complete.finally(() => clearTimeout(timer));
  });
}

async function renderDocument(page: Page, h: Handlers, timeoutMs: number): Promise<PageAnswer> {
  const handler = h.handlerFor(page.url.pathname);
  const result = (await handler.query(fetchRequest(page), { requestContext: page.state })) as Response | StaticHandlerContext;
  if (result instanceof Response) {
    const answer = await routeAnswerOf(result);
    if (answer.kind === 'redirect') return redirectTo(answer.status, answer.location);
    return errorPage(answer.status >= 500 ? answer.status : 500, page.lang, h.assets);
  }
  const bug = unexpectedError(result);
  if (bug !== undefined) {
    page.log.error({ err: bug, url: page.url.pathname }, 'page loader failed');
    return homeOrErrorPage(page, h.assets);
  }
  const leaf = result.matches[result.matches.length - 1];
  const def = leaf ? ROUTE_BY_ID.get(leaf.route.id) : undefined;
  if (result.statusCode >= 400) {
    const firstError = Object.values(result.errors ?? {})[0];
    page.log.info(
      { status: result.statusCode, code: isRouteErrorResponse(firstError) ? firstError.statusText : undefined, url: page.url.pathname },
      'page answered with an error',
    );
  }
  return streamDocument(page, result, handler, h, def, timeoutMs);
}

export function createPageEngine(deps: PageEngineDeps): PageEngine {
  const timeoutMs = deps.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  let handlers: Promise<Handlers> | null = null;
  // Made on first use and started at once; a failed start is tried again by the next request.
  const ready = (): Promise<Handlers> =>
    (handlers ??= createHandlers(deps).catch((err: unknown) => {
      handlers = null;
      throw err;
    }));
  void ready().catch((err: unknown) => deps.logger.error({ err }, 'page engine failed to start'));
  let earlyHintsFor: string[] = [];
  void ready().then(
    (h) => (earlyHintsFor = earlyHintLinks(h.assets)),
    () => undefined,
  );

  return {
    earlyHints: () => earlyHintsFor,
    async render(request) {
      const h = await ready();
      const log = deps.logger.child({ reqId: request.requestId });
      const target = pageTarget(request.origin, request.target);
      if (!target.ok) return refuse(target, log);
      const state = newRequestState(request.requestId, request.writeLimitedForS, request.background === true);
      const page: Page = { url: target.url, lang: resolveLang(target.url, deps.site.english), request, state, log };
      const answer = await renderDocument(page, h, timeoutMs);
      deps.onRender?.(answer.routeId);
      return answer;
    },
  };
}

/**
 * A request refused before the router runs (an address it cannot take, a body that is not a form): a
 * short plain-text answer that quotes nothing from the request.
 */
export const refusal = (status: number, msg: string): PageAnswer => text(status, msg, 'page:refused');

function refuse(failed: Extract<PageTarget, { ok: false }>, log: Logger): PageAnswer {
  log.info({ status: failed.status, code: failed.code }, failed.msg);
  return refusal(failed.status, failed.msg);
}

/** React writes the document into `doc`; the document's tail (known once React is done) goes after its last chunk. */
function tailed(doc: DocumentStream, tail: () => string): NodeJS.WritableStream {
  const destination = {
    write: (chunk: Uint8Array | string) => doc.write(chunk),
    end: () => doc.end(tail()),
    destroy: (err?: Error) => doc.destroy(err),
    flush: () => doc.flush(),
    on: () => destination,
    once: () => destination,
    removeListener: () => destination,
  };
  return destination as unknown as NodeJS.WritableStream;
}

/** The Fetch request react-router's handler takes. */
function fetchRequest(page: Page): Request {
  const headers = new Headers();
  for (const name of ['accept', 'accept-language', 'user-agent', 'referer', 'content-type']) {
    const value = page.request.headers[name];
    try {
      if (value) headers.set(name, value);
    } catch {
      // A value Node let through but the Fetch rules refuse: the loaders can do without it.
    }
  }
  const post = page.request.method === 'POST';
  return new Request(page.url, {
    method: post ? 'POST' : 'GET',
    headers,
    body: post ? new Uint8Array(page.request.body ?? []) : undefined,
  });
}
