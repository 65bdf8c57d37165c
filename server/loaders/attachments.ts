// Files attached to a record (queryFileList; a record without a groupId has no files: no call). The file
// service is a separate gateway: when it fails, the record is still shown, without its files (the
// page is then not stored in the page cache, so the files come back with the service).
import { fileUrl } from '../../shared/file-url.ts';
import { displayImagePath } from '../../shared/image-paths.ts';
import { imageSources } from '../../shared/image-sources.ts';
import type { GalleryImage } from '../../shared/view-parts.ts';
import type { FileCode, FileInfo, ListResult } from '../../shared/wire.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import type { LoaderContext } from './types.ts';

export async function fileList(
  ctx: Pick<LoaderContext, 'api' | 'requestId' | 'logger'>,
  groupId: string | null | undefined,
  code: FileCode,
): Promise<FileInfo[]> {
  const objectId = (groupId ?? '').trim();
  if (!objectId) return [];
  try {
    const { data } = await ctx.api.call<ListResult<FileInfo>>('queryFileList', {
      // Page size 0 with page 0 means all.
      body: { entity: { objectId, code }, param: { pageSize: 0, pageNum: 0 } },
      requestId: ctx.requestId,
    });
    return Array.isArray(data?.records) ? data.records : [];
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.logger.warn(
      { requestId: ctx.requestId, code, err: err.code, msg: err.message },
      'file list unavailable; showing the record without its files',
    );
    return [];
  }
}

export function isPdf(file: Pick<FileInfo, 'fileSuffix' | 'filePath' | 'fileName'>): boolean {
  const suffix = (file.fileSuffix || file.fileName || file.filePath || '').toLowerCase();
  return /(?:^|\.)pdf$/.test(suffix.replace(/[?#].*$/, ''));
}

/** A gallery entry (the Gallery component's shape) of a stored picture: thumbnail sources and the large picture. */
export function galleryImage(path: string, alt: string, site: { watermark: boolean; filePrefix: string }): GalleryImage {
  const full = fileUrl(path, site.filePrefix);
  return {
    thumbs: imageSources(full, { watermark: site.watermark, filePrefix: site.filePrefix, thumb: true }),
    full: displayImagePath(full, site.watermark),
    alt,
  };
}
