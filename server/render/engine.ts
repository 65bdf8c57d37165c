// The page engine: react-router's static handlers over the route table, one per group of rows
// (route-groups.ts; loaders and actions from route-handlers.ts, every screen component loaded up front)
// and the build's assets. Made once per page router, on first use; a failed start is tried again by the
// next request.
import { join } from 'node:path';
import type { ComponentType } from 'react';
import { createStaticHandler, type StaticHandler } from 'react-router';
import { ROOT_ROUTE_ID } from '../../client/frame.ts';
import { buildRoutes, type RouteSources } from '../../client/routes.tsx';
import { screenModule } from '../../client/screens/index.ts';
import { ROUTE_BY_ID, ROUTES, SCREEN_KINDS, type ScreenKind } from '../../shared/route-table.ts';
import { createWriteOnce } from '../writes/once.ts';
import { readAssets, type Assets } from './assets.ts';
import { rootLoader, routeAction, routeLoader, type HandlerDeps } from './route-handlers.ts';
import { addressKey, groupRows } from './route-groups.ts';
import type { PageDeps } from './types.ts';

export interface Engine {
  /** The static handler that matches this path (route-groups.ts): the same match as over the whole table. */
  handlerFor(pathname: string): StaticHandler;
  assets: Assets;
}

export async function loadScreens(): Promise<Map<ScreenKind, ComponentType>> {
  const entries = await Promise.all(SCREEN_KINDS.map(async (kind) => [kind, (await screenModule(kind)()).default] as const));
  return new Map(entries);
}

export async function createEngine(deps: PageDeps): Promise<Engine> {
  const run: HandlerDeps = { api: deps.api, logger: deps.logger, now: deps.now, site: deps.site, writeOnce: deps.writeOnce ?? createWriteOnce() };
  const screens = await loadScreens();
  const sources: RouteSources = {
    loader: (id) => (id === ROOT_ROUTE_ID ? rootLoader(run) : routeLoader(run, ROUTE_BY_ID.get(id)!)),
    action: (id) => routeAction(run, ROUTE_BY_ID.get(id)!),
    component: (kind) => screens.get(kind)!,
  };
  const { groups, everywhere } = groupRows(ROUTES);
  const handlers = new Map([...groups].map(([key, rows]) => [key, createStaticHandler(buildRoutes(sources, rows))]));
  const elsewhere = createStaticHandler(buildRoutes(sources, everywhere));
  return {
    handlerFor: (pathname) => handlers.get(addressKey(pathname)) ?? elsewhere,
    assets: readAssets(deps.publicDir ?? join(process.cwd(), 'public'), deps.logger),
  };
}

/** The engine on first use, started at once so the first visitor does not wait for the screens. */
export function lazyEngine(deps: PageDeps): () => Promise<Engine> {
  let engine: Promise<Engine> | null = null;
  const ready = (): Promise<Engine> =>
    (engine ??= createEngine(deps).catch((err: unknown) => {
      // Let the next request try again rather than failing every page until a restart.
      engine = null;
      throw err;
    }));
  void ready().catch((err: unknown) => deps.logger.error({ err }, 'page engine failed to start'));
  return ready;
}
