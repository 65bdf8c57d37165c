// The discovery routes: /robots.txt, /sitemap.xml (and its parts), /feeds/….xml and /calendar/….ics,
// built from the content service through the edge's content API. Each answer is kept as a copy for
// PAGE_CACHE_TTL_S (`lastGoodCopies`, server/cache/policies.ts); when the service is down the last good
// copy is served (X-Cache: STALE), and without one a 503 with Retry-After. Unknown lists, ids and odd
// paths are a plain-text 404 that quotes nothing from the request; no path here answers 5xx other than
// that 503.
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pagePathOf, sitemapPartOf } from '../../shared/discovery-paths.ts';
import { labelCache, requestIdOf, setRouteId } from '../http/request-log.ts';
import { safeOrigin } from '../http/origin.ts';
import type { ContentCaller } from '../content/content-api.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { lastGoodCopies, recentByCount, type CopyAnswer } from '../cache/policies.ts';
import { buildCalendar, type CalendarFile } from './calendar.ts';
import { DiscoveryNotFound, isOutage } from './records.ts';
import { buildFeed } from './feed.ts';
import { robotsTxt } from './sitemap.ts';
import { buildSitemapModel, sitemapPartXml, sitemapXml, type SitemapModel } from './sitemap.ts';
import { resolvePage } from './site-pages.ts';
import { MAX_DISCOVERY_PATH, RETRY_AFTER_S, discoveryRowFor, type DiscoveryRow } from './table.ts';

interface DiscoveryDeps {
  api: ContentCaller;
  logger: Logger;
  now: () => number;
  site: { publicUrl: string; filePrefix: string; portalId: string; english: boolean };
  /** PAGE_CACHE_TTL_S: how long a built answer is served before it is built again. */
  ttlS: number;
  /** API_ALIASES: kept out of crawlers' way in robots.txt like /api/. */
  apiAliases?: readonly string[];
}

/** What a route handler hands back: the body, and whether it came from an old copy. */
interface Built {
  body: string;
  copy?: CopyAnswer<unknown>;
  filename?: string | null;
}

const NOT_FOUND: Record<DiscoveryRow['name'], string> = {
  robots: 'Not found.',
  sitemap: 'Not found.',
  sitemapPart: 'There is no such part of the sitemap.',
  feed: 'There is no feed at this address: feeds exist for the article, exhibition and activity lists (/feeds/<list path>.xml).',
  calendar: 'There is no calendar at this address: calendars exist for activities and temporary exhibitions (/calendar/<page path>.ics).',
};

function plain(res: Response, status: number, text: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ 'Cache-Control': 'no-store', ...headers });
  res.type('text/plain; charset=utf-8').send(`${text}\n`);
}

export function discoveryRouter(deps: DiscoveryDeps): RequestHandler {
  const { api, logger, now } = deps;
  const settings = { portalId: deps.site.portalId };
  const sitemaps = lastGoodCopies<SitemapModel>({ ttlS: deps.ttlS, now, max: 1 });
  const files = lastGoodCopies<CalendarFile>({ ttlS: deps.ttlS, now, max: 256 });
  // The sitemap XML of a model for an origin (PUBLIC_URL makes that one origin); a new model makes new keys.
  const rendered = recentByCount<string>({ max: 16 });

  async function sitemap(row: DiscoveryRow, path: string, origin: string, requestId: string): Promise<Built> {
    const part = row.name === 'sitemapPart' ? sitemapPartOf(path) : null;
    if (row.name === 'sitemapPart' && part === null) throw new DiscoveryNotFound('no such part');
    const copy = await sitemaps.get(
      'sitemap',
      () => buildSitemapModel({ api, logger, now, english: deps.site.english, settings }, requestId),
      isOutage,
    );
    const key = `${copy.builtAt} ${origin} ${part ?? 0}`;
    let body = rendered.get(key);
    if (body === undefined) {
      const xml = part === null ? sitemapXml(origin, copy.value) : sitemapPartXml(origin, copy.value, part);
      if (xml === null) throw new DiscoveryNotFound('no such part');
      rendered.set(key, (body = xml));
    }
    return { body, copy };
  }

  async function pageFile(row: DiscoveryRow, path: string, origin: string, requestId: string): Promise<Built> {
    const target = pagePathOf(path);
    if (!target || target.kind !== row.name) throw new DiscoveryNotFound('not a page');
    const copy = await files.get(
      `${origin} ${path}`,
      async () => {
        const page = await resolvePage(api, target.pagePath, requestId);
        if (!page) throw new DiscoveryNotFound('no such page');
        if (target.kind === 'calendar') return buildCalendar({ api, now, settings }, page, origin, requestId);
        return { body: await buildFeed({ api, now, filePrefix: deps.site.filePrefix, settings }, page, origin, requestId), filename: null };
      },
      isOutage,
    );
    return { body: copy.value.body, filename: copy.value.filename, copy };
  }

  async function serve(row: DiscoveryRow, req: Request, res: Response): Promise<void> {
    const origin = safeOrigin(deps.site.publicUrl, req.protocol, req.get('host'));
    const requestId = requestIdOf(res) ?? '';
    try {
      if (req.path.length > MAX_DISCOVERY_PATH) throw new DiscoveryNotFound('too long');
      const built: Built =
        row.name === 'robots'
          ? { body: robotsTxt(origin, deps.apiAliases) }
          : row.name === 'sitemap' || row.name === 'sitemapPart'
            ? await sitemap(row, req.path, origin, requestId)
            : await pageFile(row, req.path, origin, requestId);
      const stale = built.copy?.status === 'STALE';
      labelCache(res, built.copy?.status ?? 'BYPASS', built.copy?.ageS);
      res.set({
        'Cache-Control': stale ? 'public, max-age=60' : row.cacheControl,
        ...(built.filename ? { 'Content-Disposition': `attachment; filename="${built.filename}"` } : {}),
      });
      // The compression middleware names Accept-Encoding only on an answer it may compress, and a 304
      // has no body to compress; a 304 carries the Vary of the 200 it stands for (RFC 9110 §15.4.5).
      res.vary('Accept-Encoding');
      res.type(row.contentType).send(built.body);
    } catch (err) {
      if (!isOutage(err)) return plain(res, 404, NOT_FOUND[row.name]);
      // A service outage is expected now and then; anything else escaping a builder is a bug to look at.
      if (err instanceof UpstreamError)
        logger.warn(
          { reqId: requestId, route: row.name, code: err.code, err: err.message },
          `discovery: ${row.name} unavailable, no copy to serve`,
        );
      else logger.error({ reqId: requestId, route: row.name, err }, `discovery: building ${row.name} failed`);
      plain(res, 503, 'The museum content service is not answering, so this cannot be built now. Please try again in a minute.', {
        'Retry-After': String(RETRY_AFTER_S),
      });
    }
  }

  return (req, res, next) => {
    const row = discoveryRowFor(req.path);
    if (!row) return next();
    setRouteId(res, `discovery:${row.name}`);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return plain(res, 405, 'Only GET and HEAD are answered here.', { Allow: 'GET, HEAD' });
    return serve(row, req, res);
  };
}
