// Picture variants in a real browser: Chromium picks the 300 or 1000 px variant that fits the card at
// the viewport's density, gets it as WebP, shows it undistorted under the strict CSP, with JavaScript or
// without (a list page carries no script at all); when the variants fail, a page without script shows the
// stylesheet's stand-in in the picture's box, never a broken-image icon (a fallback to the plain files
// needs script, which only islands have). Screenshots: images-*.png in SHOTS.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { darkPixels, problemText, problemsWithoutJs, startWorld, type CheckedPage, type E2EWorld, type ViewportName } from './harness.ts';

const SHOTS = '/tmp/shots';
let world: E2EWorld;

beforeAll(async () => {
  world = await startWorld();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await world?.close();
});

interface Shown {
  src: string;
  naturalW: number;
  naturalH: number;
  boxW: number;
  boxH: number;
  fit: string;
  dpr: number;
}

/** The first `n` pictures matching `selector`, once loaded: what the browser chose and how it shows it. */
async function pictures(p: CheckedPage, selector: string, n = 4): Promise<Shown[]> {
  return p.page.evaluate(
    async ({ selector, n }) => {
      const imgs = Array.from(document.querySelectorAll<HTMLImageElement>(selector)).slice(0, n);
      for (const img of imgs) img.loading = 'eager';
      await Promise.all(imgs.map((img) => img.decode().catch(() => undefined)));
      return imgs.map((img) => {
        const box = img.getBoundingClientRect();
        return {
          src: img.currentSrc.replace(location.origin, ''),
          naturalW: img.naturalWidth,
          naturalH: img.naturalHeight,
          boxW: Math.round(box.width),
          boxH: Math.round(box.height),
          fit: getComputedStyle(img).objectFit,
          dpr: devicePixelRatio,
        };
      });
    },
    { selector, n },
  );
}

/** Opens `path` at `viewport`, records the Content-Type of every variant, saves a screenshot. */
async function visit(viewport: ViewportName, path: string, shot: string) {
  const p = await world.newPage(viewport);
  const types = new Map<string, string>();
  p.page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.search.startsWith('?w=')) types.set(url.pathname + url.search, res.headers()['content-type'] ?? '');
  });
  expect(await p.open(path)).toBe(200);
  return { p, types, shoot: () => p.page.screenshot({ path: `${SHOTS}/images-${shot}.png` }) };
}

/** The picture is not stretched: shown at its own ratio, or cropped/letterboxed by object-fit. */
function undistorted(s: Shown): boolean {
  if (s.fit === 'cover' || s.fit === 'contain') return true;
  return Math.abs(s.naturalW / s.naturalH - s.boxW / s.boxH) < 0.02;
}

describe('the browser picks the right variant', () => {
  it('collection cards: 300 px on a 1440 px desktop, 1000 px on a 390 px phone at 2×, as WebP', async () => {
    for (const [viewport, width, wanted] of [
      ['desktop', 1440, '?w=300'],
      ['phone', 390, '?w=1000'],
    ] as const) {
      const { p, types, shoot } = await visit(viewport, '/Collection/PreciousCol', `list-${width}`);
      const shown = await pictures(p, '.cards .card__picture img');
      expect(shown.length).toBe(4);
      for (const s of shown) {
        expect(s.src.endsWith(wanted), `${s.src} at ${width}`).toBe(true);
        expect(types.get(s.src)).toBe('image/webp');
        expect(s.naturalW).toBeGreaterThan(0);
        expect(undistorted(s)).toBe(true);
      }
      await shoot();
      expect(problemText(p)).toBe('');
    }
  });

  it('exhibit detail: the large variant on the stage, 300 px gallery thumbnails, nothing blurred or stretched', async () => {
    const list = await world.newPage('desktop');
    await list.open('/Collection/PreciousCol');
    const href = await list.page.getAttribute('.cards .card__link', 'href');
    expect(href).toMatch(/^\/Collection\/PreciousCol\/[0-9a-f]{32}$/);
    for (const [viewport, width] of [
      ['desktop', 1440],
      ['phone', 390],
    ] as const) {
      const { p, shoot } = await visit(viewport, href!, `exhibit-${width}`);
      const [stage] = await pictures(p, '.exhibit__image', 1);
      expect(stage!.src).toMatch(/\?w=1000$/);
      // Chromium reports the size in CSS px of the chosen candidate: at least what the box shows.
      expect(stage!.naturalW).toBeGreaterThanOrEqual(stage!.boxW - 2);
      expect(undistorted(stage!)).toBe(true);
      const thumbs = await pictures(p, '.gallery__thumb', 3);
      for (const t of thumbs) {
        // The smallest variant that covers the thumbnail at the screen's density (a 2× phone needs more than
        // 300) — or the stage's own picture, when it is the same one: Chromium takes a larger candidate it
        // already holds rather than download the smaller (whether it has finished loading is a race).
        expect(undistorted(t)).toBe(true);
        if (t.src === stage!.src) continue;
        expect(t.src).toMatch(t.boxW * t.dpr <= 300 ? /\?w=300$/ : /\?w=1000$/);
      }
      await shoot();
      expect(problemText(p)).toBe('');
    }
  });
});

describe('fallbacks', () => {
  it("shows the stand-in in the card's box when the variants fail, not a broken image", async () => {
    const p = await world.newPage('desktop');
    await p.page.route(/\?w=\d+$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await p.open('/Collection/PreciousCol');
    const cards = p.page.locator('.cards .card__picture img');
    const shown = await pictures(p, '.cards .card__picture img');
    expect(shown.length).toBe(4);
    for (const s of shown) {
      expect(s.naturalW, s.src).toBe(0);
      // The card keeps its box (nothing collapses or jumps).
      expect(s.boxW).toBeGreaterThan(150);
      expect(s.boxH).toBeGreaterThan(100);
    }
    // The alt text and the browser's icon are dark; the stand-in is paper with a faint motif.
    expect(await darkPixels(await cards.first().screenshot())).toBe(0);
    // The 404s were the test's own doing (the answers, and Chromium's word of each); nothing else failed.
    const refused = (x: { kind: string; text: string }) =>
      (x.kind === 'http' && /^404 \/file\/\S+$/.test(x.text)) ||
      (x.kind === 'console' && x.text === 'Failed to load resource: the server responded with a status of 404 (Not Found)');
    expect(p.problems.filter((x) => !refused(x))).toEqual([]);
  });

  it('shows the variants without JavaScript', async () => {
    const p = await world.newPage('desktop', { javaScript: false });
    expect(await p.open('/Collection/PreciousCol')).toBe(200);
    const shown = await p.page.evaluate(async () => {
      const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('.cards .card__picture img')).slice(0, 4);
      await Promise.all(imgs.map((img) => img.decode().catch(() => undefined)));
      return imgs.map((img) => ({ src: img.currentSrc, w: img.naturalWidth }));
    });
    expect(shown.length).toBe(4);
    for (const s of shown) {
      expect(s.src).toMatch(/\?w=300$/);
      expect(s.w).toBeGreaterThan(0);
    }
    expect(problemsWithoutJs(p)).toBe('');
  });
});
