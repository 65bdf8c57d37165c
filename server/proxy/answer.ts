// Sends a gateway answer: the service's envelope bytes (the gzipped copy when the client takes it),
// with X-Cache and Age on every one, validators on cached reads, `no-store` on writes. Plain node:http
// types, so the hit fast path and the Express routes send answers the same way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { labelCache } from '../http-context.ts';
import type { GatewayAnswer } from '../upstream/gateway.ts';

export function sendGatewayAnswer(req: IncomingMessage, res: ServerResponse, answer: GatewayAnswer): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  labelCache(res, answer.cache, answer.ageS);
  if (answer.cache === 'BYPASS' || !answer.etag) {
    res.setHeader('Cache-Control', 'no-store');
  } else {
    // Browsers revalidate every time (cheap with the ETag); the edge is the cache, and a purge must work.
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', answer.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === answer.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const gzip = answer.gzip !== null && acceptsGzip(req.headers['accept-encoding']);
  const body = gzip ? answer.gzip! : answer.raw;
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Accept-Encoding allows gzip (listed, or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding.trim() === 'gzip') return weight > 0;
    if (coding.trim() === '*') star = weight > 0;
  }
  return star;
}
