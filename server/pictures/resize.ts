// One picture in, one variant out (sharp). The work is bounded: the header is read first (no pixels
// decoded) and pictures over IMAGE_LIMITS.inputPixels are refused; libvips runs on one thread and the caller's queue
// lets one job run at a time (work-queue.ts), so resizing takes at most one of the machine's two cores; every encode
// has a time limit. A picture that already fits the width and is in the wanted format is sent as it is.
import sharp, { type Metadata } from 'sharp';
import { IMAGE_LIMITS, ImageRefusal } from './limits.ts';
import type { OutputFormat } from './variant-request.ts';

/**
 * Encoder settings. AVIF effort 2 (of 9): several times faster than the default effort 4, for slightly
 * larger files, so one resize does not hold the queue for long. WebP and JPEG at their defaults' cost.
 */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
} as const;

type Encoding = keyof typeof ENCODERS;

const MIME: Record<Encoding, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

interface Encoded {
  body: Buffer;
  type: string;
  /** False when the input was sent as it was. */
  resized: boolean;
}

/** The picture's own encoding, from its header; null when the browser could not show it as a raster. */
function encodingOf(meta: Metadata): Encoding | null {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return meta.format;
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  return null;
}

async function readHeader(input: Buffer): Promise<Metadata> {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new ImageRefusal('undecodable', `not a picture the edge can read (${(err as Error).message})`);
  }
}

/** The variant of `input` at most `width` px wide, in `format` (or its own encoding for 'original'). */
export async function makeVariant(input: Buffer, { width, format }: { width: number; format: OutputFormat }): Promise<Encoded> {
  const meta = await readHeader(input);
  const own = encodingOf(meta);
  if (!own || !meta.width || !meta.height)
    throw new ImageRefusal('undecodable', `a ${meta.format ?? 'unknown'} file, not a JPEG, PNG, WebP or AVIF picture`);
  if (meta.width * meta.height > IMAGE_LIMITS.inputPixels) {
    throw new ImageRefusal(
      'too_large',
      `${meta.width} × ${meta.height} px is over the ${IMAGE_LIMITS.inputPixels / 1e6} megapixel limit for resizing`,
    );
  }
  const asIs: Encoded = { body: input, type: MIME[own], resized: false };
  // An animation would lose its frames: it is sent as it is.
  if ((meta.pages ?? 1) > 1) return asIs;
  const rotated = (meta.orientation ?? 1) >= 5;
  const shownWidth = rotated ? meta.height : meta.width;
  const fits = shownWidth <= width && (meta.orientation ?? 1) <= 1;
  const target: Encoding = format === 'original' ? own : format;
  if (fits && target === own) return asIs;

  const body = await sharp(input, { limitInputPixels: IMAGE_LIMITS.inputPixels, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .timeout({ seconds: IMAGE_LIMITS.timeoutS })
    .toFormat(target, ENCODERS[target])
    .toBuffer()
    .catch((err: Error) => {
      throw new ImageRefusal('undecodable', `the picture could not be decoded (${err.message})`);
    });
  // Re-encoding a small, well-compressed file can make it bigger: the smaller one is sent.
  if (fits && body.length >= input.length) return asIs;
  return { body, type: MIME[target], resized: true };
}
