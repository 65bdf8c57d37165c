// Fresh API reads at the front door (createApiReads in server/proxy/api-proxy.ts) answer every request they
// take on: a fresh hit is sent from memory, bad bodies go on to Express (whose routes answer 4xx), and a
// failure of this code itself is a logged 500 `{ code, msg }`, never a request left hanging (an
// unhandled rejection in a body reader would leave the socket open). What is no API read is not taken
// on at all: the door goes on with it.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { matchEndpoint } from '../../shared/endpoints.ts';
import { prereadBodies } from '../../server/http/body.ts';
import { createApiAnswers, createApiReads } from '../../server/proxy/api-proxy.ts';
import type { CacheEntry } from '../../server/cache/response-cache.ts';
import type { ContentApi } from '../../server/content/content-api.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** What the door does with a request the reads did not take. */
const NOT_TAKEN = 'not an API read: the door goes on';

async function start(contentApi: Partial<ContentApi>, app: RequestListener, lines: Array<Record<string, unknown>> = []): Promise<string> {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const reads = createApiReads(app, {
    contentApi: contentApi as ContentApi,
    route: matchEndpoint,
    answers: createApiAnswers([]),
    security: [],
    log: { logger, observe: () => undefined, draining: () => false },
  });
  server = createServer((req, res) => {
    if (!reads(req, res, performance.now())) res.end(NOT_TAKEN);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (url: string, body: string) =>
  fetch(`${url}/api/queryArchivesList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(2000),
  });

describe('fresh API reads at the door', () => {
  it('send a fresh hit from memory, with X-Cache and Age, without Express', async () => {
    const raw = Buffer.from('{"code":200,"msg":"ok","data":{"records":[]}}');
    const entry = { raw, gzip: null, etag: 'W/"hit-1"' } as Partial<CacheEntry> as CacheEntry;
    let expressCalls = 0;
    const url = await start({ freshEntry: () => ({ entry, ageS: 4 }) }, (_req, res) => {
      expressCalls += 1;
      res.end('express');
    });
    const res = await post(url, '{"entity":{},"param":{"pageNum":1,"pageSize":10}}');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('HIT');
    expect(res.headers.get('age')).toBe('4');
    expect(res.headers.get('etag')).toBe('W/"hit-1"');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer()).equals(raw)).toBe(true);
    expect(expressCalls).toBe(0);
  });

  it('take on no page, write or unknown path: the door goes on with them', async () => {
    const looked: string[] = [];
    const url = await start({ freshEntry: (name) => (looked.push(name), null) }, (_req, res) => res.end('express'));
    for (const [method, path] of [
      ['GET', '/News/SNews'],
      ['GET', '/api/doStarByArcId/12'],
      ['POST', '/api/addMessage'],
      ['GET', '/api/noSuchEndpoint'],
    ]) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(await res.text(), `${method} ${path}`).toBe(NOT_TAKEN);
    }
    expect(looked).toEqual([]);
  });
});

describe('the fast path under failure', () => {
  it('answers 500 { code, msg } with the request id when looking up a hit throws', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const url = await start(
      {
        freshEntry: () => {
          throw new Error('boom');
        },
      },
      (_req, res) => res.end('express'),
      lines,
    );
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
