// Spec §4: an image tries its sources in order, then the fallback image, and hides when every one
// failed and there is no fallback. Width/height (or an aspect-ratio box in CSS) keep the layout still.
// Before the script runs (and without JavaScript) only the first source is tried: an image with a
// fallback carries `safe-image`, whose stylesheet rule draws the stand-in over the browser's
// broken-image icon (no inline `onerror`: CSP `script-src 'self'`).
import { useEffect, useRef, useState } from 'react';

/** The portal's stand-in picture (public/). */
export const FALLBACK_IMAGE = '/img/fallback.svg';
/** The class of an image with a fallback (components.css draws the stand-in when it shows no picture). */
export const SAFE_IMAGE_CLASS = 'safe-image';

export interface SafeImageProps {
  sources: readonly string[];
  alt: string;
  /** Tried after every source; null for none (the image then hides). */
  fallback?: string | null;
  width?: number;
  height?: number;
  className?: string;
  loading?: 'lazy' | 'eager';
  sizes?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
}

export default function SafeImage({
  sources,
  alt,
  fallback = FALLBACK_IMAGE,
  width,
  height,
  className,
  loading = 'lazy',
  sizes,
  fetchPriority,
}: SafeImageProps) {
  const list = fallback ? [...sources.filter(Boolean), fallback] : sources.filter(Boolean);
  const key = list.join('\n');
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

  const src = list[index];
  if (src === undefined) return null;
  return (
    <img
      ref={ref}
      key={src}
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={fallback ? [SAFE_IMAGE_CLASS, className].filter(Boolean).join(' ') : className}
      loading={loading}
      decoding="async"
      sizes={sizes}
      fetchPriority={fetchPriority}
      onError={next}
    />
  );
}
