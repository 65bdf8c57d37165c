// FILE_PREFIX (default /file): uploads and images of the content service, streamed from its origin so
// visitors use one origin. Range requests are forwarded (PDF viewers, video); long cache headers.
// `?w=300|1000` asks for a picture variant instead (server/pictures/): same path, so only the service's
// own files are ever resized; the query is not forwarded upstream.
import { pipeline } from 'node:stream/promises';
import { Router, type RequestHandler } from 'express';
import { labelCache, setRouteId } from '../http/request-log.ts';
import { createImageVariants, type MetricsRegistry } from '../pictures/variants.ts';
import { variantQuery } from '../pictures/variant-request.ts';
import { sendJsonError } from '../http/error-answers.ts';
import { isStoreRawPath } from '../../shared/store-path.ts';
import { UpstreamError, upstreamErrorAnswer } from '../upstream/upstream-error.ts';
import type { UpstreamClient } from '../upstream/client.ts';

/** 30 days: file paths of the content service name one upload each. */
const FILE_CACHE_CONTROL = 'public, max-age=2592000';
const FORWARDED_REQUEST = ['range', 'if-range', 'if-none-match', 'if-modified-since', 'accept', 'accept-encoding'];
const FORWARDED_ANSWER = [
  'content-type',
  'content-length',
  'content-range',
  'content-encoding',
  'accept-ranges',
  'etag',
  'last-modified',
  'content-disposition',
];

export function filesRouter({
  filePrefix,
  client,
  metrics,
}: {
  filePrefix: string;
  client: UpstreamClient;
  metrics?: MetricsRegistry;
}): Router {
  const router = Router();
  const images = createImageVariants({ client, metrics });
  const handler: RequestHandler = async (req, res) => {
    setRouteId(res, 'file');
    labelCache(res, 'BYPASS');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('Allow', 'GET, HEAD');
      sendJsonError(res, { status: 405, code: 405, msg: `${req.method} is not allowed for files; use GET` });
      return;
    }
    const rest = req.originalUrl.slice(filePrefix.length);
    const [rawPath = '', query] = rest.split('?', 2) as [string, string | undefined];
    if (!rawPath.startsWith('/') || rawPath === '/' || !isStoreRawPath(rawPath)) {
      sendJsonError(res, { status: 400, code: 400, msg: 'Not a file path' });
      return;
    }
    const variant = variantQuery(query);
    if (variant.kind === 'bad') {
      sendJsonError(res, { status: 400, code: 400, msg: variant.msg }, { error: 'IMAGE_WIDTH' });
      return;
    }
    if (variant.kind === 'variant') {
      setRouteId(res, 'file_variant');
      await images.serve(req, res, `${filePrefix}${rawPath}`, variant.width);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    let answer;
    try {
      answer = await client.file(`${filePrefix}${rawPath}${query ? `?${query}` : ''}`, {
        method: req.method,
        headers,
        signal: abort.signal,
      });
    } catch (err) {
      if (err instanceof UpstreamError) {
        if (err.code !== 'UPSTREAM_ABORTED') sendJsonError(res, upstreamErrorAnswer(err));
        return;
      }
      throw err;
    }
    const { statusCode } = answer;
    res.status(statusCode);
    for (const name of FORWARDED_ANSWER) {
      const value = answer.headers[name];
      if (value !== undefined) res.setHeader(name, value);
    }
    labelCache(res, 'BYPASS', typeof answer.headers.age === 'string' ? answer.headers.age : '0');
    const cacheable = statusCode === 200 || statusCode === 206 || statusCode === 304;
    res.setHeader('Cache-Control', cacheable ? FILE_CACHE_CONTROL : statusCode === 404 ? 'public, max-age=60' : 'no-store');
    if (req.method === 'HEAD' || statusCode === 304) {
      await answer.body.dump();
      res.end();
      return;
    }
    await pipeline(answer.body, res).catch(() => {
      // The visitor went away or the service cut the stream: nothing left to answer.
      res.destroy();
    });
  };
  router.use(filePrefix, handler);
  return router;
}
