// Which site a request is for: English when the path has `EN_` segments, when the address
// contains `enxh` or `phoneen` (an English host or entry link), or when the global English flag is on;
// `platform=wx` marks the messenger-embedded mode and `care=1` the elder-friendly reading mode; links
// carry both along.
import type { Lang } from './i18n.ts';

const ENGLISH_MARKERS = /enxh|phoneen/i;

/** Does the address itself (host, path or query) ask for English? */
function addressIsEnglish(url: URL): boolean {
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
  return kept.length === pathname.split('/').length ? pathname : sitePath(kept.join('/'));
}

/** A made-up origin to parse addresses against: whatever lands elsewhere was not a path of this site. */
const SITE_BASE = 'http://site.invalid';

function onSite(href: string): URL | null {
  try {
    const url = new URL(href, SITE_BASE);
    return url.origin === SITE_BASE ? url : null;
  } catch {
    return null;
  }
}

/**
 * An address as a path of this site, for every redirect the edge sends: exactly one leading `/`,
 * whatever the input. Browsers read `//host`, `/\host` and `/<tab>/host` as another site, and a path
 * built from the visitor's address (a removed segment, a page number) can come out that way; such an
 * address stays on the site as an odd path (the not-found page), never a host.
 */
export function sitePath(location: string): string {
  const url = onSite(location) ?? onSite(`/${location.replace(/^[\s/\\]+/, '')}`) ?? new URL(SITE_BASE);
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
}

export function resolveLang(url: URL, englishFlag: boolean): Lang {
  return englishFlag || pathIsEnglish(url.pathname) || addressIsEnglish(url) ? 'en' : 'zh';
}

const WX_PARAM = 'platform';
const WX_VALUE = 'wx';

export function isWx(url: URL): boolean {
  return url.searchParams.get(WX_PARAM) === WX_VALUE;
}

/**
 * The elder-friendly reading mode (关怀模式: larger text, more contrast, wider spacing). It lives in
 * the address like `platform=wx`, not in a cookie: pages are cached (here and in any CDN) by URL, so a
 * cookie would need `Vary: Cookie` and would split or poison the cache; a query parameter is just
 * another page, works without JavaScript and survives every link the site writes.
 */
const CARE_PARAM = 'care';
const CARE_VALUE = '1';

export function isCare(url: URL): boolean {
  return url.searchParams.get(CARE_PARAM) === CARE_VALUE;
}

/** The modes a visitor's links carry along (`care` absent = off). */
export interface SiteMode {
  wx: boolean;
  care?: boolean;
}

/** The modes an address asks for. */
export const siteModeOf = (url: URL): Required<SiteMode> => ({ wx: isWx(url), care: isCare(url) });

/** The query a site link must keep so the visitor stays in the same mode. */
function siteQuery(mode: SiteMode): Record<string, string> {
  return { ...(mode.wx ? { [WX_PARAM]: WX_VALUE } : {}), ...(mode.care ? { [CARE_PARAM]: CARE_VALUE } : {}) };
}

/** `href` with one query parameter set (value) or removed (null); the hash kept. */
function withParam(href: string, name: string, value: string | null): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const rest = hashAt === -1 ? href : href.slice(0, hashAt);
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  const params = new URLSearchParams(q === -1 ? '' : rest.slice(q + 1));
  if (value === null) params.delete(name);
  else params.set(name, value);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${hash}`;
}

/**
 * An internal href with the mode query kept (`/News/SNews?page=2` → `/News/SNews?page=2&platform=wx`).
 * External URLs and pure `#hash` links are returned unchanged.
 */
export function withSiteQuery(href: string, mode: SiteMode): string {
  if ((!mode.wx && !mode.care) || !href.startsWith('/') || href.startsWith('//')) return href;
  let out = href;
  for (const [name, value] of Object.entries(siteQuery(mode))) out = withParam(out, name, value);
  return out;
}

/** The same page with the reading mode switched on or off (every other parameter kept). */
export const withCare = (href: string, on: boolean): string => withParam(href, CARE_PARAM, on ? CARE_VALUE : null);

/** Language tags for `<html lang>` and hreflang. */
export const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en' };

/** The content service's site code of a language (`queryAllChannel/:site`, `languageType`). */
export const SITE_CODE: Record<Lang, 'CN' | 'EN'> = { zh: 'CN', en: 'EN' };
