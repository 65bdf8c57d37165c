// Every answer the edge sends from memory goes out through one sender (server/http/prepared.ts
// sendPrepared), whoever answers it, the front door or Express: a stored page, an API read, an IIIF tile
// and a build file follow the same rules. `If-None-Match: *`, the answer's entity tag in its strong or
// its weak form, or a list naming it: 304 with the ETag and Vary and no body (weak comparison, RFC 9110
// §13.1.2); a tag that names another answer: 200. HEAD: no body, GET's headers and Content-Length. The
// coding: the best copy the client accepts (brotli, then gzip, then the bytes as they are), and
// `Vary: Accept-Encoding` on every answer.
import type { IncomingHttpHeaders } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFile } from './cms-fixture.ts';
import { decodedBody, headersBut, sendExact, type WireAnswer } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

let world: World;
/** A picture of the store, put there by this file (the fixture's own JPEG is a stub no decoder reads). */
const PICTURE = fixtureFile('CMS_EXHIBIT_INFO_IMG', 'one-sender');

beforeAll(async () => {
  world = await startWorld({ env: { PAGE_CACHE_TTL_S: '600', CACHE_TTL_S: '600' } });
  const file = join(dirname(world.db), 'files', PICTURE);
  mkdirSync(dirname(file), { recursive: true });
  const noise = Buffer.from(Array.from({ length: 600 * 400 * 3 }, (_, i) => (i * 7919) % 251));
  writeFileSync(
    file,
    await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(async () => {
  await world?.close();
});

const send = (method: string, path: string, headers: Record<string, string> = {}): Promise<WireAnswer> =>
  sendExact(world.url, method, path, headers);

const varies = (a: WireAnswer): string[] =>
  String(a.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

/** Headers that differ between two sendings of one answer (and between HEAD and GET). */
const PER_SENDING = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'age']);
const comparable = (h: IncomingHttpHeaders) => headersBut(h, PER_SENDING);

/** The islands' script, as the build's manifest names it. */
function islandsScript(): string {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'public/build/manifest.json'), 'utf8')) as { islands?: unknown };
  if (typeof manifest.islands !== 'string') throw new Error('no islands script in the build manifest');
  return manifest.islands;
}

/** The picture's image service. */
const imageBase = (): string => `/iiif/3/${encodeURIComponent(PICTURE)}`;

interface Target {
  name: string;
  path: string;
  /** The compressed copies the answer has: build files and pages both, API answers gzip, pictures none. */
  copies: { br: boolean; gzip: boolean };
  /** Whether the front door answers it (X-Cache: HIT); build files carry no X-Cache. */
  labelled: boolean;
}

/** Asks until the answer is the door's, in memory with every copy it will have. */
async function warm(t: Target): Promise<void> {
  await send('GET', t.path, { 'accept-encoding': 'gzip' });
  await expect
    .poll(
      async () => {
        const a = await send('GET', t.path, { 'accept-encoding': 'br, gzip' });
        const ready = !t.copies.br || a.headers['content-encoding'] === 'br';
        return a.status === 200 && ready && (!t.labelled || a.headers['x-cache'] === 'HIT');
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

/** The coding a client that sends `accept` gets: the best of the copies it accepts. */
function expectedCoding(accept: string, copies: Target['copies']): string | undefined {
  const takes = (coding: string): boolean =>
    accept.split(',').some((part) => {
      const [name = '', ...params] = part.split(';').map((p) => p.trim());
      return name === coding && !params.some((p) => /^q=0(\.0*)?$/.test(p));
    });
  if (copies.br && takes('br')) return 'br';
  if (copies.gzip && takes('gzip')) return 'gzip';
  return undefined;
}

describe('one sender: the same rules for every answer from memory', () => {
  const targets = (): Target[] => [
    { name: 'a stored page', path: '/News/Media', copies: { br: true, gzip: true }, labelled: true },
    // A GET read, so HEAD applies; the cache keeps a gzip copy of API answers and no brotli one.
    { name: 'an API read', path: '/api/queryAllChannel/CN', copies: { br: false, gzip: true }, labelled: true },
    {
      name: 'an IIIF tile made before',
      path: `${imageBase()}/0,0,256,256/256,/0/default.jpg`,
      copies: { br: false, gzip: false },
      labelled: true,
    },
    { name: 'a build file', path: islandsScript(), copies: { br: true, gzip: true }, labelled: false },
  ];

  it('answers If-None-Match by weak comparison: *, the tag strong or weak, a list; 304 with ETag and Vary, no body', async () => {
    for (const t of targets()) {
      await warm(t);
      const plain = await send('GET', t.path);
      expect(plain.status, t.name).toBe(200);
      const etag = String(plain.headers.etag);
      expect(etag, t.name).toMatch(/^(W\/)?"[^"]+"$/);
      const opaque = etag.replace(/^W\//, '');
      for (const condition of ['*', opaque, `W/${opaque}`, `"other", ${etag}`, ` W/"other" ,${opaque} `]) {
        const a = await send('GET', t.path, { 'if-none-match': condition, 'accept-encoding': 'gzip' });
        expect(a.status, `${t.name}: If-None-Match ${condition}`).toBe(304);
        expect(a.headers.etag, `${t.name}: ${condition}`).toBe(etag);
        expect(varies(a), `${t.name}: ${condition}`).toContain('accept-encoding');
        expect(a.body.length, `${t.name}: ${condition}`).toBe(0);
        const head = await send('HEAD', t.path, { 'if-none-match': condition });
        expect(head.status, `${t.name}: HEAD If-None-Match ${condition}`).toBe(304);
      }
      for (const condition of ['"other"', 'W/"other"', `${opaque.slice(0, -1)}x"`]) {
        const a = await send('GET', t.path, { 'if-none-match': condition });
        expect(a.status, `${t.name}: If-None-Match ${condition}`).toBe(200);
        expect(a.body.equals(plain.body), t.name).toBe(true);
      }
    }
  });

  it('sends the best coding the client accepts, Vary: Accept-Encoding, and HEAD with GET’s headers and no body', async () => {
    for (const t of targets()) {
      await warm(t);
      const identity = await send('GET', t.path);
      for (const accept of ['br', 'gzip', 'identity', 'br;q=0', 'gzip, deflate, br', 'br;q=0, gzip']) {
        const get = await send('GET', t.path, { 'accept-encoding': accept });
        const why = `${t.name}: Accept-Encoding ${accept}`;
        expect(get.status, why).toBe(200);
        expect(get.headers['content-encoding'], why).toBe(expectedCoding(accept, t.copies));
        expect(varies(get), why).toContain('accept-encoding');
        expect(Number(get.headers['content-length']), why).toBe(get.body.length);
        expect(decodedBody(get).equals(identity.body), why).toBe(true);
        if (t.labelled) expect(get.headers['x-cache'], why).toBe('HIT');
        const head = await send('HEAD', t.path, { 'accept-encoding': accept });
        expect(head.status, why).toBe(200);
        expect(head.body.length, why).toBe(0);
        expect(comparable(head.headers), why).toEqual(comparable(get.headers));
        expect(Number(head.headers['content-length']), why).toBe(get.body.length);
      }
    }
  });

  it('keeps the rules for an IIIF answer Express makes: If-None-Match * on a tile not made yet is a 304', async () => {
    // Cuts no other test asks for, so the image router (Express) makes them; the door sends them afterwards.
    const first = `${imageBase()}/256,0,256,256/256,/0/default.png`;
    const made = await send('GET', first, { 'if-none-match': '*' });
    expect(made.status).toBe(304);
    expect(made.body.length).toBe(0);
    expect(made.headers.etag).toMatch(/"/);
    expect(varies(made)).toContain('accept-encoding');
    const again = await send('GET', first);
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.headers.etag).toBe(made.headers.etag);
    // HEAD of a cut not made yet: made, then said as GET would say it, without the bytes.
    const other = `${imageBase()}/0,256,256,144/256,/0/default.webp`;
    const head = await send('HEAD', other);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const get = await send('GET', other);
    expect(Number(head.headers['content-length'])).toBe(get.body.length);
    const { 'x-cache': headCache, ...headRest } = comparable(head.headers);
    const { 'x-cache': getCache, ...getRest } = comparable(get.headers);
    expect([headCache, getCache]).toEqual(['MISS', 'HIT']);
    expect(headRest).toEqual(getRest);
  });
});
