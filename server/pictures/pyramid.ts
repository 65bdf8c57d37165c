// A picture made ready to be cut, and the cutting (sharp). A JPEG or PNG is not tiled: every cut of the
// stored file would decode it down to the cut's last row. So a picture is decoded once into a pyramid —
// a tiled TIFF in memory holding the picture at full size and halved again and again, each level in
// 256 px tiles compressed as JPEG — and every answer is cut from the smallest level that still has at
// least the pixels the answer needs, decoding only the tiles it touches. The header is read before any
// pixel: a picture over the decode limit is refused unread.
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { IMAGE_LIMITS, ImageRefusal } from './limits.ts';
import type { ImagePlan } from './iiif-image-request.ts';

export interface Pyramid {
  /** The picture as shown (EXIF orientation applied). */
  width: number;
  height: number;
  /** Levels 0 (full size) … levels - 1; level L is the picture halved L times (sizes rounded down). */
  levels: number;
  body: Buffer;
}

/** The pyramid's own tiles; an answer decodes only those it touches. */
const PYRAMID_TILE = 256;
/** High, so the pyramid's own compression adds little to what each answer's encoding costs. */
const PYRAMID_QUALITY = 90;
/** Raster formats read into a pyramid; anything else (SVG, PDF, …) has no image service. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'tiff', 'heif', 'gif']);

const IIIF_TIMEOUT_S = { pyramid: 20, cut: 10 } as const;

/** Encoders of the answers: quick settings, as every answer is made on demand on one core. */
const ENCODE = {
  jpg: (s: Sharp) => s.jpeg({ quality: 80 }),
  webp: (s: Sharp) => s.webp({ quality: 75, effort: 2 }),
  png: (s: Sharp) => s.png({ compressionLevel: 6 }),
} as const;

export const MEDIA_TYPE = { jpg: 'image/jpeg', webp: 'image/webp', png: 'image/png' } as const;

/** The size level L of a pyramid of width × height has. */
function levelSize(width: number, height: number, level: number): { width: number; height: number } {
  const f = 2 ** level;
  return { width: Math.floor(width / f), height: Math.floor(height / f) };
}

/**
 * The size a stored picture is shown at (EXIF orientation applied), from its header alone: no pixel is
 * decoded. Refused (ImageRefusal) when it is no raster picture or has more pixels than are decoded.
 */
export async function pictureSize(source: Buffer): Promise<{ width: number; height: number }> {
  let meta;
  try {
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new ImageRefusal('undecodable', `not a picture the edge can read (${(err as Error).message})`);
  }
  if (!meta.format || !READABLE.has(meta.format) || !meta.width || !meta.height) {
    throw new ImageRefusal('undecodable', `a ${meta.format ?? 'unknown'} file, not a raster picture`);
  }
  if (meta.width * meta.height > IMAGE_LIMITS.inputPixels) {
    throw new ImageRefusal(
      'too_large',
      `${meta.width} × ${meta.height} px is over the ${IMAGE_LIMITS.inputPixels / 1e6} megapixel limit for decoding`,
    );
  }
  // Orientations 5 to 8 turn the picture a quarter: it is shown turned, so its sides swap.
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** The pyramid of a stored picture (its bytes as the store sent them). */
export async function buildPyramid(source: Buffer): Promise<Pyramid> {
  await pictureSize(source);
  let made: { data: Buffer; info: OutputInfo };
  try {
    made = await sharp(source, { limitInputPixels: IMAGE_LIMITS.inputPixels, failOn: 'error' })
      .rotate()
      // JPEG tiles hold no alpha: a transparent picture is shown on white, as a page shows it.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .timeout({ seconds: IIIF_TIMEOUT_S.pyramid })
      .tiff({ tile: true, pyramid: true, compression: 'jpeg', quality: PYRAMID_QUALITY, tileWidth: PYRAMID_TILE, tileHeight: PYRAMID_TILE })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new ImageRefusal('undecodable', `the picture could not be decoded (${(err as Error).message})`);
  }
  const levels = (await sharp(made.data).metadata()).pages ?? 1;
  return { width: made.info.width, height: made.info.height, levels, body: made.data };
}

/**
 * The level an answer is cut from: the smallest whose region still has at least the answer's pixels
 * (level L's pixel i covers the full picture's pixels 2^L·i … 2^L·(i+1) - 1).
 * @internal test hook: the level chosen leaves no trace in the answer's pixels.
 */
export function levelFor(pyramid: Pick<Pyramid, 'levels'>, plan: Pick<ImagePlan, 'region' | 'width' | 'height'>): number {
  let level = 0;
  while (level + 1 < pyramid.levels && plan.region.w / 2 ** (level + 1) >= plan.width && plan.region.h / 2 ** (level + 1) >= plan.height) {
    level += 1;
  }
  return level;
}

/** The answer of a plan, cut from the pyramid and encoded. */
export async function cutImage(pyramid: Pyramid, plan: ImagePlan): Promise<Buffer> {
  const level = levelFor(pyramid, plan);
  const f = 2 ** level;
  const size = levelSize(pyramid.width, pyramid.height, level);
  const left = Math.min(size.width - 1, Math.floor(plan.region.x / f));
  const top = Math.min(size.height - 1, Math.floor(plan.region.y / f));
  const width = Math.max(1, Math.min(size.width, Math.ceil((plan.region.x + plan.region.w) / f)) - left);
  const height = Math.max(1, Math.min(size.height, Math.ceil((plan.region.y + plan.region.h) / f)) - top);
  let image = sharp(pyramid.body, { page: level }).extract({ left, top, width, height });
  if (width !== plan.width || height !== plan.height) image = image.resize(plan.width, plan.height, { fit: 'fill' });
  // One channel where the format has it (JPEG, PNG); WebP keeps three of equal value.
  if (plan.quality === 'gray') image = image.grayscale().toColourspace('b-w');
  // The API mirrors first, then turns clockwise: sharp's pipeline flops before it turns by a multiple of 90°.
  if (plan.mirror) image = image.flop();
  if (plan.degrees !== 0) image = image.rotate(plan.degrees);
  return ENCODE[plan.format](image.timeout({ seconds: IIIF_TIMEOUT_S.cut })).toBuffer();
}
