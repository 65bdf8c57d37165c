// Wire times are China time without a zone (`YYYY-MM-DD HH:mm:ss`, Asia/Shanghai, UTC+8 all year):
// read into instants the way the activity screens read them (shared/activity.ts), so a feed's dates,
// a sitemap's lastmod and a calendar's events say the same moment as the pages.
import { CHINA_TZ, chinaTimeMs, endOfChinaDay } from '../../shared/china-time.ts';
import { formatDate } from '../../shared/format.ts';

export { CHINA_TZ, chinaTimeMs, endOfChinaDay };

/** A wire time as an instant, or null; a time after `nowMs` (a date still to come) is null when `pastOnly`. */
export function instantOf(value: string, nowMs: number, pastOnly = false): number | null {
  const ms = chinaTimeMs(value);
  return ms === null || (pastOnly && ms > nowMs) ? null : ms;
}

/** The wire value's date `YYYY-MM-DD`, or ''. */
export const dayOf = (value: string): string => formatDate(value);

/** W3C datetime (sitemaps' lastmod), in UTC. */
export const w3c = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
