// Wire dates are China time (UTC+8, no daylight saving) written as `YYYY-MM-DD HH:mm:ss`; the
// service's clock is epoch milliseconds. These two functions are the only bridge.
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `YYYY-MM-DD HH:mm:ss` in China time. */
export function chinaDateTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD` in China time. */
export function chinaDay(ms: number): string {
  return chinaDateTime(ms).slice(0, 10);
}

export const DAY_MS = 24 * 60 * 60 * 1000;
