// What a page's <head> says (title, description, robots, canonical, hreflang alternates, Open Graph,
// RSS alternates, the IIIF manifest of a record, JSON-LD, the reading mode). The server writes it into the document; the browser
// updates it after a client navigation with the same function, so both always agree.
import { channelChain, isUnlistedChain, type ChannelNode } from './channels.ts';
import { feedPathFor } from './discovery-paths.ts';
import { t, type Lang } from './i18n.ts';
import { IIIF_PREFIX } from './iiif.ts';
import { homePath, toChinesePath, toEnglishPath, twinRoute, type RouteDef, type ScreenKind } from './route-table.ts';
import { HTML_LANG, isCare } from './site.ts';
import { PAGE_PARAM, parsePageParam } from './pager.ts';
// A type only: the JSON-LD is built on the server (shared/structured-data.ts), never in the browser.
import type { PageEntity } from './structured-data.ts';

/** Optional head data a loader returns as `meta` beside its own fields. */
export interface PageMeta {
  /** Page name ("<title> - <museum name>"); default: the deepest channel's name. */
  title?: string;
  /** Meta description; default: the channel's description, else the site's. */
  description?: string;
  /** Open Graph image path (`/file/...`) or absolute URL. */
  image?: string;
  /** What `image` shows, for readers who do not see it (`og:image:alt`); default: the page's name. */
  imageAlt?: string;
  /** Open Graph type; default `website`. */
  type?: 'website' | 'article';
  /** What a record page is about, for its JSON-LD node (shared/structured-data.ts). */
  entity?: PageEntity;
  /**
   * The IIIF manifest (or collection) of what the page shows, as a path below IIIF_PREFIX
   * (`manifestPath(id)` or `collectionPath(id)` of shared/iiif.ts): the head links it as an alternate
   * of the Presentation media type.
   */
  iiifManifest?: string;
}

export type PageState = 'ok' | 'notFound' | 'error';

export interface HeadInput {
  lang: Lang;
  /** The visitor's address. */
  url: URL;
  /** Absolute origin for canonical and alternate links (no trailing slash). */
  origin: string;
  def: RouteDef | undefined;
  channels: readonly ChannelNode[];
  meta: PageMeta | undefined;
  state: PageState;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

export interface PageHead {
  lang: string;
  title: string;
  description: string;
  /** `<meta name="robots">`: `noindex` on the pages of hidden channels (unlisted: they answer when linked, but are not for search engines); null elsewhere. */
  robots: string | null;
  /** Absent on error pages. */
  canonical: string | null;
  alternates: Alternate[];
  og: {
    type: string;
    title: string;
    description: string;
    url: string | null;
    image: string;
    imageAlt: string;
    siteName: string;
    locale: string;
  };
  /** RSS 2.0 feeds of the page (a list its own, home the site's main ones): `<link rel="alternate" type="application/rss+xml">`. */
  feeds: Array<{ title: string; href: string }>;
  /** The absolute address of the page's IIIF manifest or collection (`<link rel="alternate" type=IIIF_MANIFEST_TYPE>`); null without one. */
  iiifManifest: string | null;
  /** The elder-friendly reading mode (`care=1`): the document's root gets CARE_CLASS. */
  care: boolean;
}

/** The class on <html> in the reading mode (the server writes it, so the first paint is right). */
export const CARE_CLASS = 'care-mode';

/** List screens that have an RSS feed (articles, exhibitions, activities): `feedPathFor(path)`. */
const FEED_SCREENS: ReadonlySet<ScreenKind> = new Set(['list', 'exhibitionList', 'activityList']);

const OG_LOCALE: Record<Lang, string> = { zh: 'zh_CN', en: 'en_US' };

/** The default share image (public/og-image.png). */
const DEFAULT_OG_IMAGE = '/og-image.png';

/** What the default share image shows: the museum's logo and name. */
const DEFAULT_OG_IMAGE_ALT: Record<Lang, (site: string) => string> = {
  zh: (site) => `${site}标志`,
  en: (site) => `${site} logo`,
};

const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The lists whose feeds the home page links (Chinese paths): its news first, the one a reader takes
 * when it takes one, then the exhibitions and activities it shows. A feed reader given the home page
 * finds the site's feeds there.
 */
const HOME_FEED_LISTS: readonly string[] = ['/News/SNews', '/Exhibition/TempExh', '/Education/Activity'];

/** The home page's feeds in its language: only lists whose channels the menu has, so no link leads to a 404. */
function homeFeeds(lang: Lang, channels: readonly ChannelNode[], origin: string, siteTitle: string): PageHead['feeds'] {
  return HOME_FEED_LISTS.flatMap((zhPath) => {
    const path = lang === 'en' ? toEnglishPath(zhPath) : zhPath;
    const chain = channelChain(channels, path);
    const node = chain.at(-1);
    if (!node || node.path !== path || chain.length !== path.split('/').length - 1 || isUnlistedChain(chain)) return [];
    return [{ title: t(lang, 'site.pageTitle', { page: clean(node.name), site: siteTitle }), href: `${origin}${feedPathFor(path)}` }];
  });
}

/** The RSS feeds a page links: a list its own (none in a hidden channel: server/discovery/site-pages.ts), home the site's main ones. */
function feedsOf(input: HeadInput, title: string, unlisted: boolean): PageHead['feeds'] {
  const { lang, url, origin, def, channels, state } = input;
  if (state !== 'ok' || unlisted || !def) return [];
  if (def.screen === 'home') return homeFeeds(lang, channels, origin, t(lang, 'site.title'));
  return FEED_SCREENS.has(def.screen) ? [{ title, href: `${origin}${feedPathFor(url.pathname === '' ? '/' : url.pathname)}` }] : [];
}

/** The canonical path: the pathname, plus `?page=n` on list pages beyond the first. */
function canonicalPath(url: URL, def: RouteDef | undefined): string {
  const page = parsePageParam(url.searchParams.get(PAGE_PARAM));
  const listed = def?.pageSize !== undefined && page > 1;
  const pathname = url.pathname === '' ? '/' : url.pathname;
  if (def?.screen === 'search') {
    const key = url.searchParams.get('key');
    return key ? `${pathname}?key=${encodeURIComponent(key)}` : pathname;
  }
  return listed ? `${pathname}?${PAGE_PARAM}=${page}` : pathname;
}

/** The Chinese and English addresses of the same page; none for records (ids differ between sites). */
function alternatePaths(url: URL, def: RouteDef | undefined): { zh: string; en: string } | null {
  if (!def || def.screen === 'notFound' || def.path.includes(':id')) return null;
  if (def.screen === 'home') return { zh: homePath('zh'), en: homePath('en') };
  if (!twinRoute(def)) return null;
  return { zh: toChinesePath(url.pathname), en: toEnglishPath(toChinesePath(url.pathname)) };
}

export function pageHead(input: HeadInput): PageHead {
  const { lang, url, origin, def, channels, meta, state } = input;
  const siteTitle = t(lang, 'site.title');
  const chain = def && def.channelDepth > 0 ? channelChain(channels, url.pathname) : [];
  const channel = chain[chain.length - 1];

  const pageName = (() => {
    if (state === 'notFound') return t(lang, 'notFound.title');
    if (state === 'error') return t(lang, 'error.title');
    if (meta?.title) return meta.title;
    if (def?.screen === 'home') return '';
    if (def?.screen === 'search') return t(lang, 'search.title');
    return channel?.name ?? '';
  })();
  const title = pageName ? t(lang, 'site.pageTitle', { page: clean(pageName), site: siteTitle }) : siteTitle;
  const description = clean((state === 'ok' ? meta?.description || channel?.description : '') || t(lang, 'site.description')).slice(0, 200);

  const canonical = state === 'ok' ? `${origin}${canonicalPath(url, def)}` : null;
  const paths = state === 'ok' ? alternatePaths(url, def) : null;
  const alternates: Alternate[] = paths
    ? [
        { hreflang: HTML_LANG.zh, href: `${origin}${paths.zh}` },
        { hreflang: HTML_LANG.en, href: `${origin}${paths.en}` },
        { hreflang: 'x-default', href: `${origin}${paths.zh}` },
      ]
    : [];
  const image = meta?.image || DEFAULT_OG_IMAGE;
  // The site's share picture is its logo and name; a record's picture illustrates the record.
  const imageAlt = clean(meta?.image ? meta.imageAlt || pageName || siteTitle : DEFAULT_OG_IMAGE_ALT[lang](siteTitle)).slice(0, 200);
  const unlisted = state === 'ok' && isUnlistedChain(chain);
  const feeds = feedsOf(input, title, unlisted);
  // Only the edge's own IIIF paths: the link is written with the page's origin.
  const manifest = meta?.iiifManifest ?? '';
  const iiifManifest = state === 'ok' && manifest.startsWith(`${IIIF_PREFIX}/`) ? `${origin}${manifest}` : null;
  return {
    feeds,
    iiifManifest,
    care: isCare(url),
    lang: HTML_LANG[lang],
    title,
    description,
    robots: unlisted ? 'noindex' : null,
    canonical,
    alternates,
    og: {
      type: meta?.type ?? 'website',
      title,
      description,
      url: canonical,
      image: /^https?:\/\//.test(image) ? image : `${origin}${image.startsWith('/') ? '' : '/'}${image}`,
      imageAlt,
      siteName: siteTitle,
      locale: OG_LOCALE[lang],
    },
  };
}
