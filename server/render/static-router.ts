// The router StaticRouterProvider renders from. react-router's createStaticRouter converts the route
// table again on every call (120 routes: ~4 % of a list page's render, CPU profile, stop 16), yet the
// provider renders the matches the static handler found, whose routes the handler converted once at
// start; the route list is read only to match again when there are no matches. So a page with matches
// (every page: the table ends in a catch-all) gets a router over no routes, which keeps the matches'
// own; the full conversion stays for a context without matches.
import { createStaticRouter, type StaticHandler, type StaticHandlerContext } from 'react-router';

export function staticRouterFor(handler: StaticHandler, context: StaticHandlerContext): ReturnType<typeof createStaticRouter> {
  return context.matches.length > 0 ? createStaticRouter([], context) : createStaticRouter(handler.dataRoutes, context);
}
