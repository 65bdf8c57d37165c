// Serving `FILE_PREFIX/<path>?w=300|1000`: the picture at that width, as AVIF or WebP when the browser's
// Accept names one (else in its own format), from memory when made before. Everything that can go wrong
// ends in an answer a person can read: a width not offered or a file that is not a raster picture is
// a 400, a missing file a 404, a picture over the pixel limit a 422, a full queue or source budget a 503,
// a failing store a 502/504; a file sharp cannot read is sent as stored. The bytes of the pictures read
// for resizing are bounded together (createSourceBudget in source.ts), not per request.
import type { Request, Response } from 'express';
import { Counter, Histogram } from 'prom-client';
import { IMAGE_SIZES } from '../../shared/image-paths.ts';
import { etagOf } from '../cache/kit.ts';
import { preparedOf, sendPrepared } from '../http/prepared.ts';
import { requestIdOf } from '../http/request-log.ts';
import { sendJsonError } from '../http/error-answers.ts';
import type { Registry } from 'prom-client';
import { UpstreamError, upstreamErrorAnswer } from '../upstream/upstream-error.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { IMAGE_LIMITS, ImageRefusal } from './limits.ts';
import { makeVariant } from './resize.ts';
import { createSourceBudget, type SourceHold } from './source.ts';
import { MissingFile, readSource } from './source.ts';
import { createVariantCache, type Variant, type VariantKey } from './variant-cache.ts';
import { isStableName, negotiateFormat, sourceFormatOf } from './variant-request.ts';
import { ImageBusyError, createWorkQueue, limitSharpThreads } from './work-queue.ts';

/** A year and immutable for upload-id names; otherwise the plain files' 30 days. */
const STABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CHANGEABLE_CACHE_CONTROL = 'public, max-age=2592000';
/** Bytes sharp could not read are sent as stored, and kept only briefly (the upload may be fixed). */
const ORIGINAL_TTL_MS = 5 * 60 * 1000;
/** The whole making of one variant (store read, queue, encode) ends by then. */
const MAKE_DEADLINE_MS = 30_000;

interface ImageVariants {
  serve(req: Request, res: Response, path: string, width: number): Promise<void>;
  stats(): { entries: number; bytes: number };
}

/** Where the picture series are registered (the app's metrics). */
export interface MetricsRegistry {
  registry: Registry;
  gauge(name: string, help: string, read: () => number): void;
}

function imageMetrics(metrics: MetricsRegistry | undefined) {
  if (!metrics) return { served: () => undefined, made: () => undefined };
  const served = new Counter({
    name: 'edge_image_variants_total',
    help: 'Picture variant requests (?w=), by outcome: hit (from memory), miss (made or joined), or why refused',
    labelNames: ['outcome'] as const,
    registers: [metrics.registry],
  });
  const made = new Counter({
    name: 'edge_image_renders_total',
    help: 'Picture variants made (one per variant, however many requests waited on it), by kind: resized, as_is, original',
    labelNames: ['kind'] as const,
    registers: [metrics.registry],
  });
  const seconds = new Histogram({
    name: 'edge_image_render_seconds',
    help: 'Time sharp took to make one variant (queue wait excluded)',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  return {
    served: (outcome: string) => served.inc({ outcome }),
    made: (kind: Variant['kind'], s: number) => {
      made.inc({ kind });
      if (kind !== 'original') seconds.observe(s);
    },
  };
}

export function createImageVariants({ client, metrics }: { client: UpstreamClient; metrics?: MetricsRegistry }): ImageVariants {
  limitSharpThreads();
  // One picture at a time (on one libvips thread): the other core keeps serving pages.
  const queue = createWorkQueue({ running: 1, waiting: 64, maxWaitMs: 15_000 });
  const budget = createSourceBudget(IMAGE_LIMITS.heldBytes);
  const count = imageMetrics(metrics);

  const make = async (key: VariantKey, signal: AbortSignal): Promise<{ value: Variant; ttlMs?: number }> => {
    const hold = budget.hold();
    try {
      return await makeHeld(key, signal, hold);
    } finally {
      hold.release();
    }
  };

  /** The variant, its source counted in `hold` from the first byte read until it is made. */
  const makeHeld = async (key: VariantKey, signal: AbortSignal, hold: SourceHold): Promise<{ value: Variant; ttlMs?: number }> => {
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(MAKE_DEADLINE_MS)]);
    const source = await readSource(client, key.path, { width: key.width, thumbWidth: IMAGE_SIZES.thumb, signal: deadline, hold });
    const stable = isStableName(key.path);
    try {
      const { out, seconds } = await queue.run(async () => {
        const started = performance.now();
        const made = await makeVariant(source.body, { width: key.width, format: key.format });
        return { out: made, seconds: (performance.now() - started) / 1000 };
      });
      const kind = out.resized ? 'resized' : 'as_is';
      count.made(kind, seconds);
      return { value: { body: out.body, type: out.type, etag: etagOf(out.body), stable, kind } };
    } catch (err) {
      if (!(err instanceof ImageRefusal) || err.reason !== 'undecodable') throw err;
      count.made('original', 0);
      const variant: Variant = { body: source.body, type: source.type, etag: etagOf(source.body), stable: false, kind: 'original' };
      return { value: variant, ttlMs: ORIGINAL_TTL_MS };
    }
  };
  const cache = createVariantCache({ make });
  metrics?.gauge('edge_image_cache_bytes', 'Bytes held by the picture variant cache', () => cache.stats().bytes);
  metrics?.gauge('edge_image_source_bytes', 'Bytes of upstream pictures held for resizing (read, queued or being resized)', () =>
    budget.held(),
  );

  const refuse = (res: Response, outcome: string, status: number, msg: string, error: string): void => {
    count.served(outcome);
    sendJsonError(res, { status, code: status, msg }, { error });
  };

  return {
    async serve(req, res, path, width) {
      if (!sourceFormatOf(path)) {
        refuse(
          res,
          'not_resizable',
          400,
          `Only JPEG, PNG, WebP and AVIF pictures come in sizes; load ${path} without ?w=`,
          'IMAGE_NOT_RESIZABLE',
        );
        return;
      }
      const format = negotiateFormat(req.headers.accept);
      let found: { value: Variant; hit: boolean };
      try {
        found = await cache.get({ path, width, format });
      } catch (err) {
        if (err instanceof MissingFile) return refuse(res, 'missing', 404, `No picture at ${path}`, 'IMAGE_NOT_FOUND');
        if (err instanceof ImageRefusal)
          return refuse(res, 'too_large', 422, `The picture cannot be resized: ${err.message}; load it without ?w=`, 'IMAGE_TOO_LARGE');
        if (err instanceof ImageBusyError) {
          res.setHeader('Retry-After', '2');
          return refuse(res, 'busy', 503, `The edge is busy resizing pictures (${err.message}); try again shortly`, 'IMAGE_BUSY');
        }
        count.served('upstream_error');
        if (err instanceof UpstreamError) return sendJsonError(res, upstreamErrorAnswer(err), { error: 'IMAGE_UPSTREAM' });
        return sendJsonError(
          res,
          { status: 502, code: 502, msg: `The picture could not be read from the content service (${(err as Error).message})` },
          { error: 'IMAGE_UPSTREAM' },
        );
      }
      const { value: variant, hit } = found;
      count.served(hit ? 'hit' : 'miss');
      send(req, res, variant, hit);
    },
    stats: () => cache.stats(),
  };
}

/** A variant through the one sender (http/prepared.ts): its ETag, 304, HEAD, no compressed copy (pictures are compressed already). */
function send(req: Request, res: Response, variant: Variant, hit: boolean): void {
  const answer = preparedOf(
    200,
    [
      ['Vary', 'Accept'],
      ['X-Image-Variant', variant.kind],
      [
        'Cache-Control',
        variant.kind === 'original' ? 'public, max-age=300' : variant.stable ? STABLE_CACHE_CONTROL : CHANGEABLE_CACHE_CONTROL,
      ],
      ['Content-Type', variant.type],
    ],
    variant.etag,
    variant.body,
    null,
  );
  sendPrepared(req, res, answer, {
    requestId: requestIdOf(res) ?? '',
    close: res.getHeader('connection') === 'close',
    cache: hit ? 'HIT' : 'MISS',
  });
}
