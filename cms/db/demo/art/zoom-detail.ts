// The detail of the pictures worth zooming into. They are drawn ZOOM_SIDE px wide from the same SVG as the
// pool's 1000 px pictures, so every line stays a line; on top come things only a zoom shows: an
// inscription of small characters in columns read from right to left (a bronze's cast text, a vase's
// reign mark and poem, a painting's colophon) with collectors' seals, hair-thin crackle over the object,
// and a grain of woven threads and noise (pixels, not SVG: an SVG pattern of that fineness takes librsvg
// minutes at this size). At 1000 px all of it would be a grey blur.
import { mulberry32 } from '../prng.ts';
import { SERIF, type MotifName } from './motifs.ts';
import { PALETTES, type PaletteName } from './palettes.ts';

/** The long side of a zoomable picture, in pixels. */
export const ZOOM_SIDE = 4096;

type Kind = 'bronze' | 'ceramic' | 'painting';

const KIND_OF: Partial<Record<MotifName, Kind>> = {
  ding: 'bronze',
  zun: 'bronze',
  gu: 'bronze',
  bell: 'bronze',
  mirror: 'bronze',
  meiping: 'ceramic',
  pear: 'ceramic',
  bowl: 'ceramic',
  jar: 'ceramic',
};

/** Ninety characters each, in the manner of the kind (invented texts, not transcriptions). */
const TEXTS: Record<Kind, string> = {
  bronze:
    '唯王正月初吉丁亥王在宗周格于大室即位司徒右伯入门立中廷北向王呼内史册命伯赐汝玄衣黹纯赤韨朱衡銮旗攸勒用事伯拜稽首敢对扬天子丕显休命用作朕皇考宝尊鼎伯其万年眉寿无疆子子孙孙永宝用享于宗庙',
  ceramic:
    '大明宣德年制青花缠枝莲纹色泽浓艳胎质坚致釉面莹润如玉诗曰春水碧于天画船听雨眠垆边人似月皓腕凝霜雪未老莫还乡还乡须断肠云溪博物馆藏品编号甲字第一百零八号入藏于一九五六年经专家鉴定为一级文物',
  painting:
    '春山如笑夏山如滴秋山如妆冬山如睡山之四时不同而烟云出没草木荣枯亦随之画者当以意会之此卷笔墨苍润丘壑深远得北苑遗意余于京师见之留案头旬日不忍释手因题数语以志眼福时岁在丙辰秋九月云溪居士识于听雨轩',
};

/** A deterministic generator seeded by the picture's slug: the same picture every run. */
function random(slug: string): () => number {
  return mulberry32([...slug].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261));
}

/** Columns of characters from the right, top to bottom, in the top-left corner of the frame. */
function inscription(text: string, fill: string): string {
  const cols = 6;
  const rows = 15;
  const step = { x: 13, y: 11.5 };
  const x0 = 44 + (cols - 1) * step.x;
  const glyphs = [...text].slice(0, cols * rows).map((ch, i) => {
    const x = x0 - Math.floor(i / rows) * step.x;
    const y = 60 + (i % rows) * step.y;
    return `<text x="${x}" y="${y.toFixed(1)}">${ch}</text>`;
  });
  return `<g ${SERIF} font-size="9" fill="${fill}" opacity="0.9" text-anchor="middle">${glyphs.join('')}</g>`;
}

/** A collector's seal: four characters in a red square, read right column first. */
function seal(x: number, y: number, chars: string): string {
  const [a = '', b = '', c = '', d = ''] = [...chars];
  const cell = (ch: string, cx: number, cy: number) => `<text x="${x + cx}" y="${y + cy}">${ch}</text>`;
  return [
    `<rect x="${x}" y="${y}" width="24" height="24" rx="1.5" fill="#b03a2e" opacity="0.88"/>`,
    `<rect x="${x + 1.5}" y="${y + 1.5}" width="21" height="21" fill="none" stroke="#f6e7d8" stroke-width="0.6"/>`,
    `<g ${SERIF} font-size="9" font-weight="700" fill="#f6e7d8" text-anchor="middle">${cell(a, 17.5, 11)}${cell(b, 17.5, 21)}${cell(c, 6.5, 11)}${cell(d, 6.5, 21)}</g>`,
  ].join('');
}

/** Hair-thin crackle inside the ellipse the object fills: short zig-zags, as in an old glaze or patina. */
function crackle(slug: string, [x, y, size]: [number, number, number], stroke: string): string {
  const rand = random(slug);
  const cx = x + size / 2;
  const cy = y + size * 0.55;
  const parts: string[] = [];
  for (let i = 0; i < 350; i++) {
    const angle = rand() * Math.PI * 2;
    const r = Math.sqrt(rand());
    let px = cx + Math.cos(angle) * r * size * 0.3;
    let py = cy + Math.sin(angle) * r * size * 0.36;
    const seg = [`M${px.toFixed(1)} ${py.toFixed(1)}`];
    for (let k = 0; k < 4; k++) {
      px += (rand() - 0.5) * 7;
      py += (rand() - 0.5) * 7;
      seg.push(`L${px.toFixed(1)} ${py.toFixed(1)}`);
    }
    parts.push(seg.join(''));
  }
  return `<path d="${parts.join('')}" stroke="${stroke}" stroke-width="0.3" fill="none" opacity="0.35"/>`;
}

/** The vector detail of a zoomable picture, in the 1000-unit space of its SVG (`box`: where the object is). */
export function zoomDetail(spec: { slug: string; motif: MotifName; palette: PaletteName }, box: [number, number, number]): string {
  const p = PALETTES[spec.palette];
  const kind = KIND_OF[spec.motif] ?? 'painting';
  return [
    crackle(spec.slug, box, p.detail),
    inscription(TEXTS[kind], p.text),
    seal(150, 244, '云溪博藏'),
    seal(118, 244, kind === 'painting' ? '听雨轩印' : '珍赏之宝'),
  ].join('');
}

/**
 * Adds the grain of a zoomable picture to its raw pixels in place (`channels` per pixel, colour first):
 * noise, and a faint weave of threads every few pixels. Done here rather than by blending an image: one
 * pass over the bytes is several times quicker at this size.
 */
export function addGrain(pixels: Buffer, width: number, height: number, channels: number, slug: string): void {
  let s = Math.floor(random(slug)() * 0x7fffffff) || 1;
  for (let yy = 0; yy < height; yy++) {
    const weft = yy % 5 === 0 ? 5 : 0;
    for (let xx = 0; xx < width; xx++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      const shift = ((s & 0xff) + ((s >>> 8) & 0xff)) / 32 - 8 + (xx % 5 === 0 ? 5 : weft);
      const at = (yy * width + xx) * channels;
      for (let c = 0; c < 3; c++) {
        const v = (pixels[at + c] ?? 0) + shift;
        pixels[at + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
}
