// What the discovery router serves, one row per kind of answer: the paths it claims (shared/discovery-paths.ts
// names them), the media type and how long browsers, proxies and readers may keep it. A claimed path that
// names nothing is a plain-text 404 here, never a page of the site.
import { CALENDAR_PREFIX, FEED_PREFIX, ROBOTS_PATH, SITEMAP_PART_PREFIX, SITEMAP_PATH } from '../../shared/discovery-paths.ts';

export type DiscoveryName = 'robots' | 'sitemap' | 'sitemapPart' | 'feed' | 'calendar';

export interface DiscoveryRow {
  name: DiscoveryName;
  claims: (path: string) => boolean;
  contentType: string;
  /** Cache-Control of a good answer. */
  cacheControl: string;
}

const under = (prefix: string) => (path: string) => path.startsWith(`${prefix}/`);
const exactly = (wanted: string) => (path: string) => path === wanted;

const DISCOVERY_ROWS: readonly DiscoveryRow[] = [
  { name: 'robots', claims: exactly(ROBOTS_PATH), contentType: 'text/plain; charset=utf-8', cacheControl: 'public, max-age=3600' },
  { name: 'sitemap', claims: exactly(SITEMAP_PATH), contentType: 'application/xml; charset=utf-8', cacheControl: 'public, max-age=600' },
  {
    name: 'sitemapPart',
    claims: under(SITEMAP_PART_PREFIX),
    contentType: 'application/xml; charset=utf-8',
    cacheControl: 'public, max-age=600',
  },
  { name: 'feed', claims: under(FEED_PREFIX), contentType: 'application/rss+xml; charset=utf-8', cacheControl: 'public, max-age=300' },
  { name: 'calendar', claims: under(CALENDAR_PREFIX), contentType: 'text/calendar; charset=utf-8', cacheControl: 'public, max-age=900' },
];

/** The row that claims a path, or undefined (the request goes on to the pages). */
export const discoveryRowFor = (path: string): DiscoveryRow | undefined => DISCOVERY_ROWS.find((row) => row.claims(path));

/** Longest claimed path answered (longer ones are a 404 before any work). */
export const MAX_DISCOVERY_PATH = 512;

/** Seconds a client should wait before asking again when nothing can be served (503). */
export const RETRY_AFTER_S = 60;
