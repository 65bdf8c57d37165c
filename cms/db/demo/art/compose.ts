// Turns an image description into a full SVG document: a spotlit or paper ground, a thin gold frame,
// the object, and a caption band. Also the watermark overlay of the WATER variant.
import { MUSEUM } from '../museum.ts';
import { MOTIFS, SERIF, mountains, type MotifName } from './motifs.ts';
import { PALETTES, type PaletteName } from './palettes.ts';
import { zoomDetail } from './zoom-detail.ts';

export const SHAPES = {
  banner: { width: 1000, height: 320 },
  wide: { width: 1000, height: 480 },
  landscape: { width: 1000, height: 750 },
  square: { width: 1000, height: 1000 },
  portrait: { width: 1000, height: 1333 },
} as const;

export type Shape = keyof typeof SHAPES;

export interface ImageSpec {
  /** File name without extension. */
  slug: string;
  motif: MotifName;
  palette: PaletteName;
  shape: Shape;
  /** Caption printed on the image (Chinese); none on banners and sliders. */
  caption?: string;
  /** The English caption (used as alt text on the English site). */
  captionEn: string;
  /** Text the motif itself shows (seal characters, book title, calligraphy). */
  text?: string;
  /** Draws the object smaller or larger than the shape's default. */
  scale?: number;
  /** Stretches the motif over the whole picture inside a margin (plans, diagrams). */
  fill?: boolean;
  /** Drawn ZOOM_SIDE px wide with detail worth zooming into (zoom-detail.ts), not at the pool's 1000 px. */
  zoom?: boolean;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function defs(palette: PaletteName): string {
  const p = PALETTES[palette];
  return `<defs>
<radialGradient id="bg" cx="50%" cy="40%" r="78%"><stop offset="0" stop-color="${p.bgInner}"/><stop offset="1" stop-color="${p.bgOuter}"/></radialGradient>
<linearGradient id="obj" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.objTop}"/><stop offset="1" stop-color="${p.objBottom}"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0.12" stop-color="#fff" stop-opacity="0"/><stop offset="0.32" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${p.light ? 0.08 : 0.45}"/></linearGradient>
</defs>`;
}

/** Where the object's 100-unit box goes: [x, y, size]. */
function placement(spec: ImageSpec): [number, number, number] {
  const { width: w, height: h } = SHAPES[spec.shape];
  const k = spec.scale ?? 1;
  switch (spec.shape) {
    case 'banner':
      return [w - 300, 30, 260 * k];
    case 'wide':
      return [w - 420, 40, 380 * k];
    case 'portrait':
      return [(w - 760 * k) / 2, 150, 760 * k];
    case 'square': {
      const s = 640 * k;
      return [(w - s) / 2, (h - 140 - s) / 2 + 20, s];
    }
    default: {
      const s = 560 * k;
      return [(w - s) / 2, (h - 120 - s) / 2 + 10, s];
    }
  }
}

export function renderSvg(spec: ImageSpec): string {
  const p = PALETTES[spec.palette];
  const { width: w, height: h } = SHAPES[spec.shape];
  const [x, y, size] = placement(spec);
  const scene = spec.shape === 'banner' || spec.shape === 'wide';
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    defs(spec.palette),
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  ];
  if (scene) {
    // Layered ink mountains across the whole band, a low sun, the object in front on the right.
    parts.push(`<circle cx="${w * 0.28}" cy="${h * 0.42}" r="${h * 0.16}" fill="${p.accent}" opacity="0.35"/>`);
    parts.push(`<g transform="translate(0 ${h * 0.35}) scale(${w / 100} ${(h * 0.65) / 100})">${mountains(0, 0, 100, 100, p)}</g>`);
  }
  parts.push(`<rect width="${w}" height="${h}" fill="url(#fade)"/>`);
  const transform = spec.fill
    ? `translate(60 60) scale(${(w - 120) / 100} ${(h - 120) / 100})`
    : `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(size / 100).toFixed(3)})`;
  parts.push(`<g transform="${transform}">${MOTIFS[spec.motif](p, spec.text ?? '')}</g>`);
  if (spec.zoom) parts.push(zoomDetail(spec, [x, y, size]));
  if (!scene) {
    parts.push(
      `<rect x="22" y="22" width="${w - 44}" height="${h - 44}" fill="none" stroke="${p.accent}" stroke-width="2" opacity="0.55"/>`,
    );
  }
  if (spec.caption) {
    const cy = h - 78;
    parts.push(`<path d="M${w / 2 - 40} ${cy - 46} L${w / 2 + 40} ${cy - 46}" stroke="${p.accent}" stroke-width="2" opacity="0.8"/>`);
    parts.push(
      `<text x="${w / 2}" y="${cy}" font-size="40" ${SERIF} font-weight="600" letter-spacing="4" fill="${p.text}" text-anchor="middle">${esc(spec.caption)}</text>`,
    );
    parts.push(
      `<text x="${w / 2}" y="${cy + 36}" font-size="20" ${SERIF} letter-spacing="3" fill="${p.text}" opacity="0.7" text-anchor="middle">${esc(`${MUSEUM.zh} · ${spec.captionEn}`)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}

/** The visible watermark of the WATER variant: a diagonal museum name and a corner mark, legible on light and dark grounds. */
export function watermarkSvg(width: number, height: number): string {
  const rows: string[] = [];
  const step = 240;
  for (let yy = -height; yy < height * 2; yy += step) {
    const shift = Math.round(yy / step) % 2 ? 360 : 0;
    for (let xx = -width; xx < width * 2; xx += 720) {
      rows.push(`<text x="${xx + shift}" y="${yy}" font-size="40">${MUSEUM.zh} · ${MUSEUM.en.toUpperCase()}</text>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<g ${SERIF} fill="#8a7f72" fill-opacity="0.22" transform="rotate(-28 ${width / 2} ${height / 2})">${rows.join('')}</g>
<text x="${width - 40}" y="64" ${SERIF} font-size="28" font-weight="700" text-anchor="end" fill="#ffffff" fill-opacity="0.92" stroke="#1f1f1f" stroke-opacity="0.55" stroke-width="1.4" paint-order="stroke">© ${MUSEUM.zh} ${MUSEUM.en}</text>
</svg>`;
}
