// The site's routes as data: one row per route of the Chinese site; the English site is
// derived (every static path segment gets the `EN_` prefix). The server's static handler, the browser
// router, the route tests and the channel check all iterate this one table.
import type { Lang } from './i18n.ts';

export type { Lang };

export type ScreenKind =
  | 'home'
  | 'redirect'
  | 'list'
  | 'detail'
  | 'search'
  | 'messageBoard'
  | 'exhibitionList'
  | 'exhibitionDetail'
  | 'collectionList'
  | 'exhibitDetail'
  | 'activityList'
  | 'activityDetail'
  | 'questionnaireList'
  | 'questionnaire'
  | 'questionnaireResult'
  | 'notFound';

/** Screens that render content (a redirect row has none; not-found has no loader). */
export type ScreenWithComponent = Exclude<ScreenKind, 'redirect'>;
export type ScreenWithLoader = Exclude<ScreenKind, 'redirect' | 'notFound'>;

export type ListLayout = 'text' | 'images' | 'common' | 'wc' | 'exhibition' | 'collection' | 'book' | 'activity';

export interface RouteDef {
  /** Stable id, also the react-router route id: `zh:News/SNews`, `en:News/SNews`. */
  readonly id: string;
  /** react-router pattern, e.g. `/News/:sec/:id`, `/EN_News/:sec/:id`. */
  readonly path: string;
  readonly screen: ScreenKind;
  /** The site this row belongs to (`/` and `*` are `zh` rows whose language comes from the address). */
  readonly lang: Lang;
  /** Top channel segment (`News`, `EN_News`); empty for home, search and not-found. */
  readonly section: string;
  readonly pageSize?: number;
  readonly grade?: 2 | 3;
  readonly layout?: ListLayout;
  /** Redirect rows: where to go (already in the row's language). */
  readonly redirectTo?: string;
  /**
   * How many leading path segments name channels (the rest are ids or words like `result`). The
   * platform checks those segments against the channel tree, so `/News/Nope` is a 404 before any
   * screen loader runs.
   */
  readonly channelDepth: number;
}

type Row = Omit<RouteDef, 'id' | 'lang' | 'section' | 'channelDepth'>;

const list = (path: string, pageSize: number, layout: ListLayout, grade: 2 | 3 = 2, screen: ScreenKind = 'list'): Row => ({
  path,
  screen,
  pageSize,
  layout,
  grade,
});
const detail = (path: string, screen: ScreenKind = 'detail'): Row => ({ path, screen });
const redirectRow = (path: string, redirectTo: string): Row => ({ path, screen: 'redirect', redirectTo });

/** The Chinese site. Static rows beat `:param` rows of the same shape (react-router ranks them). */
const ZH_ROWS: readonly Row[] = [
  { path: '/', screen: 'home' },
  { path: '/Home', screen: 'home' },
  { path: '/Search', screen: 'search', pageSize: 10 },

  redirectRow('/Survey', '/Survey/Introduction'),
  list('/Survey/Introduction', 10, 'text'),
  list('/Survey/Leader', 6, 'images'),
  list('/Survey/Organization', 10, 'text'),
  list('/Survey/frzl', 10, 'text'),
  list('/Survey/Honor', 10, 'text'),
  list('/Survey/History', 6, 'images'),
  detail('/Survey/:sec/:id'),
  detail('/Survey/:sec/:third/:id'),

  redirectRow('/News', '/News/SNews'),
  list('/News/SNews', 6, 'common'),
  list('/News/Media', 6, 'common'),
  list('/News/:sec', 10, 'text'),
  detail('/News/:sec/:id'),

  redirectRow('/Service', '/Service/OpenServies/OpenTime'),
  redirectRow('/Service/OpenServies', '/Service/OpenServies/OpenTime'),
  { path: '/Service/OpenServies/LeaveWord', screen: 'messageBoard', pageSize: 10, grade: 3 },
  // The same board under a `Message` segment, which names the channel 观众留言 (shared/channels.ts).
  { path: '/Service/OpenServies/Message', screen: 'messageBoard', pageSize: 10, grade: 3 },
  list('/Service/OpenServies/:sec', 10, 'text', 3),
  detail('/Service/OpenServies/:sec/:id'),
  list('/Service/Shopping', 6, 'wc'),
  // Questionnaires (channel Service/Questionnaire).
  { path: '/Service/Questionnaire', screen: 'questionnaireList', pageSize: 10, grade: 2 },
  detail('/Service/Questionnaire/:id', 'questionnaire'),
  detail('/Service/Questionnaire/:id/result', 'questionnaireResult'),
  detail('/Service/:sec/:id'),

  redirectRow('/Exhibition', '/Exhibition/BaseExh'),
  list('/Exhibition/DigitalExh', 6, 'images'),
  // Long-term and temporary exhibitions have their own screens.
  list('/Exhibition/BaseExh', 6, 'exhibition', 2, 'exhibitionList'),
  list('/Exhibition/TempExh', 6, 'exhibition', 2, 'exhibitionList'),
  list('/Exhibition/:sec', 6, 'exhibition'),
  detail('/Exhibition/BaseExh/:id', 'exhibitionDetail'),
  detail('/Exhibition/TempExh/:id', 'exhibitionDetail'),
  detail('/Exhibition/:sec/:id'),

  redirectRow('/Collection', '/Collection/PreciousCol'),
  redirectRow('/Collection/ColLevy', '/Collection/ColLevy/DonationSystem'),
  list('/Collection/ColLevy/:third', 6, 'text', 3),
  list('/Collection/PreciousCol', 12, 'collection', 2, 'collectionList'),
  list('/Collection/GMWW', 12, 'collection', 2, 'collectionList'),
  // A channel of its own in the menu: its records link out, so an image list.
  list('/Collection/ExcellentCol', 12, 'images'),
  detail('/Collection/PreciousCol/:id', 'exhibitDetail'),
  detail('/Collection/GMWW/:id', 'exhibitDetail'),
  detail('/Collection/:sec/:id'),
  detail('/Collection/:sec/:third/:id'),

  redirectRow('/Research', '/Research/AcademicCommittee'),
  list('/Research/AcademicCommittee', 10, 'text'),
  list('/Research/Read', 8, 'book'),
  list('/Research/PublishedBooks', 8, 'book'),
  list('/Research/:sec', 6, 'images'),
  detail('/Research/:sec/:id'),

  redirectRow('/Education', '/Education/Reception'),
  list('/Education/Activity', 6, 'activity', 2, 'activityList'),
  detail('/Education/Activity/:id', 'activityDetail'),
  redirectRow('/Education/Volunteer', '/Education/Volunteer/VolAct'),
  list('/Education/Volunteer/:third', 6, 'images', 3),
  list('/Education/:sec', 6, 'images'),
  detail('/Education/:sec/:id'),
  detail('/Education/:sec/:third/:id'),

  { path: '*', screen: 'notFound' },
];

const EN = 'EN_';

/** Is this one static path segment (not `:param`, not `*`, not empty)? */
const isStatic = (segment: string): boolean => segment !== '' && !segment.startsWith(':') && segment !== '*';

/** `EN_` + segment, once. */
const enSegment = (segment: string): string => (segment.startsWith(EN) ? segment : `${EN}${segment}`);

/** The English twin of a Chinese pattern or path: every static segment gets `EN_` (ids stay). */
export function toEnglishPath(path: string): string {
  return path
    .split('/')
    .map((s) => (isStatic(s) && !/^\d+$/.test(s) && !PLAIN_WORDS.has(s) ? enSegment(s) : s))
    .join('/');
}

/** The Chinese twin of an English path. */
export function toChinesePath(path: string): string {
  return path
    .split('/')
    .map((s) => (s.startsWith(EN) ? s.slice(EN.length) : s))
    .join('/');
}

/** Path words that are not channels and keep their spelling in English paths. */
const PLAIN_WORDS = new Set(['result']);

function channelDepthOf(path: string): number {
  const segments = path.split('/').filter(Boolean);
  const idAt = segments.findIndex((s) => s === ':id' || s === '*');
  return idAt === -1 ? segments.length : idAt;
}

function idOf(lang: Lang, path: string): string {
  return `${lang}:${path === '/' ? 'index' : path === '*' ? 'notFound' : toChinesePath(path).slice(1)}`;
}

function finish(row: Row, lang: Lang): RouteDef {
  const path = lang === 'en' ? toEnglishPath(row.path) : row.path;
  const first = path.split('/')[1] ?? '';
  const section = row.screen === 'home' || row.screen === 'search' || row.screen === 'notFound' ? '' : first;
  const def: RouteDef = {
    ...row,
    id: idOf(lang, row.path),
    path,
    lang,
    section,
    channelDepth: row.screen === 'home' || row.screen === 'search' || row.screen === 'notFound' ? 0 : channelDepthOf(path),
  };
  return row.redirectTo && lang === 'en' ? { ...def, redirectTo: toEnglishPath(row.redirectTo) } : def;
}

/** `/` and `*` exist once (their language comes from the address); every other row has an EN twin. */
const SHARED_PATHS = new Set(['/', '*']);

export const ROUTES: readonly RouteDef[] = Object.freeze([
  ...ZH_ROWS.filter((r) => r.path !== '*').map((r) => finish(r, 'zh')),
  ...ZH_ROWS.filter((r) => !SHARED_PATHS.has(r.path)).map((r) => finish(r, 'en')),
  // The catch-all last, so a reader of the table sees it as the fallback.
  finish(
    ZH_ROWS.find((r) => r.path === '*')!,
    'zh',
  ),
]);

export const ROUTE_BY_ID: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((r) => [r.id, r]));

/** The section parents that redirect to a default child, by path (`/News` → `/News/SNews`), both languages. */
const REDIRECTS: ReadonlyMap<string, string> = new Map(ROUTES.flatMap((r) => (r.redirectTo ? [[r.path, r.redirectTo] as const] : [])));

/** Where a link to `path` ends: the default child of a section parent, else `path` itself (no round trip through a 302). */
export const redirectedPath = (path: string): string => REDIRECTS.get(path) ?? path;

/** The twin of a row in the other language, if any. */
export function twinRoute(def: RouteDef): RouteDef | undefined {
  if (SHARED_PATHS.has(def.path)) return undefined;
  const other: Lang = def.lang === 'zh' ? 'en' : 'zh';
  return ROUTE_BY_ID.get(`${other}:${def.id.slice(def.id.indexOf(':') + 1)}`);
}

/** Home path of a language: `/` for Chinese, `/EN_Home` for English. */
export const homePath = (lang: Lang): string => (lang === 'en' ? '/EN_Home' : '/');

/** Search path of a language. */
export const searchPath = (lang: Lang): string => (lang === 'en' ? '/EN_Search' : '/Search');

/** Screens that are list screens (take `?page=`). */
export const isListRoute = (def: RouteDef): boolean => def.pageSize !== undefined && def.screen !== 'search';
