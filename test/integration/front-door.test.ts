// The front door (server/door.ts) answers what the edge already holds in memory — stored pages, fresh
// API reads, build files, IIIF image answers, /healthz — before Express, which has the rest. Checked
// here as a visitor gets them (every coding, HEAD, a conditional request), then the page cache's
// single-flight renders, its stale-while-revalidate and a request that names more than one host.
import type { IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_BODY, decodedBody, headersBut, sendExact, type WireAnswer } from '../world/requests.ts';
import { sendRaw } from './raw-http.ts';
import { startWorld, type World } from '../world/world.ts';

/** One request with exactly these headers (fetch would add and decode encodings); its Host, part of a page's key, the door's own. */
const send = sendExact;

/** The headers that may differ between two sendings of one stored answer (and between HEAD and GET). */
const PER_SENDING = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);
const comparable = (h: IncomingHttpHeaders) => headersBut(h, PER_SENDING);

const decoded = (a: WireAnswer): string => decodedBody(a).toString('utf8');

const ADMIN = 'operator-token-0123456789';
let world: World;
/** Moves the edge's clock (the service checks token times within 5 min, so only by seconds). */
let shift = 0;
let door: string;
let doorEdge: World['edge'];

beforeAll(async () => {
  world = await startWorld();
  const edge = await world.startEdge(
    { PAGE_CACHE_TTL_S: '60', PAGE_CACHE_SWR_S: '30', ADMIN_TOKEN: ADMIN },
    { now: () => Date.now() + shift },
  );
  door = edge.url;
  doorEdge = edge.edge;
});
afterAll(async () => {
  await world?.close();
});

/** The islands' script, as the build's manifest names it (what pages with islands load). */
const islandsScript = (): string => {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'public/build/manifest.json'), 'utf8')) as { islands?: unknown };
  if (typeof manifest.islands !== 'string' || !/^\/build\/[\w-]+\.js$/.test(manifest.islands))
    throw new Error('no islands script in the build manifest');
  return manifest.islands;
};

/** Waits until the door sends this answer in brotli (its first hit makes the copy). */
async function brotliReady(method: string, path: string): Promise<void> {
  await expect
    .poll(async () => (await send(door, method, path, { 'accept-encoding': 'br' })).headers['content-encoding'], { timeout: 5000 })
    .toBe('br');
}

describe('the door sends what the edge holds', () => {
  const cases = () => [
    { name: 'an HTML page', method: 'GET', path: '/News/Media', body: undefined, type: /text\/html/ },
    // API answers keep the gzip copy the cache made when it stored them (no brotli copy).
    {
      name: 'an API read',
      method: 'POST',
      path: '/api/queryArchivesList',
      body: JSON.stringify(LIST_BODY),
      type: /application\/json/,
      gzipOnly: true,
    },
    { name: 'a build file', method: 'GET', path: islandsScript(), body: undefined, type: /javascript/ },
  ];

  it('for every coding, HEAD and a conditional request', async () => {
    for (const c of cases()) {
      const json: Record<string, string> = c.body ? { 'content-type': 'application/json' } : {};
      // Warm: the first answer is rendered or fetched; the door has it stored from then on.
      const warm = await send(door, c.method, c.path, json, c.body);
      expect(warm.status, c.name).toBe(200);
      // A stored page gains its brotli copy at its first hit (in the background): it is sent once it is there.
      if (!c.gzipOnly && Buffer.byteLength(decoded(warm)) >= 1024) await brotliReady(c.method, c.path);
      const etag = String((await send(door, c.method, c.path, json, c.body)).headers.etag);
      for (const encoding of ['br', 'gzip', 'identity', 'gzip, deflate, br;q=0']) {
        const headers = { ...json, 'accept-encoding': encoding };
        const viaDoor = await send(door, c.method, c.path, headers, c.body);
        expect(viaDoor.status, `${c.name} ${encoding}`).toBe(200);
        expect(viaDoor.headers['content-type'], c.name).toMatch(c.type);
        if (c.type.source !== 'javascript') expect(viaDoor.headers['x-cache'], `${c.name} ${encoding}`).toBe('HIT');
        expect(viaDoor.headers['x-request-id'], c.name).toBeTruthy();
        // One answer, one validator, whatever the coding.
        expect(viaDoor.headers.etag, `${c.name} ${encoding}`).toBe(etag);
        if (c.type.source === 'javascript') {
          // A script is never shown as a document: it keeps nosniff, its resource policy and HSTS, not a page's rules.
          expect(viaDoor.headers['x-content-type-options'], c.name).toBe('nosniff');
          expect(viaDoor.headers['cross-origin-resource-policy'], c.name).toBe('same-origin');
          expect(viaDoor.headers['strict-transport-security'], c.name).toBeTruthy();
          expect(viaDoor.headers['content-security-policy'], c.name).toBeUndefined();
          expect(viaDoor.headers['x-frame-options'], c.name).toBeUndefined();
        } else {
          expect(viaDoor.headers['content-security-policy'], c.name).toContain("script-src 'self'");
        }
        // Answers under 1 KiB are sent as they are.
        const compressed = Buffer.byteLength(decoded(warm)) >= 1024;
        const expected = !compressed
          ? undefined
          : encoding === 'br'
            ? c.gzipOnly
              ? undefined
              : 'br'
            : encoding.startsWith('gzip')
              ? 'gzip'
              : undefined;
        expect(viaDoor.headers['content-encoding'], `${c.name} ${encoding}`).toBe(expected);
        expect(Number(viaDoor.headers['content-length']), `${c.name} ${encoding}`).toBe(viaDoor.body.length);
        expect(decoded(viaDoor), c.name).toBe(decoded(warm));
      }
      const notModified = await send(door, c.method, c.path, { ...json, 'if-none-match': etag }, c.body);
      expect(notModified.status, `${c.name} 304`).toBe(304);
      expect(notModified.body.length).toBe(0);
      if (c.method === 'GET') {
        const [head, get] = [
          await send(door, 'HEAD', c.path, { 'accept-encoding': 'gzip' }),
          await send(door, 'GET', c.path, { 'accept-encoding': 'gzip' }),
        ];
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
        // HEAD says what GET would send, Age aside (the two may straddle a second).
        const { age: headAge, ...headRest } = comparable(head.headers);
        const { age: getAge, ...getRest } = comparable(get.headers);
        expect(headRest, c.name).toEqual(getRest);
        expect(headAge === undefined, c.name).toBe(getAge === undefined);
      }
    }
  });

  it('stores a page with its gzip copy and makes the brotli copy at its first hit, not before', async () => {
    // A URL of its own (the query is part of the key): nothing else has asked for it.
    const path = '/News/Media?brotli-at-first-hit=1';
    const stored = () => doorEdge.pageCache!.stats().entries;
    const before = stored();
    const miss = await send(door, 'GET', path, { 'accept-encoding': 'gzip' });
    expect(miss.headers['x-cache']).toBe('MISS');
    await expect.poll(stored, { timeout: 5000 }).toBeGreaterThan(before);
    // Stored, and asked for again: gzip to a client that takes both, as there is no brotli copy yet.
    const firstHit = await send(door, 'GET', path, { 'accept-encoding': 'gzip, br' });
    expect(firstHit.headers['x-cache']).toBe('HIT');
    expect(firstHit.headers['content-encoding']).toBe('gzip');
    // That hit made it: brotli from then on, the same page, fewer bytes.
    await brotliReady('GET', path);
    const later = await send(door, 'GET', path, { 'accept-encoding': 'gzip, br' });
    expect(later.headers['content-encoding']).toBe('br');
    expect(later.headers.etag).toBe(firstHit.headers.etag);
    expect(decoded(later)).toBe(decoded(firstHit));
    expect(later.body.length).toBeLessThan(firstHit.body.length);
  });

  it('compresses a page rendered for its first visitor with a 64 KiB brotli window, as the stored copies', async () => {
    // Brotli's own default window is 4 MiB, and its encoder sets up a ring buffer that size for each answer.
    const miss = await send(door, 'GET', '/News/Media?brotli-window=1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(decoded(miss)).toContain('</html>');
    // The stream header's first bit: 0 is a 2^16 window; 1 starts the code of a larger one (22 by default).
    expect(miss.body[0]! & 1).toBe(0);
  });

  it('sends pages with the security headers, a CDN-ready Cache-Control and the tags as purge keys', async () => {
    await brotliReady('GET', '/News/Media');
    const page = await send(door, 'GET', '/News/Media', { 'accept-encoding': 'br' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=600');
    expect(String(page.headers['surrogate-key']).split(' ')).toEqual(expect.arrayContaining(['queryArchivesList', 'path:/News/Media']));
    expect(String(page.headers['cache-tag']).split(',')).toContain('queryArchivesList');
    // Brotli is smaller than gzip, which is smaller than the page.
    const gz = await send(door, 'GET', '/News/Media', { 'accept-encoding': 'gzip' });
    const plain = await send(door, 'GET', '/News/Media');
    expect(page.body.length).toBeLessThan(gz.body.length);
    expect(gz.body.length).toBeLessThan(plain.body.length);
  });

  it('answers /healthz without Express, and keeps misses, writes and bad input for Express', async () => {
    const health = await send(door, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['x-request-id']).toBeTruthy();
    const missingBuild = await send(door, 'GET', '/build/no-such-file.js');
    expect(missingBuild.status).toBe(404);
    const escape = await send(door, 'GET', '/build/..%2Fpackage.json');
    expect(escape.status).toBe(404);
    expect(escape.body.toString()).not.toContain('"dependencies"');
    // A request with credentials is rendered for itself, never answered from the store.
    const before = doorEdge.pageCache!.stats().renders;
    const personal = await send(door, 'GET', '/News/Media', { authorization: 'Bearer x' });
    expect(personal.status).toBe(200);
    expect(personal.headers['x-cache']).toBeUndefined();
    expect(doorEdge.pageCache!.stats().renders).toBe(before);
  });
});

describe('one render per cold burst, stale while one re-render runs', () => {
  const renders = () => doorEdge.pageCache!.stats().renders;

  it('200 concurrent requests for one cold page make one render, and all get the page', async () => {
    const before = renders();
    const path = '/News/SNews';
    const answers = await Promise.all(Array.from({ length: 200 }, () => send(door, 'GET', path, { 'accept-encoding': 'gzip' })));
    expect(renders() - before).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const bodies = new Set(answers.map(decoded));
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('</html>');
    const labels = answers.map((a) => a.headers['x-cache']);
    expect(labels.filter((l) => l === 'MISS')).toHaveLength(1);
    expect(labels.filter((l) => l === 'HIT')).toHaveLength(199);
    const metrics = await (await fetch(`${door}/metrics`)).text();
    expect(metrics).toMatch(/^edge_page_renders_total\{route="page:zh:News\/SNews"\} 1$/m);
  });

  it('past its lifetime a page is served stale at once while exactly one re-render runs, then fresh', async () => {
    // Its list answer (60 s) is past its own fresh life too: the background re-render waits for a fresh
    // one (a render on stale data would not be kept, and the page would be rendered again and again).
    const path = '/News/Media';
    const first = await send(door, 'GET', path);
    expect(['HIT', 'MISS']).toContain(first.headers['x-cache']);
    const before = renders();
    shift += 70_000; // past the 60 s lifetime, inside the 30 s revalidate window
    const burst = await Promise.all(Array.from({ length: 20 }, () => send(door, 'GET', path)));
    // The old page at once; the ones that come after the re-render has stored the new page get that.
    expect(burst.map((a) => `${a.status} ${a.headers['x-cache']}`).filter((a) => a !== '200 STALE' && a !== '200 HIT')).toEqual([]);
    const stale = burst.filter((a) => a.headers['x-cache'] === 'STALE');
    expect(stale.length).toBeGreaterThan(0);
    expect(Math.min(...stale.map((a) => Number(a.headers.age)))).toBeGreaterThanOrEqual(70);
    // The re-render finishes in the background; then the new page is what everyone gets.
    await expect.poll(async () => (await send(door, 'GET', path)).headers['x-cache'], { timeout: 5000 }).toBe('HIT');
    expect(renders() - before).toBe(1);
    const fresh = await send(door, 'GET', path);
    expect(Number(fresh.headers.age)).toBeLessThan(5);
  });

  it('a purge on the operator route reaches the stored page, and the next visitor renders it again', async () => {
    const path = '/News/Media';
    await send(door, 'GET', path);
    expect((await send(door, 'GET', path)).headers['x-cache']).toBe('HIT');
    const purge = await fetch(`${door}/_edge/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tag: 'queryArchivesList' }),
    });
    expect(purge.status).toBe(200);
    expect((await send(door, 'GET', path)).headers['x-cache']).toBe('MISS');
  });
});

describe('a request that names more than one host', () => {
  const port = () => Number(new URL(door).port);
  const header = (answer: { headers: Array<[string, string]> }, name: string) => answer.headers.find(([n]) => n === name)?.[1];

  it('is refused at the door with a 400 and a stable code, whatever it asks for, before any stored page is sent', async () => {
    const host = new URL(door).host;
    // A stored page: the door would answer it from the store if it read the request any further.
    await send(door, 'GET', '/News/Media');
    expect((await send(door, 'GET', '/News/Media')).headers['x-cache']).toBe('HIT');
    const cases: Array<{ method: string; target: string; headers: Array<[string, string]>; body?: string }> = [
      {
        method: 'GET',
        target: '/News/Media',
        headers: [
          ['Host', host],
          ['Host', 'evil.example'],
        ],
      },
      {
        method: 'GET',
        target: '/News/Media',
        headers: [
          ['Host', host],
          ['HOST', host],
        ],
      },
      { method: 'GET', target: '/News/Media', headers: [['Host', `${host}, evil.example`]] },
      {
        method: 'GET',
        target: '/healthz',
        headers: [
          ['host', 'evil.example'],
          ['Host', host],
        ],
      },
      {
        method: 'HEAD',
        target: '/News/Media',
        headers: [
          ['Host', host],
          ['Host', 'evil.example'],
        ],
      },
      {
        method: 'POST',
        target: '/api/queryArchivesList',
        headers: [
          ['Host', host],
          ['Content-Type', 'application/json'],
          ['Host', 'evil.example'],
        ],
        body: JSON.stringify(LIST_BODY),
      },
    ];
    for (const c of cases) {
      const name = `${c.method} ${c.target} ${c.headers.map(([n, v]) => `${n}: ${v}`).join(' | ')}`;
      const answer = await sendRaw(port(), c);
      expect(answer.status, name).toBe(400);
      expect(header(answer, 'content-type'), name).toBe('application/json; charset=utf-8');
      expect(header(answer, 'connection'), name).toBe('close');
      expect(header(answer, 'x-cache'), name).toBeUndefined();
      const id = header(answer, 'x-request-id');
      expect(id, name).toBeTruthy();
      if (c.method === 'HEAD') continue;
      const body = JSON.parse(answer.body) as { code: number; msg: string; error: string; requestId: string };
      expect(body, name).toMatchObject({ code: 400, error: 'HOST_NOT_ONE', requestId: id });
      expect(body.msg, name).toMatch(/exactly one Host header/);
    }
  });

  it('is told apart from a request with one Host line, which is served as usual', async () => {
    const answer = await sendRaw(port(), { method: 'GET', target: '/News/Media', headers: [['Host', new URL(door).host]] });
    expect(answer.status).toBe(200);
    expect(header(answer, 'x-cache')).toBe('HIT');
  });
});
