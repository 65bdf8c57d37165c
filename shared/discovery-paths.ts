// Where the machine-readable forms of the site live (sitemaps, feeds, calendars): one module, so the
// routes that serve them and the page head that links them agree. A feed or calendar path is the page's
// own path under a fixed prefix, so every list (Chinese or English) has exactly one of each.

export const SITEMAP_PATH = '/sitemap.xml';
export const FEED_PREFIX = '/feeds';
export const CALENDAR_PREFIX = '/calendar';

/** The RSS 2.0 feed of a list page: `/News/SNews` → `/feeds/News/SNews.xml`. */
export const feedPathFor = (listPath: string): string => `${FEED_PREFIX}${listPath.replace(/\/+$/, '')}.xml`;

/** The iCalendar file of a list (what is upcoming) or of one activity/exhibition: `…` → `/calendar/….ics`. */
export const calendarPathFor = (pagePath: string): string => `${CALENDAR_PREFIX}${pagePath.replace(/\/+$/, '')}.ics`;

/** The page a feed or calendar path stands for, or null when the path is neither. */
export function pagePathOf(path: string): { kind: 'feed' | 'calendar'; pagePath: string } | null {
  if (path.startsWith(`${FEED_PREFIX}/`) && path.endsWith('.xml'))
    return { kind: 'feed', pagePath: path.slice(FEED_PREFIX.length, -'.xml'.length) };
  if (path.startsWith(`${CALENDAR_PREFIX}/`) && path.endsWith('.ics'))
    return { kind: 'calendar', pagePath: path.slice(CALENDAR_PREFIX.length, -'.ics'.length) };
  return null;
}

/** The crawler rules, answered by the edge (it names the sitemap at the site's own origin). */
export const ROBOTS_PATH = '/robots.txt';

/** Where the parts of a sitemap index live when the site outgrows one sitemap file. */
export const SITEMAP_PART_PREFIX = '/sitemaps';

/** Part `n` (from 1) of a large sitemap: `/sitemaps/2.xml`. */
export const sitemapPartPath = (n: number): string => `${SITEMAP_PART_PREFIX}/${n}.xml`;

/** The part number a sitemap-part path names (1 to 9999, no leading zeros), or null. */
export function sitemapPartOf(path: string): number | null {
  const m = /^\/sitemaps\/([1-9]\d{0,3})\.xml$/.exec(path);
  return m ? Number(m[1]) : null;
}

/**
 * Which list screens have a feed (their records carry a date: articles, exhibitions, activities) and
 * which have a calendar (what happens at a time: activities, temporary exhibitions). The page head
 * links a feed only where this says one exists, so a reader never follows a link to a 404.
 */
const FEED_SCREENS: readonly string[] = ['list', 'exhibitionList', 'activityList'];

/** Does the list page of this screen and channel (`SNews`, `EN_TempExh`) have a feed? */
export function hasFeed(screen: string, channelNo: string): boolean {
  // ExcellentCol's records live on other sites (shared/links.ts UNROUTED_CHANNELS): still a feed of links.
  return FEED_SCREENS.includes(screen) && channelNo !== '';
}

/** Does a page of this screen and channel have a calendar (`.ics`)? Lists: what is upcoming; details: the one event. */
export function hasCalendar(screen: string, channelNo: string): boolean {
  const bare = channelNo.replace(/^EN_/, '');
  if (screen === 'activityList' || screen === 'activityDetail') return bare === 'Activity';
  if (screen === 'exhibitionList' || screen === 'exhibitionDetail') return bare === 'TempExh';
  return false;
}
