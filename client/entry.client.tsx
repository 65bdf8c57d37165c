// The first script of every page. It is small on purpose: the page already works as plain HTML
// (links, forms, the phone menu), so the framework (React + router, about 100 KB gzipped) is fetched
// and hydrated after the page has loaded, when the browser is idle — or at once when the visitor
// starts interacting. The stylesheet is imported here so esbuild emits one CSS file for the site.
import './styles/index.css';

let started = false;

function start(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
  void import('./boot.tsx').then(({ boot }) => boot());
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

function whenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 1500 });
  else setTimeout(start, 200);
}

for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
