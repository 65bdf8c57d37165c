// The /__data protocol between the browser router and the edge: a client navigation asks for one
// route's loader data (or posts to its action) and gets one JSON answer of three kinds. Redirects
// travel as data (HTTP 200) so fetch() never follows them on its own.

export const DATA_PREFIX = '/__data';
/** Which route's loader or action to run (a route-table id, or `root`). */
export const ROUTE_PARAM = '_route';

export type DataAnswer =
  | { type: 'data'; data: unknown }
  | { type: 'redirect'; location: string; status: number }
  | { type: 'error'; status: number; code: string };

/** `/News/SNews?page=2` + route id → `/__data/News/SNews?page=2&_route=zh%3ANews%2FSNews`. */
export function dataUrl(url: URL, routeId: string): string {
  const params = new URLSearchParams(url.search);
  params.set(ROUTE_PARAM, routeId);
  return `${DATA_PREFIX}${url.pathname}?${params.toString()}`;
}

/**
 * Removes the parameter `name` from `url`, every other one kept exactly as written. (URLSearchParams
 * writes the whole query anew: the bare English marker `?phoneen` came back as `?phoneen=` in every
 * redirect.)
 */
export function dropParam(url: URL, name: string): void {
  if (!url.searchParams.has(name)) return;
  const nameOf = (part: string): string => {
    try {
      return decodeURIComponent(part.split('=', 1)[0]!.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  };
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && nameOf(part) !== name);
  url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * What a client action answers when its post never reached the action (the connection dropped, the
 * edge was busy): a value for the form to show next to itself, not an error that would replace the page.
 */
export interface ActionUnsent {
  ok: false;
  unsent: 'network' | 'busy';
}

export const isActionUnsent = (value: unknown): value is ActionUnsent =>
  typeof value === 'object' && value !== null && (value as { unsent?: unknown }).unsent !== undefined;
