// Generates the portal's static images under public/ (run once; the results are committed):
// logos (Chinese/English, dark/light), three QR-code-like images (a real QR layout — finder, timing
// and alignment patterns — with deterministic modules; swap in the museum's real codes), the
// government site badge, the fallback image, favicons and the share image.
//   node scripts/make-public-assets.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const pub = join(root, 'public');
mkdirSync(join(pub, 'qr'), { recursive: true });
mkdirSync(join(pub, 'img'), { recursive: true });

const VERMILION = '#9b2c22';
const GOLD = '#b08d57';
const INK = '#1f1f1f';
const SERIF = "'Noto Serif CJK SC','Source Han Serif SC','Songti SC',STSong,serif";

// The seal: a vermilion square with a stylised cloud over a stream (云溪), drawn, not typed.
const seal = (x, y, s) => `
  <g transform="translate(${x} ${y}) scale(${s / 48})">
    <rect x="1" y="1" width="46" height="46" rx="4" fill="${VERMILION}"/>
    <rect x="4.5" y="4.5" width="39" height="39" rx="2" fill="none" stroke="#f7f3ea" stroke-width="1.2" opacity=".85"/>
    <path d="M12 20c0-4 3.5-6.5 7-5.5 1.2-3.2 4.5-4.8 7.8-3.6 2.4.9 3.8 3 4 5.3 3-.4 5.6 1.7 5.6 4.6 0 .5 0 .8-.2 1.2H12.4c-.3-.6-.4-1.3-.4-2z" fill="#f7f3ea"/>
    <path d="M10 29c4-3 8-3 12 0s8 3 12 0 4-2.2 4-2.2M10 35c4-3 8-3 12 0s8 3 12 0 4-2.2 4-2.2" fill="none" stroke="#f7f3ea" stroke-width="2.2" stroke-linecap="round"/>
  </g>`;

function logo({ en, light }) {
  const ink = light ? '#f7f3ea' : INK;
  const sub = light ? '#d9cdb4' : '#6b5a3a';
  const width = en ? 224 : 198;
  const title = en
    ? `<text x="58" y="26" font-family="${SERIF}" font-size="20" font-weight="700" fill="${ink}" letter-spacing=".3">Yunxi Museum</text>
       <text x="59" y="42" font-family="${SERIF}" font-size="11.5" fill="${sub}" letter-spacing="5">云溪博物馆</text>`
    : `<text x="58" y="27" font-family="${SERIF}" font-size="23" font-weight="700" fill="${ink}" letter-spacing="3">云溪博物馆</text>
       <text x="59" y="42" font-family="Georgia,'Times New Roman',serif" font-size="9.5" fill="${sub}" letter-spacing="2.6">YUNXI MUSEUM</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img">
  <title>${en ? 'Yunxi Museum' : '云溪博物馆'}</title>${seal(0, 0, 48)}
  <rect x="52" y="8" width="1" height="32" fill="${GOLD}"/>
  ${title}
</svg>
`;
}

for (const en of [false, true]) {
  for (const light of [false, true]) {
    writeFileSync(join(pub, `logo${en ? '-en' : ''}${light ? '-light' : ''}.svg`), logo({ en, light }));
  }
}

// ---- QR-code-like images: version 3 layout (29 × 29 modules) with a 4-module quiet zone.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function qrSvg(seed, px = 6) {
  const n = 29;
  const grid = Array.from({ length: n }, () => Array(n).fill(null));
  const finder = (r0, c0) => {
    for (let r = -1; r <= 7; r++)
      for (let c = -1; c <= 7; c++) {
        const rr = r0 + r;
        const cc = c0 + c;
        if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        grid[rr][cc] = ring === 4 ? false : ring === 2 ? false : true;
      }
  };
  finder(0, 0);
  finder(0, n - 7);
  finder(n - 7, 0);
  for (let i = 8; i < n - 8; i++) {
    grid[6][i] = i % 2 === 0;
    grid[i][6] = i % 2 === 0;
  }
  // Alignment pattern of version 3 at (22, 22).
  for (let r = -2; r <= 2; r++) for (let c = -2; c <= 2; c++) grid[22 + r][22 + c] = Math.max(Math.abs(r), Math.abs(c)) !== 1;
  grid[n - 8][8] = true; // the dark module
  const rand = prng(seed);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (grid[r][c] === null) grid[r][c] = rand() < 0.48;
  const q = 4;
  const size = (n + 2 * q) * px;
  let rects = '';
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (grid[r][c]) rects += `<rect x="${(c + q) * px}" y="${(r + q) * px}" width="${px}" height="${px}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><g fill="${INK}">${rects}</g></svg>`;
}

const QR = { wechat: 20180101, xiaohongshu: 20180202, douyin: 20180303 };
for (const [name, seed] of Object.entries(QR)) {
  await sharp(Buffer.from(qrSvg(seed)))
    .resize(192, 192, { kernel: 'nearest' })
    .png({ palette: true, colors: 2 })
    .toFile(join(pub, 'qr', `${name}.png`));
}

// ---- The government website identification badge (党政机关): a red emblem with the words.
writeFileSync(
  join(pub, 'gov-badge.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" width="44" height="54" viewBox="0 0 44 54" role="img">
  <title>党政机关</title>
  <path d="M22 2l18 6v15c0 13-8 23-18 28C12 46 4 36 4 23V8z" fill="#d7000f" stroke="#f5c542" stroke-width="1.5"/>
  <path d="M22 9l2.4 5 5.5.8-4 3.9.9 5.5-4.8-2.6-4.8 2.6.9-5.5-4-3.9 5.5-.8z" fill="#f5c542"/>
  <text x="22" y="37" text-anchor="middle" font-family="${SERIF}" font-size="8.5" font-weight="700" fill="#fff">党政</text>
  <text x="22" y="46" text-anchor="middle" font-family="${SERIF}" font-size="8.5" font-weight="700" fill="#fff">机关</text>
</svg>
`,
);

// ---- The fallback image: a quiet paper card with the seal outline, any aspect ratio (slice).
writeFileSync(
  join(pub, 'img', 'fallback.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice">
  <rect width="400" height="300" fill="#ece5d6"/>
  <g transform="translate(176 126)" opacity=".35">
    <rect x="1" y="1" width="46" height="46" rx="4" fill="none" stroke="#7a5c2e" stroke-width="2"/>
    <path d="M10 29c4-3 8-3 12 0s8 3 12 0 4-2.2 4-2.2M10 35c4-3 8-3 12 0s8 3 12 0 4-2.2 4-2.2" fill="none" stroke="#7a5c2e" stroke-width="2.2" stroke-linecap="round"/>
  </g>
</svg>
`,
);

// ---- Favicons and the share image.
const favicon = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">${seal(0, 0, 48)}</svg>`;
writeFileSync(join(pub, 'favicon.svg'), `${favicon}\n`);
const png32 = await sharp(Buffer.from(favicon)).resize(32, 32).png().toBuffer();
// An .ico holding one PNG image (supported by every current browser).
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync(join(pub, 'favicon.ico'), Buffer.concat([header, png32]));
await sharp(Buffer.from(favicon)).resize(180, 180).flatten({ background: '#f7f3ea' }).png().toFile(join(pub, 'apple-touch-icon.png'));

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#f7f3ea"/>
  <rect x="40" y="40" width="1120" height="550" fill="none" stroke="${GOLD}" stroke-width="2"/>
  ${seal(150, 235, 160)}
  <text x="360" y="320" font-family="${SERIF}" font-size="92" font-weight="700" fill="${INK}" letter-spacing="12">云溪博物馆</text>
  <text x="364" y="390" font-family="Georgia,serif" font-size="40" fill="#6b5a3a" letter-spacing="10">YUNXI MUSEUM</text>
</svg>`;
await sharp(Buffer.from(og)).png().toFile(join(pub, 'og-image.png'));

// No robots.txt here: the edge answers /robots.txt itself (server/discovery/sitemap.ts names the sitemap).
console.log('public assets written');
