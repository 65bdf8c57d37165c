// The pager's arithmetic: which page is current, which five
// links show, where previous/next/first/last go, and how the jump box cleans what a visitor types.
// The list loaders, the Pager component and the no-JavaScript jump form all use these same rules.

/** Five page links by default. */
export const PAGER_LINKS = 5;

/** The address parameter that carries the page number. */
export const PAGE_PARAM = 'page';

/**
 * The page an address asks for: a positive whole number, 1 otherwise (missing, `abc`, `0`, `-3`,
 * `2.5`). The upper bound is applied by {@link clampPage} once the page count is known.
 */
export function parsePageParam(raw: string | null | undefined): number {
  if (raw == null) return 1;
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return 1;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** A page number kept inside 1…pages (1 when there are no pages). */
export function clampPage(page: number, pages: number): number {
  if (!(pages >= 1)) return 1;
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(Math.trunc(page), 1), pages);
}

/**
 * The window of page links around the current page: `links` consecutive numbers, the current
 * one centred where possible and the window pushed inside 1…pages at either end.
 */
function pageWindow(current: number, pages: number, links: number = PAGER_LINKS): number[] {
  if (pages < 1 || links < 1) return [];
  const size = Math.min(links, pages);
  const page = clampPage(current, pages);
  let start = page - Math.floor((size - 1) / 2);
  start = Math.max(1, Math.min(start, pages - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

interface PagerModel {
  /** The pager hides at one page or fewer (nothing to page through). */
  hidden: boolean;
  current: number;
  pages: number;
  /** The previous page, or null on page 1 (previous does nothing there). */
  prev: number | null;
  /** The next page, or null on the last page (next does nothing there). */
  next: number | null;
  links: number[];
}

export function pagerModel(current: number, pages: number, links: number = PAGER_LINKS): PagerModel {
  const page = clampPage(current, pages);
  return {
    hidden: pages <= 1,
    current: page,
    pages,
    prev: page > 1 ? page - 1 : null,
    next: page < pages ? page + 1 : null,
    links: pageWindow(page, pages, links),
  };
}

/**
 * The jump box's HTML `pattern`: a page number, zero refused (the browser keeps the form and says why).
 * A number past the last page goes through, and the loader clamps it (parsePageParam, correctedPageHref).
 */
export const JUMP_PATTERN = '0*[1-9][0-9]*';

/**
 * The query string of the address for `page`, keeping every other parameter (a search keyword,
 * `enxh`, `platform=wx`, a type filter). Always written out, so the page number stays in the address.
 */
function pageSearch(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set(PAGE_PARAM, String(page));
  return `?${params.toString()}`;
}

/** The link of a page: path + query (+ `#anchor` so that, without JavaScript, the browser scrolls there). */
export function pageHref(pathname: string, search: string, page: number, anchor?: string): string {
  return `${pathname}${pageSearch(search, page)}${anchor ? `#${anchor}` : ''}`;
}

/**
 * The address as it means it when its page parameter is not how the page it shows is written (`0`,
 * `-1`, `2.5`, `abc`, `03`, empty): the same address at that page. Null when it is fine or absent.
 */
export function correctedPageHref(pathname: string, search: string): string | null {
  const raw = new URLSearchParams(search).get(PAGE_PARAM);
  if (raw === null) return null;
  const page = parsePageParam(raw);
  return raw === String(page) ? null : pageHref(pathname, search, page);
}
