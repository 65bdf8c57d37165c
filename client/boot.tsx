// Hydration: the router over the same route table, fed by the server's embedded state, with the
// current page's screen resolved before React attaches (so the first client render equals the HTML).
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { clientAction, clientLoader } from './data.ts';
import { readHydrationData } from './hydration-data.ts';
import { buildRoutes } from './routes.tsx';
import { APP_ELEMENT_ID } from '../shared/dom-ids.ts';

async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

export async function boot(): Promise<void> {
  const container = document.getElementById(APP_ELEMENT_ID);
  if (!container) return;
  const routes = buildRoutes({ loader: clientLoader, action: clientAction });
  await resolveLazyMatches(routes);
  const router = createBrowserRouter(routes, { hydrationData: readHydrationData() });
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread for the whole tree (total blocking time on slow phones).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
