// After a client navigation, the document's title, description and language follow the page (the
// server wrote them for the first page with the same pageHead()).
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageHead } from '../../shared/head.ts';
import type { FrameData } from '../../shared/frame.ts';
import type { PageInfo } from './page-state.ts';

export default function HeadSync({ frame, page }: { frame: FrameData; page: PageInfo }) {
  const location = useLocation();
  useEffect(() => {
    const url = new URL(`${location.pathname}${location.search}`, window.location.origin);
    const head = pageHead({
      lang: frame.lang,
      url,
      origin: window.location.origin,
      def: page.def,
      channels: frame.channels,
      meta: page.meta,
      state: page.state,
    });
    if (document.title !== head.title) document.title = head.title;
    document.documentElement.lang = head.lang;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    const canonical = document.querySelector('link[rel="canonical"]');
    if (canonical && head.canonical) canonical.setAttribute('href', head.canonical);
  }, [location.pathname, location.search, frame.lang, frame.channels, page.def, page.meta, page.state]);
  return null;
}
