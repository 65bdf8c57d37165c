// The router's route objects, built from the route table (shared/route-table.ts) for the server's static
// handlers (server/pages/engine.ts), which pass each row's loader and action and the screens. One pathless
// root route (the frame) holds one child per table row. The browser has no router: it gets HTML, and
// hydrates only the page's islands.
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject } from 'react-router';
import { ROUTES, type RouteDef, type ScreenKind } from '../shared/route-table.ts';
import Layout from './app/Layout.tsx';
import { RootErrorBoundary, ScreenErrorBoundary } from './app/ErrorBoundaries.tsx';
import { ROOT_ROUTE_ID, type RouteHandle } from './page-data.ts';

export interface RouteSources {
  loader: (routeId: string) => LoaderFunction;
  action: (routeId: string) => ActionFunction;
  component: (kind: ScreenKind) => ComponentType;
}

function leaf(def: RouteDef, sources: RouteSources): RouteObject {
  const handle: RouteHandle = { def };
  const base: RouteObject = {
    id: def.id,
    path: def.path,
    loader: sources.loader(def.id),
    action: sources.action(def.id),
    handle,
    ErrorBoundary: ScreenErrorBoundary,
  };
  return def.screen === 'redirect' ? base : { ...base, Component: sources.component(def.screen) };
}

/** The routes of the table's rows (all of them by default; the server builds a handler per group of rows). */
export function buildRoutes(sources: RouteSources, rows: readonly RouteDef[] = ROUTES): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      loader: sources.loader(ROOT_ROUTE_ID),
      Component: Layout,
      ErrorBoundary: RootErrorBoundary,
      children: rows.map((def) => leaf(def, sources)),
    },
  ];
}
