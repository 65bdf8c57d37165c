// Speculative loading, the server's side. Every HTML page names the rules file in a header
// (speculation-rules.ts), and the browser fetches pages before the visitor opens them (Sec-Purpose:
// prefetch, or prefetch;prerender). Such a request must not count a view, nor cost a
// visitor a render:
// - a page the page cache answers (stored, or being made) is sent as usual, but an article's view is
//   left pending until its beacon (view-beacon.ts) says the visitor opened it; a prerender of an article
//   is refused, since its subresources, the beacon among them, load while nobody looks;
// - a guess may not start a render when rendering would count a view at the service (an article: the
//   row of shared/endpoints.ts marked `countsVisit`), or while renders are under way beyond
//   SPECULATIVE_RENDER_LIMIT: the page cache answers it without rendering, or it is refused;
// - a visitor's own request for an article takes its pending open, so a later beacon counts nothing.
import type { IncomingMessage } from 'node:http';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { matchRoutes, type RouteObject } from 'react-router';
import { RECORD_ID } from '../../shared/ids.ts';
import { ROUTE_BY_ID, ROUTES, type RouteDef, type ScreenKind } from '../../shared/route-table.ts';
import type { PageToSend } from '../cache/page-cache.ts';
import { visitedIdsOf, type VisitCounter } from '../content/visits.ts';
import { clientKeyOf } from '../http/client-address.ts';
import { setRouteId } from '../http/request-log.ts';
import { purposeOf } from '../http/sec-purpose.ts';
import { addressKey, patternKey, type PageEngine } from './engine.ts';
import { createPendingOpens, PENDING_OPENS, viewBeaconRouter, type PendingOpens } from './view-beacon.ts';

/**
 * A page not stored is rendered for a guess only while fewer renders than this are under way in this
 * process. A process has one thread (one per core); a render holds it for its React work, and with two
 * under way a third already waits its turn. A guess is worth a render only when no visitor would wait
 * behind it; refused, the page is rendered when the visitor opens it.
 * @internal test hook: the speculation test fills exactly this many renders.
 */
export const SPECULATIVE_RENDER_LIMIT = 2;
/** Browsers do not retry a refused guess; other clients may come back once the renders under way are done. */
const RETRY_AFTER_S = 5;

/**
 * The screens whose loader reads the article by id (server/loaders/detail.ts: queryArchivesById, the
 * one `countsVisit` row): rendering one counts a view at the service.
 */
const VIEW_COUNTING_SCREENS: ReadonlySet<ScreenKind> = new Set(['detail']);

interface Refusal {
  code: string;
  msg: string;
}

const SPECULATION_REFUSALS = {
  countsView: {
    code: 'SPECULATION_COUNTS_VIEW',
    msg: 'Rendering this article counts a view of it: it is rendered when the visitor opens it',
  },
  prerender: {
    code: 'SPECULATION_PRERENDER_COUNTS_VIEW',
    msg: 'A prerendered article would count as opened: it is loaded when the visitor opens it',
  },
  busy: {
    code: 'SPECULATION_BUSY',
    msg: 'The edge is busy rendering pages: this one is rendered when the visitor opens it',
  },
} as const satisfies Record<string, Refusal>;

interface RouteGroups {
  grouped: Map<string, RouteObject[]>;
  elsewhere: RouteObject[];
}

/** The route table as the engine groups it (first segment, plus the catch-all), for matching addresses without rendering. */
function routeGroups(): RouteGroups {
  const routesOf = (rows: readonly RouteDef[]): RouteObject[] => [{ id: 'root', children: rows.map((r) => ({ id: r.id, path: r.path })) }];
  const everywhere = ROUTES.filter((r) => patternKey(r.path) === null);
  const grouped = new Map<string, RouteObject[]>();
  for (const row of ROUTES) {
    const key = patternKey(row.path);
    if (key !== null && !grouped.has(key))
      grouped.set(key, routesOf(ROUTES.filter((r) => patternKey(r.path) === key || patternKey(r.path) === null)));
  }
  return { grouped, elsewhere: routesOf(everywhere) };
}

let groupsOnce: RouteGroups | null = null;

/**
 * The article id whose view rendering this address counts at the service; null for every other address.
 * @internal test hook: which addresses count a view is a rule over every route, tested on its own.
 */
export function viewCountingIdOf(pathname: string): string | null {
  const groups = (groupsOnce ??= routeGroups());
  const leaf = matchRoutes(groups.grouped.get(addressKey(pathname)) ?? groups.elsewhere, pathname)?.at(-1);
  const def = leaf?.route.id === undefined ? undefined : ROUTE_BY_ID.get(leaf.route.id);
  const id = leaf?.params.id;
  return def && VIEW_COUNTING_SCREENS.has(def.screen) && id !== undefined && RECORD_ID.test(id) ? id : null;
}

/** Renders under way in this process, visitors' and background re-renders alike: from the call until the document is whole. */
export function countRenders(engine: PageEngine): { engine: PageEngine; inFlight: () => number } {
  let inFlight = 0;
  const done = (): void => void (inFlight -= 1);
  const render: PageEngine['render'] = async (request) => {
    inFlight += 1;
    try {
      const answer = await engine.render(request);
      void answer.complete.then(done, done);
      return answer;
    } catch (err) {
      done();
      throw err;
    }
  };
  return { engine: { ...engine, render }, inFlight: () => inFlight };
}

/** Answers a guess the edge will not serve with its reason: a 503 the browser drops, `no-store`, a stable code. */
function refuse(res: Response, { code, msg }: Refusal): void {
  setRouteId(res, 'page:speculation-refused');
  res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_S) });
  res.type('text/plain; charset=utf-8').send(`${code}: ${msg}\n`);
}

interface SpeculationDeps {
  visits: Pick<VisitCounter, 'count'>;
  /** Renders under way in this process (countRenders). */
  rendersInFlight: () => number;
  now: () => number;
}

export interface Speculation {
  /**
   * A page the page cache answered, as this request gets it: as answered; marked as counted elsewhere
   * when a guess leaves an article's view to the beacon; null when the guess is refused (a prerender of
   * an article: the door leaves it to Express, which refuses it).
   */
  storedPage<B>(req: IncomingMessage, page: PageToSend<B>, addressOf: () => string | undefined): PageToSend<B> | null;
  /**
   * What this request may have of the page cache: `render` (a render if need be), `stored` (what is stored
   * or being made: a guess of an article, or any guess while renders are under way), `none` (a prerender of
   * an article, refused whatever is stored).
   */
  allowance(req: Request): 'render' | 'stored' | 'none';
  /** Answers a guess with the reason it gets nothing: its allowance is `none`, or `stored` and nothing was. */
  refuse(req: Request, res: Response): void;
  /** The view beacon, and the pending opens a visitor's own request takes (mounted just before the page route). */
  routes: RequestHandler;
  /** Pending opens held now. */
  pendingOpens(): number;
}

interface StoredArticle<B> {
  page: PageToSend<B>;
  /** The articles it shows (its `visit:` tags). */
  ids: readonly string[];
  address: string | undefined;
}

/** A stored article for one request: a guess leaves its view pending, a visitor's request takes a pending one. */
function storedArticle<B>(pending: PendingOpens, req: IncomingMessage, { page, ids, address }: StoredArticle<B>): PageToSend<B> | null {
  const purpose = purposeOf(req.headers['sec-purpose']);
  if (purpose.prerender) return null;
  // A re-render this guess started counts the view itself (decision 019): nothing is left to the beacon.
  if (purpose.speculative && page.viewCounted) return page;
  if (address !== undefined) {
    const client = clientKeyOf(address, req.headers['user-agent']);
    for (const id of ids) {
      if (purpose.speculative) pending.add(client, id);
      else pending.take(client, id);
    }
  }
  if (!purpose.speculative) return page;
  const { answer, cache, ageS, routeId, tags } = page;
  return { answer, cache, ageS, routeId, tags, viewCounted: true };
}

export function createSpeculation(deps: SpeculationDeps): Speculation {
  const pending = createPendingOpens({ ...PENDING_OPENS, now: deps.now });

  // A visitor's own request for an article takes the open a guess left pending (the render counts its view).
  const visitorsOpens: RequestHandler = (req, _res, next) => {
    if (req.method === 'GET' && pending.size() > 0 && req.ip !== undefined && !purposeOf(req.headers['sec-purpose']).speculative) {
      const id = viewCountingIdOf(req.path);
      if (id !== null) pending.take(clientKeyOf(req.ip, req.get('user-agent')), id);
    }
    next();
  };

  const routes = Router({ caseSensitive: true, strict: true });
  routes.use(viewBeaconRouter({ pending, visits: deps.visits }));
  routes.use(visitorsOpens);

  return {
    storedPage(req, page, addressOf) {
      // Most requests end here: nobody guesses and nothing is pending, or the page is not an article.
      if (req.method !== 'GET' || (pending.size() === 0 && req.headers['sec-purpose'] === undefined)) return page;
      const ids = visitedIdsOf(page.tags);
      return ids.length === 0 ? page : storedArticle(pending, req, { page, ids, address: addressOf() });
    },
    allowance(req) {
      const purpose = purposeOf(req.headers['sec-purpose']);
      if (req.method !== 'GET' || !purpose.speculative) return 'render';
      const countsView = viewCountingIdOf(req.path) !== null;
      if (countsView && purpose.prerender) return 'none';
      return countsView || deps.rendersInFlight() >= SPECULATIVE_RENDER_LIMIT ? 'stored' : 'render';
    },
    refuse(req, res) {
      const purpose = purposeOf(req.headers['sec-purpose']);
      if (viewCountingIdOf(req.path) === null) return refuse(res, SPECULATION_REFUSALS.busy);
      refuse(res, purpose.prerender ? SPECULATION_REFUSALS.prerender : SPECULATION_REFUSALS.countsView);
    },
    routes,
    pendingOpens: () => pending.size(),
  };
}
