// The parameters of an IIIF Image API 3.0 image request, `<region>/<size>/<rotation>/<quality>.<format>`
// (pure: no I/O). Read in two steps: the syntax alone, so a malformed request is refused before the
// store is asked for anything; then against the picture's size, which gives the pixels to cut and the
// size to make, or the reason there are none. What the API defines and this service does not make
// (arbitrary angles, bitonal, other formats) is a 501, as the API asks; what the API does not define, a
// region or size it rules out, and a size no picture can be given within the limits, is a 400.
import { IIIF_IMAGE_CONTEXT, IIIF_PROFILE } from '../../shared/iiif.ts';

/** The largest answer made: beyond it, `max` is scaled down and any other size is refused. */
export const IIIF_OUTPUT_LIMITS = { maxWidth: 4096, maxHeight: 4096, maxArea: 4096 * 4096 } as const;
type OutputLimits = { maxWidth: number; maxHeight: number; maxArea: number };

type Region =
  | { kind: 'full' }
  | { kind: 'square' }
  | { kind: 'px'; x: number; y: number; w: number; h: number }
  | { kind: 'pct'; x: number; y: number; w: number; h: number };

type Size = { upscale: boolean } & (
  | { kind: 'max' }
  | { kind: 'w'; w: number }
  | { kind: 'h'; h: number }
  | { kind: 'pct'; n: number }
  | { kind: 'wh'; w: number; h: number }
  | { kind: 'confined'; w: number; h: number }
);

export type Quality = 'default' | 'color' | 'gray';
export type Format = 'jpg' | 'png' | 'webp';

interface ImageRequest {
  region: Region;
  size: Size;
  mirror: boolean;
  degrees: 0 | 90 | 180 | 270;
  quality: Quality;
  format: Format;
}

/** Why a request gets no picture: the status, a stable code and words a person understands. */
interface Refusal {
  status: 400 | 501;
  error: string;
  msg: string;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

const refuse = (status: 400 | 501, error: string, msg: string): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { status, error, msg },
});

const INT = /^\d{1,9}$/;
const DECIMAL = /^\d{1,9}(?:\.\d{1,9})?$/;
/** What a refusal quotes of the caller's input: short and printable. */
const quote = (s: string): string => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

function numbers(list: string, pattern: RegExp): number[] | null {
  const parts = list.split(',');
  return parts.length === 4 && parts.every((p) => pattern.test(p)) ? parts.map(Number) : null;
}

function parseRegion(raw: string): Parsed<Region> {
  const hint = 'A region is full, square, x,y,w,h (pixels) or pct:x,y,w,h (percent)';
  if (raw === 'full' || raw === 'square') return { ok: true, value: { kind: raw } };
  const pct = raw.startsWith('pct:');
  const n = numbers(pct ? raw.slice(4) : raw, pct ? DECIMAL : INT);
  if (!n) return refuse(400, 'IIIF_BAD_REGION', `Region ${quote(raw)} is not one the API defines. ${hint}`);
  const [x, y, w, h] = n as [number, number, number, number];
  if (w === 0 || h === 0) return refuse(400, 'IIIF_BAD_REGION', `Region ${quote(raw)} has no width or no height`);
  if (pct && (x >= 100 || y >= 100 || w > 100 || h > 100)) {
    return refuse(400, 'IIIF_BAD_REGION', `Region ${quote(raw)}: percentages of the picture go from 0 to 100`);
  }
  return { ok: true, value: { kind: pct ? 'pct' : 'px', x, y, w, h } };
}

function parseSizeBody(body: string, upscale: boolean): Size | null {
  if (body === 'max') return { kind: 'max', upscale };
  if (body.startsWith('pct:')) return DECIMAL.test(body.slice(4)) ? { kind: 'pct', n: Number(body.slice(4)), upscale } : null;
  const confined = body.startsWith('!');
  const parts = (confined ? body.slice(1) : body).split(',');
  if (parts.length !== 2) return null;
  const [w = '', h = ''] = parts;
  const ok = (s: string) => INT.test(s);
  if (confined) return ok(w) && ok(h) ? { kind: 'confined', w: Number(w), h: Number(h), upscale } : null;
  if (ok(w) && h === '') return { kind: 'w', w: Number(w), upscale };
  if (w === '' && ok(h)) return { kind: 'h', h: Number(h), upscale };
  if (ok(w) && ok(h)) return { kind: 'wh', w: Number(w), h: Number(h), upscale };
  return null;
}

function asksForNothing(size: Size): boolean {
  switch (size.kind) {
    case 'max':
      return false;
    case 'w':
      return size.w === 0;
    case 'h':
      return size.h === 0;
    case 'pct':
      return size.n === 0;
    default:
      return size.w === 0 || size.h === 0;
  }
}

/**
 * A size over the limits whatever the picture (a width, a height or an area asked for in pixels), or a
 * percentage over 100 without `^`: refused before the picture is read.
 */
function overLimits(size: Size, limits: OutputLimits): string | null {
  const over = (w: number, h: number) => w > limits.maxWidth || h > limits.maxHeight || w * h > limits.maxArea;
  if ((size.kind === 'w' && over(size.w, 1)) || (size.kind === 'h' && over(1, size.h)) || (size.kind === 'wh' && over(size.w, size.h))) {
    return `is over this service's limit (maxWidth ${limits.maxWidth}, maxHeight ${limits.maxHeight}, maxArea ${limits.maxArea})`;
  }
  if (size.kind === 'pct' && size.n > 100 && !size.upscale) return 'is larger than the region: a size starting with ^ asks for upscaling';
  return null;
}

function parseSize(raw: string, limits: OutputLimits = IIIF_OUTPUT_LIMITS): Parsed<Size> {
  const upscale = raw.startsWith('^');
  const size = parseSizeBody(upscale ? raw.slice(1) : raw, upscale);
  if (!size) {
    return refuse(
      400,
      'IIIF_BAD_SIZE',
      `Size ${quote(raw)} is not one the API defines. A size is max, w,, ,h, pct:n, w,h or !w,h (^ before it to upscale)`,
    );
  }
  if (asksForNothing(size)) return refuse(400, 'IIIF_BAD_SIZE', `Size ${quote(raw)} asks for no pixels`);
  const over = overLimits(size, limits);
  if (over) return refuse(400, 'IIIF_SIZE_OVER_LIMIT', `Size ${quote(raw)} ${over}`);
  return { ok: true, value: size };
}

function parseRotation(raw: string): Parsed<{ mirror: boolean; degrees: 0 | 90 | 180 | 270 }> {
  const m = /^(!?)(\d{1,3}(?:\.\d{1,9})?)$/.exec(raw);
  const angle = m ? Number(m[2]) : NaN;
  if (!m || !(angle <= 360)) {
    return refuse(
      400,
      'IIIF_BAD_ROTATION',
      `Rotation ${quote(raw)} is not one the API defines: an angle from 0 to 360, ! before it to mirror`,
    );
  }
  if (angle % 90 !== 0) {
    return refuse(501, 'IIIF_NOT_IMPLEMENTED', `Rotation by ${m[2]}° is not offered: only 0, 90, 180 and 270 (! before it to mirror)`);
  }
  return { ok: true, value: { mirror: m[1] === '!', degrees: (angle % 360) as 0 | 90 | 180 | 270 } };
}

const QUALITIES: readonly string[] = ['default', 'color', 'gray'];
const FORMATS: readonly string[] = ['jpg', 'png', 'webp'];
/** Defined by the API, not made here. */
const OTHER_QUALITIES: readonly string[] = ['bitonal'];
const OTHER_FORMATS: readonly string[] = ['tif', 'gif', 'pdf', 'jp2'];

function parseQualityFormat(raw: string): Parsed<{ quality: Quality; format: Format }> {
  const dot = raw.lastIndexOf('.');
  const quality = dot > 0 ? raw.slice(0, dot) : raw;
  const format = dot > 0 ? raw.slice(dot + 1) : '';
  if (!QUALITIES.includes(quality)) {
    if (OTHER_QUALITIES.includes(quality))
      return refuse(501, 'IIIF_NOT_IMPLEMENTED', `Quality ${quality} is not offered: default, color or gray`);
    return refuse(
      400,
      'IIIF_BAD_QUALITY',
      `Quality ${quote(quality)} is not one the API defines: default, color or gray, then .jpg, .png or .webp`,
    );
  }
  if (!FORMATS.includes(format)) {
    if (OTHER_FORMATS.includes(format)) return refuse(501, 'IIIF_NOT_IMPLEMENTED', `Format ${format} is not offered: jpg, png or webp`);
    return refuse(400, 'IIIF_BAD_FORMAT', `Format ${quote(format)} is not one this service knows: jpg, png or webp`);
  }
  return { ok: true, value: { quality: quality as Quality, format: format as Format } };
}

/** The four parameters after the image id, read for their syntax alone. */
export function parseImageRequest(
  region: string,
  size: string,
  rotation: string,
  qualityFormat: string,
  limits: OutputLimits = IIIF_OUTPUT_LIMITS,
): Parsed<ImageRequest> {
  const r = parseRegion(region);
  if (!r.ok) return r;
  const s = parseSize(size, limits);
  if (!s.ok) return s;
  const rot = parseRotation(rotation);
  if (!rot.ok) return rot;
  const qf = parseQualityFormat(qualityFormat);
  if (!qf.ok) return qf;
  return { ok: true, value: { region: r.value, size: s.value, ...rot.value, ...qf.value } };
}

// ---- The plan ----
// An image request against one picture's size (pure): the pixels to cut, the size to make them, and the
// request's canonical form (IIIF Image API 3.0, "Canonical URI Syntax") — the same picture asked for in
// other words (pct: or pixels, `full` or the whole picture's box, `w,` or `w,h`) has one canonical form,
// which is what the made answers are kept under.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ImagePlan {
  /** The pixels to cut, in the full picture. */
  region: Box;
  /** The size they are scaled to, before rotation. */
  width: number;
  height: number;
  mirror: boolean;
  degrees: 0 | 90 | 180 | 270;
  quality: Quality;
  format: Format;
  /** `<region>/<size>/<rotation>/<quality>.<format>` in canonical form. */
  canonical: string;
}

/** The region in pixels, cropped at the picture's edges; null when nothing of it is inside the picture. */
function regionBox(region: ImageRequest['region'], width: number, height: number): Box | null {
  let box: Box;
  switch (region.kind) {
    case 'full':
      return { x: 0, y: 0, w: width, h: height };
    case 'square': {
      // Centred in the longer dimension.
      const side = Math.min(width, height);
      return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), w: side, h: side };
    }
    case 'px':
      box = { ...region };
      break;
    case 'pct': {
      // Both edges rounded alike, so adjacent percentages share their edge.
      const x0 = Math.round((region.x * width) / 100);
      const y0 = Math.round((region.y * height) / 100);
      box = {
        x: x0,
        y: y0,
        w: Math.round(((region.x + region.w) * width) / 100) - x0,
        h: Math.round(((region.y + region.h) * height) / 100) - y0,
      };
      break;
    }
  }
  if (box.x >= width || box.y >= height || box.w <= 0 || box.h <= 0) return null;
  return { x: box.x, y: box.y, w: Math.min(box.w, width - box.x), h: Math.min(box.h, height - box.y) };
}

/**
 * The size `max` gives a region: the region itself, scaled down to fit the limits; with `upscale`
 * (`^max`), scaled up or down to the largest size the limits allow.
 */
function maxSize(rw: number, rh: number, limits: OutputLimits, upscale = false): { w: number; h: number } {
  const fit = Math.min(limits.maxWidth / rw, limits.maxHeight / rh, Math.sqrt(limits.maxArea / (rw * rh)));
  const scale = upscale ? fit : Math.min(1, fit);
  if (scale === 1) return { w: rw, h: rh };
  return { w: Math.max(1, Math.floor(rw * scale)), h: Math.max(1, Math.floor(rh * scale)) };
}

/** The size asked for, before the checks against the region and the limits. */
function wantedSize(size: Size, rw: number, rh: number, limits: OutputLimits): { w: number; h: number } {
  switch (size.kind) {
    case 'max':
      return maxSize(rw, rh, limits, size.upscale);
    case 'w':
      return { w: size.w, h: Math.round((rh * size.w) / rw) };
    case 'h':
      return { w: Math.round((rw * size.h) / rh), h: size.h };
    case 'pct':
      return { w: Math.round((rw * size.n) / 100), h: Math.round((rh * size.n) / 100) };
    case 'wh':
      return { w: size.w, h: size.h };
    case 'confined': {
      // As large as fits in w × h, and (without ^) no larger than the region.
      const scale = Math.min(size.w / rw, size.h / rh, size.upscale ? Infinity : 1);
      return { w: Math.min(size.w, Math.round(rw * scale)), h: Math.min(size.h, Math.round(rh * scale)) };
    }
  }
}

function sizeFor(size: Size, rw: number, rh: number, limits: OutputLimits): Parsed<{ w: number; h: number }> {
  const { w, h } = wantedSize(size, rw, rh, limits);
  if (w < 1 || h < 1) return refuse(400, 'IIIF_BAD_SIZE', `That size of a ${rw} × ${rh} px region is less than one pixel`);
  if (!size.upscale && (w > rw || h > rh)) {
    return refuse(
      400,
      'IIIF_BAD_SIZE',
      `The region is ${rw} × ${rh} px; ${w} × ${h} is larger (a size starting with ^ asks for upscaling)`,
    );
  }
  if (w > limits.maxWidth || h > limits.maxHeight || w * h > limits.maxArea) {
    return refuse(
      400,
      'IIIF_SIZE_OVER_LIMIT',
      `${w} × ${h} px is over this service's limit (maxWidth ${limits.maxWidth}, maxHeight ${limits.maxHeight}, maxArea ${limits.maxArea}); ask for max or a smaller size`,
    );
  }
  return { ok: true, value: { w, h } };
}

/** `max` or `w,h`; `^max` or `^w,h` for an answer larger than its region in either dimension. */
function canonicalSize(w: number, h: number, region: Box, limits: OutputLimits): string {
  const up = w > region.w || h > region.h;
  const max = maxSize(region.w, region.h, limits, up);
  if (w === max.w && h === max.h) return up ? '^max' : 'max';
  return `${up ? '^' : ''}${w},${h}`;
}

/** The request against a picture of width × height. */
export function planImage(request: ImageRequest, width: number, height: number, limits: OutputLimits): Parsed<ImagePlan> {
  const region = regionBox(request.region, width, height);
  if (!region) return refuse(400, 'IIIF_BAD_REGION', `The region lies outside the picture (${width} × ${height} px)`);
  const size = sizeFor(request.size, region.w, region.h, limits);
  if (!size.ok) return size;
  const { w, h } = size.value;
  const whole = region.x === 0 && region.y === 0 && region.w === width && region.h === height;
  const canonical = [
    whole ? 'full' : `${region.x},${region.y},${region.w},${region.h}`,
    canonicalSize(w, h, region, limits),
    `${request.mirror ? '!' : ''}${request.degrees}`,
    `${request.quality}.${request.format}`,
  ].join('/');
  return {
    ok: true,
    value: {
      region,
      width: w,
      height: h,
      mirror: request.mirror,
      degrees: request.degrees,
      quality: request.quality,
      format: request.format,
      canonical,
    },
  };
}

// ---- The information document ----
// The Image Information document of one picture (IIIF Image API 3.0, `info.json`), pure: the picture's
// size in, JSON out. It states what this service makes: level 2 of the API (regions and sizes in pixels
// and percentages, turns by 90°, colour and grey) plus mirroring and upscaling, JPEG by default and
// WebP as well, answers up to the output limits, and tiles of 256 and 512 px at every scale factor
// down to the one whose single tile holds the whole picture.

/** Tile sizes offered, the first preferred (the pyramid's own tile size: a tile at a scale factor reads one of its tiles). */
const TILE_SIZES = [256, 512] as const;
/** Sizes listed for a whole picture are no smaller than this. */
const SMALLEST_LISTED = 64;

/** The scale factors 1, 2, 4, … up to the first at which one tile holds the whole picture. */
function scaleFactors(width: number, height: number, tile: number): number[] {
  const factors = [1];
  while (Math.ceil(Math.max(width, height) / factors[factors.length - 1]!) > tile) factors.push(factors[factors.length - 1]! * 2);
  return factors;
}

/**
 * The whole picture's sizes a client may ask for cheaply (the pyramid's levels, halved sizes rounded
 * down), smallest first, up to the largest `max` gives.
 */
function preferredSizes(width: number, height: number, limits: OutputLimits): Array<{ width: number; height: number }> {
  const max = maxSize(width, height, limits);
  const sizes: Array<{ width: number; height: number }> = [];
  for (let f = 1; Math.floor(width / f) >= 1 && Math.floor(height / f) >= 1; f *= 2) {
    const w = Math.floor(width / f);
    const h = Math.floor(height / f);
    if (w <= max.w && h <= max.h && (sizes.length === 0 || Math.max(w, h) >= SMALLEST_LISTED)) sizes.unshift({ width: w, height: h });
  }
  return sizes;
}

/** `id` is the service's absolute base URI (`<origin>/iiif/3/<image id>`). */
export function imageInfo(id: string, width: number, height: number, limits: OutputLimits): Record<string, unknown> {
  return {
    '@context': IIIF_IMAGE_CONTEXT,
    id,
    type: 'ImageService3',
    protocol: 'http://iiif.io/api/image',
    profile: IIIF_PROFILE,
    width,
    height,
    maxWidth: limits.maxWidth,
    maxHeight: limits.maxHeight,
    maxArea: limits.maxArea,
    sizes: preferredSizes(width, height, limits).map((s) => ({ type: 'Size', ...s })),
    tiles: TILE_SIZES.map((tile) => ({ type: 'Tile', width: tile, height: tile, scaleFactors: scaleFactors(width, height, tile) })),
    preferredFormats: ['webp', 'jpg'],
    extraFormats: ['webp'],
    extraQualities: ['color', 'gray'],
    extraFeatures: ['canonicalLinkHeader', 'cors', 'jsonldMediaType', 'mirroring', 'profileLinkHeader', 'regionSquare', 'sizeUpscaling'],
  };
}
