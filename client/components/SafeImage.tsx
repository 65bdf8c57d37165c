// An image tries its sources in order, then the fallback image, and hides when every one
// failed and there is no fallback. Width/height (or an aspect-ratio box in CSS) keep the layout still.
// Before the script runs (and without JavaScript) only the first source is tried: an image with a
// fallback carries `safe-image`, whose stylesheet rule draws the stand-in over the browser's
// broken-image icon (no inline `onerror`: CSP `script-src 'self'`).
// With `responsive`, the first try carries a `srcset` of the edge's 300/1000 px variants (AVIF/WebP
// where the browser takes them) and `sizes` from the layout; if that fails, the plain sources follow.
import { useEffect, useRef, useState } from 'react';
import { VARIANT_WIDTHS, variantSrcSet } from '../../shared/file-url.ts';
import { useFrame } from '../frame.ts';

/** The portal's stand-in picture (public/). */
const FALLBACK_IMAGE = '/img/fallback.svg';
/** The class of an image with a fallback (components.css draws the stand-in when it shows no picture). */
const SAFE_IMAGE_CLASS = 'safe-image';

interface SafeImageProps {
  sources: readonly string[];
  alt: string;
  /** Tried after every source; null for none (the image then hides). */
  fallback?: string | null;
  width?: number;
  height?: number;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** The variants to offer and how wide the picture shows (the `sizes` attribute, matching the CSS). */
  responsive?: { sizes: string; widths?: readonly number[] };
  fetchPriority?: 'high' | 'low' | 'auto';
}

interface Attempt {
  src: string;
  srcSet?: string;
}

export default function SafeImage({
  sources,
  alt,
  fallback = FALLBACK_IMAGE,
  width,
  height,
  className,
  loading = 'lazy',
  responsive,
  fetchPriority,
}: SafeImageProps) {
  const { filePrefix } = useFrame();
  const plain = fallback ? [...sources.filter(Boolean), fallback] : sources.filter(Boolean);
  const first = plain[0];
  const srcSet = responsive && first ? variantSrcSet(first, filePrefix, responsive.widths ?? VARIANT_WIDTHS) : undefined;
  const list: Attempt[] = [...(srcSet && first ? [{ src: first, srcSet }] : []), ...plain.map((src) => ({ src }))];
  const key = list.map((a) => `${a.src} ${a.srcSet ?? ''}`).join('\n');
  const [state, setState] = useState({ key, index: 0 });
  const index = state.key === key ? state.index : 0;
  const ref = useRef<HTMLImageElement>(null);

  const next = () => setState({ key, index: index + 1 });

  // An error that happened before hydration fired no React handler: look once after mounting.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) next();
    // Only the first source can have failed before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const attempt = list[index];
  if (attempt === undefined) return null;
  return (
    <img
      ref={ref}
      key={`${attempt.src} ${attempt.srcSet ?? ''}`}
      src={attempt.src}
      alt={alt}
      // React sets srcset (and src) after the other attributes when it creates an img, so `sizes` is
      // there before the browser picks a candidate; in server HTML the order does not matter.
      sizes={attempt.srcSet ? responsive?.sizes : undefined}
      srcSet={attempt.srcSet}
      width={width}
      height={height}
      className={fallback ? [SAFE_IMAGE_CLASS, className].filter(Boolean).join(' ') : className}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      onError={next}
    />
  );
}
