// Simple museum-object silhouettes drawn in a 100×100 box. The composer defines the gradients
// `obj` (the material, top to bottom) and `sheen` (a soft vertical highlight) and places the box.
import type { Palette } from './palettes.ts';
import { GALLERY_ROOMS } from '../../../../shared/floor-plan.ts';

export type MotifName =
  | 'ding'
  | 'zun'
  | 'gu'
  | 'bell'
  | 'mirror'
  | 'meiping'
  | 'pear'
  | 'bowl'
  | 'jar'
  | 'bi'
  | 'cong'
  | 'coin'
  | 'seal'
  | 'document'
  | 'lamp'
  | 'scroll'
  | 'handscroll'
  | 'plum'
  | 'building'
  | 'pavilion'
  | 'pagoda'
  | 'hall'
  | 'brush'
  | 'book'
  | 'lantern'
  | 'badge'
  | 'lecture'
  | 'fan'
  | 'portrait'
  | 'bookcover'
  | 'floorplan';

type Draw = (p: Palette, text: string) => string;

const SERIF = `font-family="Noto Serif CJK SC, Source Han Serif SC, Songti SC, STSong, serif"`;

const shadow = (cx: number, cy: number, rx: number): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${(rx / 10).toFixed(1)}" fill="#000" opacity="0.32"/>`;

/** A repeated small pattern along a band (meanders, waves), in the palette's detail colour. */
function band(x: number, y: number, w: number, h: number, p: Palette, kind: 'spiral' | 'wave' | 'petal'): string {
  const step = h * 1.4;
  const parts: string[] = [];
  for (let px = x + step / 2; px < x + w - step / 3; px += step) {
    if (kind === 'spiral') {
      parts.push(
        `M${px - h * 0.35} ${y + h * 0.7} q0 -${h * 0.45} ${h * 0.35} -${h * 0.45} q${h * 0.35} 0 ${h * 0.35} ${h * 0.3} q0 ${h * 0.2} -${h * 0.2} ${h * 0.2}`,
      );
    } else if (kind === 'wave') {
      parts.push(`M${px - step / 2} ${y + h / 2} q${step / 4} -${h / 2} ${step / 2} 0 t${step / 2} 0`);
    } else {
      parts.push(`M${px - step * 0.4} ${y + h} q${step * 0.4} -${h * 1.6} ${step * 0.8} 0`);
    }
  }
  return `<path d="${parts.join(' ')}" fill="none" stroke="${p.detail}" stroke-width="${(h / 8).toFixed(2)}" stroke-linecap="round" opacity="0.85"/>`;
}

const sheen = (d: string): string => `<path d="${d}" fill="url(#sheen)"/>`;

const ding: Draw = (p) => {
  const body = 'M17 38 L83 38 C83 63 70 77 50 77 C30 77 17 63 17 38 Z';
  return [
    shadow(50, 96, 36),
    `<path d="M30 68 C27 78 26 88 27 95 L34 95 C34 88 35 79 38 71 Z M46 72 L45 97 L55 97 L54 72 Z M62 71 C65 79 66 88 66 95 L73 95 C74 88 73 78 70 68 Z" fill="url(#obj)"/>`,
    `<path d="M23 36 L23 18 L35 18 L35 36 L31 36 L31 22 L27 22 L27 36 Z M65 36 L65 18 L77 18 L77 36 L73 36 L73 22 L69 22 L69 36 Z" fill="url(#obj)"/>`,
    `<path d="${body}" fill="url(#obj)"/>`,
    `<rect x="15" y="34" width="70" height="6" rx="1.5" fill="url(#obj)"/>`,
    `<rect x="20" y="43" width="60" height="11" fill="#000" opacity="0.18"/>`,
    band(20, 43, 60, 11, p, 'spiral'),
    `<path d="M36 59 q6 -6 12 -1 M64 59 q-6 -6 -12 -1 M50 56 L50 71 M46 68 L54 68" stroke="${p.detail}" stroke-width="1.3" fill="none" opacity="0.8"/>`,
    `<ellipse cx="43.5" cy="62" rx="3.2" ry="1.6" fill="${p.detail}" opacity="0.85"/><ellipse cx="56.5" cy="62" rx="3.2" ry="1.6" fill="${p.detail}" opacity="0.85"/>`,
    sheen(body),
  ].join('');
};

const zun: Draw = (p) => {
  const d =
    'M30 8 L70 8 C63 22 57 32 57 41 C71 47 73 60 61 68 L59 80 C65 86 68 91 70 95 L30 95 C32 91 35 86 41 80 L39 68 C27 60 29 47 43 41 C43 32 37 22 30 8 Z';
  return [
    shadow(50, 96, 28),
    `<path d="${d}" fill="url(#obj)"/>`,
    `<path d="M50 12 L50 40 M50 44 L50 66 M50 82 L50 93" stroke="${p.detail}" stroke-width="2.4" opacity="0.7"/>`,
    band(33, 49, 34, 9, p, 'spiral'),
    band(40, 83, 20, 6, p, 'wave'),
    sheen(d),
  ].join('');
};

const gu: Draw = (p) => {
  const d = 'M28 6 L72 6 C60 20 55 32 55 44 L57 58 L55 70 C55 80 62 88 68 95 L32 95 C38 88 45 80 45 70 L43 58 L45 44 C45 32 40 20 28 6 Z';
  return [
    shadow(50, 96, 22),
    `<path d="${d}" fill="url(#obj)"/>`,
    band(43, 52, 14, 8, p, 'spiral'),
    band(44, 24, 12, 6, p, 'petal'),
    sheen(d),
  ].join('');
};

const bell: Draw = (p) => {
  const d = 'M28 26 L72 26 L78 86 C68 80 60 90 50 84 C40 90 32 80 22 86 Z';
  const knobs: string[] = [];
  for (const x of [33, 40, 60, 67])
    for (const y of [38, 48, 58]) knobs.push(`<circle cx="${x}" cy="${y}" r="2.3" fill="${p.detail}" opacity="0.8"/>`);
  return [
    `<path d="M50 2 L50 8" stroke="${p.detail}" stroke-width="1.5"/>`,
    `<rect x="44" y="8" width="12" height="19" rx="2" fill="url(#obj)"/>`,
    `<path d="${d}" fill="url(#obj)"/>`,
    ...knobs,
    band(44, 34, 12, 30, p, 'wave'),
    band(26, 68, 48, 8, p, 'spiral'),
    sheen(d),
  ].join('');
};

const mirror: Draw = (p) => {
  const petals: string[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    petals.push(
      `<circle cx="${(50 + 30 * Math.cos(a)).toFixed(2)}" cy="${(50 + 30 * Math.sin(a)).toFixed(2)}" r="4.5" fill="none" stroke="${p.detail}" stroke-width="1.2"/>`,
    );
  }
  return [
    shadow(50, 95, 34),
    `<circle cx="50" cy="50" r="43" fill="url(#obj)"/>`,
    `<circle cx="50" cy="50" r="38" fill="none" stroke="${p.detail}" stroke-width="1.4" opacity="0.8"/>`,
    `<circle cx="50" cy="50" r="22" fill="none" stroke="${p.detail}" stroke-width="1" opacity="0.7"/>`,
    ...petals,
    band(14, 47, 12, 6, p, 'wave'),
    band(74, 47, 12, 6, p, 'wave'),
    `<circle cx="50" cy="50" r="7" fill="url(#obj)" stroke="${p.detail}" stroke-width="1.2"/>`,
    `<circle cx="50" cy="50" r="43" fill="url(#sheen)"/>`,
  ].join('');
};

const meiping: Draw = (p) => {
  const d = 'M43 8 L57 8 L57 14 C71 18 81 30 79 47 C77 66 64 82 60 95 L40 95 C36 82 23 66 21 47 C19 30 29 18 43 14 Z';
  return [
    shadow(50, 96, 24),
    `<path d="${d}" fill="url(#obj)"/>`,
    `<path d="M30 26 C42 22 58 22 70 26" stroke="${p.detail}" stroke-width="1.6" fill="none"/>`,
    band(25, 40, 50, 10, p, 'wave'),
    `<circle cx="35" cy="56" r="3.2" fill="${p.detail}" opacity="0.85"/><circle cx="50" cy="58" r="3.6" fill="${p.detail}" opacity="0.85"/><circle cx="65" cy="56" r="3.2" fill="${p.detail}" opacity="0.85"/>`,
    `<path d="M26 64 C42 68 58 68 74 64" stroke="${p.detail}" stroke-width="1.6" fill="none"/>`,
    band(38, 78, 24, 8, p, 'petal'),
    sheen(d),
  ].join('');
};

const pear: Draw = (p) => {
  const d =
    'M44 6 L56 6 C56 20 54 29 57 37 C73 49 77 69 69 84 C65 90 61 92 61 95 L39 95 C39 92 35 90 31 84 C23 69 27 49 43 37 C46 29 44 20 44 6 Z';
  return [
    shadow(50, 96, 22),
    `<path d="${d}" fill="url(#obj)"/>`,
    `<path d="M44 10 L56 10" stroke="${p.detail}" stroke-width="1.4"/>`,
    band(44, 22, 12, 6, p, 'petal'),
    band(30, 58, 40, 10, p, 'wave'),
    `<path d="M33 74 C44 77 56 77 67 74" stroke="${p.detail}" stroke-width="1.4" fill="none"/>`,
    sheen(d),
  ].join('');
};

const bowl: Draw = (p) => {
  const d = 'M10 44 L90 44 C88 68 71 82 50 82 C29 82 12 68 10 44 Z';
  const petals: string[] = [];
  for (let x = 18; x <= 78; x += 10)
    petals.push(
      `<path d="M${x} 74 C${x} 62 ${x + 5} 55 ${x + 5} 52 C${x + 5} 55 ${x + 10} 62 ${x + 10} 74" fill="none" stroke="${p.detail}" stroke-width="1.1" opacity="0.6"/>`,
    );
  return [
    shadow(50, 92, 30),
    `<path d="M39 80 L61 80 L59 90 L41 90 Z" fill="url(#obj)"/>`,
    `<path d="${d}" fill="url(#obj)"/>`,
    `<ellipse cx="50" cy="44" rx="40" ry="5" fill="#000" opacity="0.22"/>`,
    ...petals,
    sheen(d),
  ].join('');
};

const jar: Draw = (p) => {
  const d = 'M37 14 L63 14 L63 21 C81 27 86 48 80 64 C76 79 65 89 59 94 L41 94 C35 89 24 79 20 64 C14 48 19 27 37 21 Z';
  const drips: string[] = [];
  const colours = [p.detail, '#5e7a3e', '#c88a3a', p.detail, '#5e7a3e', '#c88a3a', p.detail];
  colours.forEach((c, i) => {
    const x = 24 + i * 8.5;
    drips.push(
      `<path d="M${x} 30 C${x + 3} 45 ${x - 2} 55 ${x + 2} ${66 + (i % 3) * 5} C${x + 5} 55 ${x + 7} 45 ${x + 5} 30 Z" fill="${c}" opacity="0.55"/>`,
    );
  });
  return [
    shadow(50, 96, 26),
    `<path d="${d}" fill="url(#obj)"/>`,
    ...drips,
    `<path d="M37 18 L63 18" stroke="${p.detail}" stroke-width="1.4"/>`,
    sheen(d),
  ].join('');
};

const bi: Draw = (p) => {
  const dots: string[] = [];
  for (let r = 18; r <= 38; r += 5) {
    const n = Math.round((2 * Math.PI * r) / 5.5);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * 2 * Math.PI + r;
      dots.push(
        `<circle cx="${(50 + r * Math.cos(a)).toFixed(2)}" cy="${(50 + r * Math.sin(a)).toFixed(2)}" r="1.1" fill="${p.detail}" opacity="0.7"/>`,
      );
    }
  }
  return [
    shadow(50, 96, 32),
    `<path d="M50 7 A43 43 0 1 1 49.99 7 Z M50 37 A13 13 0 1 0 50.01 37 Z" fill="url(#obj)" fill-rule="evenodd"/>`,
    ...dots,
    `<circle cx="50" cy="50" r="41" fill="none" stroke="${p.detail}" stroke-width="0.8" opacity="0.6"/>`,
    `<circle cx="50" cy="50" r="15" fill="none" stroke="${p.detail}" stroke-width="0.8" opacity="0.6"/>`,
  ].join('');
};

const cong: Draw = (p) => {
  const parts = [
    shadow(50, 96, 26),
    `<rect x="38" y="5" width="24" height="8" rx="1" fill="url(#obj)"/>`,
    `<rect x="27" y="12" width="46" height="82" fill="url(#obj)"/>`,
  ];
  for (let y = 14; y < 92; y += 20) {
    parts.push(`<rect x="27" y="${y + 16}" width="46" height="3" fill="#000" opacity="0.25"/>`);
    parts.push(
      `<circle cx="34" cy="${y + 6}" r="2.6" fill="none" stroke="${p.detail}" stroke-width="1"/><circle cx="66" cy="${y + 6}" r="2.6" fill="none" stroke="${p.detail}" stroke-width="1"/>`,
    );
    parts.push(`<path d="M30 ${y + 11} L40 ${y + 11} M60 ${y + 11} L70 ${y + 11}" stroke="${p.detail}" stroke-width="1" opacity="0.8"/>`);
  }
  parts.push(`<path d="M50 12 L50 94" stroke="#000" stroke-width="1.2" opacity="0.25"/>`, sheen('M27 12 L73 12 L73 94 L27 94 Z'));
  return parts.join('');
};

/** A round coin with a square hole; `text` is its legend (two characters left and right, four top-bottom-right-left). */
const coin: Draw = (p, text) => {
  const chars = [...(text || '五铢')];
  const at =
    chars.length >= 4
      ? [
          [50, 30],
          [50, 83],
          [75, 57],
          [25, 57],
        ]
      : [
          [25, 57],
          [75, 57],
        ];
  return [
    shadow(50, 95, 34),
    `<path d="M50 7 A43 43 0 1 1 49.99 7 Z M41 41 L59 41 L59 59 L41 59 Z" fill="url(#obj)" fill-rule="evenodd"/>`,
    `<circle cx="50" cy="50" r="38" fill="none" stroke="${p.detail}" stroke-width="1.6"/>`,
    `<rect x="38" y="38" width="24" height="24" fill="none" stroke="${p.detail}" stroke-width="1.6"/>`,
    ...at.map(
      ([x, y], i) =>
        `<text x="${x}" y="${y}" font-size="18" ${SERIF} font-weight="700" fill="${p.detail}" text-anchor="middle">${chars[i] ?? ''}</text>`,
    ),
    `<circle cx="50" cy="50" r="43" fill="url(#sheen)"/>`,
  ].join('');
};

const seal: Draw = (p, text) => {
  const chars = [...(text || '云溪博藏')].slice(0, 4);
  const pos = [
    [62, 40],
    [62, 72],
    [36, 40],
    [36, 72],
  ];
  return [
    `<rect x="17" y="14" width="66" height="66" rx="4" fill="${p.accent}"/>`,
    `<rect x="21" y="18" width="58" height="58" rx="2" fill="none" stroke="#f8efe0" stroke-width="2"/>`,
    ...chars.map(
      (c, i) =>
        `<text x="${pos[i]?.[0]}" y="${pos[i]?.[1]}" font-size="24" ${SERIF} font-weight="700" fill="#f8efe0" text-anchor="middle">${c}</text>`,
    ),
    `<path d="M18 86 L82 86" stroke="${p.detail}" stroke-width="0.8" opacity="0.4"/>`,
  ].join('');
};

const documentSheet: Draw = (p) => {
  const lines: string[] = [];
  for (let x = 26; x <= 66; x += 6)
    lines.push(
      `<path d="M${x} 22 L${x} ${58 + ((x * 7) % 22)}" stroke="${p.objBottom}" stroke-width="2.2" stroke-dasharray="3 1.5" opacity="0.75"/>`,
    );
  return [
    shadow(50, 95, 34),
    `<path d="M18 10 L80 8 L83 90 L20 92 Z" fill="#efe0bd"/>`,
    `<path d="M18 10 L80 8 L83 90 L20 92 Z" fill="url(#sheen)" opacity="0.6"/>`,
    `<path d="M23 16 L75 14 L77 18 L23 20 Z" fill="${p.accent}" opacity="0.85"/>`,
    ...lines,
    `<circle cx="66" cy="76" r="9" fill="none" stroke="${p.accent}" stroke-width="2"/>`,
    `<path d="M66 69.5 L68 74 L72.8 74.2 L69 77.2 L70.4 81.8 L66 79 L61.6 81.8 L63 77.2 L59.2 74.2 L64 74 Z" fill="${p.accent}"/>`,
  ].join('');
};

const lamp: Draw = () =>
  [
    shadow(50, 96, 26),
    `<path d="M30 30 C30 4 70 4 70 30" fill="none" stroke="url(#obj)" stroke-width="2.5"/>`,
    `<rect x="36" y="24" width="28" height="8" rx="3" fill="url(#obj)"/>`,
    `<ellipse cx="50" cy="54" rx="17" ry="22" fill="#f6d58a" opacity="0.35"/>`,
    `<ellipse cx="50" cy="58" rx="4" ry="8" fill="#ffd36b"/>`,
    `<path d="M34 34 L34 78 M66 34 L66 78 M42 34 L42 78 M58 34 L58 78" stroke="url(#obj)" stroke-width="2"/>`,
    `<rect x="30" y="78" width="40" height="14" rx="3" fill="url(#obj)"/>`,
    `<circle cx="50" cy="58" r="26" fill="#ffcf6a" opacity="0.12"/>`,
  ].join('');

function mountains(x: number, y: number, w: number, h: number, p: Palette): string {
  const ridge = (base: number, amp: number, phase: number, op: number): string => {
    let d = `M${x} ${y + h}`;
    for (let i = 0; i <= 10; i++) {
      const px = x + (w * i) / 10;
      const py = y + base - amp * Math.abs(Math.sin(i * 0.9 + phase)) * (0.6 + ((i * 37) % 7) / 14);
      d += ` L${px.toFixed(1)} ${py.toFixed(1)}`;
    }
    return `<path d="${d} L${x + w} ${y + h} Z" fill="${p.detail}" opacity="${op}"/>`;
  };
  return [ridge(h * 0.55, h * 0.5, 0.3, 0.25), ridge(h * 0.75, h * 0.45, 1.7, 0.45), ridge(h * 0.95, h * 0.35, 2.6, 0.8)].join('');
}

const scroll: Draw = (p) =>
  [
    shadow(50, 97, 24),
    `<rect x="27" y="4" width="46" height="90" fill="#c9b68e"/>`,
    `<rect x="31" y="12" width="38" height="72" fill="url(#obj)"/>`,
    mountains(31, 34, 38, 50, p),
    `<path d="M40 74 q4 2 8 0" stroke="${p.detail}" stroke-width="0.8" fill="none"/>`,
    `<path d="M62 16 L62 30 M59 16 L59 27" stroke="${p.detail}" stroke-width="1.2" stroke-dasharray="2 1.2"/>`,
    `<rect x="55" y="30" width="4" height="4" fill="${p.accent}"/>`,
    `<rect x="23" y="2" width="54" height="3.5" rx="1.5" fill="#5a3a22"/>`,
    `<rect x="22" y="92" width="56" height="5" rx="2.5" fill="#3a2416"/>`,
  ].join('');

const handscroll: Draw = (p, text) => {
  const chars = [...(text || '海内存知己天涯若比邻山高水长')];
  const glyphs: string[] = [];
  chars.slice(0, 14).forEach((c, i) => {
    const col = Math.floor(i / 4);
    const row = i % 4;
    glyphs.push(
      `<text x="${80 - col * 13}" y="${38 + row * 10}" font-size="9" ${SERIF} fill="${p.detail}" text-anchor="middle">${c}</text>`,
    );
  });
  return [
    shadow(52, 78, 44),
    `<rect x="8" y="26" width="88" height="46" fill="url(#obj)"/>`,
    `<rect x="8" y="26" width="88" height="46" fill="none" stroke="#b59a6a" stroke-width="1.5"/>`,
    ...glyphs,
    mountains(10, 44, 26, 26, p),
    `<rect x="22" y="30" width="5" height="5" fill="${p.accent}"/>`,
    `<rect x="3" y="22" width="6" height="54" rx="3" fill="#4a2e1c"/>`,
  ].join('');
};

const plum: Draw = (p) => {
  const blossoms: Array<[number, number]> = [
    [44, 30],
    [52, 42],
    [60, 36],
    [40, 52],
    [56, 58],
    [48, 66],
    [62, 24],
  ];
  return [
    shadow(50, 97, 24),
    `<rect x="27" y="4" width="46" height="90" fill="#c9b68e"/>`,
    `<rect x="31" y="12" width="38" height="72" fill="url(#obj)"/>`,
    `<path d="M34 82 C40 70 42 60 46 50 C50 40 56 32 64 22 M46 50 C52 52 56 56 58 60 M42 62 C38 56 38 52 40 50" stroke="${p.detail}" stroke-width="1.8" fill="none" stroke-linecap="round"/>`,
    ...blossoms.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.6" fill="#f3d2c8" stroke="${p.accent}" stroke-width="0.6"/>`),
    `<path d="M36 16 L36 34" stroke="${p.detail}" stroke-width="1.2" stroke-dasharray="2 1.2"/>`,
    `<rect x="34.5" y="36" width="3.5" height="3.5" fill="${p.accent}"/>`,
    `<rect x="23" y="2" width="54" height="3.5" rx="1.5" fill="#5a3a22"/>`,
    `<rect x="22" y="92" width="56" height="5" rx="2.5" fill="#3a2416"/>`,
  ].join('');
};

const roof = (x: number, y: number, w: number, h: number, fill: string): string =>
  `<path d="M${x} ${y + h} Q${x + w * 0.12} ${y + h * 0.55} ${x + w * 0.2} ${y} L${x + w * 0.8} ${y} Q${x + w * 0.88} ${y + h * 0.55} ${x + w} ${y + h} Q${x + w / 2} ${y + h * 0.7} ${x} ${y + h} Z" fill="${fill}"/>`;

const building: Draw = (p) => {
  const cols: string[] = [];
  for (let x = 22; x <= 76; x += 9) cols.push(`<rect x="${x}" y="48" width="3" height="30" fill="${p.accent}"/>`);
  return [
    `<rect x="4" y="88" width="92" height="6" fill="url(#obj)" opacity="0.9"/>`,
    `<rect x="12" y="78" width="76" height="10" fill="url(#obj)"/>`,
    `<rect x="18" y="46" width="64" height="32" fill="url(#obj)" opacity="0.8"/>`,
    ...cols,
    `<rect x="44" y="58" width="12" height="20" fill="#000" opacity="0.35"/>`,
    roof(8, 34, 84, 14, 'url(#obj)'),
    `<rect x="30" y="28" width="40" height="8" fill="url(#obj)" opacity="0.85"/>`,
    roof(22, 16, 56, 13, 'url(#obj)'),
    `<path d="M12 47 L88 47" stroke="${p.detail}" stroke-width="1"/>`,
  ].join('');
};

const pavilion: Draw = (p) =>
  [
    `<path d="M0 86 C20 80 40 84 60 82 C75 80 90 84 100 82 L100 100 L0 100 Z" fill="${p.detail}" opacity="0.25"/>`,
    `<rect x="26" y="80" width="48" height="6" fill="url(#obj)"/>`,
    `<rect x="31" y="44" width="3" height="36" fill="${p.accent}"/><rect x="48.5" y="44" width="3" height="36" fill="${p.accent}"/><rect x="66" y="44" width="3" height="36" fill="${p.accent}"/>`,
    `<rect x="30" y="66" width="40" height="2" fill="url(#obj)"/>`,
    roof(16, 28, 68, 17, 'url(#obj)'),
    `<path d="M50 14 L50 28" stroke="url(#obj)" stroke-width="2"/><circle cx="50" cy="13" r="2.4" fill="${p.detail}"/>`,
    `<path d="M84 20 C80 40 86 60 82 82 M86 26 C90 40 88 56 92 70 M80 30 C76 44 78 58 74 70" stroke="#6f8a5a" stroke-width="0.8" fill="none" opacity="0.7"/>`,
  ].join('');

const pagoda: Draw = (p) => {
  const parts: string[] = [`<rect x="30" y="90" width="40" height="5" fill="url(#obj)"/>`];
  let y = 90;
  for (let i = 0; i < 7; i++) {
    const w = 34 - i * 3.4;
    const h = 10 - i * 0.4;
    parts.push(`<rect x="${50 - w / 2 + 3}" y="${y - h}" width="${w - 6}" height="${h}" fill="url(#obj)" opacity="0.9"/>`);
    parts.push(`<rect x="${48.5}" y="${y - h + 2}" width="3" height="${h - 3}" fill="#000" opacity="0.3"/>`);
    parts.push(roof(50 - w / 2 - 4, y - h - 4, w + 8, 5, 'url(#obj)'));
    y -= h + 2;
  }
  parts.push(
    `<path d="M50 ${y - 2} L50 ${y - 12}" stroke="${p.detail}" stroke-width="1.6"/><circle cx="50" cy="${y - 13}" r="1.8" fill="${p.detail}"/>`,
  );
  return parts.join('');
};

const hall: Draw = (p) => {
  const lights = [22, 50, 78].map((x) => `<path d="M${x - 2} 6 L${x + 2} 6 L${x + 12} 66 L${x - 12} 66 Z" fill="#fff3d6" opacity="0.08"/>`);
  const cases = [22, 50, 78].map(
    (x, i) =>
      `<rect x="${x - 11}" y="70" width="22" height="22" fill="url(#obj)" opacity="0.9"/><rect x="${x - 11}" y="40" width="22" height="30" fill="#fff" opacity="0.06" stroke="${p.detail}" stroke-width="0.6"/>` +
      (i === 1
        ? `<path d="M${x - 6} 52 L${x + 6} 52 C${x + 6} 61 ${x + 3} 66 ${x} 66 C${x - 3} 66 ${x - 6} 61 ${x - 6} 52 Z M${x - 5} 66 L${x - 6} 70 M${x + 5} 66 L${x + 6} 70" fill="${p.detail}" stroke="${p.detail}"/>`
        : `<path d="M${x - 2} 44 L${x + 2} 44 C${x + 6} 50 ${x + 7} 60 ${x + 3} 70 L${x - 3} 70 C${x - 7} 60 ${x - 6} 50 ${x - 2} 44 Z" fill="${p.detail}"/>`),
  );
  return [`<path d="M0 92 L100 92 L100 100 L0 100 Z" fill="#000" opacity="0.3"/>`, ...lights, ...cases].join('');
};

const brush: Draw = (p) =>
  [
    `<path d="M10 74 C30 66 44 80 62 70 C72 64 80 66 90 62" stroke="${p.detail}" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.9"/>`,
    `<path d="M18 86 C36 82 52 88 70 84" stroke="${p.detail}" stroke-width="2.5" fill="none" stroke-linecap="round" opacity="0.6"/>`,
    shadow(28, 60, 16),
    `<rect x="12" y="42" width="32" height="16" rx="3" fill="url(#obj)"/><ellipse cx="28" cy="48" rx="11" ry="4" fill="#111" opacity="0.8"/>`,
    `<path d="M56 14 L82 50" stroke="#7a4b2a" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M80 47 L88 60 C89 63 86 64 84 62 L78 51 Z" fill="${p.detail}"/>`,
    `<path d="M56 14 L59 18" stroke="${p.accent}" stroke-width="4.5" stroke-linecap="round"/>`,
  ].join('');

const book: Draw = (p) => {
  const lines: string[] = [];
  for (let y = 38; y <= 70; y += 6)
    lines.push(`<path d="M20 ${y} L44 ${y + 2} M56 ${y + 2} L80 ${y}" stroke="${p.detail}" stroke-width="1" opacity="0.5"/>`);
  return [
    shadow(50, 88, 40),
    `<path d="M50 30 C40 24 24 24 12 28 L12 82 C24 78 40 78 50 84 C60 78 76 78 88 82 L88 28 C76 24 60 24 50 30 Z" fill="url(#obj)"/>`,
    `<path d="M50 30 L50 84" stroke="#000" stroke-width="0.8" opacity="0.35"/>`,
    ...lines,
    `<rect x="62" y="54" width="14" height="10" fill="${p.accent}" opacity="0.7"/>`,
  ].join('');
};

const lantern: Draw = (p) =>
  [
    `<path d="M50 0 L50 14" stroke="${p.detail}" stroke-width="1.5"/>`,
    `<rect x="40" y="14" width="20" height="6" rx="1" fill="${p.objBottom}"/>`,
    `<ellipse cx="50" cy="48" rx="30" ry="29" fill="#c8321f"/>`,
    `<ellipse cx="50" cy="48" rx="30" ry="29" fill="url(#sheen)"/>`,
    `<path d="M50 19 C36 30 36 66 50 77 M50 19 C64 30 64 66 50 77 M50 19 C26 30 26 66 50 77 M50 19 C74 30 74 66 50 77" stroke="#7a1f17" stroke-width="0.9" fill="none"/>`,
    `<circle cx="50" cy="48" r="9" fill="${p.objTop}" opacity="0.9"/>`,
    `<text x="50" y="52.5" font-size="11" ${SERIF} font-weight="700" fill="#9b2c22" text-anchor="middle">福</text>`,
    `<rect x="40" y="76" width="20" height="6" rx="1" fill="${p.objBottom}"/>`,
    `<path d="M44 82 L43 97 M47 82 L47 98 M50 82 L50 99 M53 82 L53 98 M56 82 L57 97" stroke="${p.objTop}" stroke-width="1"/>`,
  ].join('');

const badge: Draw = (p) =>
  [
    `<circle cx="50" cy="46" r="34" fill="url(#obj)"/>`,
    `<circle cx="50" cy="46" r="29" fill="none" stroke="${p.detail}" stroke-width="1.6"/>`,
    `<path d="M50 58 C36 48 34 38 41 34 C46 31 50 35 50 38 C50 35 54 31 59 34 C66 38 64 48 50 58 Z" fill="${p.detail}"/>`,
    `<path d="M36 76 L30 96 L40 90 L46 98 L50 80 M64 76 L70 96 L60 90 L54 98 L50 80" fill="url(#obj)"/>`,
  ].join('');

const lecture: Draw = (p) => {
  const seats: string[] = [];
  for (let r = 0; r < 3; r++)
    for (let x = 8 + r * 2; x < 94; x += 7)
      seats.push(`<rect x="${x}" y="${80 + r * 6}" width="5" height="4" rx="1.5" fill="${p.detail}" opacity="${0.35 + r * 0.15}"/>`);
  return [
    `<rect x="24" y="8" width="52" height="34" fill="#0c0c0c" opacity="0.85"/>`,
    `<rect x="26" y="10" width="48" height="30" fill="url(#obj)" opacity="0.85"/>`,
    `<path d="M42 18 L58 18 C58 28 54 33 50 33 C46 33 42 28 42 18 Z M45 33 L44 37 M55 33 L56 37" fill="${p.detail}" stroke="${p.detail}"/>`,
    `<path d="M74 58 L86 58 L84 76 L76 76 Z" fill="url(#obj)"/>`,
    ...seats,
  ].join('');
};

const fan: Draw = (p) => {
  const ribs: string[] = [];
  for (let i = 0; i <= 12; i++) {
    const a = Math.PI * (1.15 + (0.7 * i) / 12);
    ribs.push(
      `<path d="M50 86 L${(50 + 42 * Math.cos(a)).toFixed(1)} ${(86 + 42 * Math.sin(a)).toFixed(1)}" stroke="#000" stroke-width="0.35" opacity="0.35"/>`,
    );
  }
  const arc = (r: number): string => {
    const a1 = Math.PI * 1.15;
    const a2 = Math.PI * 1.85;
    return `${(50 + r * Math.cos(a1)).toFixed(1)} ${(86 + r * Math.sin(a1)).toFixed(1)} A${r} ${r} 0 0 1 ${(50 + r * Math.cos(a2)).toFixed(1)} ${(86 + r * Math.sin(a2)).toFixed(1)}`;
  };
  return [
    shadow(50, 92, 34),
    `<path d="M${arc(44)} L50 86 Z" fill="url(#obj)"/>`,
    `<clipPath id="fanclip"><path d="M${arc(44)} L50 86 Z"/></clipPath>`,
    `<g clip-path="url(#fanclip)">${mountains(8, 48, 84, 30, p)}</g>`,
    ...ribs,
    `<circle cx="50" cy="86" r="2.5" fill="${p.objBottom}"/>`,
    `<rect x="60" y="52" width="3" height="3" fill="${p.accent}"/>`,
  ].join('');
};

/** A head-and-shoulders silhouette; `text` (the sitter's name) varies hair, build and dress, so no two leaders look alike. */
const portrait: Draw = (p, text) => {
  let h = 7;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  const hair = h % 4;
  const wide = 70 + (h % 3) * 4;
  const tie = (h >> 2) % 3;
  const glasses = (h >> 3) % 2 === 1;
  const half = wide / 2;
  const hairPaths = [
    'M35 34 C36 20 64 20 65 34 C60 27 42 27 35 34 Z',
    'M34 38 C32 16 68 16 66 38 C62 26 40 26 34 38 Z',
    'M34 44 C28 14 72 14 66 44 C64 30 58 26 50 26 C42 26 36 30 34 44 Z',
    'M36 30 C40 19 60 19 64 30 C57 25 43 25 36 30 Z',
  ];
  return [
    `<path d="M${50 - half} 100 C${50 - half} 74 30 64 50 64 C70 64 ${50 + half} 74 ${50 + half} 100 Z" fill="url(#obj)"/>`,
    `<path d="M44 64 L50 80 L56 64" fill="#f1ede4"/>`,
    tie === 0
      ? `<path d="M48.5 68 L51.5 68 L53 86 L50 90 L47 86 Z" fill="${p.accent}"/>`
      : tie === 1
        ? `<path d="M44 64 L50 72 L56 64 L50 100 Z" fill="${p.detail}" opacity="0.6"/>`
        : `<circle cx="50" cy="70" r="1.6" fill="${p.detail}"/>`,
    `<rect x="44" y="52" width="12" height="14" fill="url(#obj)" opacity="0.92"/>`,
    `<ellipse cx="50" cy="38" rx="${14 + (h % 3)}" ry="18" fill="url(#obj)"/>`,
    `<path d="${hairPaths[hair]}" fill="#000" opacity="${hair === 2 ? 0.35 : 0.25}"/>`,
    glasses ? `<path d="M40 39 h8 M52 39 h8 M48 39 h4" stroke="${p.detail}" stroke-width="1.2" opacity="0.7"/>` : '',
  ].join('');
};

const bookcover: Draw = (p, text) => {
  const chars = [...(text || '云溪文博')].slice(0, 8);
  return [
    shadow(52, 97, 34),
    `<rect x="20" y="4" width="62" height="90" fill="url(#obj)"/>`,
    `<rect x="20" y="4" width="5" height="90" fill="#000" opacity="0.25"/>`,
    `<rect x="62" y="10" width="14" height="${chars.length * 8.5 + 6}" fill="#f6efdd"/>`,
    ...chars.map(
      (c, i) =>
        `<text x="69" y="${20 + i * 8.5}" font-size="7.5" ${SERIF} font-weight="700" fill="#1f1f1f" text-anchor="middle">${c}</text>`,
    ),
    `<g transform="translate(30 48) scale(0.32)">${ding(p, '')}</g>`,
    `<rect x="32" y="84" width="6" height="6" fill="${p.accent}"/>`,
  ].join('');
};

const floorplan: Draw = (p) => {
  return [
    `<rect x="3" y="5" width="94" height="90" fill="none" stroke="${p.objBottom}" stroke-width="1.6"/>`,
    ...GALLERY_ROOMS.map(
      ([x, y, w, h]) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.objBottom}" opacity="0.08" stroke="${p.objBottom}" stroke-width="0.6"/>`,
    ),
    `<path d="M46 95 L54 95" stroke="${p.bgInner}" stroke-width="2"/>`,
    `<path d="M50 97 L50 91 M47.5 93.5 L50 91 L52.5 93.5" stroke="${p.accent}" stroke-width="0.8" fill="none"/>`,
  ].join('');
};

export const MOTIFS: Record<MotifName, Draw> = {
  ding,
  zun,
  gu,
  bell,
  mirror,
  meiping,
  pear,
  bowl,
  jar,
  bi,
  cong,
  coin,
  seal,
  document: documentSheet,
  lamp,
  scroll,
  handscroll,
  plum,
  building,
  pavilion,
  pagoda,
  hall,
  brush,
  book,
  lantern,
  badge,
  lecture,
  fan,
  portrait,
  bookcover,
  floorplan,
};

export { mountains, SERIF };
