// Picture variants over real sockets: the edge (createApp) in front of the reference content service
// with its demo pictures (real JPEGs with THUMB and WATER copies), and a stand-in file store for files
// the reference service never has (a .jpg that is not a picture, a picture over the pixel limit).
import { hugePng } from '../world/pictures.ts';
import { createServer, type Server, type ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_FILE } from '../../cms/db/demo/articles.ts';
import { getPage } from '../world/requests.ts';
import { closeServer, listen, startWorld, type World } from '../world/world.ts';

const MODERN = 'image/avif,image/webp,*/*';

let world: World;
/** `/file/…/x.jpg` of a demo picture, from the first card of a collection page. */
let picture: string;
let cardSrcSet: string;

const srcSetOf = (html: string): string => {
  const card = /<li class="card"[\s\S]*?<img\b[^>]*>/.exec(html)?.[0] ?? '';
  return /\bsrcSet="([^"]+)"|\bsrcset="([^"]+)"/i.exec(card)?.slice(1).find(Boolean) ?? '';
};

async function get(path: string, accept = MODERN, base = world.url) {
  const res = await fetch(`${base}${path}`, { headers: { accept } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function renders(kind: string): Promise<number> {
  const text = await (await fetch(`${world.url}/metrics`)).text();
  const m = new RegExp(`^edge_image_renders_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

beforeAll(async () => {
  world = await startWorld({ content: 'demo' });
  const page = await getPage(world.url, '/Collection/PreciousCol');
  expect(page.status).toBe(200);
  cardSrcSet = srcSetOf(page.html).replaceAll('&amp;', '&');
  picture = /^(\S+)\?w=300 300w/.exec(cardSrcSet)?.[1] ?? '';
  expect(picture).toMatch(/^\/file\/.+\.jpg$/);
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('a list page offers the variants', () => {
  it("gives a card's <img> a srcset of 300w and 1000w variants that answer as pictures", async () => {
    const entries = cardSrcSet.split(',').map((e) => e.trim().split(/\s+/) as [string, string]);
    expect(entries.map(([, w]) => w)).toEqual(['300w', '1000w']);
    for (const [url, w] of entries) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      const meta = await sharp(res.body).metadata();
      expect(meta.width).toBeLessThanOrEqual(Number.parseInt(w, 10));
    }
    const page = await getPage(world.url, '/Collection/PreciousCol');
    expect(page.html).toMatch(/<li class="card"[\s\S]*?<img\b[^>]*\bsizes="[^"]*282px"/);
    // The strict CSP is untouched: pictures stay same-origin.
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data:");
  });
});

describe('?w= variants of a demo picture', () => {
  it('serves 300 and 1000 px in WebP to a browser that takes it (as browsers do): smaller than the original, Vary: Accept (and Accept-Encoding, as every answer from memory)', async () => {
    const original = await get(picture, '*/*');
    expect(original.status).toBe(200);
    const originalWidth = (await sharp(original.body).metadata()).width!;
    for (const w of [300, 1000]) {
      const res = await get(`${picture}?w=${w}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('vary')).toBe('Accept, Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.body.length).toBeLessThan(original.body.length);
      const meta = await sharp(res.body).metadata();
      expect(meta.width).toBe(Math.min(w, originalWidth));
    }
  });

  it('serves AVIF to a browser that takes AVIF but not WebP, and the original format for */*', async () => {
    const avif = await get(`${picture}?w=300`, 'image/avif,*/*');
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.body.length).toBeLessThan((await get(picture, '*/*')).body.length);
    const plain = await get(`${picture}?w=300`, '*/*');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('image/jpeg');
    expect(plain.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect((await sharp(plain.body).metadata()).format).toBe('jpeg');
    expect((await sharp(plain.body).metadata()).width).toBe(300);
  });

  it('answers a repeated request from memory and honours If-None-Match', async () => {
    const first = await get(`${picture}?w=300`);
    const again = await get(`${picture}?w=300`);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.body.equals(first.body)).toBe(true);
    const res = await fetch(`${world.url}${picture}?w=300`, { headers: { accept: MODERN, 'if-none-match': first.headers.get('etag')! } });
    expect(res.status).toBe(304);
  });

  it('refuses a width that is not offered, and other parameters, with a 400 that says what is', async () => {
    for (const query of ['w=301', 'w=abc', 'w=300&w=1000', 'w=300&x=1']) {
      const res = await get(`${picture}?${query}`);
      expect(res.status, query).toBe(400);
      const body = JSON.parse(res.body.toString()) as { msg: string; error: string };
      expect(body.error).toBe('IMAGE_WIDTH');
      expect(body.msg).toMatch(/\?w=300 or \?w=1000/);
    }
  });

  it('answers 404 for a missing picture', async () => {
    const res = await get('/file/YUNXI_BWG/CMS/nowhere/0123456789abcdef0123456789abcdef.jpg?w=300');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'IMAGE_NOT_FOUND' });
  });

  it('makes one variant for 20 concurrent requests', async () => {
    const before = await renders('resized');
    const url = `${picture}?w=1000`;
    // AVIF: the one form of this variant no earlier test has asked for.
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(url, 'image/avif,*/*')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.headers.get('content-type') === 'image/avif' && a.body.equals(answers[0]!.body))).toBe(true);
    expect((await renders('resized')) - before).toBe(1);
  });

  it('with IMAGE_WATERMARK on, offers variants of the watermarked copy and makes them from it, never from THUMB', async () => {
    const { url: marked } = await world.startEdge({ IMAGE_WATERMARK: 'true' });
    const page = await getPage(marked, '/Collection/PreciousCol');
    const srcset = srcSetOf(page.html).replaceAll('&amp;', '&');
    const water = /^(\S+)\?w=300 300w/.exec(srcset)?.[1] ?? '';
    expect(water).toMatch(/\/WATER\/[0-9a-f]+_IMAGE_REMARK\.jpg$/);
    const res = await get(`${water}?w=300`, '*/*', marked);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-image-variant')).toBe('resized');
    expect((await sharp(res.body).metadata()).width).toBe(300);
    const unmarked = await get(water.replace(/\/WATER\/([0-9a-f]+)_IMAGE_REMARK/, '/THUMB/$1'), '*/*', marked);
    expect(unmarked.status).toBe(200);
    expect(res.body.equals(unmarked.body)).toBe(false);
  });

  it('refuses ?w= on a file that is not a raster picture with a 400, and serves the file itself without it', async () => {
    const pdf = `/file/${PDF_FILE}`;
    const res = await get(`${pdf}?w=300`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'IMAGE_NOT_RESIZABLE' });
    const plain = await get(pdf, '*/*');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('files the reference service never has', () => {
  let store: Server;
  let edgeUrl: string;
  let close: () => Promise<void>;
  const NOT_A_PICTURE = Buffer.from('<html>oops, the store sent a page</html>');
  /** Settles when the edge hangs up on the stalled read, with whether the store had finished sending (it never has). */
  let stallLetGo: (finished: boolean) => void = () => undefined;
  const stallEnded = new Promise<boolean>((resolve) => (stallLetGo = resolve));

  beforeAll(async () => {
    const png = hugePng();
    store = createServer((req, res) => {
      if (req.url === '/file/store/broken.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(NOT_A_PICTURE);
      else if (req.url === '/file/store/huge.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (req.url === '/file/store/stalls.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '5000' }).write('x');
        res.on('close', () => stallLetGo(res.writableFinished));
      } else res.writeHead(404).end();
    });
    const storeUrl = await listen(store);
    // An edge of the world whose upstream is this store (it is closed with the world).
    edgeUrl = (await world.startEdge({ UPSTREAM_URL: storeUrl, UPSTREAM_TIMEOUT_MS: '1000' })).url;
    close = () => closeServer(store);
  });
  afterAll(async () => {
    await close?.();
  });

  it('sends a .jpg that is not a picture as it is stored (200, not a 5xx)', async () => {
    const res = await get('/file/store/broken.jpg?w=300', MODERN, edgeUrl);
    expect(res.status).toBe(200);
    expect(res.body.equals(NOT_A_PICTURE)).toBe(true);
    expect(res.headers.get('x-image-variant')).toBe('original');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('refuses a picture over the pixel limit with a 422 that says why', async () => {
    const res = await get('/file/store/huge.png?w=300', MODERN, edgeUrl);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body.toString()).msg).toMatch(/10000 × 10000 px is over the 40 megapixel limit/);
  });

  it('ends a store read that stalls with a 502 that says so, never a hung socket, and lets go of the store', async () => {
    const res = await get('/file/store/stalls.jpg?w=300', MODERN, edgeUrl);
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body.toString())).toMatchObject({
      error: 'IMAGE_UPSTREAM',
      msg: expect.stringMatching(/^The picture could not be read from the content service \(.+\)$/),
    });
    // What ended the wait: the edge gave up the read itself (the store's body went silent), closing the
    // store's answer with 4,999 of its bytes never sent.
    expect(await stallEnded).toBe(false);
  }, 40_000);
});

describe('the bytes of pictures read for resizing are bounded together', () => {
  /** 20 MiB a source: two are 40 MiB of the edge's 48 MiB, a third would be 60. */
  const SOURCE = 20 * 1024 * 1024;
  const CHUNK = Buffer.alloc(1024 * 1024, 0x61);
  let store: Server;
  let edgeUrl: string;
  /** The store's answers it keeps open (their bytes sent, the end never), until the test lets them go. */
  const parked = new Set<ServerResponse>();

  /** Sends the whole source, or all but its end when `park`; with its length declared, or chunked when not. */
  const sendSource = (res: ServerResponse, { declared, park }: { declared: boolean; park: boolean }): void => {
    res.writeHead(200, declared ? { 'content-type': 'image/jpeg', 'content-length': String(SOURCE) } : { 'content-type': 'image/jpeg' });
    if (park && declared) res.write(CHUNK);
    else for (let sent = 0; sent < SOURCE; sent += CHUNK.length) res.write(CHUNK);
    if (park) parked.add(res);
    else res.end();
  };

  beforeAll(async () => {
    store = createServer((req, res) => {
      const m = /^\/file\/store\/(held|full)-(declared|chunked)-\d+\.jpg$/.exec(req.url ?? '');
      if (!m) return void res.writeHead(404).end();
      sendSource(res, { declared: m[2] === 'declared', park: m[1] === 'held' });
    });
    edgeUrl = (await world.startEdge({ UPSTREAM_URL: await listen(store) })).url;
  });
  afterAll(async () => {
    for (const res of parked) res.destroy();
    await closeServer(store);
  });

  const sourceBytes = async (): Promise<number> => {
    const text = await (await fetch(`${edgeUrl}/metrics`)).text();
    return Number(/^edge_image_source_bytes (\d+)/m.exec(text)?.[1] ?? NaN);
  };
  /** The store cuts the answers it kept open: the edge gets a broken read for each. */
  const cutParked = (): void => {
    for (const res of parked) res.destroy();
    parked.clear();
  };

  for (const kind of ['declared', 'chunked'] as const) {
    it(`refuses a source past the budget with a 503 and Retry-After while others hold it (${kind} length), then gives the bytes back`, async () => {
      const held = [1, 2].map((n) => get(`/file/store/held-${kind}-${n}.jpg?w=300`, MODERN, edgeUrl));
      // Both sources are counted: a declared length from its headers, a chunked one as its bytes arrive.
      await expect.poll(sourceBytes, { timeout: 20_000 }).toBe(2 * SOURCE);
      const third = await get(`/file/store/full-${kind}-3.jpg?w=300`, MODERN, edgeUrl);
      expect(third.status).toBe(503);
      expect(third.headers.get('retry-after')).toBe('2');
      const body = JSON.parse(third.body.toString()) as { error: string; msg: string };
      expect(body.error).toBe('IMAGE_BUSY');
      expect(body.msg).toMatch(
        /^The edge is busy resizing pictures \(the pictures it is reading and resizing take \d+ MB of the 48 MB it gives them\); try again shortly$/,
      );
      cutParked();
      expect((await Promise.all(held)).map((a) => a.status)).toEqual([502, 502]);
      // The failed reads gave their bytes back: the same third source is read now.
      expect(await sourceBytes()).toBe(0);
      const again = await get(`/file/store/full-${kind}-3.jpg?w=300`, MODERN, edgeUrl);
      expect(again.status).toBe(200);
      expect(again.headers.get('x-image-variant')).toBe('original');
      expect(again.body.length).toBe(SOURCE);
      expect(await sourceBytes()).toBe(0);
    }, 60_000);
  }
});
