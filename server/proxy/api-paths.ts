// Which browser-facing paths are API calls: every catalogue row at its spec §7 path (`/api/…`,
// `/sw-file/…`, `/sw-es/…`, `/sw-cms-zb/…`), and the content rows again under each API_ALIASES prefix
// (`/japi/sw-cms/api/…`), the paths existing clients of the service call (wire-facts.md "Gateways").
import { API_PREFIXES, ENDPOINTS, matchEndpoint, pathIsKnown, type EndpointSpec, type MatchedEndpoint } from '../../shared/endpoints.ts';

export interface ApiPaths {
  /** Every path prefix below which the edge answers API calls (and nothing else). */
  readonly prefixes: readonly string[];
  /** Every (path pattern, row) pair the router serves, aliases included. */
  readonly routes: ReadonlyArray<{ path: string; spec: EndpointSpec }>;
  /** The row of a browser-facing call; null when none (the fast path's router). */
  match(method: string, path: string): MatchedEndpoint | null;
  /** Known under some method (405 rather than 404); takes the alias forms too. */
  isKnown(path: string): boolean;
}

const CONTENT_ROOT = '/api';

export function createApiPaths(aliases: readonly string[]): ApiPaths {
  const content = (ENDPOINTS as readonly EndpointSpec[]).filter((e) => e.path.startsWith(`${CONTENT_ROOT}/`));
  const routes = [
    ...(ENDPOINTS as readonly EndpointSpec[]).map((spec) => ({ path: spec.path, spec })),
    ...aliases.flatMap((alias) => content.map((spec) => ({ path: `${alias}${spec.path}`, spec }))),
  ];
  const aliasRoots = aliases.map((a) => `${a}${CONTENT_ROOT}/`);
  /** An alias form as its spec path (`/japi/sw-cms/api/x` → `/api/x`); other paths as they are. */
  const unalias = (path: string): string | null => {
    for (const root of aliasRoots) if (path.startsWith(root)) return path.slice(root.length - CONTENT_ROOT.length - 1);
    return API_PREFIXES.some((p) => path.startsWith(`${p}/`)) ? path : null;
  };
  return {
    prefixes: [...API_PREFIXES, ...aliases.map((a) => `${a}${CONTENT_ROOT}`)],
    routes,
    match(method, path) {
      const spec = unalias(path);
      return spec === null ? null : matchEndpoint(method, spec);
    },
    isKnown(path) {
      const spec = unalias(path);
      return spec !== null && pathIsKnown(spec);
    },
  };
}
