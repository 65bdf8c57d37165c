// Every screen kind at every width a visitor brings (1440, 1024, 820, 768 and 390 px), in both
// languages: nothing scrolls sideways (`scrollWidth > innerWidth`), the header's language switch keeps
// to one line, the phone slide shows its caption whole, and no page logs an error or a CSP violation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemText, startWorld, type CheckedPage, type E2EWorld } from './harness.ts';

let world: E2EWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

/** The screens to walk, per language: home, lists, a detail, exhibitions, collection, activity, messages, search. */
const SCREENS: Record<'zh' | 'en', { lists: string[]; detailOf: string[]; other: string[] }> = {
  zh: {
    lists: ['/News/SNews', '/Exhibition/BaseExh', '/Collection/PreciousCol', '/Education/Activity'],
    detailOf: ['/News/SNews', '/Exhibition/BaseExh', '/Collection/PreciousCol', '/Education/Activity'],
    other: ['/', '/Service/OpenServies/LeaveWord', '/Search?key=%E9%93%9C', '/Survey/Introduction'],
  },
  en: {
    lists: ['/EN_News/EN_SNews', '/EN_Exhibition/EN_BaseExh', '/EN_Collection/EN_PreciousCol', '/EN_Education/EN_Activity'],
    detailOf: ['/EN_News/EN_SNews', '/EN_Exhibition/EN_BaseExh', '/EN_Collection/EN_PreciousCol', '/EN_Education/EN_Activity'],
    other: ['/EN_Home', '/EN_Service/EN_OpenServies/EN_LeaveWord', '/EN_Search?key=bronze', '/EN_Survey/EN_Introduction'],
  },
};

const WIDTHS = [1440, 1024, 820, 768] as const;

/** The first record link of a list page (the detail screen to check). */
async function firstRecord(p: CheckedPage, list: string): Promise<string | null> {
  await p.open(list);
  return p.page.evaluate((prefix) => {
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('main a[href]'));
    const hit = links.find((a) => {
      const path = new URL(a.href).pathname;
      return path.startsWith(`${prefix}/`) && /\/[0-9a-f]{32}$/.test(path);
    });
    return hit ? new URL(hit.href).pathname : null;
  }, list);
}

async function pathsOf(p: CheckedPage, lang: 'zh' | 'en'): Promise<string[]> {
  const s = SCREENS[lang];
  const details: string[] = [];
  for (const list of s.detailOf) {
    const d = await firstRecord(p, list);
    if (d) details.push(d);
  }
  expect(details.length).toBeGreaterThanOrEqual(3);
  return [...s.other, ...s.lists, ...details];
}

/** What is wrong with the current page at its width: sideways scrolling, a wrapped language switch. */
async function faults(p: CheckedPage): Promise<string[]> {
  return p.page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) {
      // Name the widest culprits: elements reaching past the right edge whose parent does not.
      const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const parent = el.parentElement?.getBoundingClientRect();
          const closed = el.closest('details:not([open])');
          return !closed && r.width > 0 && r.right > window.innerWidth + 0.5 && (!parent || parent.right <= window.innerWidth + 0.5);
        })
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      out.push(`scrollWidth ${doc.scrollWidth} > ${window.innerWidth} (${culprits.join(', ')})`);
    }
    // The language switch's word on one line (its box has a fixed height; the word inside may wrap).
    const word = document.querySelector<HTMLElement>('.site-header__lang > span[aria-hidden]');
    if (word && word.offsetParent && word.getBoundingClientRect().height > 2.5 * parseFloat(getComputedStyle(word).fontSize))
      out.push('language switch wraps');
    // Header items keep to one line each.
    for (const link of Array.from(document.querySelectorAll<HTMLElement>('.channel-menu__link'))) {
      if (link.offsetParent && link.scrollWidth > link.clientWidth + 1) out.push(`menu item cut: ${link.textContent}`);
    }
    return out;
  });
}

describe('no sideways scrolling at any width, both languages', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`tablet and desktop widths (${lang})`, async () => {
      const p = await world.newPage('desktop');
      const paths = await pathsOf(p, lang);
      const found: string[] = [];
      for (const width of WIDTHS) {
        await p.page.setViewportSize({ width, height: 900 });
        for (const path of paths) {
          await p.open(path);
          for (const f of await faults(p)) found.push(`${width} ${path}: ${f}`);
        }
      }
      expect(found.join('\n')).toBe('');
      expect(problemText(p)).toBe('');
      await p.close();
    });

    it(`phone width 390 (${lang})`, async () => {
      const p = await world.newPage('phone');
      const paths = await pathsOf(p, lang);
      const found: string[] = [];
      for (const path of paths) {
        await p.open(path);
        for (const f of await faults(p)) found.push(`390 ${path}: ${f}`);
      }
      // The home slide's caption is shown whole (its dates are not cut off).
      await p.open(lang === 'en' ? '/EN_Home' : '/');
      const cut = await p.page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.slider__slide--active .slider__text, .slider__slide--active .slider__title'))
          .filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      expect(found.join('\n')).toBe('');
      expect(problemText(p)).toBe('');
      await p.close();
    });
  }
});
