// The path table: per path or path prefix, which room answers it, its part at the front door (or none)
// and its part in Express (or none). It is the one place that says so: the front door (door.ts) takes
// the first row whose paths match and runs its door part, which answers from memory or hands the request
// to Express untouched; Express (express.ts) mounts every row's part in the table's order behind the same
// path test. A request no row names is the last row's: pages, and public/'s files.
//
//   room                         paths                                  door part              Express part
//   probes (ops/probes.ts)       /healthz /readyz /metrics (exact)      /healthz               /readyz, /metrics
//   operator (ops/admin.ts)      /_edge                                 —                      console, cache, purge, rules (or 404)
//   API (proxy/api-proxy.ts)     /api /sw-file /sw-es /sw-cms-zb,       every read             writes; 404 and 405
//                                API_ALIASES' /…/api
//   files (proxy/file-proxy.ts)  FILE_PREFIX                            —                      the file proxy, picture variants
//   IIIF (pictures/, discovery/) /iiif/3                                image answers made     CORS; manifests; the image service
//   build (build-files.ts)       /build                                 the build's files      — (public files, below)
//   discovery (discovery/)       /robots.txt /sitemap.xml (exact),      —                      public files; sitemaps, feeds,
//                                /sitemaps /feeds /calendar                                    calendars
//   pages (pages/page-route.ts)  everything else                        stored pages           public files; the view beacon and
//                                                                                              the guesses' gate; the page route
//
// public/'s own files (build-files.ts publicFiles: a first segment naming something in public/) come
// first wherever a discovery document or a page could be asked for, as a file dropped there is meant to.
import { Router, type RequestHandler } from 'express';
import { CALENDAR_PREFIX, FEED_PREFIX, ROBOTS_PATH, SITEMAP_PART_PREFIX, SITEMAP_PATH } from '../shared/discovery-paths.ts';
import { IIIF_CROSS_ORIGIN, IIIF_PREFIX } from '../shared/iiif.ts';
import { BUILD_PREFIX } from './build-files.ts';
import { compressAnswersMadeNow } from './http/compress.ts';
import { setRouteId, type DoorPart } from './http/request-log.ts';
import { PROBE_PATHS } from './ops/probes.ts';

export interface PathRow {
  /** The room whose parts answer these paths. */
  room: string;
  /** Paths answered exactly: the path itself, with or without a query. */
  exact?: readonly string[];
  /** Prefixes: the prefix itself, or it followed by `/` or `?` and anything after. */
  below?: readonly string[];
  /** The front door's part: answers what the room holds in memory, or hands the request on to Express. */
  door: DoorPart | null;
  /** Express's part, in order; a request it passes over goes on down the table (at last to the pages). */
  express: readonly RequestHandler[];
  /** Express's part makes its answers now and has them compressed on the way out (every row after the first such one too). */
  compressed?: boolean;
}

/** Each room's parts, built by app.ts. */
interface RoomParts {
  probes: { door: DoorPart; express: RequestHandler };
  /** The operator's routes, or their 404 without ADMIN_TOKEN. */
  admin: RequestHandler;
  api: { prefixes: readonly string[]; door: DoorPart; express: RequestHandler };
  files: { prefix: string; express: RequestHandler };
  /** The image service's two parts, and the manifests' router (Express only). */
  images: { door: DoorPart; express: RequestHandler };
  manifests: RequestHandler;
  build: { door: DoorPart };
  discovery: RequestHandler;
  /** public/'s files, by Express's static files. */
  publicFiles: RequestHandler;
  /** Null door part when PAGE_CACHE_TTL_S is 0 (nothing is stored). */
  pages: { door: DoorPart | null; express: readonly RequestHandler[] };
}

export function pathTable(parts: RoomParts): PathRow[] {
  return [
    { room: 'probes', exact: PROBE_PATHS, door: parts.probes.door, express: [parts.probes.express] },
    { room: 'operator', below: ['/_edge'], door: null, express: [parts.admin] },
    { room: 'API', below: parts.api.prefixes, door: parts.api.door, express: [parts.api.express] },
    { room: 'files', below: [parts.files.prefix], door: null, express: [parts.files.express] },
    { room: 'IIIF', below: [IIIF_PREFIX], door: parts.images.door, express: [iiifRoutes(parts.images.express, parts.manifests)] },
    { room: 'build', below: [BUILD_PREFIX.slice(0, -1)], door: parts.build.door, express: [] },
    {
      room: 'discovery',
      exact: [ROBOTS_PATH, SITEMAP_PATH],
      below: [SITEMAP_PART_PREFIX, FEED_PREFIX, CALENDAR_PREFIX],
      door: null,
      express: [parts.publicFiles, discoveryRoutes(parts.discovery)],
      compressed: true,
    },
    { room: 'pages', door: parts.pages.door, express: [parts.publicFiles, ...parts.pages.express], compressed: true },
  ];
}

/** Whether `url` is `path` (exact) or below it: then the end, a `?`, or (below) a `/`. */
function matchesPath(url: string, path: string, exact: boolean): boolean {
  if (!url.startsWith(path)) return false;
  const next = url.charCodeAt(path.length);
  return Number.isNaN(next) || next === 0x3f || (!exact && next === 0x2f);
}

/** A row's own test of a request target (the last row's takes everything). */
function rowTest(row: PathRow): (url: string) => boolean {
  const exact = row.exact ?? [];
  const below = row.below ?? [];
  if (exact.length === 0 && below.length === 0) return () => true;
  return (url) => exact.some((p) => matchesPath(url, p, true)) || below.some((p) => matchesPath(url, p, false));
}

interface Entry {
  row: PathRow;
  path: string;
  exact: boolean;
}

/**
 * The door's choice: the row of a request target. Checked at start that every row but the last names
 * paths, that the last names none, and that no two rows name the same path or one below another's. The
 * paths are grouped by their second character, so a page address (`/News/…`, `/EN_…`) is told apart in
 * one look-up.
 */
export function rowFinder(rows: readonly PathRow[]): (url: string) => PathRow {
  const rest = rows.at(-1);
  if (!rest || rest.exact?.length || rest.below?.length) throw new Error('the path table ends with the row that has every other path');
  const entries: Entry[] = rows.slice(0, -1).flatMap((row) => {
    const named = [
      ...(row.exact ?? []).map((path) => ({ row, path, exact: true })),
      ...(row.below ?? []).map((path) => ({ row, path, exact: false })),
    ];
    if (named.length === 0) throw new Error(`the path table's row ${row.room} names no path`);
    return named;
  });
  for (const a of entries)
    for (const b of entries)
      if (a.row !== b.row && matchesPath(a.path, b.path, b.exact))
        throw new Error(`the path table's rows ${a.row.room} and ${b.row.room} both name ${a.path}`);
  const bySecond = new Map<number, Entry[]>();
  for (const entry of entries) {
    const code = entry.path.charCodeAt(1);
    bySecond.set(code, [...(bySecond.get(code) ?? []), entry]);
  }
  return (url) => {
    const candidates = bySecond.get(url.charCodeAt(1));
    if (candidates !== undefined) for (const e of candidates) if (matchesPath(url, e.path, e.exact)) return e.row;
    return rest;
  };
}

/** Express's part of a row, behind the row's own test: a request of other paths passes over it. */
export function onRowPaths(row: PathRow, handler: RequestHandler): RequestHandler {
  const test = rowTest(row);
  return (req, res, next) => (test(req.url) ? handler(req, res, next) : next());
}

/**
 * The IIIF paths, open to every origin, to scripts and to plain `<img>` alike (GET and HEAD; a preflight
 * is answered here): the manifests (fixed words first), then the image service. The manifests are
 * compressed as they go out; image answers and info.json are prepared answers, sent as they are.
 */
function iiifRoutes(images: RequestHandler, manifests: RequestHandler): RequestHandler {
  const router = Router({ caseSensitive: true, strict: true });
  router.use(IIIF_PREFIX, iiifCors, compressAnswersMadeNow(), manifests, images);
  return router;
}

const iiifCors: RequestHandler = (req, res, next) => {
  for (const [name, value] of IIIF_CROSS_ORIGIN) res.setHeader(name, value);
  if (req.method !== 'OPTIONS') return next();
  setRouteId(res, 'iiif:preflight');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Accept, Range');
  res.setHeader('Access-Control-Max-Age', '86400');
  res.status(204).end();
};

/** The discovery documents at their exact patterns (a bare `/feeds` is a page address). */
function discoveryRoutes(discovery: RequestHandler): RequestHandler {
  const router = Router();
  router.all([ROBOTS_PATH, SITEMAP_PATH, `${SITEMAP_PART_PREFIX}/*rest`, `${FEED_PREFIX}/*rest`, `${CALENDAR_PREFIX}/*rest`], discovery);
  return router;
}
