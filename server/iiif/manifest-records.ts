// The records a manifest or a collection is made of, read through the cached content API the way the
// object and exhibition pages read them (same calls, same bodies, so they share cache entries): an exhibit
// with its type's and level's names and its pictures, or a temporary exhibition with its exhibits. Every
// call is watched: a part that failed or came from a stale answer makes the build incomplete (not kept).
import type { EndpointName } from '../../shared/endpoints.ts';
import { exhibitGallery } from '../../shared/exhibits.ts';
import type { Lang } from '../../shared/route-table.ts';
import { SITE_CODE } from '../../shared/site.ts';
import type { Exhibit, ExhibitionTemp, ExhibitType, ListResult } from '../../shared/wire.ts';
import type { ContentCall, ContentCaller, ContentResult } from '../content/api.ts';
import { dictionary, DICTIONARY, dictionaryName } from '../loaders/dictionary.ts';
import { fileList } from '../loaders/files.ts';
import { UpstreamError } from '../upstream/errors.ts';
import type { Logger } from 'pino';
import { LRUCache } from 'lru-cache';
import sharp, { type Metadata } from 'sharp';
import { fileUrl } from '../../shared/file-url.ts';
import { imageServicePath } from '../../shared/iiif.ts';
import { waterPath } from '../../shared/image-paths.ts';
import { createWorkQueue, IMAGE_LIMITS, ImageBusyError, ImageRefusal } from '../images/resize.ts';
import { createSourceBudget, MissingFile, readOriginal } from '../images/source.ts';
import type { UpstreamClient } from '../upstream/client.ts';

/** The exhibit or exhibition does not exist (or is no record a manifest can describe): a 404. */
export class IiifNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IiifNotFound';
  }
}

/** What reading the records needs. */
export interface RecordReader {
  api: ContentCaller;
  logger: Logger;
  requestId: string;
  /** SITE_ENGLISH: the language of a record that names none. */
  english: boolean;
}

/** A content caller that remembers whether every answer was fresh and every call answered. */
interface Watched {
  api: ContentCaller;
  whole: () => boolean;
}

function watched(api: ContentCaller): Watched {
  let whole = true;
  return {
    api: {
      async call<T>(name: EndpointName, call?: ContentCall): Promise<ContentResult<T>> {
        try {
          const result = await api.call<T>(name, call);
          if (result.cache === 'STALE') whole = false;
          return result;
        } catch (err) {
          whole = false;
          throw err;
        }
      },
    },
    whole: () => whole,
  };
}

/** The language a record is written in: its languageType, or null when it names none. */
export function recordLang(languageType: string | null | undefined): Lang | null {
  return languageType === SITE_CODE.en ? 'en' : languageType === SITE_CODE.zh ? 'zh' : null;
}

export interface ExhibitRecord {
  exhibit: Exhibit;
  /** The record's language; null when it names none (it is then shown on both sites). */
  lang: Lang | null;
  /** The exhibit type's name, '' when the type list does not name it. */
  typeName: string;
  /** The EXHIBIT_LEVEL dictionary's name of the level (a value it does not list is shown as it is). */
  levelName: string;
  /** Store paths of its pictures, in the object page's order: its thumb lists, then its display files. */
  pictures: string[];
  /** Every part was read, and fresh. */
  whole: boolean;
}

async function typeNames(api: ContentCaller, lang: Lang, requestId: string, logger: Logger): Promise<ExhibitType[]> {
  try {
    const { data } = await api.call<ListResult<ExhibitType>>('queryExhibitTypeList', {
      body: { entity: { languageType: SITE_CODE[lang] }, param: { pageNum: 0, pageSize: 0 } },
      requestId,
    });
    return Array.isArray(data?.records) ? data.records : [];
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    // A manifest without the type's name is still a manifest (the watched caller marks it incomplete).
    logger.warn({ reqId: requestId, err: err.code }, 'iiif: exhibit types unavailable; the manifest names no type');
    return [];
  }
}

export async function readExhibit(reader: RecordReader, id: string): Promise<ExhibitRecord> {
  const { api, whole } = watched(reader.api);
  const { requestId, logger } = reader;
  const { data: x } = await api.call<Exhibit | null>('queryExhibitById', { params: { id }, requestId });
  if (!x || typeof x !== 'object' || !x.exhibitId) throw new IiifNotFound(`No exhibit ${id}`);
  const lang = recordLang(x.languageType);
  const lookupLang: Lang = lang ?? (reader.english ? 'en' : 'zh');
  const [files, types, levels] = await Promise.all([
    fileList({ api, requestId, logger }, x.groupId, 'CMS_EXHIBIT_INFO_DISPLAY'),
    typeNames(api, lookupLang, requestId, logger),
    x.exhibitLevel ? dictionary({ api, requestId, logger }, DICTIONARY.exhibitLevel) : Promise.resolve([]),
  ]);
  return {
    exhibit: x,
    lang,
    typeName: types.find((t) => t.typeNo === x.exhibitType)?.typeName ?? '',
    levelName: x.exhibitLevel ? dictionaryName(levels, x.exhibitLevel, lookupLang) || x.exhibitLevel : '',
    // The object page's gallery (loaders/exhibition-cards.ts exhibitPictures) lists the same paths.
    pictures: exhibitGallery([x.thumb, x.appThumb].filter(Boolean).join(';'), files),
    whole: whole(),
  };
}

export interface ExhibitionRecord {
  exhibition: ExhibitionTemp;
  lang: Lang | null;
  exhibits: Exhibit[];
  whole: boolean;
}

/** Exhibits read per call, and calls at most: a collection lists up to their product. */
const EXHIBITS_PAGE = 100;
const MAX_EXHIBIT_PAGES = 10;

/** A temporary exhibition and every exhibit it shows (long-term exhibitions list no exhibits). */
export async function readExhibition(reader: RecordReader, id: string): Promise<ExhibitionRecord> {
  const { api, whole } = watched(reader.api);
  const { requestId } = reader;
  const { data: e } = await api.call<ExhibitionTemp | null>('queryExhibitionTempById', { params: { id }, requestId });
  if (!e || typeof e !== 'object' || !e.exhibitionTempId) throw new IiifNotFound(`No exhibition ${id}`);
  const exhibits: Exhibit[] = [];
  const groupId = (e.groupId ?? '').trim();
  for (let page = 1; groupId && page <= MAX_EXHIBIT_PAGES; page += 1) {
    const { data } = await api.call<ListResult<Exhibit>>('queryExhibitListByTemp', {
      body: { entity: { groupId }, param: { pageNum: page, pageSize: EXHIBITS_PAGE } },
      requestId,
    });
    const records = Array.isArray(data?.records) ? data.records : [];
    exhibits.push(...records.filter((x) => x?.exhibitId));
    if (records.length < EXHIBITS_PAGE || page >= Number(data?.pages)) break;
  }
  return { exhibition: e, lang: recordLang(e.languageType), exhibits, whole: whole() };
}

// ---- Picture sizes ----
// The width and height of the pictures a manifest's canvases show. A canvas must state them, and they
// must be the dimensions the image service reports; reading them means fetching the store's file (through
// images/source.ts, so size and time limits hold) and reading its header with sharp (no pixels decoded).
// That is done once per picture: sizes are kept in a bounded cache, and reads go one at a time through a
// small queue, so building manifests never takes more than one picture's bytes of memory or a share of
// the core that resizes pictures.

export interface PictureSize {
  width: number;
  height: number;
}

/** Why a picture has no size: the store has no such file, or it is no raster picture the image service serves. */
export type NoSize = 'missing' | 'unreadable';

export interface PictureSizes {
  /**
   * The size of the picture at `path` (below FILE_PREFIX, e.g. `/file/MUSEUM/…/x.jpg`), as it is shown
   * (EXIF orientation applied, as the edge's variants apply it). A failing store, a read past its time
   * limit or a full queue throws: the manifest is then built without the picture and not kept.
   */
  of(path: string): Promise<PictureSize | NoSize>;
}

/** Sizes kept: a few bytes each. */
const MAX_SIZES = 4096;
/** Pictures being read or waiting for the queue (the queue's own bound: one running, the rest waiting). */
const MAX_READING = 65;
/** A picture replaced in the store under its old name shows its new size after this. */
const SIZE_TTL_MS = 60 * 60 * 1000;
/** A missing or unreadable file is looked at again after this (it may be uploaded or fixed). */
const NO_SIZE_TTL_MS = 5 * 60 * 1000;
/** One read: the store's answer and the whole body. */
const READ_DEADLINE_MS = 15_000;

/** The formats the image service reads (server/iiif/image-pyramid.ts): anything else has no service. */
const RASTER: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'tiff', 'heif', 'gif']);

/**
 * The size a picture is shown at, from its header; null when it is no picture the image service serves
 * (another format, or more pixels than it decodes).
 */
async function sizeOfBytes(body: Buffer): Promise<PictureSize | null> {
  let meta: Metadata;
  try {
    meta = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if (!meta.format || !RASTER.has(meta.format) || !meta.width || !meta.height) return null;
  if (meta.width * meta.height > IMAGE_LIMITS.inputPixels) return null;
  // Orientations 5 to 8 turn the picture a quarter: the image service shows it turned, so its sides swap.
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

export function createPictureSizes({ client }: { client: UpstreamClient }): PictureSizes {
  const sizes = new LRUCache<string, PictureSize | NoSize>({ max: MAX_SIZES, ttl: SIZE_TTL_MS });
  // One read at a time, a short line behind it; the bytes held are one picture's at most.
  const queue = createWorkQueue({ running: 1, waiting: 64, maxWaitMs: READ_DEADLINE_MS });
  const budget = createSourceBudget(IMAGE_LIMITS.inputBytes);
  // Reads under way, so concurrent manifests wait for one read of a picture (at most the queue's length).
  const reading = new Map<string, Promise<PictureSize | NoSize>>();

  async function read(path: string): Promise<PictureSize | NoSize> {
    const hold = budget.hold();
    try {
      // The original, never the store's THUMB copy: the canvas is the size the image service serves.
      const file = await readOriginal(client, path, { signal: AbortSignal.timeout(READ_DEADLINE_MS), hold });
      return (await sizeOfBytes(file.body)) ?? 'unreadable';
    } catch (err) {
      if (err instanceof MissingFile) return 'missing';
      if (err instanceof ImageRefusal) return 'unreadable';
      throw err;
    } finally {
      hold.release();
    }
  }

  return {
    async of(path) {
      const known = sizes.get(path);
      if (known !== undefined) return known;
      let running = reading.get(path);
      if (!running) {
        if (reading.size >= MAX_READING) throw new ImageBusyError('too many pictures are being measured');
        running = queue
          .run(() => read(path))
          .then((size) => {
            sizes.set(path, size, typeof size === 'string' ? { ttl: NO_SIZE_TTL_MS } : {});
            return size;
          })
          .finally(() => reading.delete(path));
        reading.set(path, running);
      }
      return running;
    },
  };
}

/**
 * Pictures a manifest paints at most, in the record's order: fewer than the measuring queue holds, so one
 * manifest's first build never fills it for the others.
 */
const MAX_CANVASES = 48;

/** A picture of a canvas: its image service (a path below IIIF_PREFIX) and its size. */
export interface MeasuredPicture extends PictureSize {
  service: string;
}

/**
 * The pictures a manifest can paint, in their order, with their sizes; `whole` is false when a size could
 * not be read now (the store failed or the queue was full): that picture is left out of this build. With
 * the site's watermark flag on, the watermarked copy is what viewers get, as on the pages.
 */
export async function measurePictures(
  sizes: PictureSizes,
  storePaths: readonly string[],
  site: { filePrefix: string; watermark: boolean },
  log: { logger: Logger; requestId: string },
): Promise<{ pictures: MeasuredPicture[]; whole: boolean }> {
  let whole = true;
  const measured = await Promise.all(
    storePaths.slice(0, MAX_CANVASES).map(async (storePath): Promise<MeasuredPicture | null> => {
      const shown = site.watermark ? waterPath(storePath) : storePath;
      // A picture on another host (an absolute URL) has no image service of the edge's: no canvas.
      const service = imageServicePath(shown, site.filePrefix);
      if (service === null) return null;
      try {
        const size = await sizes.of(fileUrl(shown, site.filePrefix));
        if (typeof size !== 'string') return { service, ...size };
        // The record names a file the image service cannot serve: an editor's mistake to show someone.
        log.logger.warn({ reqId: log.requestId, path: shown, reason: size }, 'iiif: a picture of the record has no canvas');
        return null;
      } catch (err) {
        whole = false;
        log.logger.warn({ reqId: log.requestId, path: shown, err }, 'iiif: picture size unavailable; the manifest leaves it out this time');
        return null;
      }
    }),
  );
  return { pictures: measured.filter((p) => p !== null), whole };
}
