// The router's route objects, built from the route table (shared/route-table.ts) for both sides:
// the server passes its loaders and the resolved screens, the browser passes /__data fetchers and
// lazy screens. One pathless root route (the frame) holds one child per table row.
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { ROUTES, type RouteDef, type ScreenKind } from '../shared/route-table.ts';
import { isCare, isWx, pathIsEnglish } from '../shared/site.ts';
import Layout from './app/Layout.tsx';
import { RootErrorBoundary, ScreenErrorBoundary } from './app/ErrorBoundaries.tsx';
import { ROOT_ROUTE_ID, type RouteHandle } from './frame.ts';
import { screenModule } from './screens/index.ts';

export interface RouteSources {
  loader: (routeId: string) => LoaderFunction;
  action: (routeId: string) => ActionFunction;
  /** Server: the resolved component; browser: undefined (the route loads its screen lazily). */
  component?: (kind: ScreenKind) => ComponentType;
}

/**
 * The frame's data depends on the language and the mode only, so it is fetched again only when a
 * navigation crosses between the Chinese and English sites or into or out of the messenger or reading mode.
 */
export const rootShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  pathIsEnglish(currentUrl.pathname) !== pathIsEnglish(nextUrl.pathname) ||
  isWx(currentUrl) !== isWx(nextUrl) ||
  isCare(currentUrl) !== isCare(nextUrl);

/**
 * After a post that answered in place (a like's new count) the page's own data is unchanged, and
 * loading it again would count one more visit to the article; everything else revalidates as usual.
 */
export const leafShouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult !== undefined ? false : defaultShouldRevalidate;

function leaf(def: RouteDef, sources: RouteSources): RouteObject {
  const handle: RouteHandle = { def };
  const base: RouteObject = {
    id: def.id,
    path: def.path,
    loader: sources.loader(def.id),
    action: sources.action(def.id),
    handle,
    shouldRevalidate: leafShouldRevalidate,
    ErrorBoundary: ScreenErrorBoundary,
  };
  if (def.screen === 'redirect') return base;
  if (sources.component) return { ...base, Component: sources.component(def.screen) };
  const load = screenModule(def.screen);
  return { ...base, lazy: async () => ({ Component: (await load()).default }) };
}

/** The routes of the table's rows (all of them; the server builds a handler per group of rows too). */
export function buildRoutes(sources: RouteSources, rows: readonly RouteDef[] = ROUTES): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      loader: sources.loader(ROOT_ROUTE_ID),
      shouldRevalidate: rootShouldRevalidate,
      Component: Layout,
      ErrorBoundary: RootErrorBoundary,
      children: rows.map((def) => leaf(def, sources)),
    },
  ];
}
