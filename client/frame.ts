// The frame data every page has (language, modes, channel tree, year: the root loader's result,
// server/loaders/root.ts), as a React context: the page's frame provides it from the router on the
// server (client/page-data.ts), an island's root provides it from the island's own attributes in the
// browser. Components read it here, so the same component renders in a page and in an island, and
// nothing an island imports reaches the router.
import { createContext, useCallback, useContext } from 'react';
import type { FrameData } from '../shared/frame.ts';
import type { Lang } from '../shared/route-table.ts';
import { withSiteQuery } from '../shared/site.ts';

export type { FrameData };

const FrameContext = createContext<FrameData | null>(null);

export const FrameProvider = FrameContext.Provider;

/** The frame of the current page. */
export function useFrame(): FrameData {
  const frame = useContext(FrameContext);
  if (!frame) throw new Error('useFrame: no frame (render inside the page frame or an island root)');
  return frame;
}

export const useLang = (): Lang => useFrame().lang;

/**
 * Internal hrefs that keep the visitor's modes (`platform=wx`, `care=1`). Use for every `<a href>` that
 * stays on the site: `const href = useSiteHref(); <a href={href('/News/SNews')}>`.
 */
export function useSiteHref(): (href: string) => string {
  const { wx, care } = useFrame();
  return useCallback((href: string) => withSiteQuery(href, { wx, care }), [wx, care]);
}

/** What an island's root gets of the frame: everything but the channel tree, which no island shows. */
export function islandFrame(frame: FrameData): FrameData {
  return { ...frame, channels: [] };
}
