// The one script of a page with islands (a page without any carries none). It is small on purpose and
// imports no React: for each island element it waits for the island's trigger (idle, near the viewport,
// or only the visitor's touch; every island also wakes at its first touch), then loads React (one shared
// chunk), the island's code and the hydration step, and hydrates the island on its own root. A click on
// an island's action (a `data-action` element) before then is held, and given again once the island is
// live; if its code cannot be loaded, a held link is followed as it would have been without script.
import { ISLAND_ACTION_ATTR, ISLAND_ATTR, ISLAND_TAG, ISLANDS, ISLANDS_RUNNING_ATTR, type IslandName } from '../shared/islands.ts';
import { ISLAND_MODULES } from './islands/registry.ts';

const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** How far below the viewport a `visible` island starts to load. */
const VISIBLE_MARGIN = '200px';
/** The longest an `idle` island waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

const isIsland = (name: string | null): name is IslandName => name !== null && Object.prototype.hasOwnProperty.call(ISLANDS, name);

function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function watch(el: HTMLElement): void {
  const name = el.getAttribute(ISLAND_ATTR.name);
  if (!isIsland(name)) return;
  let started = false;
  let hydrating = false;
  let held: Element | null = null;

  const hold = (event: MouseEvent): void => {
    const action = event.target instanceof Element ? event.target.closest(`[${ISLAND_ACTION_ATTR}]`) : null;
    if (hydrating || !action || !el.contains(action) || !plainClick(event)) return;
    event.preventDefault();
    held = action;
    start();
  };

  const live = (): void => {
    el.removeEventListener('click', hold, true);
    el.setAttribute(ISLAND_ATTR.hydrated, '');
    const action = held?.getAttribute(ISLAND_ACTION_ATTR);
    held = null;
    if (action) el.querySelector<HTMLElement>(`[${ISLAND_ACTION_ATTR}="${CSS.escape(action)}"]`)?.click();
  };

  const failed = (): void => {
    el.removeEventListener('click', hold, true);
    if (held instanceof HTMLAnchorElement && held.href) window.location.assign(held.href);
  };

  function start(): void {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, start, true);
    Promise.all([import('./islands/hydrate.tsx').then(({ default: hydrate }) => hydrate), ISLAND_MODULES[name as IslandName]()])
      .then(([hydrateIsland, module]) => {
        hydrating = true;
        hydrateIsland(el, module.default as never, live);
      })
      .catch(failed);
  }

  el.addEventListener('click', hold, true);
  for (const type of WAKE_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  const when = ISLANDS[name].when;
  if (when === 'idle') {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(start, 200);
  } else if (when === 'visible') {
    if (!('IntersectionObserver' in window)) return start();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: VISIBLE_MARGIN },
    );
    // The island element itself has no box (display: contents): its children are watched.
    for (const child of el.children) observer.observe(child);
  }
}

// Parts that need script show from now on (components.css).
document.documentElement.setAttribute(ISLANDS_RUNNING_ATTR, '');
for (const el of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) watch(el);
