// China time, the one place the edge reads and writes it: wire times are China time without a zone
// (`YYYY-MM-DD HH:mm[:ss]`, Asia/Shanghai), and "now" is compared with them as text or as instants.
// Server code only (loaders, discovery): the browser bundle never imports this module, so dayjs and its
// zone data stay out of the hydration budget; screens get every date already formatted.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { formatDateTime } from './format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const CHINA_TZ = 'Asia/Shanghai';

/**
 * China's offset from UTC in minutes, read from the zone database once: Asia/Shanghai has kept +08:00
 * all year since 1991. Instants are then shifted by it rather than through `.tz()`, which builds an
 * Intl formatter on every call (many times the cost of a shift; loaders do this per card).
 */
const CHINA_OFFSET_MIN = dayjs().tz(CHINA_TZ).utcOffset();

const inChina = (ms: number) => dayjs.utc(ms).utcOffset(CHINA_OFFSET_MIN);

/** Now as a wire time (`YYYY-MM-DD HH:mm:ss`, China time), so it compares with wire times as text. */
export const chinaNow = (nowMs: number): string => inChina(nowMs).format('YYYY-MM-DD HH:mm:ss');

/** The minute `YYYY-MM-DD HH:mm` in China time (compares with formatDateTime). */
export const chinaMinute = (nowMs: number): string => inChina(nowMs).format('YYYY-MM-DD HH:mm');

/** Today's date `YYYY-MM-DD` in China time. */
export const chinaDay = (nowMs: number): string => inChina(nowMs).format('YYYY-MM-DD');

/** The year in China. */
export const chinaYear = (nowMs: number): number => inChina(nowMs).year();

/** A wire time (China time, no zone) as an instant in ms; null when it is not a time. */
export function chinaTimeMs(value: string | null | undefined): number | null {
  const f = formatDateTime(value);
  if (!f) return null;
  // Read as dayjs.utc reads it (Date.UTC: an out-of-range part rolls over), without its parser: loaders
  // read four of these per activity card.
  const [y, mo, d, h, mi] = f.split(/[- :]/).map(Number) as [number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi) - CHINA_OFFSET_MIN * 60_000;
}

/** The end of the China day of an instant: the next midnight (an activity without an end runs to the end of its start day). */
export const endOfChinaDay = (ms: number): number => inChina(ms).startOf('day').add(1, 'day').valueOf();

/**
 * A wire time as ISO 8601 in China time: `2025-05-01 09:30:00` → `2025-05-01T09:30:00+08:00` (a date
 * alone is midnight); '' when the value is not a date (the JSON-LD of pages, shared/structured-data.ts).
 */
export function chinaIso(value: string | null | undefined): string {
  const ms = chinaTimeMs(value);
  return ms === null ? '' : inChina(ms).format('YYYY-MM-DDTHH:mm:ssZ');
}
