// IIIF Presentation API 3.0 documents of the collection: `/manifest/<exhibit id>` (an exhibit with one
// Canvas per picture) and `/collection/<exhibition id>` (a temporary exhibition's exhibits, one manifest
// each), built from the content service's records and the store's pictures. Each answer is kept for
// PAGE_CACHE_TTL_S, one build at a time per document; when a rebuild fails because the service or the
// store is down, or comes out incomplete, the last good copy is served (X-Cache: STALE). Errors are JSON
// with a stable `error`: 400 for an id no record can have, 404 for a record that does not exist or has no
// picture to show, 503 when nothing can be built or served. Other origins may read every answer
// (server/express.ts opens the IIIF paths to them).
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { IIIF_MANIFEST_TYPE } from '../../shared/iiif.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { lastGoodCopies, type CopyAnswer } from '../cache/policies.ts';
import type { ContentCaller } from '../content/content-api.ts';
import { sendJsonError } from '../http/error-answers.ts';
import { safeOrigin } from '../http/origin.ts';
import { labelCache, requestIdOf, setRouteId } from '../http/request-log.ts';
import type { SiteSettings } from '../loaders/types.ts';
import type { MeasurePicture } from '../pictures/iiif-image.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { exhibitManifest, exhibitionCollection, type ManifestSite } from './iiif-manifest-build.ts';
import { IiifNotFound, measurePictures, readExhibit, readExhibition, type RecordReader } from './iiif-manifest-records.ts';

interface ManifestDeps {
  api: ContentCaller;
  /** The pictures' sizes for the canvases: the image service's measure. */
  measure: MeasurePicture;
  logger: Logger;
  now: () => number;
  site: SiteSettings;
  /** PAGE_CACHE_TTL_S: how long a built document is served before it is built again. */
  ttlS: number;
  /** IIIF_RIGHTS and IIIF_ATTRIBUTION ('' = not stated). */
  iiif: { rights: string; attribution: string };
}

// ---- The copies ----

/** What a build makes: the answer's bytes, and whether every part it needed was read fresh. */
interface Build {
  body: Buffer;
  whole: boolean;
}

/** Documents kept: keys hold the origin, which comes from the Host header when PUBLIC_URL is unset. */
const MAX_COPIES = 1024;

// ---- The routes ----

/** A build that found nothing to build from while the service or the store was failing. */
class IiifUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IiifUnavailable';
  }
}

const isMissing = (err: unknown): boolean => err instanceof IiifNotFound || (err instanceof UpstreamError && err.isNotFound);

/** Seconds a client waits before asking again after a 503. */
const RETRY_AFTER_S = 30;
/** How long a stale or incomplete answer may be reused: it is replaced as soon as a build is whole. */
const SHORT_MAX_AGE_S = 60;

type Kind = 'manifest' | 'collection';

/** The answer of a build that failed: 404 for what does not exist, else 503 (logged). */
function fail(res: Response, kind: Kind, err: unknown, log: { logger: Logger; requestId: string }): void {
  if (isMissing(err)) {
    const msg = err instanceof IiifNotFound ? err.message : `There is no such ${kind === 'manifest' ? 'exhibit' : 'exhibition'}`;
    return sendJsonError(res, { status: 404, code: 404, msg }, { error: 'IIIF_NOT_FOUND' });
  }
  // A service or store outage is expected now and then; anything else escaping a build is a bug to look at.
  if (err instanceof UpstreamError || err instanceof IiifUnavailable)
    log.logger.warn({ reqId: log.requestId, route: `iiif:${kind}`, err: err.message }, `iiif: ${kind} unavailable, no copy to serve`);
  else log.logger.error({ reqId: log.requestId, route: `iiif:${kind}`, err }, `iiif: building a ${kind} failed`);
  res.setHeader('Retry-After', String(RETRY_AFTER_S));
  sendJsonError(
    res,
    {
      status: 503,
      code: 503,
      msg: 'The museum content service is not answering, so this cannot be built now. Please try again in a minute.',
    },
    { error: 'IIIF_UNAVAILABLE' },
  );
}

/** Only GET and HEAD (and a preflight, answered before) reach a document. */
function refuseMethod(kind: Kind, res: Response): void {
  setRouteId(res, `iiif:${kind}`);
  res.setHeader('Allow', 'GET, HEAD, OPTIONS');
  sendJsonError(res, { status: 405, code: 405, msg: 'Only GET and HEAD are answered here.' }, { error: 'IIIF_METHOD' });
}

export function iiifManifestRouter(deps: ManifestDeps): Router {
  const { api, logger, site } = deps;
  const router = Router({ caseSensitive: true, strict: true });
  // A build that is not whole (a record or picture could not be read fresh) is answered when there is no
  // copy to stand in, and never kept.
  const copies = lastGoodCopies<Build>({ max: MAX_COPIES, ttlS: deps.ttlS, now: deps.now, whole: (built) => built.whole });

  async function buildManifest(id: string, at: ManifestSite, reader: RecordReader): Promise<Build> {
    const record = await readExhibit(reader, id);
    const measured = await measurePictures(deps.measure, record.pictures, site, reader);
    if (measured.pictures.length === 0) {
      // A manifest must paint at least one Canvas.
      if (!measured.whole) throw new IiifUnavailable(`the pictures of exhibit ${id} cannot be read from the store now`);
      throw new IiifNotFound(`Exhibit ${id} has no picture in the store, so it has no IIIF manifest`);
    }
    const body = exhibitManifest(at, record, measured.pictures);
    return { body: Buffer.from(JSON.stringify(body)), whole: record.whole && measured.whole };
  }

  async function buildCollection(id: string, at: ManifestSite, reader: RecordReader): Promise<Build> {
    const record = await readExhibition(reader, id);
    return { body: Buffer.from(JSON.stringify(exhibitionCollection(at, record))), whole: record.whole };
  }

  async function serve(kind: Kind, req: Request, res: Response): Promise<void> {
    setRouteId(res, `iiif:${kind}`);
    const id = String(req.params.id ?? '');
    if (!RECORD_ID.test(id)) {
      const msg = `Not a record id: ids are letters, digits, '-' and '_' (at most 64), like the ${kind === 'manifest' ? 'exhibit' : 'exhibition'} page's address ends with`;
      return sendJsonError(res, { status: 400, code: 400, msg }, { error: 'IIIF_BAD_ID' });
    }
    const requestId = requestIdOf(res) ?? '';
    const origin = safeOrigin(site.publicUrl, req.protocol, req.get('host'));
    const at: ManifestSite = { origin, rights: deps.iiif.rights, attribution: deps.iiif.attribution };
    const reader: RecordReader = { api, logger, requestId, english: site.english };
    let answer: CopyAnswer<Build>;
    try {
      answer = await copies.get(
        `${kind} ${id} ${origin}`,
        () => (kind === 'manifest' ? buildManifest(id, at, reader) : buildCollection(id, at, reader)),
        (err) => !isMissing(err),
      );
    } catch (err) {
      return fail(res, kind, err, reader);
    }
    labelCache(res, answer.status, answer.ageS);
    const fresh = answer.status !== 'STALE' && answer.kept;
    res.set({
      'Content-Type': IIIF_MANIFEST_TYPE,
      'Cache-Control': `public, max-age=${fresh ? deps.ttlS : Math.min(deps.ttlS, SHORT_MAX_AGE_S)}`,
    });
    res.vary('Accept-Encoding');
    res.send(answer.value.body);
  }

  for (const kind of ['manifest', 'collection'] as const) {
    router.get(`/${kind}/:id`, (req, res) => serve(kind, req, res));
    router.all(`/${kind}/:id`, (_req, res) => refuseMethod(kind, res));
  }
  return router;
}
