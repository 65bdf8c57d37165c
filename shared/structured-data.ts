// Schema.org structured data (JSON-LD) of the pages: the museum and the site search on home, an
// Event / ExhibitionEvent / (News)Article on record pages, a BreadcrumbList on every inner page. Pure
// builders over what the loaders already return (PageMeta.entity) and the channel chain; the document
// writes the result as `<script type="application/ld+json">` (data, never executed, so the strict CSP
// holds). Times on the wire are China time without a zone: here they get their `+08:00`.
//
// The museum is two nodes, as schema.org has it: the building visitors go to is a `Museum` (a Place:
// address, opening hours), and the institution that publishes articles and organises events is an
// `Organization` located there. Author, publisher and organizer take an Organization or a Person,
// never a Place.
import { channelChain, type ChannelNode } from './channels.ts';
import { chinaIso } from './china-time.ts';
import { t, type Lang } from './i18n.ts';
import { homePath, ROUTES, searchPath, type RouteDef } from './route-table.ts';

/** A schema.org node: `@type` plus properties (hand-written shapes below, only what the pages say). */
export interface JsonLdNode {
  '@context'?: 'https://schema.org';
  '@type': string;
  '@id'?: string;
  [property: string]: unknown;
}

interface PostalAddress extends JsonLdNode {
  '@type': 'PostalAddress';
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  addressCountry: 'CN';
}

/**
 * The museum's own facts, as the footer shows them (footer.address, footer.hours in shared/i18n.ts;
 * a unit test keeps the two in step). `sameAs` lists the public profile pages of the museum's accounts;
 * the footer shows the WeChat, Xiaohongshu and Douyin accounts only as QR codes, so there is no
 * profile URL to give yet: add them here and they appear on the home page's Organization node.
 */
const MUSEUM_FACTS = {
  name: { zh: '云溪博物馆', en: 'Yunxi Museum' },
  address: {
    zh: { streetAddress: '东城区文博路 1 号', addressLocality: '北京市', addressRegion: '北京市' },
    en: { streetAddress: '1 Wenbo Road, Dongcheng District', addressLocality: 'Beijing', addressRegion: 'Beijing' },
  },
  /** Tuesday to Sunday 9:00–17:00 (closed on Mondays). */
  opens: '09:00',
  closes: '17:00',
  days: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  /** A square raster logo (Google wants ≥ 112 px, not SVG-only). */
  logo: '/apple-touch-icon.png',
  sameAs: [] as string[],
} as const;

/** What a record page is about, as its loader returns it in `meta.entity`. */
export type PageEntity =
  | {
      kind: 'article';
      headline: string;
      /** The wire's publishDate (`YYYY-MM-DD[ HH:mm[:ss]]`, China time). */
      published: string;
      /** The wire's updateTime (same form), when the service says the article was edited. */
      modified?: string;
      /** News channels' articles are NewsArticle, the rest Article. */
      news: boolean;
      /** The article's source (来源), when it names one. */
      source?: string;
    }
  | {
      kind: 'event';
      /** Activities are Event, exhibitions ExhibitionEvent. */
      type: 'Event' | 'ExhibitionEvent';
      name: string;
      /** Wire times (China time). */
      start: string;
      end: string;
      /** The venue or hall; the museum itself when empty. */
      place: string;
      cancelled: boolean;
    };

interface Crumb {
  name: string;
  /** Site path (`/News/SNews`) or absolute URL. */
  path: string;
}

interface StructuredInput {
  lang: Lang;
  /** Absolute origin without trailing slash. */
  origin: string;
  /** The page's canonical URL (absolute). */
  canonical: string;
  homePath: string;
  searchPath: string;
  /** The search page's keyword parameter. */
  searchParam: string;
  description: string;
  /** The page's image (absolute or site path), if any. */
  image?: string;
}

/** What the page head knows (shared/head.ts HeadInput, plus its canonical URL and description). */
interface StructuredSource {
  lang: Lang;
  url: URL;
  origin: string;
  def: RouteDef | undefined;
  channels: readonly ChannelNode[];
  meta: { title?: string; image?: string; entity?: PageEntity } | undefined;
  state: 'ok' | 'notFound' | 'error';
  /** Null on error pages: they get no JSON-LD. */
  canonical: string | null;
  description: string;
}

/** Static paths that only redirect (`/News` → `/News/SNews`): a breadcrumb names where they land. */
const REDIRECTS: ReadonlyMap<string, string> = new Map(
  ROUTES.filter((r) => r.screen === 'redirect' && r.redirectTo).map((r) => [r.path, r.redirectTo!] as const),
);

function landingPath(path: string): string {
  let out = path;
  for (let hops = 0; hops < 3 && REDIRECTS.has(out); hops += 1) out = REDIRECTS.get(out)!;
  return out;
}

/** Home, the channels of the path, then the record or the search page (empty on home). */
function crumbsOf(src: StructuredSource, canonical: string): Crumb[] {
  const { lang, def } = src;
  if (!def || def.screen === 'home') return [];
  const chain = def.channelDepth > 0 ? channelChain(src.channels, src.url.pathname) : [];
  const crumbs: Crumb[] = [
    { name: t(lang, 'frame.home'), path: homePath(lang) },
    ...chain.map((node) => ({ name: node.name, path: landingPath(node.path) })),
  ];
  if (def.screen === 'search') crumbs.push({ name: t(lang, 'search.title'), path: canonical });
  else if (def.path.includes(':id'))
    crumbs.push({ name: (src.meta?.title || chain.at(-1)?.name || '').replace(/\s+/g, ' ').trim(), path: canonical });
  return crumbs.length > 1 ? crumbs : [];
}

/** The page's nodes: Museum, Organization and WebSite on home; the record's own node and the BreadcrumbList elsewhere. */
export function jsonLdFor(src: StructuredSource): JsonLdNode[] {
  if (src.state !== 'ok' || !src.canonical) return [];
  const input: StructuredInput = {
    lang: src.lang,
    origin: src.origin,
    canonical: src.canonical,
    homePath: homePath(src.lang),
    searchPath: searchPath(src.lang),
    searchParam: SEARCH_PARAM,
    description: src.description,
    image: src.meta?.image,
  };
  if (src.def?.screen === 'home') return [museumNode(input), organizationNode(input), webSiteNode(input)];
  const crumbs = crumbsOf(src, src.canonical);
  return [
    ...(src.meta?.entity ? [entityNode(src.meta.entity, input)] : []),
    ...(crumbs.length > 0 ? [breadcrumbNode(src.origin, crumbs)] : []),
  ];
}

/** The search page's keyword parameter (client/screens/Search.tsx SEARCH_PARAM). */
const SEARCH_PARAM = 'key';

const abs = (origin: string, path: string): string =>
  /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;

/** The site's default share picture (public/og-image.png, shared/head.ts DEFAULT_OG_IMAGE). */
const SHARE_IMAGE = '/og-image.png';

const museumId = (origin: string): string => `${origin}/#museum`;
const organizationId = (origin: string): string => `${origin}/#organization`;

function postalAddress(lang: Lang): PostalAddress {
  return { '@type': 'PostalAddress', ...MUSEUM_FACTS.address[lang], addressCountry: 'CN' };
}

type Named = Pick<StructuredInput, 'lang' | 'origin' | 'homePath'>;

const logoOf = (origin: string): JsonLdNode => ({ '@type': 'ImageObject', url: abs(origin, MUSEUM_FACTS.logo) });

/** The museum as author, publisher and organizer: a reference to the home page's Organization node. */
function organizationRef(input: Named): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': organizationId(input.origin),
    name: MUSEUM_FACTS.name[input.lang],
    url: abs(input.origin, input.homePath),
    logo: logoOf(input.origin),
  };
}

/** Home: the museum building with its address and opening hours. */
function museumNode(input: StructuredInput): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@type': 'Museum',
    '@id': museumId(input.origin),
    name: MUSEUM_FACTS.name[input.lang],
    url: abs(input.origin, input.homePath),
    logo: logoOf(input.origin),
    description: input.description,
    image: abs(input.origin, input.image ?? SHARE_IMAGE),
    address: postalAddress(input.lang),
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: MUSEUM_FACTS.days, opens: MUSEUM_FACTS.opens, closes: MUSEUM_FACTS.closes },
    ],
  };
}

/** Home: the museum as an institution, at its building; its accounts (`sameAs`) are the institution's. */
function organizationNode(input: StructuredInput): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    ...organizationRef(input),
    location: { '@id': museumId(input.origin) },
    ...(MUSEUM_FACTS.sameAs.length > 0 ? { sameAs: MUSEUM_FACTS.sameAs } : {}),
  };
}

/** Home: the site with its search box (the search page takes `?key=`). */
function webSiteNode(input: StructuredInput): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${input.origin}/#website`,
    name: MUSEUM_FACTS.name[input.lang],
    url: abs(input.origin, input.homePath),
    inLanguage: input.lang === 'en' ? 'en' : 'zh-CN',
    publisher: { '@id': organizationId(input.origin) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${abs(input.origin, input.searchPath)}?${input.searchParam}={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Home, then each crumb; every item an absolute URL. */
function breadcrumbNode(origin: string, crumbs: readonly Crumb[]): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: abs(origin, c.path) })),
  };
}

/**
 * When an article last changed: its edit time, or its publication when it was never edited (or edited
 * before it went out, as a draft): never earlier than it was published. Both are `+08:00` ISO times.
 */
function lastModified(published: string, edited: string): string {
  if (!published) return edited;
  return edited && Date.parse(edited) > Date.parse(published) ? edited : published;
}

/** A record page's own node (article, activity, exhibition). */
function entityNode(entity: PageEntity, input: StructuredInput): JsonLdNode {
  const image = input.image ? [abs(input.origin, input.image)] : undefined;
  const organization = organizationRef(input);
  if (entity.kind === 'article') {
    const published = chinaIso(entity.published);
    const modified = lastModified(published, chinaIso(entity.modified ?? ''));
    return {
      '@context': 'https://schema.org',
      '@type': entity.news ? 'NewsArticle' : 'Article',
      headline: entity.headline.slice(0, 110),
      description: input.description,
      ...(image ? { image } : {}),
      ...(published ? { datePublished: published } : {}),
      ...(modified ? { dateModified: modified } : {}),
      inLanguage: input.lang === 'en' ? 'en' : 'zh-CN',
      mainEntityOfPage: input.canonical,
      author: entity.source ? { '@type': 'Organization', name: entity.source } : organization,
      publisher: organization,
    };
  }
  const start = chinaIso(entity.start);
  const end = chinaIso(entity.end);
  return {
    '@context': 'https://schema.org',
    '@type': entity.type,
    name: entity.name,
    description: input.description,
    url: input.canonical,
    ...(image ? { image } : {}),
    ...(start ? { startDate: start } : {}),
    ...(end ? { endDate: end } : {}),
    eventStatus: `https://schema.org/${entity.cancelled ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: entity.place || MUSEUM_FACTS.name[input.lang],
      address: postalAddress(input.lang),
    },
    organizer: organization,
  };
}
