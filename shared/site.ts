// Which site a request is for (spec §1): English when the path has `EN_` segments, when the address
// contains `enxh` or `phoneen` (an English host or entry link), or when the global English flag is on;
// `platform=wx` marks the messenger-embedded mode, which links carry along.
import type { Lang } from './i18n.ts';

const ENGLISH_MARKERS = /enxh|phoneen/i;

/** Does the address itself (host, path or query) ask for English? */
export function addressIsEnglish(url: URL): boolean {
  return ENGLISH_MARKERS.test(`${url.host}${url.pathname}${url.search}`);
}

/** Does the path walk the English site (`/EN_News/...`)? */
export function pathIsEnglish(pathname: string): boolean {
  return pathname.split('/')[1]?.startsWith('EN_') ?? false;
}

/**
 * The path without segments that only name the English site, as old entry links have them
 * (`/News/SNews/enxh` → `/News/SNews`, `/enxh` → `/`); the path itself when it has none.
 */
export function withoutLanguageSegments(pathname: string): string {
  const kept = pathname.split('/').filter((segment, i) => i === 0 || !/^(?:enxh|phoneen)$/i.test(segment));
  return kept.join('/') || '/';
}

export function resolveLang(url: URL, englishFlag: boolean): Lang {
  return englishFlag || pathIsEnglish(url.pathname) || addressIsEnglish(url) ? 'en' : 'zh';
}

export const WX_PARAM = 'platform';
export const WX_VALUE = 'wx';

export function isWx(url: URL): boolean {
  return url.searchParams.get(WX_PARAM) === WX_VALUE;
}

/** The query a site link must keep so the visitor stays in the same mode. */
export function siteQuery(mode: { wx: boolean }): Record<string, string> {
  return mode.wx ? { [WX_PARAM]: WX_VALUE } : {};
}

/**
 * An internal href with the mode query kept (`/News/SNews?page=2` → `/News/SNews?page=2&platform=wx`).
 * External URLs and pure `#hash` links are returned unchanged.
 */
export function withSiteQuery(href: string, mode: { wx: boolean }): string {
  if (!mode.wx || !href.startsWith('/') || href.startsWith('//')) return href;
  const hashAt = href.indexOf('#');
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const rest = hashAt === -1 ? href : href.slice(0, hashAt);
  const [path, search = ''] = rest.split('?', 2) as [string, string?];
  const params = new URLSearchParams(search);
  params.set(WX_PARAM, WX_VALUE);
  return `${path}?${params.toString()}${hash}`;
}

/** Language tags for `<html lang>` and hreflang. */
export const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en' };

/** The content service's site code of a language (`queryAllChannel/:site`, `languageType`). */
export const SITE_CODE: Record<Lang, 'CN' | 'EN'> = { zh: 'CN', en: 'EN' };
