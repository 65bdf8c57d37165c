// The files behind the demo content: which ones the records refer to, and writing them (images
// with their THUMB and WATER variants rendered by sharp, the PDF, the committed video, the 3D
// models). Records hold store paths (file-store.ts); a file is written at that path under the
// files folder, which the service serves as `/file/<path>`.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_SIZES, thumbPath, waterPath } from '../../../shared/image-paths.ts';
import { SHAPES, renderSvg, watermarkSvg, type ImageSpec } from './art/compose.ts';
import { ZOOM_SIDE, addGrain } from './art/zoom-detail.ts';
import { PDF_FILE, PDF_FILE_ZH, VIDEO_FILES } from './articles.ts';
import { STORE_PATH } from './file-store.ts';
import { specForFile } from './image-pool.ts';
import { modelFile } from './model.ts';
import { donationPdf, donationPdfZh } from './pdf.ts';
import type { DemoContent, DemoFile } from './types.ts';

function kindOf(path: string): DemoFile['kind'] {
  if (path.endsWith('.pdf')) return 'pdf';
  if (path.endsWith('.mp4') || path.endsWith('.webm')) return 'video';
  if (path.endsWith('.glb')) return 'model';
  return 'image';
}

/**
 * Every file the content refers to (store paths, sorted). Images also get THUMB and WATER copies.
 * @internal test hook: the inventory the demo tests check the content and the written folder against.
 */
export function demoFiles(content: DemoContent): DemoFile[] {
  const paths = new Set(JSON.stringify(content).match(STORE_PATH) ?? []);
  return [...paths].sort().map((path) => ({ path, kind: kindOf(path) }));
}

/** The folder of the committed video; found from source (tsx, vitest) and from the dist bundle. */
function assetsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'assets'), resolve(here, '../../cms/db/demo/assets'), resolve(process.cwd(), 'cms/db/demo/assets')];
  const found = candidates.find((d) => existsSync(join(d, 'bronze-restoration.mp4')));
  if (!found) throw new Error(`demo video not found (looked in ${candidates.join(', ')})`);
  return found;
}

async function writeTo(dir: string, path: string, data: Uint8Array | Buffer): Promise<void> {
  const target = join(dir, path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, data);
}

/** Watermark overlays rendered once per picture size (text rendering is the costly part). */
function watermarkFor(cache: Map<string, Promise<Buffer>>, width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let overlay = cache.get(key);
  if (!overlay) {
    overlay = sharp(Buffer.from(watermarkSvg(width, height)))
      .png()
      .toBuffer();
    cache.set(key, overlay);
  }
  return overlay;
}

/** The three copies of a rendered picture: the original, the 300 px thumbnail, the watermarked copy. */
async function encodeCopies(
  data: Buffer,
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  overlay: Promise<Buffer | { raw: Buffer; width: number; height: number }>,
  jpeg: Parameters<ReturnType<typeof sharp>['jpeg']>[0],
): Promise<[Buffer, Buffer, Buffer]> {
  const mark = await overlay;
  const layer = Buffer.isBuffer(mark)
    ? { input: mark }
    : { input: mark.raw, raw: { width: mark.width, height: mark.height, channels: 4 as const } };
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  return Promise.all([
    sharp(data, raw).jpeg(jpeg).toBuffer(),
    sharp(data, raw).resize({ width: IMAGE_SIZES.thumb }).jpeg(jpeg).toBuffer(),
    sharp(data, raw).composite([layer]).jpeg(jpeg).toBuffer(),
  ]);
}

/**
 * A picture worth zooming into: the SVG rasterised at ZOOM_SIDE px (vector lines stay sharp), its grain
 * blended in, stored as a baseline JPEG (quicker to encode and to cut into tiles than a progressive one).
 */
async function renderZoomable(spec: ImageSpec): Promise<[Buffer, Buffer, Buffer]> {
  const { width } = SHAPES[spec.shape];
  const density = (72 * ZOOM_SIDE) / width;
  const { data, info } = await sharp(Buffer.from(renderSvg(spec)), { density })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  addGrain(data, info.width, info.height, info.channels, spec.slug);
  // The watermark drawn at the picture's own scale, as on the pool's pictures (raw: no PNG round trip).
  const overlay = sharp(Buffer.from(watermarkSvg(width, (width * info.height) / info.width)), { density })
    .resize(info.width, info.height)
    .ensureAlpha()
    .raw()
    .toBuffer()
    .then((raw) => ({ raw, width: info.width, height: info.height }));
  return encodeCopies(data, info, overlay, { quality: 82 });
}

/**
 * Renders one pool picture once and writes the original, the 300 px thumbnail and the watermarked
 * copy at every store path that holds it (one per kind of record using the picture).
 */
async function writeImage(dir: string, spec: ImageSpec, paths: readonly string[], watermarks: Map<string, Promise<Buffer>>): Promise<void> {
  let copies: [Buffer, Buffer, Buffer];
  if (spec.zoom) copies = await renderZoomable(spec);
  else {
    const { data, info } = await sharp(Buffer.from(renderSvg(spec)))
      .resize({ width: IMAGE_SIZES.large })
      .raw()
      .toBuffer({ resolveWithObject: true });
    copies = await encodeCopies(data, info, watermarkFor(watermarks, info.width, info.height), { quality: 84, progressive: true });
  }
  const [original, thumb, water] = copies;
  for (const path of paths) {
    await Promise.all([writeTo(dir, path, original), writeTo(dir, thumbPath(path), thumb), writeTo(dir, waterPath(path), water)]);
  }
}

async function writeOther(dir: string, file: DemoFile): Promise<void> {
  if (file.kind === 'pdf') {
    if (file.path === PDF_FILE_ZH) return writeTo(dir, file.path, donationPdfZh());
    if (file.path !== PDF_FILE) throw new Error(`demo content refers to an unknown document: ${file.path}`);
    return writeTo(dir, file.path, donationPdf());
  }
  if (file.kind === 'model') return writeTo(dir, file.path, modelFile(file.path));
  const asset =
    file.path === VIDEO_FILES.mp4 ? 'bronze-restoration.mp4' : file.path === VIDEO_FILES.webm ? 'bronze-restoration.webm' : null;
  if (!asset) throw new Error(`demo content refers to an unknown video: ${file.path}`);
  const target = join(dir, file.path);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(join(assetsDir(), asset), target);
}

/** The demo's files as jobs: one per pool picture (with all its paths), one per other file. */
function jobsOf(files: readonly DemoFile[]): Array<{ spec: ImageSpec; paths: string[] } | DemoFile> {
  const images = new Map<string, { spec: ImageSpec; paths: string[] }>();
  const others: DemoFile[] = [];
  for (const f of files) {
    if (f.kind !== 'image') {
      others.push(f);
      continue;
    }
    const spec = specForFile(f.path);
    if (!spec) throw new Error(`demo content refers to an unknown image: ${f.path}`);
    const job = images.get(spec.slug) ?? { spec, paths: [] };
    job.paths.push(f.path);
    images.set(spec.slug, job);
  }
  // The long jobs (pictures drawn to zoom into) first, so the many short ones fill the cores beside them
  // instead of one long job running alone at the end.
  const byLength = [...images.values()].sort((a, b) => Number(Boolean(b.spec.zoom)) - Number(Boolean(a.spec.zoom)));
  return [...byLength, ...others];
}

interface WriteOptions {
  /** Files written at once (each image runs three sharp encodes). Default 3 — the machine has 2 cores. */
  concurrency?: number;
}

/** Writes every demo file under `dir` (records refer to them by store path, served as `/file/<path>`). */
export async function writeDemoFiles(dir: string, content: DemoContent, options: WriteOptions = {}): Promise<void> {
  const queue = jobsOf(demoFiles(content));
  const workers = Math.max(1, options.concurrency ?? 3);
  const watermarks = new Map<string, Promise<Buffer>>();
  let next = 0;
  const work = async (): Promise<void> => {
    while (next < queue.length) {
      const job = queue[next++];
      if (!job) continue;
      if ('spec' in job) await writeImage(dir, job.spec, job.paths, watermarks);
      else await writeOther(dir, job);
    }
  };
  await Promise.all(Array.from({ length: workers }, work));
}
