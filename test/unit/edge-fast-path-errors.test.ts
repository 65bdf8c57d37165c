// API reads at the front door (apiReadsAtDoor in server/proxy/api-proxy.ts) answer every read they take
// on, completely, and never hand one to Express: a fresh hit from memory, a miss through the content API
// and the miss budget, a body or a call they refuse, a failure of the service in the edge's words, and a
// failure of this code itself as a logged 500 `{ code, msg }`, never a request left hanging (an
// unhandled rejection in a body reader would leave the socket open). What is no API read (a page, a
// write, an unknown path) is not taken on at all: it goes on to Express untouched.
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { matchEndpoint } from '../../shared/endpoints.ts';
import { tooDeepMessage } from '../../server/http/body.ts';
import { apiReadsAtDoor, createApiAnswers } from '../../server/proxy/api-proxy.ts';
import { createMissBudget, type MissBudget } from '../../server/proxy/miss-budget.ts';
import type { CacheEntry } from '../../server/cache/response-cache.ts';
import type { ContentAnswer, ContentApi } from '../../server/content/content-api.ts';
import { UpstreamError } from '../../server/upstream/upstream-error.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

const addressOf = (req: IncomingMessage): string | undefined => req.socket.remoteAddress;

interface Started {
  url: string;
  /** Requests the door part handed on (what Express would have got). */
  handedOn: string[];
  lines: Array<Record<string, unknown>>;
}

async function start(
  contentApi: Partial<ContentApi>,
  missBudget: MissBudget = createMissBudget({ limit: 0, addressOf }),
): Promise<Started> {
  const lines: Array<Record<string, unknown>> = [];
  const handedOn: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const reads = apiReadsAtDoor({
    contentApi: contentApi as ContentApi,
    route: matchEndpoint,
    answers: createApiAnswers([]),
    missBudget,
    security: [['X-Content-Type-Options', 'nosniff']],
    log: { logger, observe: () => undefined, draining: () => false },
  });
  const express: RequestListener = (req, res) => {
    handedOn.push(`${req.method} ${req.url}`);
    res.end('express');
  };
  server = createServer((req, res) => reads(req, res, performance.now(), express));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, handedOn, lines };
}

const post = (url: string, body: string, type = 'application/json') =>
  fetch(`${url}/api/queryArchivesList`, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    signal: AbortSignal.timeout(2000),
  });

const LIST = '{"entity":{},"param":{"pageNum":1,"pageSize":10}}';
const raw = Buffer.from('{"code":200,"msg":"ok","data":{"records":[]}}');

describe('API reads at the door', () => {
  it('send a fresh hit from memory, with X-Cache and Age, without Express', async () => {
    const entry = { raw, gzip: null, etag: 'W/"hit-1"' } as Partial<CacheEntry> as CacheEntry;
    const { url, handedOn } = await start({ freshEntry: () => ({ entry, ageS: 4 }) });
    const res = await post(url, LIST);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('HIT');
    expect(res.headers.get('age')).toBe('4');
    expect(res.headers.get('etag')).toBe('W/"hit-1"');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer()).equals(raw)).toBe(true);
    expect(handedOn).toEqual([]);
  });

  it('answer a miss through the content API and the miss budget, as MISS, prepared like a hit', async () => {
    const calls: string[] = [];
    const answer: ContentAnswer = { raw, gzip: null, etag: 'W/"miss-1"', cache: 'MISS', ageS: 0, tags: [] };
    const { url, handedOn } = await start({
      freshEntry: () => null,
      answer: async (name, call) => {
        calls.push(name);
        call?.onMiss?.();
        return answer;
      },
    } as Partial<ContentApi>);
    const res = await post(url, LIST);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(res.headers.get('etag')).toBe('W/"miss-1"');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(raw)).toBe(true);
    expect(calls).toEqual(['queryArchivesList']);
    expect(handedOn).toEqual([]);
  });

  it('refuse a client past its miss budget with 429 and Retry-After, and still send it fresh hits', async () => {
    let fresh = false;
    const entry = { raw, gzip: null, etag: 'W/"hit-2"' } as Partial<CacheEntry> as CacheEntry;
    const answer: ContentAnswer = { raw, gzip: null, etag: 'W/"m"', cache: 'MISS', ageS: 0, tags: [] };
    const { url } = await start(
      {
        freshEntry: () => (fresh ? { entry, ageS: 0 } : null),
        answer: async (_name, call) => {
          call?.onMiss?.();
          return answer;
        },
      } as Partial<ContentApi>,
      createMissBudget({ limit: 1, addressOf }),
    );
    expect((await post(url, LIST)).status).toBe(200);
    const refused = await post(url, LIST);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-cache')).toBe('MISS');
    expect(((await refused.json()) as { error: string }).error).toBe('MISS_LIMITED');
    fresh = true;
    expect((await post(url, LIST)).headers.get('x-cache')).toBe('HIT');
  });

  it('take on no page, write or unknown path: they go on to Express untouched', async () => {
    const looked: string[] = [];
    const { url, handedOn } = await start({ freshEntry: (name) => (looked.push(name), null) });
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
      expect(await res.text(), `${method} ${path}`).toBe('express');
    }
    expect(handedOn).toEqual(['GET /News/SNews', 'GET /api/doStarByArcId/12', 'POST /api/addMessage', 'GET /api/noSuchEndpoint']);
    expect(looked).toEqual([]);
  });
});

describe('the door refuses what it will not pass on', () => {
  it('a body it will not read: 400 too deep, 400 not JSON, 415 not JSON by type, 413 too large', async () => {
    const { url, handedOn } = await start({ freshEntry: () => null });
    const deep = await post(url, `{"entity":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { msg: string }).msg).toBe(tooDeepMessage());
    const broken = await post(url, '{"entity":');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { msg: string }).msg).toBe('The request body is not valid JSON');
    const typed = await post(url, 'entity=1', 'application/x-www-form-urlencoded');
    expect(typed.status).toBe(415);
    const large = await post(url, JSON.stringify({ entity: { text: 'x'.repeat(70 * 1024) } }));
    expect(large.status).toBe(413);
    expect(((await large.json()) as { msg: string }).msg).toBe('The request body is larger than 64 KB');
    expect(handedOn).toEqual([]);
  });

  it('a call the proxy refuses (page size, path parameter): 400 with its code, no hit looked up', async () => {
    const looked: string[] = [];
    const { url, handedOn } = await start({ freshEntry: (name) => (looked.push(name), null) });
    const size = await post(url, '{"entity":{},"param":{"pageNum":0,"pageSize":0}}');
    expect(size.status).toBe(400);
    expect(((await size.json()) as { error: string }).error).toBe('BAD_PAGE_SIZE');
    const param = await fetch(`${url}/api/queryArchivesById/a%20b%3Cc%3E`);
    expect(param.status).toBe(400);
    expect(((await param.json()) as { error: string }).error).toBe('BAD_PATH_PARAM');
    expect(looked).toEqual([]);
    expect(handedOn).toEqual([]);
  });

  it('a failure of the content service, in the edge words, naming the endpoint', async () => {
    const { url } = await start({
      freshEntry: () => null,
      answer: async () => {
        throw new UpstreamError('UPSTREAM_TIMEOUT', 'took too long', { endpoint: 'queryArchivesList' });
      },
    } as Partial<ContentApi>);
    const res = await post(url, LIST);
    expect(res.status).toBeGreaterThanOrEqual(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ endpoint: 'queryArchivesList', requestId: res.headers.get('x-request-id') });
  });
});

describe('the door under failure', () => {
  it('answers 500 { code, msg } with the request id when looking up a hit throws, and logs it', async () => {
    const { url, lines, handedOn } = await start({
      freshEntry: () => {
        throw new Error('boom');
      },
    });
    const res = await post(url, '{"entity":{}}');
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 500, msg: 'Internal server error' });
    expect(body).not.toHaveProperty('stack');
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(lines.some((l) => l.msg === 'unhandled error' && l.reqId === body.requestId)).toBe(true);
    expect(handedOn).toEqual([]);
  });
});
