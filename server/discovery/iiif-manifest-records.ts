// The records a manifest or a collection is made of, read through the cached content API the way the
// object and exhibition pages read them (same calls, same bodies, so they share cache entries): an exhibit
// with its type's and level's names and its pictures, or a temporary exhibition with its exhibits. Every
// call is watched: a part that failed or came from a stale answer makes the build incomplete (not kept).
import type { EndpointName } from '../../shared/endpoints.ts';
import { exhibitGallery } from '../../shared/exhibits.ts';
import type { Lang } from '../../shared/route-table.ts';
import { SITE_CODE } from '../../shared/site.ts';
import type { Exhibit, ExhibitionTemp, ExhibitType, ListResult } from '../../shared/wire.ts';
import type { ContentCall, ContentCaller, ContentResult } from '../content/content-api.ts';
import { dictionary, DICTIONARY, dictionaryName } from '../loaders/dictionary.ts';
import { fileList } from '../loaders/attachments.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import type { Logger } from 'pino';
import { IIIF_PREFIX, imageIdOf } from '../../shared/iiif.ts';
import { storePathOfImageId, storeRequestPath } from '../../shared/store-path.ts';
import { waterPath } from '../../shared/image-paths.ts';
import type { MeasurePicture } from '../pictures/iiif-image.ts';

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
// must be the dimensions the image service reports, so the image service measures them
// (server/pictures/iiif-image-service.ts: the original's header read once, kept in its table of sizes,
// which its pyramids fill too), and says which pictures it has no image of.

/**
 * Pictures a manifest paints at most, in the record's order: a record with more is an album, and each
 * first build reads every picture it paints.
 */
const MAX_CANVASES = 48;

/** A picture of a canvas: its image service (a path below IIIF_PREFIX) and its size. */
export interface MeasuredPicture {
  service: string;
  width: number;
  height: number;
}

/**
 * The pictures a manifest can paint, in their order, with their sizes; `whole` is false when a size could
 * not be read now (the store failed or the image service was busy): that picture is left out of this build. With
 * the site's watermark flag on, the watermarked copy is what viewers get, as on the pages.
 */
export async function measurePictures(
  measure: MeasurePicture,
  storePaths: readonly string[],
  site: { filePrefix: string; watermark: boolean },
  log: { logger: Logger; requestId: string },
): Promise<{ pictures: MeasuredPicture[]; whole: boolean }> {
  let whole = true;
  const measured = await Promise.all(
    storePaths.slice(0, MAX_CANVASES).map(async (storePath): Promise<MeasuredPicture | null> => {
      const shown = site.watermark ? waterPath(storePath) : storePath;
      // A picture on another host (an absolute URL), or a path the image service refuses, has no canvas.
      const id = imageIdOf(shown, site.filePrefix);
      const store = id === null ? null : storePathOfImageId(id);
      if (id === null || !store?.ok) return null;
      try {
        // The path the image service itself reads, so both share one measurement.
        const size = await measure(storeRequestPath(site.filePrefix, store.path));
        if (size.ok) return { service: `${IIIF_PREFIX}/${id}`, width: size.width, height: size.height };
        // The record names a file the image service cannot serve: an editor's mistake to show someone.
        log.logger.warn({ reqId: log.requestId, path: shown, reason: size.reason }, 'iiif: a picture of the record has no canvas');
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
