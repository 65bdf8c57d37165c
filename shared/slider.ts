// The picture slider's arithmetic (500 ms transitions, a thumbnail strip of 3): stepping
// with wrap-around and which three thumbnails the strip shows. The Slider component only renders.

export const SLIDER_THUMBS = 3;
/** How long a slide stays before the next one comes: long enough to read a caption. */
export const SLIDE_INTERVAL_MS = 6000;

/** The slide `step` away from `index` (−1 previous, +1 next), wrapping at both ends. */
export function stepSlide(index: number, step: number, count: number): number {
  if (count < 1) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * The first slide of the thumbnail window: `size` consecutive thumbnails with the active one in the
 * middle where possible, pushed inside 0…count−1 at either end.
 */
export function thumbWindowStart(active: number, count: number, size: number = SLIDER_THUMBS): number {
  if (count <= size) return 0;
  const start = active - Math.floor((size - 1) / 2);
  return Math.max(0, Math.min(start, count - size));
}
