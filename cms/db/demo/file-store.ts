// Where the demo's uploads live, shaped like a deployed service's file store:
// `<museum code>/CMS/<folder per kind of upload>/<upload day>/<32 hex>.<ext>`,
// relative to the file prefix and without a leading slash. Records carry these paths; the service
// serves the bytes at `/file/<path>`. Names are derived from what the file is, so every run (and
// every machine) gets the same paths.
import { createHash } from 'node:crypto';
import { addDays } from './dates.ts';

/** The fictional museum's code in the store (云溪博物馆 → YUNXI_BWG). */
const MUSEUM_CODE = 'YUNXI_BWG';
const STORE_ROOT = `${MUSEUM_CODE}/CMS`;

/** The store's folders: one per kind of upload, as the back office files them. */
export const STORE_DIRS = [
  'CMS_ARCHIVES_IMG',
  'CMS_ARCHIVES_APP_IMG',
  'CMS_ARCHIVES_FILE',
  'CMS_ARCHIVES_VIDEO',
  'CMS_CHANNEL_IMG',
  'CMS_EXHIBITION_BASE_IMG',
  'CMS_EXHIBITION_TEMP_IMG',
  'CMS_EXHIBITION_APP_IMG',
  'CMS_EXHIBIT_INFO_IMG',
  'CMS_EXHIBIT_INFO_APP_IMG',
  'CMS_EXHIBIT_INFO_DISPLAY',
  'CMS_EXHIBIT_TYPE_IMG',
  'CMS_EXHIBIT_MODEL',
  'CMS_ACTIVITY_IMG',
  'CMS_ACTIVITY_APP_IMG',
  'CMS_GALLERY_IMG',
] as const;

export type StoreDir = (typeof STORE_DIRS)[number];

const FIRST_UPLOAD_DAY = '2019-03-01';
const UPLOAD_DAYS = 2800;

/** The stored path of one upload: the same (folder, name, extension) always gives the same path. */
export function storePath(dir: StoreDir, name: string, ext: string): string {
  const hash = createHash('sha256').update(`${dir}/${name}.${ext}`).digest();
  const day = addDays(FIRST_UPLOAD_DAY, hash.readUInt16BE(16) % UPLOAD_DAYS).replace(/-/g, '');
  return `${STORE_ROOT}/${dir}/${day}/${hash.subarray(0, 16).toString('hex')}.${ext}`;
}

/** Every store path inside a text (JSON of the content, an HTML body). */
export const STORE_PATH = new RegExp(`${MUSEUM_CODE}/CMS/[A-Z_]+/\\d{8}/[0-9a-f]{32}\\.(?:jpg|pdf|mp4|webm|glb)`, 'g');
