// Changing page scrolls the window to the top, or to the list's anchor element, smoothly
// where supported (never under prefers-reduced-motion); an element named in the address hash is
// scrolled to as well. Page links carry preventScrollReset so this hook alone decides the scroll.
// A screen entered by a client navigation (a link from another page) starts at the top.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigation, useNavigationType } from 'react-router';

export function scrollBehavior(): ScrollBehavior {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'auto';
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

function elementOf(hash: string): HTMLElement | null {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the id up as written.
  }
  return id ? document.getElementById(id) : null;
}

/** Scrolls on page changes (to `anchorId` when given, else the top) and to the address hash. */
export function useListScroll(anchorId?: string): void {
  const { search, hash } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    const target = elementOf(hash);
    if (first.current) {
      first.current = false;
      if (target) target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
      // A new screen after a link click opens at its top (a first load or back/forward is a POP).
      else if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
      return;
    }
    const anchor = target ?? (anchorId ? document.getElementById(anchorId) : null);
    if (anchor) anchor.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    else window.scrollTo({ top: 0, behavior: scrollBehavior() });
    // Runs when the address changes, not when the navigation type does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, hash, anchorId]);
}

/** Is this list loading another page (or filter) of itself? Its rows then give way to skeleton rows. */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname === pathname;
}
