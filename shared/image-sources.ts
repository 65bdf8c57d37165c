// Which image files a screen tries, in order: with the site's watermark flag on, only the
// watermarked copy (falling back to the plain file would defeat the watermark); otherwise the 300 px
// thumbnail first where a small image will do, then the original. The SafeImage component then adds
// the fallback image.
import { fileUrl } from './file-url.ts';
import { thumbPath, waterPath } from './image-paths.ts';

interface ImageOptions {
  watermark: boolean;
  /** Where the edge serves upstream files (FILE_PREFIX): relative paths are resolved below it. */
  filePrefix: string;
  /** A small rendition is enough (list cards, gallery thumbnails). */
  thumb?: boolean;
}

export function imageSources(path: string | null | undefined, { watermark, filePrefix, thumb = false }: ImageOptions): string[] {
  const p = fileUrl(path, filePrefix);
  if (!p) return [];
  if (watermark) return [waterPath(p)];
  return thumb ? unique([thumbPath(p), p]) : [p];
}

/** The first `<img src>` of an HTML body (an article's thumbnail falls back to it). */
export function firstImageSrc(html: string | null | undefined): string {
  const m = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s>]+))/i.exec(html ?? '');
  return (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim();
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
