// After a client navigation, the document's head follows the page (the server wrote it for the first
// page with the same pageHead()): title, description, robots, language, canonical, hreflang, RSS and
// IIIF manifest alternates, and the reading mode's class on <html>. The JSON-LD blocks describe the page the server
// sent (crawlers read that document); their builders stay out of the browser bundle, so after a
// client navigation the blocks are removed rather than left describing another page.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { CARE_CLASS, pageHead, type PageHead } from '../../shared/head.ts';
import { IIIF_MANIFEST_TYPE } from '../../shared/iiif.ts';
import type { FrameData } from '../../shared/frame.ts';
import type { PageInfo } from './page-state.ts';

/**
 * The origin the server wrote absolute links with (PUBLIC_URL, else the request's): read back from the
 * document, so a visitor on another address (an IP, a proxy's name) keeps the same canonical origin.
 */
function documentOrigin(): string {
  const written =
    document.querySelector('link[rel="canonical"]')?.getAttribute('href') ??
    document.querySelector('meta[property="og:url"]')?.getAttribute('content');
  try {
    return written ? new URL(written).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/** Replaces the head elements `selector` finds with `make()`'s, inserted where the first one was (else at the end). */
function replaceAll(selector: string, make: () => HTMLElement[]): void {
  const old = [...document.head.querySelectorAll(selector)];
  const fresh = make();
  const anchor = old[0] ?? null;
  for (const el of fresh) document.head.insertBefore(el, anchor);
  for (const el of old) el.remove();
}

function link(attrs: Record<string, string>): HTMLElement {
  const el = document.createElement('link');
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

function meta(name: string, content: string): HTMLElement {
  const el = document.createElement('meta');
  el.setAttribute('name', name);
  el.setAttribute('content', content);
  return el;
}

function syncHead(head: PageHead, navigated: boolean): void {
  if (document.title !== head.title) document.title = head.title;
  const root = document.documentElement;
  root.lang = head.lang;
  root.classList.toggle(CARE_CLASS, head.care);
  document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  replaceAll('meta[name="robots"]', () => (head.robots ? [meta('robots', head.robots)] : []));
  replaceAll('link[rel="canonical"]', () => (head.canonical ? [link({ rel: 'canonical', href: head.canonical })] : []));
  replaceAll('link[rel="alternate"][hreflang]', () =>
    head.alternates.map((a) => link({ rel: 'alternate', hreflang: a.hreflang, href: a.href })),
  );
  replaceAll('link[rel="alternate"][type="application/rss+xml"]', () =>
    head.feeds.map((f) => link({ rel: 'alternate', type: 'application/rss+xml', title: f.title, href: f.href })),
  );
  // The manifest type's value holds quotes (its profile), so the selector matches by its start.
  replaceAll('link[rel="alternate"][type^="application/ld+json"]', () =>
    head.iiifManifest ? [link({ rel: 'alternate', type: IIIF_MANIFEST_TYPE, href: head.iiifManifest })] : [],
  );
  if (navigated) replaceAll('script[type="application/ld+json"]', () => []);
}

export default function HeadSync({ frame, page }: { frame: FrameData; page: PageInfo }) {
  const location = useLocation();
  const first = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const origin = documentOrigin();
    const url = new URL(`${location.pathname}${location.search}`, origin);
    syncHead(
      pageHead({
        lang: frame.lang,
        url,
        origin,
        def: page.def,
        channels: frame.channels,
        meta: page.meta,
        state: page.state,
      }),
      `${location.pathname}${location.search}` !== first.current,
    );
  }, [location.pathname, location.search, frame.lang, frame.channels, page.def, page.meta, page.state]);
  return null;
}
