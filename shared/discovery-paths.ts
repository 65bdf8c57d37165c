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
  if (path.startsWith(`${FEED_PREFIX}/`) && path.endsWith('.xml')) return { kind: 'feed', pagePath: path.slice(FEED_PREFIX.length, -'.xml'.length) };
  if (path.startsWith(`${CALENDAR_PREFIX}/`) && path.endsWith('.ics')) return { kind: 'calendar', pagePath: path.slice(CALENDAR_PREFIX.length, -'.ics'.length) };
  return null;
}
