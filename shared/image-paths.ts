// Image variants of the archive image store: the 300 px thumbnail sits in a THUMB folder
// beside the original, the watermarked copy in a WATER folder with an _IMAGE_REMARK suffix.
//   /file/upload/2024/05/bronze.jpg → /file/upload/2024/05/THUMB/bronze.jpg
//                                   → /file/upload/2024/05/WATER/bronze_IMAGE_REMARK.jpg

export const IMAGE_SIZES = { large: 1000, thumb: 300 } as const;

function split(path: string): { dir: string; stem: string; ext: string } | null {
  const clean = path.split(/[?#]/)[0] ?? '';
  const slash = clean.lastIndexOf('/');
  const file = clean.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  if (!file || dot <= 0) return null;
  return { dir: clean.slice(0, slash + 1), stem: file.slice(0, dot), ext: file.slice(dot) };
}

/** The 300 px variant; the path itself when it is not a file path. */
export function thumbPath(path: string): string {
  const p = split(path);
  return p ? `${p.dir}THUMB/${p.stem}${p.ext}` : path;
}

/** The watermarked variant; the path itself when it is not a file path. */
export function waterPath(path: string): string {
  const p = split(path);
  return p ? `${p.dir}WATER/${p.stem}_IMAGE_REMARK${p.ext}` : path;
}

/** The path a screen shows: the watermark variant when the site's watermark flag is on. */
export function displayImagePath(path: string, watermark: boolean): string {
  return watermark ? waterPath(path) : path;
}

/** Exhibit thumbs are semicolon-separated lists; the first non-empty one is the thumbnail. */
export function firstOfList(value: string | null | undefined): string {
  return (
    (value ?? '')
      .split(';')
      .map((s) => s.trim())
      .find(Boolean) ?? ''
  );
}
