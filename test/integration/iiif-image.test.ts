// The IIIF Image API 3.0 service over real sockets: the edge (createApp) in front of the reference
// content service with its demo pictures, in front of the wire-facts stand-in (relative store paths of
// its own), and in front of a recording file store that shows what the edge asked it for — nothing, for
// a hostile identifier or parameter, and only paths below the file prefix otherwise.
import { hugePng } from '../world/pictures.ts';
import { createServer, type Server } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_FILE } from '../../cms/db/demo/articles.ts';
import { IIIF_IMAGE_CONTEXT } from '../../shared/iiif.ts';
import { knownFilePaths } from '../standin/data.ts';
import { getPage } from '../world/requests.ts';
import { closeServer, listen, startWorld, type World } from '../world/world.ts';
import { sendRaw } from './raw-http.ts';

interface Info {
  '@context': string;
  id: string;
  type: string;
  protocol: string;
  profile: string;
  width: number;
  height: number;
  maxWidth: number;
  maxHeight: number;
  maxArea: number;
  sizes: Array<{ width: number; height: number }>;
  tiles: Array<{ width: number; height: number; scaleFactors: number[] }>;
  extraFormats: string[];
}

const idOf = (storePath: string): string => encodeURIComponent(storePath);
const isJpeg = (b: Buffer): boolean => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isWebp = (b: Buffer): boolean => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';

async function get(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
const json = (body: Buffer): { msg: string; error: string } => JSON.parse(body.toString()) as { msg: string; error: string };

async function counter(base: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = new RegExp(`^${name}${labels ? `\\{${labels}\\}` : ''} (\\d+)`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

/** The tile at column, row of scale factor s, as a IIIF client asks for it (`w,` sizes, edges cropped). */
function tilePath(
  id: string,
  info: Info,
  tile: number,
  s: number,
  col: number,
  row: number,
  format = 'jpg',
): { path: string; w: number; h: number } {
  const x = col * tile * s;
  const y = row * tile * s;
  const rw = Math.min(tile * s, info.width - x);
  const rh = Math.min(tile * s, info.height - y);
  const w = Math.ceil(rw / s);
  const h = Math.round((rh * w) / rw);
  return { path: `/iiif/3/${id}/${x},${y},${rw},${rh}/${w},/0/default.${format}`, w, h };
}

describe('the demo pictures (reference service)', () => {
  let world: World;
  /** Store path (relative, as records carry it) of a demo picture, and its original's size. */
  let storePath: string;
  let id: string;
  let original: { width: number; height: number };
  let info: Info;

  beforeAll(async () => {
    world = await startWorld({ content: 'demo' });
    const page = await getPage(world.url, '/Collection/PreciousCol');
    const file = /\/file\/([^"?\s]+\.jpg)\?w=300/.exec(page.html)?.[1] ?? '';
    expect(file).toMatch(/^YUNXI_BWG\/.+\/[0-9a-f]{32}\.jpg$/);
    storePath = file.replace(/\/THUMB\//, '/');
    id = idOf(storePath);
    const bytes = await get(world.url, `/file/${storePath}`);
    const meta = await sharp(bytes.body).metadata();
    original = { width: meta.width!, height: meta.height! };
    info = JSON.parse((await get(world.url, `/iiif/3/${id}/info.json`)).body.toString()) as Info;
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  it('answers info.json per the Image API 3.0: context, absolute id, level 2, size, tiles of 256 and 512, WebP', async () => {
    const res = await get(world.url, `/iiif/3/${id}/info.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`application/ld+json;profile="${IIIF_IMAGE_CONTEXT}"`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(info).toMatchObject({
      '@context': 'http://iiif.io/api/image/3/context.json',
      id: `${world.url}/iiif/3/${id}`,
      type: 'ImageService3',
      protocol: 'http://iiif.io/api/image',
      profile: 'level2',
      width: original.width,
      height: original.height,
      extraFormats: ['webp'],
    });
    expect(info.tiles.map((t) => [t.width, t.height])).toEqual([
      [256, 256],
      [512, 512],
    ]);
    for (const t of info.tiles) {
      const last = t.scaleFactors[t.scaleFactors.length - 1]!;
      expect(t.scaleFactors).toEqual(t.scaleFactors.map((_, i) => 2 ** i));
      expect(Math.ceil(Math.max(info.width, info.height) / last)).toBeLessThanOrEqual(t.width);
    }
    expect(info.sizes.at(-1)).toMatchObject({ width: original.width, height: original.height });
  });

  it('answers HEAD, plain JSON to a client that asks for JSON alone, and 303 from the bare service address', async () => {
    const head = await fetch(`${world.url}/iiif/3/${id}/info.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const plain = await get(world.url, `/iiif/3/${id}/info.json`, { headers: { accept: 'application/json' } });
    expect(plain.headers.get('content-type')).toBe('application/json');
    const bare = await get(world.url, `/iiif/3/${id}`);
    expect(bare.status).toBe(303);
    expect(bare.headers.get('location')).toBe(`${world.url}/iiif/3/${id}/info.json`);
  });

  it('cuts every tile of the last two scale factors of both tile sizes at its size, as JPEG and WebP', async () => {
    for (const t of info.tiles) {
      for (const s of t.scaleFactors.slice(-2)) {
        const cols = Math.ceil(info.width / (t.width * s));
        const rows = Math.ceil(info.height / (t.width * s));
        for (let col = 0; col < cols; col++) {
          for (let row = 0; row < rows; row++) {
            const format = (col + row) % 2 ? 'webp' : 'jpg';
            const tile = tilePath(id, info, t.width, s, col, row, format);
            const res = await get(world.url, tile.path);
            expect(res.status, tile.path).toBe(200);
            expect(format === 'jpg' ? isJpeg(res.body) : isWebp(res.body), tile.path).toBe(true);
            expect(res.headers.get('content-type')).toBe(format === 'jpg' ? 'image/jpeg' : 'image/webp');
            const meta = await sharp(res.body).metadata();
            expect([meta.width, meta.height], tile.path).toEqual([tile.w, tile.h]);
          }
        }
      }
    }
  }, 60_000);

  it('marks an upload id picture immutable, names the canonical form and answers a repeat from memory with 304 on its ETag', async () => {
    const first = await get(world.url, `/iiif/3/${id}/pct:0,0,50,50/max/0/default.jpg`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const w = Math.round(original.width / 2);
    const h = Math.round(original.height / 2);
    expect(first.headers.get('link')).toContain(`<${world.url}/iiif/3/${id}/0,0,${w},${h}/max/0/default.jpg>;rel="canonical"`);
    const again = await get(world.url, `/iiif/3/${id}/0,0,${w},${h}/max/0/default.jpg`);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.body.equals(first.body)).toBe(true);
    const cached = await get(world.url, `/iiif/3/${id}/0,0,${w},${h}/max/0/default.jpg`, {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(cached.status).toBe(304);
  });

  it('sends a tile already in memory from the front door, Express untouched, with the headers and bytes Express sent', async () => {
    // Counts the requests Express itself takes (the door hands it everything it does not answer).
    const app = world.edge.app as unknown as { handle: (...args: unknown[]) => unknown };
    const handle = app.handle;
    let expressTook = 0;
    app.handle = (...args: unknown[]) => {
      expressTook++;
      return handle.apply(app, args);
    };
    try {
      const path = `/iiif/3/${id}/0,0,256,256/256,/0/default.webp`;
      const made = await get(world.url, path);
      expect(made.status).toBe(200);
      expect(expressTook).toBe(1);
      const sent = await get(world.url, path);
      expect(expressTook).toBe(1);
      expect(sent.headers.get('x-cache')).toBe('HIT');
      expect(sent.body.equals(made.body)).toBe(true);
      const perSending = new Set(['date', 'x-request-id', 'x-cache', 'connection', 'keep-alive']);
      const headers = (h: Headers) => [...h].filter(([name]) => !perSending.has(name)).sort();
      expect(headers(sent.headers)).toEqual(headers(made.headers));
      expect(sent.headers.get('access-control-allow-origin')).toBe('*');
      // A conditional request and HEAD are the door's too; an address it cannot read goes on to Express.
      const cached = await get(world.url, path, { headers: { 'if-none-match': made.headers.get('etag')! } });
      expect(cached.status).toBe(304);
      const head = await fetch(`${world.url}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('content-length'))).toBe(made.body.length);
      expect(expressTook).toBe(1);
      expect((await get(world.url, `/iiif/3/${id}/0,0,256,256/0,/0/default.webp`)).status).toBe(400);
      expect(expressTook).toBe(2);
    } finally {
      app.handle = handle;
    }
  });

  it('lets other sites show every answer, from Express and from the front door: Cross-Origin-Resource-Policy cross-origin', async () => {
    // A cut no other test asks for: made by Express first, then sent from memory by the front door.
    const tile = `/iiif/3/${id}/3,5,300,200/150,/0/default.jpg`;
    const made = await get(world.url, tile);
    const sent = await get(world.url, tile);
    expect([made.headers.get('x-cache'), sent.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    const cached = await get(world.url, tile, { headers: { 'if-none-match': made.headers.get('etag')! } });
    expect(cached.status).toBe(304);
    const info = await get(world.url, `/iiif/3/${id}/info.json`);
    const refused = await get(world.url, `/iiif/3/${id}/full/0,/0/default.jpg`);
    expect(refused.status).toBe(400);
    for (const [name, res] of Object.entries({ made, sent, cached, info, refused })) {
      expect(res.headers.get('cross-origin-resource-policy'), name).toBe('cross-origin');
      expect(res.headers.get('access-control-allow-origin'), name).toBe('*');
    }
    // Pages and the file proxy stay same-origin.
    expect((await get(world.url, `/file/${storePath}`)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it.each([
    ['full/max/0/default.jpg', (w: number, h: number) => [w, h]],
    ['full/200,/0/default.jpg', (w: number, h: number) => [200, Math.round((h * 200) / w)]],
    ['full/,100/0/default.webp', (w: number, h: number) => [Math.round((w * 100) / h), 100]],
    ['full/pct:25/0/default.jpg', (w: number, h: number) => [Math.round(w / 4), Math.round(h / 4)]],
    [
      'full/!150,150/0/default.jpg',
      (w: number, h: number) => (w >= h ? [150, Math.round((h * 150) / w)] : [Math.round((w * 150) / h), 150]),
    ],
    ['square/100,100/0/default.jpg', () => [100, 100]],
    ['full/120,80/0/default.jpg', () => [120, 80]],
    ['full/200,/90/default.jpg', (w: number, h: number) => [Math.round((h * 200) / w), 200]],
    ['full/200,/!180/gray.jpg', (w: number, h: number) => [200, Math.round((h * 200) / w)]],
    ['10,10,40,30/^80,/0/color.png', () => [80, 60]],
  ])('answers %s at the size the API gives', async (request, expected) => {
    const res = await get(world.url, `/iiif/3/${id}/${request}`);
    expect(res.status, res.body.toString().slice(0, 200)).toBe(200);
    const meta = await sharp(res.body).metadata();
    expect([meta.width, meta.height]).toEqual(expected(original.width, original.height));
    if (request.includes('gray')) expect(meta.channels === 1 || meta.space === 'b-w').toBe(true);
  });

  it.each([
    ['a region of no syntax', 'a,b,c,d/max/0/default.jpg', 400, 'IIIF_BAD_REGION'],
    ['a region outside the picture', '99999,99999,10,10/max/0/default.jpg', 400, 'IIIF_BAD_REGION'],
    ['a region of no width', '0,0,0,10/max/0/default.jpg', 400, 'IIIF_BAD_REGION'],
    ['a size of zero', 'full/0,/0/default.jpg', 400, 'IIIF_BAD_SIZE'],
    ['a size larger than the region without ^', '0,0,10,10/20,/0/default.jpg', 400, 'IIIF_BAD_SIZE'],
    ['a size over the limits', 'full/99999,99999/0/default.jpg', 400, 'IIIF_SIZE_OVER_LIMIT'],
    ['an upscaled size over the limits', 'full/^!99999,99999/0/default.jpg', 400, 'IIIF_SIZE_OVER_LIMIT'],
    ['a rotation of no syntax', 'full/max/x/default.jpg', 400, 'IIIF_BAD_ROTATION'],
    ['a quality of no syntax', 'full/max/0/best.jpg', 400, 'IIIF_BAD_QUALITY'],
    ['a format not in the API', 'full/max/0/default.bmp', 400, 'IIIF_BAD_FORMAT'],
    ['an arbitrary angle', 'full/max/45/default.jpg', 501, 'IIIF_NOT_IMPLEMENTED'],
    ['bitonal', 'full/max/0/bitonal.jpg', 501, 'IIIF_NOT_IMPLEMENTED'],
  ])('refuses %s with a %i that says why', async (_name, request, status, error) => {
    const res = await get(world.url, `/iiif/3/${id}/${request}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(json(res.body)).toMatchObject({ error, msg: expect.stringMatching(/\w{3,}/) });
  });

  it('answers 404 for a missing picture and for a file whose name is no picture, both with a message', async () => {
    const missing = await get(world.url, `/iiif/3/${idOf('YUNXI_BWG/CMS/nowhere/0123456789abcdef0123456789abcdef.jpg')}/info.json`);
    expect(missing.status).toBe(404);
    expect(json(missing.body)).toMatchObject({ error: 'IIIF_NOT_FOUND', msg: expect.stringContaining('nowhere') });
    // The image service has no image of that id (a file of bytes that are no picture is a 400: below).
    const pdf = await get(world.url, `/iiif/3/${idOf(PDF_FILE)}/info.json`);
    expect(pdf.status).toBe(404);
    expect(json(pdf.body)).toMatchObject({ error: 'IIIF_NOT_FOUND', msg: expect.stringContaining(PDF_FILE) });
  });

  it('answers HEAD of a tile with its length and no body, 405 for other methods, 404 with the address form for other paths', async () => {
    const head = await fetch(`${world.url}/iiif/3/${id}/0,0,256,256/256,/0/default.jpg`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await get(world.url, `/iiif/3/${id}/info.json`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    for (const path of ['/iiif/3', '/iiif/3/', `/iiif/3/${id}/`, `/iiif/3/${id}/full/max/0`, `/iiif/3/${id}/info.xml`]) {
      const res = await get(world.url, path);
      expect(res.status, path).toBe(404);
      expect(json(res.body), path).toMatchObject({ error: 'IIIF_NO_SUCH_ADDRESS', msg: expect.stringContaining('/info.json') });
    }
  });

  it('builds one pyramid and encodes one answer for 20 concurrent requests of a picture not read before', async () => {
    const page = await getPage(world.url, '/Collection/PreciousCol');
    const others = [...page.html.matchAll(/\/file\/([^"?\s]+\.jpg)\?w=300/g)].map((m) => m[1]!.replace(/\/THUMB\//, '/'));
    const fresh = others.find((p) => p !== storePath);
    expect(fresh).toBeDefined();
    const pyramids = await counter(world.url, 'edge_iiif_pyramids_total');
    const encodes = await counter(world.url, 'edge_iiif_encodes_total', 'format="webp"');
    const url = `/iiif/3/${idOf(fresh!)}/0,0,256,256/256,/0/default.webp`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(world.url, url)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.body.equals(answers[0]!.body))).toBe(true);
    expect((await counter(world.url, 'edge_iiif_pyramids_total')) - pyramids).toBe(1);
    expect((await counter(world.url, 'edge_iiif_encodes_total', 'format="webp"')) - encodes).toBe(1);
  });
});

describe('the wire-facts stand-in: relative store paths', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ content: 'standin' });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('answers info.json and the whole picture of every picture its records name', async () => {
    const pictures = [...knownFilePaths(world.standin.data)].filter((p) => p.endsWith('.jpg'));
    expect(pictures.length).toBeGreaterThan(3);
    for (const path of pictures.slice(0, 6)) {
      expect(path).toMatch(/^STANDIN_MUS\//);
      const res = await get(world.url, `/iiif/3/${idOf(path)}/info.json`);
      expect(res.status, path).toBe(200);
      const info = JSON.parse(res.body.toString()) as Info;
      expect(info).toMatchObject({ id: `${world.url}/iiif/3/${idOf(path)}`, width: 8, height: 8, sizes: [{ width: 8, height: 8 }] });
      expect(info.tiles[0]).toMatchObject({ width: 256, scaleFactors: [1] });
      const full = await get(world.url, `/iiif/3/${idOf(path)}/full/max/0/default.jpg`);
      expect(isJpeg(full.body)).toBe(true);
      expect((await sharp(full.body).metadata()).width).toBe(8);
      const up = await get(world.url, `/iiif/3/${idOf(path)}/full/^64,/0/default.webp`);
      expect(isWebp(up.body)).toBe(true);
      expect((await sharp(up.body).metadata()).width).toBe(64);
    }
  });

  it('takes a store path given under the file prefix as the same picture', async () => {
    const [path] = [...knownFilePaths(world.standin.data)].filter((p) => p.endsWith('.jpg'));
    const res = await get(world.url, `/iiif/3/${idOf(`file/${path}`)}/info.json`);
    // `file/…` is another store path (the store has no such file), never the prefix twice.
    expect(res.status).toBe(404);
  });
});

describe('hostile identifiers and parameters never reach the store', () => {
  let world: World;
  let store: Server;
  let edgeUrl: string;
  let edgePort: number;
  const asked: string[] = [];
  let picture: Buffer;

  beforeAll(async () => {
    picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#8a3' } })
      .jpeg()
      .toBuffer();
    store = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/file/store/ok.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
      else if (req.url === '/file/store/fake.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('%PDF-1.4 not a picture');
      else if (req.url === '/file/store/huge.png') res.writeHead(200, { 'content-type': 'image/png' }).end(hugePng());
      else res.writeHead(404).end();
    });
    world = await startWorld({ content: 'fixture' });
    edgeUrl = (await world.startEdge({ UPSTREAM_URL: await listen(store) })).url;
    edgePort = Number(new URL(edgeUrl).port);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await closeServer(store);
  });

  const HOSTILE_IDS = [
    '..',
    '%2e%2e',
    '%2E%2E%2Fetc%2Fpasswd',
    'store%2F..%2F..%2Fsecret.jpg',
    'store%2F%2e%2e%2Fok.jpg',
    'store%252Fok.jpg',
    '%252e%252e%252Fok.jpg',
    'http%3A%2F%2Fevil.example%2Fx.jpg',
    'https:%2F%2Fevil.example%2Fx.jpg',
    '%2F%2Fevil.example%2Fx.jpg',
    '%2Fetc%2Fpasswd.jpg',
    'store%5C..%5Cok.jpg',
    'store%2Fok.jpg%00.png',
    'store%2F%2Fok.jpg',
    'store%2Fok.jpg%2F',
    '%E0%A4%A',
    'x'.repeat(1100),
    `${'ab%2F'.repeat(200)}x.jpg`,
    'store%2Fok.jpg%0D%0AX-Injected:%201',
  ];

  it.each(HOSTILE_IDS)('refuses the id %s with a 400 before asking the store', async (hostile) => {
    const before = asked.length;
    for (const tail of ['info.json', 'full/max/0/default.jpg']) {
      const res = await sendRaw(edgePort, { method: 'GET', target: `/iiif/3/${hostile}/${tail}` });
      expect([400, 404], `${hostile}/${tail}`).toContain(res.status);
      expect(res.body).toMatch(/"error":"IIIF_(BAD_ID|NO_SUCH_ADDRESS|NOT_AN_IMAGE)"/);
    }
    expect(asked.slice(before)).toEqual([]);
  });

  it.each([
    ['a path with a dot segment in the target itself', '/iiif/3/store%2Fok.jpg/../../file/store/ok.jpg/info.json'],
    ['an id split on a real slash', '/iiif/3/store/ok.jpg/info.json'],
    ['an absolute URL as the first segment', '/iiif/3/http://evil.example/x.jpg/info.json'],
    ['a huge size', '/iiif/3/store%2Fnever-read.jpg/full/99999,99999/0/default.jpg'],
    ['a huge width', '/iiif/3/store%2Fnever-read.jpg/full/100000,/0/default.jpg'],
    ['a percentage over 100 without ^', '/iiif/3/store%2Fnever-read.jpg/full/pct:400/0/default.jpg'],
    ['a region of no syntax', '/iiif/3/store%2Fnever-read.jpg/1,2,3/max/0/default.jpg'],
    ['a format not offered', '/iiif/3/store%2Fnever-read.jpg/full/max/0/default.exe'],
    ['a file that is no picture by its name', '/iiif/3/store%2Fnever-read.pdf/info.json'],
  ])('refuses %s without asking the store', async (_name, target) => {
    const before = asked.length;
    const res = await sendRaw(edgePort, { method: 'GET', target });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(asked.slice(before)).toEqual([]);
  });

  it('answers 404 for a random id, as Image API 3.0 §7.3 says for an image that does not exist, without asking the store', async () => {
    const before = asked.length;
    const random = 'f8a7c978-f142-11f1-8328-02fc00000001';
    for (const target of [
      `/iiif/3/${random}/full/max/0/default.jpg`,
      `/iiif/3/${random}/info.json`,
      `/iiif/3/${random}`,
      '/iiif/3/foo.txt/info.json',
    ]) {
      const res = await get(edgeUrl, target);
      expect(res.status, target).toBe(404);
      expect(json(res.body), target).toMatchObject({ error: 'IIIF_NOT_FOUND', msg: expect.stringMatching(/has no picture .+: it serves/) });
    }
    // A random id named as a picture is asked for, and is missing.
    const named = await get(edgeUrl, `/iiif/3/${random}.jpg/full/max/0/default.jpg`);
    expect(named.status).toBe(404);
    expect(json(named.body).error).toBe('IIIF_NOT_FOUND');
    expect(asked.slice(before)).toEqual([`/file/${random}.jpg`]);
  });

  it('asks the store only for the path below the file prefix, once, and answers it', async () => {
    const before = asked.length;
    const res = await get(edgeUrl, '/iiif/3/store%2Fok.jpg/info.json');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toMatchObject({ width: 600, height: 400 });
    const tile = await get(edgeUrl, '/iiif/3/store%2Fok.jpg/256,0,256,256/256,/0/default.jpg');
    expect(tile.status).toBe(200);
    // Not an upload id: a day, not immutable.
    expect(tile.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(asked.slice(before)).toEqual(['/file/store/ok.jpg']);
  });

  it('answers 413 for a picture too large to decode and 400 for bytes that are no picture, with messages', async () => {
    const huge = await get(edgeUrl, '/iiif/3/store%2Fhuge.png/info.json');
    expect(huge.status).toBe(413);
    expect(json(huge.body)).toMatchObject({
      error: 'IIIF_TOO_LARGE',
      msg: expect.stringMatching(/10000 × 10000 px is over the 40 megapixel limit/),
    });
    const fake = await get(edgeUrl, '/iiif/3/store%2Ffake.jpg/full/max/0/default.jpg');
    expect(fake.status).toBe(400);
    expect(json(fake.body)).toMatchObject({ error: 'IIIF_NOT_AN_IMAGE', msg: expect.stringContaining('store/fake.jpg') });
  });

  it('answers 502 with a message when the store is down', async () => {
    const { url } = await world.startEdge({ UPSTREAM_URL: 'http://127.0.0.1:9' });
    const res = await get(url, '/iiif/3/store%2Fok.jpg/info.json');
    expect(res.status).toBe(502);
    expect(json(res.body)).toMatchObject({ error: 'IIIF_UPSTREAM', msg: expect.stringContaining('content service') });
  });
});
