// The route data a page reads on the server, and the hooks screens read it with: the frame data (the root
// loader's result, server/loaders/root.ts) and the screen's own data (its loader's result, typed by
// shared/screen-data.ts). Everything in them is plain JSON. These hooks need react-router's static
// router, so only the server's render uses them: islands take what they need as props.
import type { ReactNode } from 'react';
import { createElement, useMemo } from 'react';
import { useLoaderData, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { FrameData } from '../shared/frame.ts';
import { t, type UiKey } from '../shared/i18n.ts';
import type { Vars } from '../shared/fill-vars.ts';
import type { RouteDef } from '../shared/route-table.ts';
import type { ScreenData } from '../shared/screen-data.ts';
import { pathIsEnglish } from '../shared/site.ts';
import { FrameProvider } from './frame.ts';
import { TextsProvider } from './i18n.tsx';

export const ROOT_ROUTE_ID = 'root';

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

/** The root loader's frame; without it (the frame itself failed) at least the address's language. */
function useRouterFrame(): FrameData {
  const frame = useRouteLoaderData(ROOT_ROUTE_ID) as FrameData | undefined;
  const { pathname } = useLocation();
  return frame ?? (pathIsEnglish(pathname) ? FALLBACK_EN : FALLBACK_ZH);
}

/**
 * Provides the page's frame (client/frame.ts) and its language's whole dictionary (client/i18n.tsx) to
 * everything inside: the root route's components wrap their page in it.
 */
export function RouterFrame({ children }: { children: (frame: FrameData) => ReactNode }) {
  const frame = useRouterFrame();
  const { lang } = frame;
  const translate = useMemo(() => (key: UiKey, vars?: Vars) => t(lang, key, vars), [lang]);
  return createElement(FrameProvider, { value: frame }, createElement(TextsProvider, { value: translate }, children(frame)));
}

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
