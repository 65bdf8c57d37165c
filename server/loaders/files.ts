// Files attached to a record (spec §7 queryFileList; §5: no groupId, no call, no files).
import type { FileCode, FileInfo, ListResult } from '../../shared/wire.ts';
import type { UpstreamApi } from '../upstream/api.ts';

export async function fileList(api: UpstreamApi, groupId: string | null | undefined, code: FileCode, requestId: string): Promise<FileInfo[]> {
  const objectId = (groupId ?? '').trim();
  if (!objectId) return [];
  const { data } = await api.call<ListResult<FileInfo>>('queryFileList', {
    // Page size 0 with page 0 means all.
    body: { entity: { objectId, code }, param: { pageSize: 0, pageNum: 0 } },
    requestId,
  });
  return Array.isArray(data?.records) ? data.records : [];
}

export function isPdf(file: Pick<FileInfo, 'fileSuffix' | 'filePath' | 'fileName'>): boolean {
  const suffix = (file.fileSuffix || file.fileName || file.filePath || '').toLowerCase();
  return /(?:^|\.)pdf$/.test(suffix.replace(/[?#].*$/, ''));
}
