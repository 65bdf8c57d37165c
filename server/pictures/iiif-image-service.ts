// The making of the image service's answers: a picture read whole from the store (never a THUMB copy),
// its pyramid built, answers cut from it, all in memory (below). The CPU work runs one job at
// a time in its own queue on one libvips thread, so pictures take at most one of the machine's cores
// and a burst of requests waits in a bounded line or is refused at once (ImageBusyError). The bytes of
// pictures being read and built are bounded together, as the variant service bounds its own; every read
// and every sharp pipeline has a time limit.
import { Counter, Histogram } from 'prom-client';
import type { MetricsRegistry } from './variants.ts';
import { IMAGE_LIMITS } from './limits.ts';
import { createWorkQueue, limitSharpThreads } from './work-queue.ts';
import { createSourceBudget, readOriginal } from './source.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { buildPyramid, cutImage, pictureSize, type Pyramid } from './pyramid.ts';
import { etagOf } from '../cache/kit.ts';
import { singleFlightByBytes, singleFlightByCount } from '../cache/policies.ts';
import { isStableName } from './variant-request.ts';
import type { ImagePlan } from './iiif-image-request.ts';

/** The whole read of one picture from the store ends by then. */
const IIIF_READ_DEADLINE_MS = 30_000;

interface ImageServiceOptions {
  client: UpstreamClient;
  metrics?: MetricsRegistry;
  /** Bounds of the pyramid and answer caches (IIIF_CACHE_BYTES by default). */
  cacheBytes?: { pyramids: number; answers: number };
}

function serviceMetrics(metrics: MetricsRegistry | undefined) {
  if (!metrics) return { pyramid: () => undefined, encode: () => undefined };
  const pyramids = new Counter({
    name: 'edge_iiif_pyramids_total',
    help: 'Pictures read from the store and decoded into a pyramid (one per picture, however many requests waited on it)',
    registers: [metrics.registry],
  });
  const encodes = new Counter({
    name: 'edge_iiif_encodes_total',
    help: 'IIIF image answers cut and encoded (one per answer, however many requests waited on it), by format',
    labelNames: ['format'] as const,
    registers: [metrics.registry],
  });
  const seconds = new Histogram({
    name: 'edge_iiif_work_seconds',
    help: 'Time sharp took to build one pyramid or cut one answer (queue wait excluded), by step',
    labelNames: ['step'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  return {
    pyramid: (s: number) => {
      pyramids.inc();
      seconds.observe({ step: 'pyramid' }, s);
    },
    encode: (format: string, s: number) => {
      encodes.inc({ format });
      seconds.observe({ step: 'cut' }, s);
    },
  };
}

const timed = async <T>(job: () => Promise<T>): Promise<{ value: T; seconds: number }> => {
  const started = performance.now();
  const value = await job();
  return { value, seconds: (performance.now() - started) / 1000 };
};

export function createImageService({ client, metrics, cacheBytes }: ImageServiceOptions): ImageCaches {
  limitSharpThreads();
  const queue = createWorkQueue({ running: 1, waiting: 64, maxWaitMs: 15_000 });
  const budget = createSourceBudget(IMAGE_LIMITS.heldBytes);
  const count = serviceMetrics(metrics);

  const build = async (path: string, signal: AbortSignal): Promise<Pyramid> => {
    const hold = budget.hold();
    try {
      const deadline = AbortSignal.any([signal, AbortSignal.timeout(IIIF_READ_DEADLINE_MS)]);
      const source = await readOriginal(client, path, { signal: deadline, hold });
      const { value, seconds } = await queue.run(() => timed(() => buildPyramid(source.body)));
      count.pyramid(seconds);
      return value;
    } finally {
      hold.release();
    }
  };
  // A size alone (a manifest's canvas) reads the original's header: no pyramid, no place in the queue.
  const measure = async (path: string, signal: AbortSignal): Promise<PictureSize> => {
    const hold = budget.hold();
    try {
      const deadline = AbortSignal.any([signal, AbortSignal.timeout(IIIF_READ_DEADLINE_MS)]);
      return await pictureSize((await readOriginal(client, path, { signal: deadline, hold })).body);
    } finally {
      hold.release();
    }
  };
  const caches = createImageCaches({
    build,
    measure,
    cut: async (pyramid, plan) => {
      const { value, seconds } = await queue.run(() => timed(() => cutImage(pyramid, plan)));
      count.encode(plan.format, seconds);
      return value;
    },
    ...(cacheBytes ? { bytes: cacheBytes } : {}),
  });
  metrics?.gauge(
    'edge_iiif_pyramid_cache_bytes',
    'Bytes held by the IIIF pyramid cache (decoded pictures)',
    () => caches.stats().pyramids.bytes,
  );
  metrics?.gauge(
    'edge_iiif_answer_cache_bytes',
    'Bytes held by the IIIF answer cache (tiles and other cuts)',
    () => caches.stats().answers.bytes,
  );
  metrics?.gauge('edge_iiif_source_bytes', 'Bytes of store pictures held while they are read and built into pyramids', () => budget.held());
  return caches;
}

// ---- The caches ----
// What the image service keeps in memory: the pyramids of the pictures asked for and the answers cut
// from them, each bounded by bytes and made once however many requests ask for it meanwhile; a failure
// is not kept, the next request tries again (`singleFlightByBytes`, server/cache/policies.ts). The size
// of every picture seen is kept apart, in a small cache bounded by entries (`singleFlightByCount`), so
// an answer or info.json whose pyramid was evicted is still found without reading the picture again. A
// file whose name may be replaced in place is kept only for a while; an upload id's file for good.

/**
 * Fixed bounds, not shares of CACHE_MAX_BYTES (documented as the bound of the API and page caches):
 * pyramids of a few large pictures or many ordinary ones, and thousands of 256 px tiles.
 */
const IIIF_CACHE_BYTES = { pyramids: 64 * 1024 * 1024, answers: 64 * 1024 * 1024 } as const;
/** Pictures whose size is remembered (a few dozen bytes each). */
const SIZE_ENTRIES = 20_000;
/** How long anything made from a file whose name is no upload id is kept. */
const CHANGEABLE_TTL_MS = 10 * 60 * 1000;

export interface MadeAnswer {
  body: Buffer;
  etag: string;
}

interface ImageCacheDeps {
  /** Reads a picture from the store and builds its pyramid. */
  build(path: string, signal: AbortSignal): Promise<Pyramid>;
  /** Cuts and encodes one answer. */
  cut(pyramid: Pyramid, plan: ImagePlan): Promise<Buffer>;
  /** Reads a picture from the store for its size alone. */
  measure?(path: string, signal: AbortSignal): Promise<PictureSize>;
  bytes?: { pyramids: number; answers: number };
}

export interface PictureSize {
  width: number;
  height: number;
}

export interface ImageCaches {
  /** The picture's size as shown; its pyramid is built when the size is not known yet. */
  size(path: string): Promise<PictureSize>;
  /**
   * The picture's size as shown, for a manifest's canvas: known, or read from the original's header
   * (no pyramid), and kept with the sizes the pyramids left. Throws MissingFile, ImageRefusal or the
   * store's error.
   */
  measure(path: string): Promise<PictureSize>;
  answer(path: string, plan: ImagePlan): Promise<{ made: MadeAnswer; hit: boolean }>;
  /** The picture's size when it is known, without reading anything (the front door's question). */
  knownSize(path: string): { width: number; height: number } | undefined;
  /** The answer when it is in memory, without making it (the front door's question). */
  peek(path: string, plan: ImagePlan): MadeAnswer | undefined;
  stats(): { pyramids: { entries: number; bytes: number }; answers: { entries: number; bytes: number } };
}

const answerKey = (path: string, plan: ImagePlan): string => `${plan.canonical} ${path}`;

const ttlOf = (path: string): number | undefined => (isStableName(path) ? undefined : CHANGEABLE_TTL_MS);

/**
 * The caches and single flights of the image service around its three pieces of work.
 * @internal test hook: tested with stand-in work, to count builds and cuts.
 */
export function createImageCaches({ build, cut, measure, bytes = IIIF_CACHE_BYTES }: ImageCacheDeps): ImageCaches {
  // One table of sizes, filled by pyramids and by headers read for manifests; a header is read once
  // however many manifests ask meanwhile.
  const sizes = singleFlightByCount<PictureSize, string>({
    max: SIZE_ENTRIES,
    keyOf: (path) => path,
    make: async (path, signal) => {
      const size = measure ? await measure(path, signal) : await pyramidOf(path);
      return { value: { width: size.width, height: size.height }, ttlMs: ttlOf(path) };
    },
  });
  const pyramids = singleFlightByBytes<Pyramid, string>({
    maxBytes: bytes.pyramids,
    // A pyramid larger than the whole bound is used for the requests waiting on it, then not kept.
    bytesOf: (p) => p.body.length,
    keyOf: (path) => path,
    make: async (path, signal) => {
      const pyramid = await build(path, signal);
      const ttlMs = ttlOf(path);
      sizes.set(path, { width: pyramid.width, height: pyramid.height }, ttlMs);
      return { value: pyramid, ttlMs };
    },
  });
  const pyramidOf = async (path: string): Promise<Pyramid> => (await pyramids.get(path)).value;
  const answers = singleFlightByBytes<MadeAnswer, { path: string; plan: ImagePlan }>({
    maxBytes: bytes.answers,
    bytesOf: (a) => a.body.length,
    keyOf: ({ path, plan }) => answerKey(path, plan),
    make: async ({ path, plan }) => {
      const body = await cut(await pyramidOf(path), plan);
      return { value: { body, etag: etagOf(body) }, ttlMs: ttlOf(path) };
    },
  });

  return {
    async size(path) {
      const known = sizes.find(path);
      if (known) return known;
      const { width, height } = await pyramidOf(path);
      return { width, height };
    },
    knownSize: (path) => sizes.find(path),
    measure: async (path) => sizes.find(path) ?? (await sizes.get(path)).value,
    peek: (path, plan) => answers.find({ path, plan }),
    async answer(path, plan) {
      const { value, hit } = await answers.get({ path, plan });
      return { made: value, hit };
    },
    stats: () => ({ pyramids: pyramids.stats(), answers: answers.stats() }),
  };
}
