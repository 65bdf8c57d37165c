// IIIF Image API 3.0 for every picture the file service holds: `<id>/info.json` and
// `<id>/<region>/<size>/<rotation>/<quality>.<format>`, made from the stored original (iiif-image-service.ts).
// The address is read from the raw request target, never from decoded route parameters: the image id is
// decoded exactly once and checked as the file proxy checks a path (shared/store-path.ts), and the
// request's syntax and limits are checked too, all before the store is asked for anything — and then
// only for a path below the file prefix on the service's own origin. Every refusal is JSON a person can
// read with a stable code: 400 for a bad id or parameter, 404 for a missing file or a name that is no
// picture's, 413 for a picture too large to decode, 501 for what the API defines and this service does
// not make. Two parts, from the path table (server/paths.ts): the front door's (imageAtDoor) sends an
// answer already made; Express's router has the rest. Both send an image answer through one function,
// imageAnswer, and the one sender (http/prepared.ts sendPrepared), so the two cannot differ.
import type { ServerResponse } from 'node:http';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { Counter } from 'prom-client';
import type { Logger } from 'pino';
import { IIIF_CROSS_ORIGIN, IIIF_IMAGE_CONTEXT, IIIF_PREFIX, IIIF_PROFILE_URI, imageIdOf } from '../../shared/iiif.ts';
import { storePathOfImageId, storeRequestPath } from '../../shared/store-path.ts';
import { sendJsonError } from '../http/error-answers.ts';
import { protocolOf, type ProxyTrust } from '../http/client-address.ts';
import { safeOrigin } from '../http/origin.ts';
import { prepare, preparedOf, sendPrepared, type HeaderPairs, type Prepared, type Sending } from '../http/prepared.ts';
import { beginDoorRequest, labelCache, requestIdOf, setRouteId, type DoorPart, type RequestLogDeps } from '../http/request-log.ts';
import type { SecurityHeaders } from '../http/security.ts';
import { etagOf } from '../cache/kit.ts';
import { isStableName } from './variant-request.ts';
import type { MetricsRegistry } from './variants.ts';
import type { SiteSettings } from '../loaders/types.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { IIIF_OUTPUT_LIMITS, imageInfo, parseImageRequest, planImage, type ImagePlan } from './iiif-image-request.ts';
import { MEDIA_TYPE } from './pyramid.ts';
import { createImageService, type ImageCaches, type MadeAnswer } from './iiif-image-service.ts';
import { ImageRefusal } from './limits.ts';
import { ImageBusyError } from './work-queue.ts';
import { MissingFile } from './source.ts';
import { UpstreamError, upstreamErrorAnswer } from '../upstream/upstream-error.ts';

interface ImageServiceDeps {
  client: UpstreamClient;
  logger: Logger;
  metrics?: MetricsRegistry;
  /** FILE_PREFIX (where the store's files are asked for) and PUBLIC_URL (the origin of info.json's id). */
  site: Pick<SiteSettings, 'filePrefix' | 'publicUrl'>;
  /** Bounds of the pyramid and answer caches (IIIF_CACHE_BYTES by default). */
  cacheBytes?: { pyramids: number; answers: number };
  /** What both parts answer with: the security headers, the request log, and the rule of the client's protocol (info.json's id, the canonical link). */
  http: { security: SecurityHeaders; log: RequestLogDeps; trust: ProxyTrust };
}

/** A year and immutable for upload-id names (the bytes never change); a day for others. */
const STABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CHANGEABLE_CACHE_CONTROL = 'public, max-age=86400';
/** info.json states the service's settings too, which a deployment may change. */
const INFO_CACHE_CONTROL = 'public, max-age=86400';
const INFO_LD_TYPE = `application/ld+json;profile="${IIIF_IMAGE_CONTEXT}"`;
const ADDRESS_HINT = `An IIIF image address is ${IIIF_PREFIX}/<image id>/info.json or ${IIIF_PREFIX}/<image id>/<region>/<size>/<rotation>/<quality>.<format>`;
/** Pictures the service reads, by the store path's extension; other files (PDF, video, …) have no image service. */
const PICTURE_EXTENSION = /\.(?:jpe?g|jpe|png|webp|tiff?|gif|avif|heic)$/i;

type Target =
  | { kind: 'redirect'; id: string }
  | { kind: 'info'; id: string }
  | { kind: 'image'; id: string; params: [string, string, string, string] }
  | { kind: 'none' };

/** The segments of the request target below the mount (still percent-encoded). */
function targetOf(url: string): Target {
  const segments = (url.split('?', 1)[0] ?? '').slice(1).split('/');
  const [id = '', ...rest] = segments;
  if (rest.length === 0) return id ? { kind: 'redirect', id } : { kind: 'none' };
  if (rest.length === 1 && rest[0] === 'info.json') return { kind: 'info', id };
  if (rest.length === 4) return { kind: 'image', id, params: rest as [string, string, string, string] };
  return { kind: 'none' };
}

function answersMetric(metrics: MetricsRegistry | undefined): (outcome: string) => void {
  if (!metrics) return () => undefined;
  const counter = new Counter({
    name: 'edge_iiif_answers_total',
    help: 'IIIF image service requests, by outcome: info, hit or miss (an image answer from memory or made/joined), redirect, or why refused',
    labelNames: ['outcome'] as const,
    registers: [metrics.registry],
  });
  return (outcome) => counter.inc({ outcome });
}

interface IiifImages {
  /** Express's part, mounted at IIIF_PREFIX: `/<id>/info.json` and `/<id>/<region>/<size>/<rotation>/<quality>.<format>`. */
  router: Router;
  /** The front door's part: an image answer already in memory, sent whole; anything else goes on to Express. */
  door: DoorPart;
  /** A picture's size for a manifest's canvas, as this service reports it (at a path below FILE_PREFIX). */
  measure: MeasurePicture;
}

/**
 * A picture's size as the image service reports it, or why the service has no image of it: the store
 * lacks the file, or it is no picture the service decodes (or is over its limits). Throws when that
 * cannot be told now (the store failing, the service busy).
 */
export type MeasurePicture = (path: string) => Promise<CanvasSize>;
export type CanvasSize = { ok: true; width: number; height: number } | { ok: false; reason: 'missing' | 'unreadable' };

/** The image service, and the two ways into it: Express's router, and the front door's hits. */
export function createIiifImages(deps: ImageServiceDeps): IiifImages {
  const service = createImageService({
    client: deps.client,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.cacheBytes ? { cacheBytes: deps.cacheBytes } : {}),
  });
  const count = answersMetric(deps.metrics);
  return { router: imageRouter(deps, service, count), door: imageAtDoor(deps, service, count), measure: measureWith(service) };
}

function measureWith(service: ImageCaches): MeasurePicture {
  return async (path) => {
    try {
      return { ok: true, ...(await service.measure(path)) };
    } catch (err) {
      if (err instanceof MissingFile) return { ok: false, reason: 'missing' };
      if (err instanceof ImageRefusal) return { ok: false, reason: 'unreadable' };
      throw err;
    }
  };
}

/**
 * The door's part: the address is read and checked exactly as the router reads it, then only the
 * picture's known size and the answer cache are consulted; whatever is not already in memory (an
 * unknown picture, a refusal, a miss, info.json, a method other than GET and HEAD) goes on to Express.
 */
function imageAtDoor(deps: ImageServiceDeps, service: ImageCaches, count: (outcome: string) => void): DoorPart {
  const { security, log, trust } = deps.http;
  return (req, res, started, next) => {
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(`${IIIF_PREFIX}/`)) return next(req, res);
    const target = targetOf(url.slice(IIIF_PREFIX.length));
    if (target.kind !== 'image') return next(req, res);
    const store = storePathOfImageId(target.id);
    if (!store.ok || !PICTURE_EXTENSION.test(store.path)) return next(req, res);
    const path = storeRequestPath(deps.site.filePrefix, store.path);
    const size = service.knownSize(path);
    const parsed = size && parseImageRequest(...target.params, IIIF_OUTPUT_LIMITS);
    const plan = size && parsed?.ok && planImage(parsed.value, size.width, size.height, IIIF_OUTPUT_LIMITS);
    const made = plan && plan.ok && service.peek(path, plan.value);
    if (!plan || !plan.ok || !made) return next(req, res);
    const sending = beginDoorRequest(req, res, log, started);
    setRouteId(res, 'iiif:image');
    count('hit');
    const base = `${safeOrigin(deps.site.publicUrl, protocolOf(req, trust), req.headers.host)}${IIIF_PREFIX}/${imageIdOf(store.path)}`;
    const answer = imageAnswer(security, made, path, base, plan.value);
    sendPrepared(req, res, answer, { requestId: sending.requestId, close: sending.close, cache: 'HIT' });
  };
}

function imageRouter(deps: ImageServiceDeps, service: ImageCaches, count: (outcome: string) => void): Router {
  const router = Router({ caseSensitive: true, strict: true });
  const refuse = (res: Response, answer: ImageRefusalAnswer): void => {
    count(answer.outcome);
    if (answer.retryAfterS) res.setHeader('Retry-After', String(answer.retryAfterS));
    sendJsonError(res, { status: answer.status, code: answer.status, msg: answer.msg }, { error: answer.error });
  };
  const handler: RequestHandler = async (req, res) => {
    const target = targetOf(req.url);
    setRouteId(res, `iiif:${target.kind === 'none' ? 'image' : target.kind}`);
    labelCache(res, 'BYPASS');
    if (target.kind === 'none')
      return refuse(res, { status: 404, error: 'IIIF_NO_SUCH_ADDRESS', msg: ADDRESS_HINT, outcome: 'bad_address' });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return refuse(res, { status: 405, error: 'IIIF_METHOD', msg: `${req.method} is not allowed here; use GET`, outcome: 'bad_method' });
    }
    const store = storePathOfImageId(target.id);
    if (!store.ok) return refuse(res, { status: 400, error: 'IIIF_BAD_ID', msg: `${store.msg}. ${ADDRESS_HINT}`, outcome: 'bad_id' });
    if (!PICTURE_EXTENSION.test(store.path)) return refuse(res, notAPicture(store.path));
    const base = `${safeOrigin(deps.site.publicUrl, protocolOf(req, deps.http.trust), req.headers.host)}${IIIF_PREFIX}/${imageIdOf(store.path)}`;
    if (target.kind === 'redirect') {
      count('redirect');
      res.redirect(303, `${base}/info.json`);
      return;
    }
    const path = storeRequestPath(deps.site.filePrefix, store.path);
    try {
      if (target.kind === 'info') {
        await sendInfo(req, res, deps.http.security, { service, path, base });
        count('info');
      } else await sendImage(req, res, { security: deps.http.security, service, path, base, params: target.params, count, refuse });
    } catch (err) {
      refuse(res, refusalOf(err, store.path));
    }
  };
  router.use(handler);
  return router;
}

/** What one answer of the router has to say it with: the picture's store path and its service's address. */
interface ImageAt {
  service: ImageCaches;
  path: string;
  base: string;
}

/** What an answer of the router goes out with: the request's id, whether it closes its connection, X-Cache. */
const sendingOf = (res: ServerResponse, cache: string | undefined): Sending => ({
  requestId: requestIdOf(res) ?? '',
  close: res.getHeader('connection') === 'close',
  cache,
});

async function sendInfo(req: Request, res: Response, security: SecurityHeaders, { service, path, base }: ImageAt): Promise<void> {
  const { width, height } = await service.size(path);
  const body = Buffer.from(JSON.stringify(imageInfo(base, width, height, IIIF_OUTPUT_LIMITS)));
  // JSON-LD for clients that ask for it or for anything; plain JSON for those that name JSON alone.
  const accept = req.headers.accept ?? '';
  const plain = accept.includes('application/json') && !accept.includes('application/ld+json');
  const headers: HeaderPairs = [
    ...security,
    ...IIIF_CROSS_ORIGIN,
    ['Content-Type', plain ? 'application/json' : INFO_LD_TYPE],
    ['Vary', 'Accept'],
    ['Link', `<${IIIF_PROFILE_URI}>;rel="profile"`],
    ['Cache-Control', INFO_CACHE_CONTROL],
  ];
  // X-Cache stays BYPASS: info.json is made for each request, from the size alone.
  sendPrepared(req, res, await prepare(200, headers, body, etagOf(body)), sendingOf(res, undefined));
}

interface ImageCall extends ImageAt {
  security: SecurityHeaders;
  params: [string, string, string, string];
  count: (outcome: string) => void;
  refuse: (res: Response, answer: ImageRefusalAnswer) => void;
}

async function sendImage(req: Request, res: Response, { security, service, path, base, params, count, refuse }: ImageCall): Promise<void> {
  const parsed = parseImageRequest(...params, IIIF_OUTPUT_LIMITS);
  if (!parsed.ok) return refuse(res, { ...parsed.refusal, outcome: 'bad_request' });
  const { width, height } = await service.size(path);
  const plan = planImage(parsed.value, width, height, IIIF_OUTPUT_LIMITS);
  if (!plan.ok) return refuse(res, { ...plan.refusal, outcome: 'bad_request' });
  const { made, hit } = await service.answer(path, plan.value);
  count(hit ? 'hit' : 'miss');
  sendPrepared(req, res, imageAnswer(security, made, path, base, plan.value), sendingOf(res, hit ? 'HIT' : 'MISS'));
}

/**
 * An image answer as it goes out, whether the front door or the router sends it: the bytes under their
 * ETag, open to every origin, its type, its canonical address and how long it may be kept. No
 * compressed copies: pictures are compressed already.
 */
function imageAnswer(security: SecurityHeaders, made: MadeAnswer, path: string, base: string, plan: ImagePlan): Prepared {
  return preparedOf(
    200,
    [
      ...security,
      ...IIIF_CROSS_ORIGIN,
      ['Content-Type', MEDIA_TYPE[plan.format]],
      ['Link', `<${base}/${plan.canonical}>;rel="canonical", <${IIIF_PROFILE_URI}>;rel="profile"`],
      ['Cache-Control', isStableName(path) ? STABLE_CACHE_CONTROL : CHANGEABLE_CACHE_CONTROL],
    ],
    made.etag,
    made.body,
    null,
  );
}

// ---- Refusals ----
// Why a picture's answer could not be made, as the image service tells it: the status, a stable code,
// words a person understands, and the outcome counted in the service's metrics.

interface ImageRefusalAnswer {
  status: number;
  error: string;
  msg: string;
  outcome: string;
  retryAfterS?: number;
}

/**
 * The answer for a well-formed id whose name is no picture's (no picture extension: a random id, a
 * PDF): the service has no such image, a 404 (Image API 3.0 §7.3 keeps 400 for bad syntax), told
 * without asking the store. A file named as a picture whose bytes are none is a 400 (refusalOf).
 */
function notAPicture(storePath: string): ImageRefusalAnswer {
  const msg = `The image service has no picture ${storePath}: it serves files of the store named as pictures (.jpg, .png, .webp, .tif, .gif, .avif or .heic)`;
  return { status: 404, error: 'IIIF_NOT_FOUND', msg, outcome: 'missing' };
}

/** The answer for an error of reading or making a picture at `storePath`. */
function refusalOf(err: unknown, storePath: string): ImageRefusalAnswer {
  if (err instanceof MissingFile) {
    return { status: 404, error: 'IIIF_NOT_FOUND', msg: `The file store has no picture ${storePath}`, outcome: 'missing' };
  }
  if (err instanceof ImageRefusal) {
    if (err.reason === 'too_large') {
      return { status: 413, error: 'IIIF_TOO_LARGE', msg: `The picture is too large to decode: ${err.message}`, outcome: 'too_large' };
    }
    return { status: 400, error: 'IIIF_NOT_AN_IMAGE', msg: `${storePath} has no image service: ${err.message}`, outcome: 'not_an_image' };
  }
  if (err instanceof ImageBusyError) {
    const msg = `The edge is busy making pictures (${err.message}); try again shortly`;
    return { status: 503, error: 'IIIF_BUSY', msg, outcome: 'busy', retryAfterS: 2 };
  }
  if (err instanceof UpstreamError) {
    // The read is cut off by the service's own deadline only (a visitor leaving does not stop it).
    if (err.code === 'UPSTREAM_ABORTED') {
      const msg = `Reading ${storePath} from the content service took too long (${err.message})`;
      return { status: 504, error: 'IIIF_UPSTREAM', msg, outcome: 'upstream_error' };
    }
    const answer = upstreamErrorAnswer(err);
    return { status: answer.status, error: 'IIIF_UPSTREAM', msg: answer.msg, outcome: 'upstream_error' };
  }
  const msg = `The picture could not be read from the content service (${(err as Error).message})`;
  return { status: 502, error: 'IIIF_UPSTREAM', msg, outcome: 'upstream_error' };
}
