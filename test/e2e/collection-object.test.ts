// The object page's viewers in Chromium, on the real demo content. The stage is an island that wakes only
// at the visitor's first touch: before then (and without JavaScript) the picture and the zoom link lead to
// the full-size image and the model's button to its file; a click on one of them before the island is
// live is held and given to it once it is. Live, the deep zoom opens in a dialog, loads IIIF tiles, zooms
// in with its button to tiles of a finer level, and Esc gives focus back; the 3D viewer draws the demo
// model; the listen control shows only once script runs, goes away where the browser has no voice for the
// language, and drives the browser's speech synthesis. No console error, no failed request and no CSP
// violation on the way (the harness fails a page on any). Screenshots: test-results/screens/.
import sharp from 'sharp';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  encodeId,
  islandSelector,
  problemText,
  problemsWithoutJs,
  startWorld,
  type CheckedPage,
  type E2EWorld,
} from './harness.ts';

let world: E2EWorld;
/** An exhibit with a picture, a glTF model and a commentary; one with a picture and no commentary. */
let withModel: string;
let withoutText: string;

const query = <T>(sql: string): T[] => world.cms.cms.db.prepare(sql).all() as T[];

/** The pages of the exhibits of the Chinese site matching `where`, by id. */
function exhibitPages(where: string, site: 'CN' | 'EN' = 'CN'): string[] {
  const rows = query<{ id: number }>(
    `SELECT exhibitId AS id FROM exhibits
      WHERE languageType = '${site}' AND generalType = 'GDWW' AND thumb LIKE '%.jpg' AND ${where}
      ORDER BY exhibitId`,
  );
  if (!rows[0]) throw new Error(`the demo has no ${site} exhibit where ${where}`);
  const list = site === 'EN' ? '/EN_Collection/EN_PreciousCol' : '/Collection/PreciousCol';
  return rows.map((r) => `${list}/${encodeId('exhibit', r.id)}`);
}

/** The width of the picture an exhibit page zooms (its image service's info.json). */
async function zoomWidth(path: string): Promise<number> {
  const html = await (await fetch(`${world.url}${path}`)).text();
  const service = /class="deep-zoom__link" href="(\/iiif\/3\/[^/"]+)\/full\//.exec(html)?.[1];
  if (!service) return 0;
  return ((await (await fetch(`${world.url}${service}/info.json`)).json()) as { width: number }).width;
}

/** The largest zoomable picture of a model exhibit with a commentary. */
let pictureWidth = 0;

beforeAll(async () => {
  world = await startWorld();
  for (const path of exhibitPages(`modelUrl LIKE '%.glb' AND COALESCE(explanationWord, '') <> ''`)) {
    const width = await zoomWidth(path);
    if (width > pictureWidth) [withModel, pictureWidth] = [path, width];
  }
  if (!withModel) throw new Error('the demo has no zoomable exhibit with a model and a commentary');
  withoutText = exhibitPages(`COALESCE(explanationWord, '') = ''`)[0]!;
});
afterAll(async () => {
  await world?.close();
});

/** The script files the page has loaded (`/build/….js`). */
const scriptsLoaded = (p: CheckedPage) =>
  p.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((name) => /^\/build\/.*\.js$/.test(name)),
  );

/**
 * Holds every script the page asks for from now on (the islands' code, loaded when an island wakes), so
 * a test can act before an island is live; `release` lets them through.
 */
async function holdIslandCode(p: CheckedPage): Promise<{ asked: Promise<void>; release: () => void }> {
  let release = () => {};
  let ask = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await p.page.route(/\/build\/.*\.js$/, async (route) => {
    ask();
    await held;
    await route.fallback();
  });
  return { asked, release };
}

/** The bytes of island script the page has loaded (as sent: brotli where the browser took it). */
const scriptBytes = (p: CheckedPage) =>
  p.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /^\/build\/.*\.js$/.test(new URL(e.name).pathname))
      .reduce((n, e) => n + (e as PerformanceResourceTiming).encodedBodySize, 0),
  );

/**
 * Leaving a page for the full-size image itself: the page's cross-document view transition is skipped
 * because an image document does not opt in, and Chromium reports that skip as an error of the image's
 * document. Not a fault of any page of the site.
 */
const withoutImageDocumentTransition = (problems: string) =>
  problems
    .split('\n')
    .filter((line) => line !== 'pageerror: Transition was aborted because of invalid state. ViewTransition opt-in disabled')
    .join('\n');

const stageLive = (p: CheckedPage) => p.page.locator(`${islandSelector('exhibitStage')}[data-hydrated]`).count();

/** Wakes the stage island as a visitor does (the pointer over the picture) and waits until it is live. */
async function wakeStage(p: CheckedPage): Promise<void> {
  await p.page.locator('.exhibit__stage').hover();
  await p.island('exhibitStage');
}

interface Tile {
  url: string;
  /** Image pixels per tile pixel: smaller is a finer level. */
  scale: number;
  response: Response;
}

/** The IIIF image requests of the page (`…/{region}/{size}/0/default.jpg`), with their level. */
function watchTiles(page: Page, width: () => number): Tile[] {
  const tiles: Tile[] = [];
  page.on('response', (response) => {
    const m = /\/iiif\/3\/[^/]+\/([^/]+)\/([^/]+)\/0\/default\.(?:jpg|webp|png)$/.exec(new URL(response.url()).pathname);
    if (!m) return;
    const [region, size] = [m[1]!, Number(m[2]!.split(',')[0])];
    if (!(size > 0)) return;
    tiles.push({
      url: response.url(),
      response,
      // Read when asked: the picture's width comes with info.json, which may answer after a first tile.
      get scale() {
        return (region === 'full' ? width() : Number(region.split(',')[2])) / size;
      },
    });
  });
  return tiles;
}

describe('deep zoom', () => {
  it('without JavaScript the picture and the zoom link open the full-size image, the model is its file, no listen button', async () => {
    const p = await world.newPage('desktop', { javaScript: false });
    expect(await p.open(withModel)).toBe(200);
    const full = await p.page.locator('a.deep-zoom__link').getAttribute('href');
    expect(full).toMatch(/^\/iiif\/3\/[^/]+\/full\/max\/0\/default\.jpg$/);
    expect(await p.page.locator('a.deep-zoom__link img.exhibit__image').count()).toBe(1);
    expect(await p.page.locator('a.deep-zoom__open').getAttribute('href')).toBe(full);
    expect(await p.page.locator('.exhibit .zoom-dialog').count()).toBe(0);
    // The listen button needs script: it is not shown.
    expect(await p.page.locator('.listen').count()).toBe(1);
    expect(await p.page.locator('.listen__button').isVisible()).toBe(false);
    // The model is a plain link to its file; the manifest link is there.
    const model = p.page.locator('a.exhibit__model');
    expect(await model.getAttribute('href')).toMatch(/\.glb$/);
    expect(await model.getAttribute('download')).not.toBeNull();
    const manifestLink = (await p.page.locator('a.iiif-link').getAttribute('href')) ?? '';
    expect(manifestLink.startsWith(`${world.url}/iiif/3/manifest/`)).toBe(true);
    const logo = p.page.locator('a.iiif-link img.iiif-link__logo');
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const manifest = await p.page.request.get(manifestLink);
    expect(manifest.status()).toBe(200);
    expect(((await manifest.json()) as { type: string }).type).toBe('Manifest');
    await p.screenshot('object-nojs');

    // The model's link gives its file.
    const [download] = await Promise.all([p.page.waitForEvent('download'), model.click()]);
    expect(download.suggestedFilename()).toMatch(/\.glb$/);
    expect(problemsWithoutJs(p)).toBe('');
    // The zoom link opens the full image itself.
    const image = p.page.waitForResponse((r) => new URL(r.url()).pathname === full);
    await Promise.all([p.page.waitForURL((u) => u.pathname === full), p.page.locator('a.deep-zoom__open').click()]);
    expect((await image).status()).toBe(200);
    expect((await image).headers()['content-type']).toBe('image/jpeg');
    expect([...(await (await image).body()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(withoutImageDocumentTransition(problemsWithoutJs(p))).toBe('');
  });

  it('loads no island code before a touch; a click on the zoom before the island is live opens the zoom', async () => {
    const p = await world.newPage('desktop', { reducedMotion: true });
    expect(await p.open(withModel)).toBe(200);
    // Only the islands' own small script (under the 10 KB the build allows a page whose islands all
    // wait for a touch; uncompressed here): the stage waits for the visitor.
    const first = await scriptBytes(p);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(10 * 1024);
    expect(await stageLive(p)).toBe(0);
    const { asked, release } = await holdIslandCode(p);
    const open = p.page.locator('a.deep-zoom__open');
    await open.click();
    await asked;
    // Held: not followed to the full image, and nothing open yet.
    expect(new URL(p.page.url()).pathname).toBe(withModel);
    expect(await stageLive(p)).toBe(0);
    expect(await p.page.locator('dialog.zoom-dialog[open]').count()).toBe(0);
    release();
    await p.island('exhibitStage');
    expect(await scriptBytes(p)).toBeGreaterThan(first);
    const dialog = p.page.locator('dialog.zoom-dialog');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    await p.page.locator('.zoom-dialog__viewer[data-loaded="true"]').waitFor();
    expect(new URL(p.page.url()).pathname).toBe(withModel);
    await p.page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(await p.page.locator('button.deep-zoom__open').evaluate((b) => b === document.activeElement)).toBe(true);
    expect(problemText(p)).toBe('');
  });

  it('follows the link to the full image when the island cannot be loaded', async () => {
    const p = await world.newPage('desktop');
    expect(await p.open(withModel)).toBe(200);
    const full = (await p.page.locator('a.deep-zoom__open').getAttribute('href'))!;
    await p.page.route(/\/build\/.*\.js$/, (route) => route.abort());
    await Promise.all([p.page.waitForURL((u) => u.pathname === full), p.page.locator('a.deep-zoom__open').click()]);
    // The only faults are the refused scripts themselves.
    const refused = (x: { kind: string; text: string }) =>
      (x.kind === 'requestfailed' && /\/build\/\S+\.js net::ERR_FAILED$/.test(x.text)) ||
      (x.kind === 'console' && x.text === 'Failed to load resource: net::ERR_FAILED');
    expect(withoutImageDocumentTransition(problemText({ ...p, problems: p.problems.filter((x) => !refused(x)) }))).toBe('');
  });

  it('opens, zooms in to finer tiles, and Esc gives focus back', async () => {
    const p = await world.newPage('desktop', { reducedMotion: true });
    // The demo's zoomable pictures are far larger than the screen: levels finer than the first view exist.
    expect(pictureWidth).toBeGreaterThanOrEqual(4000);
    let width = 0;
    const tiles = watchTiles(p.page, () => width);
    expect(await p.open(withModel)).toBe(200);
    await wakeStage(p);
    // The viewer's code is not part of the page until the visitor asks for it.
    const before = new Set(await scriptsLoaded(p));
    const info = p.page.waitForResponse((r) => r.url().endsWith('/info.json'));
    const opener = p.page.locator('button.deep-zoom__open');
    await opener.click();
    const dialog = p.page.locator('dialog.zoom-dialog');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    width = ((await (await info).json()) as { width: number }).width;
    await p.page.locator('.zoom-dialog__viewer[data-loaded="true"]').waitFor();
    expect(tiles.length).toBeGreaterThan(0);
    expect((await scriptsLoaded(p)).filter((name) => !before.has(name)).length).toBeGreaterThan(0);
    // The viewer's canvas has the focus, a name and its keys explained.
    const canvas = p.page.locator('.zoom-dialog__viewer .openseadragon-canvas');
    expect(await canvas.evaluate((c) => c === document.activeElement)).toBe(true);
    expect(await canvas.getAttribute('aria-label')).toContain('可缩放的大图');

    const coarsest = Math.min(...tiles.map((t) => t.scale));
    const zoomIn = p.page.getByRole('button', { name: '放大', exact: true });
    await zoomIn.click();
    await zoomIn.click();
    await zoomIn.click();
    const levels = () => tiles.map((t) => `${t.scale} ${new URL(t.url).pathname.split('/').slice(-4).join('/')}`).join(', ');
    await expect
      .poll(() => tiles.filter((t) => t.scale < coarsest).length, { timeout: 15_000, message: `tiles: ${levels()}` })
      .toBeGreaterThan(0);
    await p.page.locator('.zoom-dialog__viewer[data-loaded="true"]').waitFor();
    for (const tile of tiles.filter((t) => t.scale < coarsest)) {
      expect(tile.response.status(), tile.url).toBe(200);
      expect(tile.response.headers()['content-type']).toMatch(/^image\/(jpeg|webp|png)$/);
      expect((await tile.response.body()).length).toBeGreaterThan(100);
    }
    // The keyboard zooms too: + on the canvas changes the view (at once: the page asks for reduced motion).
    const view = p.page.locator('.zoom-dialog__viewer');
    const shown = await view.screenshot();
    await canvas.press('+');
    await p.page.locator('.zoom-dialog__viewer[data-loaded="true"]').waitFor();
    expect((await view.screenshot()).equals(shown)).toBe(false);
    await p.screenshot('object-zoom-desktop', false);
    expect(await axeViolations(p)).toBe('');

    await p.page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await p.page.locator('.zoom-dialog__viewer canvas').count()).toBe(0);
    // A plain click on the picture opens the zoom as well, in place of the full-size image.
    await p.page.locator('a.deep-zoom__link').click();
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(new URL(p.page.url()).pathname).toBe(withModel);
    await p.page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(problemText(p)).toBe('');
  });

  it('says the picture could not be loaded and links the full image when its service fails', async () => {
    const p = await world.newPage('desktop');
    // The store lost the picture after the page was kept: its image service answers 404.
    await p.page.route(/\/iiif\/3\/[^/]+\/info\.json$/, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"IIIF_NOT_FOUND"}' }),
    );
    expect(await p.open(withModel)).toBe(200);
    const full = await p.page.locator('a.deep-zoom__link').getAttribute('href');
    await wakeStage(p);
    await p.page.locator('button.deep-zoom__open').click();
    const alert = p.page.locator('dialog.zoom-dialog [role="alert"]');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('大图暂时无法加载');
    expect(await alert.locator('a').getAttribute('href')).toBe(full);
    // Esc still closes it and gives the focus back.
    await p.page.keyboard.press('Escape');
    await expect.poll(() => p.page.locator('dialog.zoom-dialog[open]').count()).toBe(0);
    expect(await p.page.locator('button.deep-zoom__open').evaluate((b) => b === document.activeElement)).toBe(true);
    // The 404 of the image service was the test's own doing.
    expect(p.problems.filter((x) => !x.text.includes('404'))).toEqual([]);
  });
});

/** How many distinct grey levels a PNG shows (1 = a blank box). */
async function greyLevels(png: Buffer): Promise<number> {
  const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return new Set(data).size;
}

/**
 * A square whose picture is embedded in the .glb (left half red, right half blue): what a scanned object's
 * model carries, and what the page must decode without `blob:` or `data:` addresses.
 */
async function texturedGlb(): Promise<Buffer> {
  const half = (r: number, b: number) => ({ create: { width: 32, height: 64, channels: 3 as const, background: { r, g: 0, b } } });
  const png = await sharp(half(220, 0))
    .extend({ right: 32, background: { r: 0, g: 0, b: 220 } })
    .png()
    .toBuffer();
  const floats = (values: number[]) => Buffer.from(new Float32Array(values).buffer);
  const positions = floats([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]);
  const uvs = floats([0, 1, 1, 1, 1, 0, 0, 0]);
  const indices = Buffer.from(new Uint16Array([0, 1, 2, 0, 2, 3]).buffer);
  const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);
  const parts = [positions, uvs, pad(indices), pad(png)];
  const offsets = parts.map((_, i) => parts.slice(0, i).reduce((n, b) => n + b.length, 0));
  const bin = Buffer.concat(parts);
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, TEXCOORD_0: 1 }, indices: 2, material: 0 }] }],
    materials: [
      {
        pbrMetallicRoughness: { baseColorTexture: { index: 0 }, metallicFactor: 0 },
        emissiveFactor: [1, 1, 1],
        emissiveTexture: { index: 0 },
      },
    ],
    textures: [{ source: 0 }],
    images: [{ bufferView: 3, mimeType: 'image/png' }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3', min: [-1, -1, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5126, count: 4, type: 'VEC2' },
      { bufferView: 2, componentType: 5123, count: 6, type: 'SCALAR' },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: offsets[0], byteLength: positions.length },
      { buffer: 0, byteOffset: offsets[1], byteLength: uvs.length },
      { buffer: 0, byteOffset: offsets[2], byteLength: indices.length },
      { buffer: 0, byteOffset: offsets[3], byteLength: png.length },
    ],
    buffers: [{ byteLength: bin.length }],
  };
  const text = Buffer.from(JSON.stringify(json).padEnd(Math.ceil(JSON.stringify(json).length / 4) * 4, ' '));
  const chunk = (type: number, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(data.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, data]);
  };
  const body = Buffer.concat([chunk(0x4e4f534a, text), chunk(0x004e4942, bin)]);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + body.length, 8);
  return Buffer.concat([header, body]);
}

/** Pixels of a PNG that are clearly red and clearly blue. */
async function redAndBlue(png: Buffer): Promise<[number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  let blue = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! > 150 && data[i + 2]! < 80) red++;
    if (data[i + 2]! > 150 && data[i]! < 80) blue++;
  }
  return [red, blue];
}

describe('3D model', () => {
  it('draws the demo model on the stage and turns it, from a click before the island is live', async () => {
    const p = await world.newPage('desktop');
    expect(await p.open(withModel)).toBe(200);
    const model = p.page.waitForResponse((r) => /\.glb$/.test(r.url()));
    // Before the island is live the button is the file's link: the click is held, not a download.
    const { asked, release } = await holdIslandCode(p);
    let downloads = 0;
    p.page.on('download', () => (downloads += 1));
    await p.page.locator('a.exhibit__model').click();
    await asked;
    expect(await stageLive(p)).toBe(0);
    release();
    await p.island('exhibitStage');
    const button = p.page.locator('button.exhibit__model');
    const glb = await model;
    expect(downloads).toBe(0);
    expect(glb.status()).toBe(200);
    expect((await glb.body()).subarray(0, 4).toString('latin1')).toBe('glTF');
    await p.page.locator('.model-view--ready canvas.model-view__canvas').waitFor();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    const canvas = p.page.locator('canvas.model-view__canvas');
    const first = await canvas.screenshot();
    expect(await greyLevels(first)).toBeGreaterThan(8);
    await p.page.getByRole('button', { name: '向左转' }).click();
    const turned = await canvas.screenshot();
    expect(turned.equals(first)).toBe(false);
    await p.screenshot('object-3d-desktop', false);
    expect(await axeViolations(p)).toBe('');

    await p.page.getByRole('button', { name: '返回图片' }).click();
    expect(await p.page.locator('canvas.model-view__canvas').count()).toBe(0);
    expect(await p.page.locator('.deep-zoom img.exhibit__image').count()).toBe(1);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(problemText(p)).toBe('');
  });

  it('draws a model whose picture is embedded in the file, within the CSP', async () => {
    const p = await world.newPage('desktop');
    const glb = await texturedGlb();
    await p.page.route(/\.glb$/, (route) => route.fulfill({ body: glb, contentType: 'model/gltf-binary' }));
    expect(await p.open(withModel)).toBe(200);
    await wakeStage(p);
    await p.page.locator('button.exhibit__model').click();
    await p.page.locator('.model-view--ready canvas.model-view__canvas').waitFor();
    const [red, blue] = await redAndBlue(await p.page.locator('canvas.model-view__canvas').screenshot());
    expect(red).toBeGreaterThan(500);
    expect(blue).toBeGreaterThan(500);
    expect(problemText(p)).toBe('');
  });

  it('keeps the picture, says why and links the file where the browser has no WebGL', async () => {
    const p = await world.newPage('desktop');
    await p.context.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        return /webgl/.test(kind) ? null : getContext.call(this, kind as '2d', ...(rest as []));
      } as typeof getContext;
    });
    expect(await p.open(withModel)).toBe(200);
    await wakeStage(p);
    await p.page.locator('button.exhibit__model').click();
    const failed = p.page.locator('.model-view--failed');
    await failed.waitFor();
    expect(await failed.locator('[role="alert"]').innerText()).toContain('三维模型暂时无法显示');
    expect(await failed.locator('a[download]').getAttribute('href')).toMatch(/\.glb$/);
    expect(await failed.locator('.model-view__poster img.exhibit__image').isVisible()).toBe(true);
    expect(await p.page.locator('canvas.model-view__canvas').count()).toBe(0);
    // three.js says on the console that it found no WebGL: that one message is expected here.
    expect(
      problemText(p)
        .replace(/^console: THREE\.WebGLRenderer: .*$/gm, '')
        .trim(),
    ).toBe('');
  });
});

/**
 * A browser speaking `lang` (Chromium here lists no voices): a stub voice of it, and speech synthesis
 * calls recorded instead of spoken.
 */
async function stubSpeech(p: CheckedPage, lang = 'zh-CN'): Promise<void> {
  await p.context.addInitScript((lang: string) => {
    const calls: string[] = [];
    const w = window as unknown as { speechCalls: string[]; SpeechSynthesisUtterance: unknown };
    w.speechCalls = calls;
    const voice = { lang, name: `Stub ${lang}`, voiceURI: 'stub', localService: true, default: true };
    class Utterance extends EventTarget {
      lang = '';
      voice: unknown = null;
      constructor(readonly text: string) {
        super();
      }
    }
    w.SpeechSynthesisUtterance = Utterance;
    const synth = window.speechSynthesis as unknown as Record<string, unknown>;
    synth.getVoices = () => [voice];
    synth.speak = (u: Utterance) => calls.push(`speak ${u.lang} ${(u.voice as typeof voice).name} ${u.text}`);
    for (const name of ['pause', 'resume', 'cancel']) synth[name] = () => calls.push(name);
  }, lang);
}
const speechCalls = (page: Page) => page.evaluate(() => (window as unknown as { speechCalls: string[] }).speechCalls);

describe('spoken guide', () => {
  it('shows the listen button once script runs, and takes it away where the browser has no voice for the language', async () => {
    const p = await world.newPage('desktop');
    // A browser with voices, none of them Chinese.
    await stubSpeech(p, 'fr-FR');
    expect(await p.open(withModel)).toBe(200);
    expect(await p.page.locator('.exhibit__section--note').count()).toBe(1);
    const listen = p.page.locator('.listen__button');
    expect(await listen.isVisible()).toBe(true);
    // The visitor's touch wakes the island, which finds no voice: the control goes.
    await listen.hover();
    await p.island('listen');
    expect(await p.page.locator('.listen').count()).toBe(0);
    expect(problemText(p)).toBe('');
  });

  it('reads the commentary in zh-CN from a press before the island is live, pauses, resumes and stops', async () => {
    const p = await world.newPage('desktop');
    await stubSpeech(p);
    expect(await p.open(withModel)).toBe(200);
    const listen = p.page.getByRole('button', { name: '收听文物解读' });
    const { asked, release } = await holdIslandCode(p);
    await listen.click();
    await asked;
    expect(await speechCalls(p.page)).toEqual([]);
    release();
    await p.island('listen');
    await expect.poll(async () => (await speechCalls(p.page)).length).toBeGreaterThan(0);
    const text = (await p.page.locator('.exhibit__section--note .prose').innerText()).trim();
    const calls = await speechCalls(p.page);
    expect(calls.at(-1)).toMatch(/^speak zh-CN Stub zh-CN /);
    expect(
      calls
        .at(-1)!
        .replace(/^speak zh-CN Stub zh-CN /, '')
        .replace(/\s+/g, ''),
    ).toBe(text.replace(/\s+/g, ''));
    await p.page.getByRole('button', { name: '暂停收听' }).click();
    await p.page.getByRole('button', { name: '继续收听' }).click();
    await p.page.getByRole('button', { name: '停止' }).click();
    expect((await speechCalls(p.page)).slice(-3)).toEqual(['pause', 'resume', 'cancel']);
    await listen.waitFor();
    expect(await listen.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(problemText(p)).toBe('');
  });

  it('reads the English site in English, with an English voice of another region', async () => {
    const p = await world.newPage('desktop');
    await stubSpeech(p, 'en-GB');
    const page = exhibitPages(`COALESCE(explanationWord, '') <> ''`, 'EN')[0]!;
    expect(await p.open(page)).toBe(200);
    await p.page.getByRole('button', { name: 'Listen to the commentary' }).hover();
    await p.island('listen');
    await p.page.getByRole('button', { name: 'Listen to the commentary' }).click();
    expect((await speechCalls(p.page)).at(-1)).toMatch(/^speak en Stub en-GB \S/);
    expect(problemText(p)).toBe('');
  });

  it('shows no listen control on an exhibit without a commentary, voice or not', async () => {
    const p = await world.newPage('desktop');
    await stubSpeech(p);
    expect(await p.open(withoutText)).toBe(200);
    expect(await p.page.locator('.listen').count()).toBe(0);
    expect(await p.page.locator(islandSelector('listen')).count()).toBe(0);
    expect(problemText(p)).toBe('');
  });
});
