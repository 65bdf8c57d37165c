// The route data a page reads, and the hooks screens read it with: the frame data every page has (the
// root loader's result, server/loaders/root.ts) and the screen's own data (its loader's result, typed
// by shared/screen-data.ts). Everything in them is plain JSON.
import { useCallback } from 'react';
import { useLoaderData, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { FrameData } from '../shared/frame.ts';
import type { ScreenData } from '../shared/screen-data.ts';
import type { Lang, RouteDef } from '../shared/route-table.ts';
import { pathIsEnglish, withSiteQuery } from '../shared/site.ts';

export type { FrameData };

export const ROOT_ROUTE_ID = 'root';

/** The frame data of the current page (language, mode, channel tree, year). */
export function useFrame(): FrameData {
  const frame = useRouteLoaderData(ROOT_ROUTE_ID) as FrameData | undefined;
  const { pathname } = useLocation();
  // Without root data the frame itself failed (the service-error page): keep at least the language.
  return frame ?? (pathIsEnglish(pathname) ? FALLBACK_EN : FALLBACK_ZH);
}

const FALLBACK_ZH: FrameData = {
  lang: 'zh',
  wx: false,
  englishFlag: false,
  year: 2018,
  channels: [],
  watermark: false,
  filePrefix: '/file',
};
const FALLBACK_EN: FrameData = { ...FALLBACK_ZH, lang: 'en' };

export const useLang = (): Lang => useFrame().lang;

/**
 * The screen's own loader data, typed by its screen kind: `const data = useScreenData('list');`.
 * `kind` only picks the type (server/loaders/index.ts types each loader by the same map).
 */
export function useScreenData<K extends keyof ScreenData>(_kind: K): ScreenData[K] {
  return useLoaderData() as ScreenData[K];
}

export interface RouteHandle {
  def: RouteDef;
}

/** The route-table row of the deepest matched route (page size, layout, grade, screen kind). */
export function useRouteDef(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.def) return handle.def;
  }
  return undefined;
}

/**
 * Internal hrefs that keep the visitor's modes (`platform=wx`, `care=1`). Use for every `<Link to>` and `<a href>`
 * that stays on the site: `const href = useSiteHref(); <Link to={href('/News/SNews')}>`.
 */
export function useSiteHref(): (href: string) => string {
  const { wx, care } = useFrame();
  return useCallback((href: string) => withSiteQuery(href, { wx, care }), [wx, care]);
}
