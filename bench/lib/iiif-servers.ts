// The servers of the IIIF bench, in a child process of their own so the load generator has the other
// core: a file store answering a few large generated pictures (upload-id names), the edge in front of
// it, and a bare node:http server answering one tile's bytes. Sends their addresses to the parent over
// IPC; answers 'cpu' (child.ts) and 'mem'/'gc' (memory-probe.cjs, loaded with --require); exits on SIGTERM.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import sharp from 'sharp';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../../cms/demo-credentials.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { answerCpuQueries, closeOnSigterm } from './child.ts';

export interface IiifBenchTargets {
  edgeUrl: string;
  bareUrl: string;
  /** Store paths (relative, as records carry them) of the pictures, and their size. */
  pictures: string[];
  width: number;
  height: number;
  /** The path of the tile the bare server answers (its bytes as the edge made them). */
  bareTile: string;
  tileBytes: number;
}

const WIDTH = Number(process.env.BENCH_IIIF_WIDTH ?? 4000);
const HEIGHT = Number(process.env.BENCH_IIIF_HEIGHT ?? 3000);
const PICTURES = Number(process.env.BENCH_IIIF_PICTURES ?? 4);

/** A photograph-like picture: a gradient with grain, so tiles compress as real ones do (not as flat colour). */
async function picture(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: { r: 40 * seed, g: 120, b: 200 - 30 * seed },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  return sharp(grain, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const files = new Map<string, Buffer>();
for (let i = 0; i < PICTURES; i++)
  files.set(`/file/BENCH/CMS/IMG/20240101/${'0123456789abcdef'.repeat(2).slice(i)}${'f'.repeat(i)}.jpg`, await picture(i));
const store = createServer((req, res) => {
  const body = files.get(req.url ?? '');
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
});
await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
const storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;

const logger = pino({ level: 'info', name: 'edge' }, pino.destination({ dest: '/dev/null', sync: true }));
const config = loadConfig({ UPSTREAM_URL: storeUrl, APP_ID: DEMO_APP_ID, TOKEN_KEY: DEMO_TOKEN_KEY });
const edge = createApp(config, { logger });
const edgeServer = createServer(edge.handler);
await new Promise<void>((r) => edgeServer.listen(0, '127.0.0.1', r));
const edgeUrl = `http://127.0.0.1:${(edgeServer.address() as AddressInfo).port}`;

// The bare server answers the bytes of a tile of a picture the parent does not measure (the last one).
const pictures = [...files.keys()].map((p) => p.slice('/file/'.length));
const bareTile = `/iiif/3/${encodeURIComponent(pictures[pictures.length - 1]!)}/0,0,256,256/256,/0/default.jpg`;
const made = await fetch(`${edgeUrl}${bareTile}`);
if (made.status !== 200) throw new Error(`edge answered ${made.status}: ${await made.text()}`);
const tile = Buffer.from(await made.arrayBuffer());
const bare = createServer((req, res) => {
  res.writeHead(200, {
    'content-type': 'image/jpeg',
    'content-length': tile.length,
    'cache-control': 'public, max-age=31536000, immutable',
  });
  res.end(tile);
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const targets: IiifBenchTargets = {
  edgeUrl,
  bareUrl,
  pictures: pictures.slice(0, -1),
  width: WIDTH,
  height: HEIGHT,
  bareTile,
  tileBytes: tile.length,
};
process.send!(targets);
answerCpuQueries();
closeOnSigterm([edgeServer, bare, store], [edge]);
