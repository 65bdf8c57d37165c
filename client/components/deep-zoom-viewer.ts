// The deep-zoom viewer itself: OpenSeadragon over the picture's IIIF Image API service. This module is
// the heavy part of the zoom and is fetched only when a visitor opens it (DeepZoom.tsx imports it
// dynamically); the page's own buttons drive it, so OpenSeadragon draws no controls of its own.
//
// What OpenSeadragon brings is kept within the page's CSP: its navigation buttons (images under
// `prefixUrl`) are off, it sets only style properties (never a style element), and tiles come from the
// edge as plain images (no blob: URLs, no workers).
import OpenSeadragon from 'openseadragon';

export interface ZoomViewer {
  /** The element that takes keyboard focus (OpenSeadragon's canvas: arrows pan, + and − zoom). */
  readonly focusTarget: HTMLElement;
  /** One step in (1) or out (-1). */
  zoom(direction: 1 | -1): void;
  home(): void;
  destroy(): void;
}

interface ZoomOptions {
  /** The IIIF Image API service base; its `info.json` is the tile source. */
  service: string;
  /** The viewer's accessible name and the id of the text that explains its keys. */
  label: string;
  describedBy: string;
  onReady(): void;
  onFailed(): void;
}

/** How much one press of a zoom button magnifies. */
const ZOOM_STEP = 1.5;

/** Opens the viewer in `host` (already on screen, so OpenSeadragon measures its real size). */
export function openZoomViewer(host: HTMLElement, options: ZoomOptions): ZoomViewer {
  markMobileStyle();
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const viewer = OpenSeadragon({
    element: host,
    tileSources: `${options.service}/info.json`,
    showNavigationControl: false,
    showNavigator: false,
    // The tiles are the edge's own (same origin): no CORS mode, so no preflight and no credentials logic.
    crossOriginPolicy: false,
    // The picture may not be pushed out of sight, nor shrunk far below the viewport.
    visibilityRatio: 0.6,
    constrainDuringPan: true,
    minZoomImageRatio: 0.8,
    maxZoomPixelRatio: 2,
    animationTime: still ? 0 : 0.8,
    springStiffness: still ? 100 : 6.5,
    zoomPerScroll: 1.3,
    gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true, scrollToZoom: true, flickEnabled: false },
    gestureSettingsTouch: { pinchToZoom: true, dblClickToZoom: true, flickEnabled: !still },
  });
  const canvas = viewer.canvas;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-label', options.label);
  canvas.setAttribute('aria-describedby', options.describedBy);
  viewer.addOnceHandler('open', () => {
    markLoaded(viewer, host);
    options.onReady();
  });
  viewer.addOnceHandler('open-failed', () => options.onFailed());

  return {
    focusTarget: canvas,
    zoom(direction) {
      viewer.viewport.zoomBy(direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
      viewer.viewport.applyConstraints();
    },
    home() {
      viewer.viewport.goHome();
    },
    destroy() {
      viewer.destroy();
    },
  };
}

/**
 * `data-loaded` on the host says whether every tile the view needs is drawn ("true") or some are still
 * coming ("false"): what a test of the viewer, or a style, can wait on.
 */
function markLoaded(viewer: OpenSeadragon.Viewer, host: HTMLElement): void {
  const image = viewer.world.getItemAt(0);
  host.dataset.loaded = String(image.getFullyLoaded());
  image.addHandler('fully-loaded-change', (event) => {
    host.dataset.loaded = String(event.fullyLoaded);
  });
}

/**
 * OpenSeadragon adds a `<style>` element (which `style-src 'self'` refuses, with a console error) unless
 * the page already has an element matching `style[data-openseadragon-mobile-css]`. A plain element of
 * another namespace matches that selector without being a style sheet. The rule it would add hides the
 * canvas's focus ring on touch screens; viewers.css keeps a visible one instead.
 */
function markMobileStyle(): void {
  if (document.querySelector('style[data-openseadragon-mobile-css]')) return;
  const marker = document.createElementNS('urn:x-museum-edge:marker', 'style');
  marker.setAttribute('data-openseadragon-mobile-css', 'true');
  document.head.append(marker);
}
