// Writing the demo files: every file the content refers to exists afterwards at its store path,
// images come in the three variants the portal asks for (1000 px, 300 px THUMB, watermarked WATER),
// the PDF parses, the video is the committed one, the 3D models are glTF binaries.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbPath, waterPath } from '../../shared/image-paths.ts';
import { generateDemoContent, writeDemoFiles } from '../../cms/db/demo/index.ts';
import { demoFiles } from '../../cms/db/demo/files.ts';
import { imagePath, specForFile } from '../../cms/db/demo/image-pool.ts';

const content = generateDemoContent();
const files = demoFiles(content);
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'demo-files-'));
  await writeDemoFiles(dir, content);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const size = async (path: string): Promise<number> => (await stat(join(dir, path))).size;
// An exhibit's own picture (drawn for that object) and a pool picture of a permanent exhibition.
const firstSpec = (thumb: string | null) => specForFile((thumb ?? '').split(';')[0] ?? '');
const exhibitSlug = firstSpec(content.exhibits.find((x) => !firstSpec(x.thumb)?.zoom)?.thumb ?? null)?.slug ?? '';
// The pictures drawn large enough to zoom into.
const zoomable = [...new Set(content.exhibits.map((x) => (x.thumb ?? '').split(';')[0] ?? '').filter((p) => specForFile(p)?.zoom))];
const ding = imagePath(exhibitSlug, 'CMS_EXHIBIT_INFO_IMG');
const meiping = imagePath('porcelain-meiping', 'CMS_EXHIBITION_BASE_IMG');

describe('writeDemoFiles', () => {
  it('writes every referenced file, and THUMB and WATER copies of every image', async () => {
    for (const f of files) {
      expect(await size(f.path), f.path).toBeGreaterThan(0);
      if (f.kind === 'image') {
        expect(await size(thumbPath(f.path)), thumbPath(f.path)).toBeGreaterThan(0);
        expect(await size(waterPath(f.path)), waterPath(f.path)).toBeGreaterThan(0);
      }
    }
  });

  it('makes originals 1000 px wide and thumbnails 300 px wide, both real JPEGs', async () => {
    const original = await sharp(join(dir, ding)).metadata();
    const thumb = await sharp(join(dir, thumbPath(ding))).metadata();
    const water = await sharp(join(dir, waterPath(ding))).metadata();
    expect([original.format, original.width, original.height]).toEqual(['jpeg', 1000, 1000]);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 300, 300]);
    expect([water.width, water.height]).toEqual([1000, 1000]);
    const book = await sharp(join(dir, thumbPath(imagePath('book-kids', 'CMS_ARCHIVES_IMG')))).metadata();
    expect([book.width, book.height]).toEqual([300, 400]);
  });

  it('draws a picture, not a blank, and a visible watermark on the WATER copy', async () => {
    const stats = await sharp(join(dir, meiping)).stats();
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(20);
    const pixels = async (path: string): Promise<Buffer> => sharp(join(dir, path)).greyscale().raw().toBuffer();
    const [a, b] = await Promise.all([pixels(meiping), pixels(waterPath(meiping))]);
    let changed = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 10) changed++;
    // Text strokes over the whole picture: about 2.7 % of the pixels change visibly.
    expect(changed / a.length).toBeGreaterThan(0.015);
  });

  it('writes a PDF whose cross-reference table points at its objects', async () => {
    const pdf = files.find((f) => f.kind === 'pdf');
    expect(pdf).toBeDefined();
    const text = (await readFile(join(dir, pdf?.path ?? ''))).toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\s+(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThanOrEqual(5);
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true));
    expect(text).toContain('Donations Policy');
  });

  it('copies the committed video (a real MP4 under 200 KB)', async () => {
    const mp4 = files.find((f) => f.path.endsWith('.mp4'));
    expect(mp4).toBeDefined();
    const bytes = await readFile(join(dir, mp4?.path ?? ''));
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes.length).toBeLessThan(200_000);
  });

  it('writes one picture the same under every folder that holds it', async () => {
    const [a, b] = await Promise.all([readFile(join(dir, ding)), readFile(join(dir, imagePath(exhibitSlug, 'CMS_EXHIBIT_INFO_DISPLAY')))]);
    expect(a.equals(b)).toBe(true);
  });

  it('writes the 3D models as glTF 2.0 binaries', async () => {
    const model = files.find((f) => f.kind === 'model');
    expect(model).toBeDefined();
    const bytes = await readFile(join(dir, model?.path ?? ''));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(bytes.readUInt32LE(4)).toBe(2);
    expect(bytes.readUInt32LE(8)).toBe(bytes.length);
    const jsonLength = bytes.readUInt32LE(12);
    expect(bytes.subarray(16, 20).toString('latin1')).toBe('JSON');
    const json = JSON.parse(bytes.subarray(20, 20 + jsonLength).toString('utf8')) as { asset: { version: string }; meshes: unknown[] };
    expect(json.asset.version).toBe('2.0');
    expect(json.meshes.length).toBeGreaterThanOrEqual(1);
  });

  it('draws at least three pictures 4000 px or more on the long side, as JPEGs with their copies', async () => {
    expect(zoomable.length).toBeGreaterThanOrEqual(3);
    for (const path of zoomable) {
      const meta = await sharp(join(dir, path)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeGreaterThanOrEqual(4000);
      expect((await sharp(join(dir, thumbPath(path))).metadata()).width).toBe(300);
      const water = await sharp(join(dir, waterPath(path))).metadata();
      expect([water.width, water.height]).toEqual([meta.width, meta.height]);
    }
  });

  it('puts detail into a zoomed tile that an upscaled smaller picture would not have', async () => {
    for (const path of zoomable) {
      // The inscription in the top-left corner, at full resolution.
      const tile = sharp(join(dir, path)).extract({ left: 160, top: 200, width: 512, height: 512 }).greyscale();
      const sharpTile = await tile.clone().raw().toBuffer();
      const blurred = await sharp(await tile.clone().resize(128).toBuffer())
        .resize(512, 512)
        .greyscale()
        .raw()
        .toBuffer();
      let diff = 0;
      for (let i = 0; i < sharpTile.length; i++) diff += Math.abs((sharpTile[i] ?? 0) - (blurred[i] ?? 0));
      expect(diff / sharpTile.length, path).toBeGreaterThan(4);
    }
  });
});
