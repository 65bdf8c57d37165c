// The hit fast path answers every request it takes on: bad bodies go on to Express (whose routes
// answer 4xx), and a failure of the fast path itself is a logged 500 `{ code, msg }`, never a request
// left hanging (an unhandled rejection in its body reader once left the socket open).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { matchEndpoint } from '../../shared/endpoints.ts';
import { createMetrics } from '../../server/ops/metrics.ts';
import { prereadBodies } from '../../server/proxy/body.ts';
import { withFastHits } from '../../server/proxy/fast-hits.ts';
import type { Gateway } from '../../server/upstream/gateway.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

async function start(gateway: Partial<Gateway>, app: RequestListener, lines: Array<Record<string, unknown>> = []): Promise<string> {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const handler = withFastHits(app, {
    gateway: gateway as Gateway,
    route: matchEndpoint,
    security: [],
    log: { logger, metrics: createMetrics({ defaultMetrics: false }), draining: () => false },
  });
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (url: string, body: string) =>
  fetch(`${url}/api/queryArchivesList`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(2000) });

describe('the fast path under failure', () => {
  it('answers 500 { code, msg } with the request id when looking up a hit throws', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const url = await start({ freshEntry: () => { throw new Error('boom'); } }, (_req, res) => res.end('express'), lines);
    const res = await post(url, '{"entity":{}}');
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 500, msg: 'Internal server error' });
    expect(body).not.toHaveProperty('stack');
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(lines.some((l) => l.msg === 'fast path failed' && l.reqId === body.requestId)).toBe(true);
  });

  it('hands a refused body to Express with the reason (too deep: entity.too.deep)', async () => {
    let seen: unknown;
    const url = await start({ freshEntry: () => null }, (req, res) => {
      seen = prereadBodies.get(req);
      res.statusCode = 400;
      res.end('refused by the route');
    });
    const res = await post(url, `{"entity":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    expect(res.status).toBe(400);
    expect(seen).toMatchObject({ error: { type: 'entity.too.deep', status: 400 } });
  });

  it('hands a call the proxy refuses (page size, path parameter) to Express without looking for a hit', async () => {
    const looked: string[] = [];
    const seen: Array<{ url: string | undefined; preread: unknown }> = [];
    const url = await start({ freshEntry: (name) => (looked.push(name), null) }, (req, res) => {
      seen.push({ url: req.url, preread: prereadBodies.get(req) });
      res.statusCode = 400;
      res.end('refused by the route');
    });
    expect((await post(url, '{"entity":{},"param":{"pageNum":0,"pageSize":0}}')).status).toBe(400);
    expect((await fetch(`${url}/api/queryArchivesById/a%20b%3Cc%3E`)).status).toBe(400);
    expect(looked).toEqual([]);
    expect(seen).toEqual([
      { url: '/api/queryArchivesList', preread: { body: { entity: {}, param: { pageNum: 0, pageSize: 0 } } } },
      { url: '/api/queryArchivesById/a%20b%3Cc%3E', preread: undefined },
    ]);
    // An allowed call is looked up.
    await post(url, '{"entity":{},"param":{"pageNum":1,"pageSize":10}}');
    expect(looked).toEqual(['queryArchivesList']);
  });

  it('answers 500 when Express itself throws while taking over', async () => {
    const url = await start({ freshEntry: () => null }, () => {
      throw new Error('app broke');
    });
    expect((await post(url, '{}')).status).toBe(500);
  });
});
