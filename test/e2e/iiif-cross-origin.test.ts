// IIIF tiles on another site, as OpenSeadragon's default mode and an aggregator's thumbnail list show
// them: a page of a second origin (a plain node:http server on another port of 127.0.0.1) with a plain
// `<img>` of a tile of the edge, no `crossorigin`. Chromium shows it only when the answer's
// Cross-Origin-Resource-Policy lets other origins embed it; CORS alone does not. The page is opened in
// two fresh browser contexts: the first tile is made by Express, the second sent from memory by the
// front door, and both must show.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '../world/world.ts';
import { problemText, startWorld, type E2EWorld } from './harness.ts';

let world: E2EWorld;
let otherSite: Server;
let otherUrl: string;
let tileUrl: string;

beforeAll(async () => {
  world = await startWorld();
  const list = await (await fetch(`${world.url}/Collection/PreciousCol`, { headers: { accept: 'text/html' } })).text();
  const file = /\/file\/([^"?\s]+\.jpg)\?w=300/.exec(list)?.[1] ?? '';
  expect(file).toMatch(/\.jpg$/);
  tileUrl = `${world.url}/iiif/3/${encodeURIComponent(file.replace(/\/THUMB\//, '/'))}/full/256,/0/default.jpg`;
  otherSite = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>An aggregator</title><img id="tile" src="${tileUrl}" alt="A tile"></html>`);
  });
  otherUrl = await listen(otherSite);
});

afterAll(async () => {
  await world?.close();
  if (otherSite) await closeServer(otherSite);
});

describe('a tile shown by a plain <img> on another origin', () => {
  it('loads from Express and again from the front door', async () => {
    expect(new URL(otherUrl).origin).not.toBe(new URL(world.url).origin);
    const cacheOfTile: string[] = [];
    for (const shot of ['express', 'door']) {
      const p = await world.newPage('desktop');
      p.page.on('response', (res) => {
        if (res.url() === tileUrl) cacheOfTile.push(res.headers()['x-cache'] ?? '');
      });
      await p.page.goto(otherUrl, { waitUntil: 'load' });
      const shown = await p.page.locator('#tile').evaluate((img: HTMLImageElement) => ({
        complete: img.complete,
        width: img.naturalWidth,
      }));
      expect(shown, `${shot}: ${problemText(p)}`).toEqual({ complete: true, width: 256 });
      expect(problemText(p), shot).toBe('');
      await p.close();
    }
    expect(cacheOfTile).toEqual(['MISS', 'HIT']);
  });
});
