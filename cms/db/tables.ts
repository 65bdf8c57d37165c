// How wire entities map to rows: which columns a table has, which hold booleans (0/1 in SQLite),
// which hold record ids (INTEGER here, 32-hex-digit strings on the wire: cms/wire-ids.ts), which
// are optional (stored '' = missing, sent as null as deployed services send them)
// and which are internal (never sent). One description per table serves seeding and reading.
import type { Database } from 'better-sqlite3';
import { encodeId, type IdKind } from '../wire-ids.ts';

export interface TableSpec {
  name: string;
  columns: readonly string[];
  booleans: readonly string[];
  /** Columns kept for the service's own use and left out of wire entities. */
  internal: readonly string[];
  /** Record-id columns and the kind each id is encoded as. */
  ids: Readonly<Record<string, IdKind>>;
  /** Optional text columns: '' in the database is a missing value, `null` on the wire. */
  optional: readonly string[];
}

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

interface SpecParts {
  booleans?: string;
  internal?: string;
  ids?: Record<string, IdKind>;
  optional?: string;
}

const spec = (name: string, columns: string, parts: SpecParts = {}): TableSpec => ({
  name,
  columns: words(columns),
  booleans: words(parts.booleans ?? ''),
  internal: words(parts.internal ?? ''),
  ids: parts.ids ?? {},
  optional: words(parts.optional ?? ''),
});

/** The audit fields deployed services add to content records (migration 2). */
const AUDIT = 'createBy createTime updateTime';
const EXTENSIONS = 'extension1 extension2 extension3 extension4 extension5 extension6';

export const TABLES = {
  channels: spec('channels', 'channelId site channelNo channelName linkUrl description bannerPhotoPath parent isVisible isHome sort', {
    booleans: 'isVisible isHome',
    internal: 'site',
    ids: { channelId: 'channel' },
    optional: 'description bannerPhotoPath',
  }),
  archives: spec(
    'archives',
    `archivesId channelId channelNo groupId channelName title subTitle publishDate parentChannelNo thumbImg thumbAppImg
     description content source linkUrl flag ${EXTENSIONS} label excerpt isShowTitle visitCount starCount languageType
     ${AUDIT}`,
    {
      booleans: 'isShowTitle',
      ids: { archivesId: 'archives', channelId: 'channel' },
      optional: `subTitle thumbImg thumbAppImg description source linkUrl flag ${EXTENSIONS} label`,
    },
  ),
  exhibitionBases: spec(
    'exhibition_bases',
    `exhibitionBaseId groupId baseName description startTime endTime basePlace extension1 extension2 extension3 linkUrl
     thumb appThumb label languageType clickCount portalId ${AUDIT}`,
    {
      ids: { exhibitionBaseId: 'exhibitionBase' },
      optional: 'description endTime basePlace extension1 extension2 extension3 linkUrl thumb appThumb label',
    },
  ),
  exhibitionTemps: spec(
    'exhibition_temps',
    `exhibitionTempId groupId tempName description startTime endTime tempPlace linkUrl extension1 thumb appThumb label
     isRecommend languageType clickCount portalId ${AUDIT}`,
    {
      booleans: 'isRecommend',
      ids: { exhibitionTempId: 'exhibitionTemp' },
      optional: 'description endTime tempPlace linkUrl extension1 thumb appThumb label',
    },
  ),
  exhibitTypes: spec('exhibit_types', 'exhibitTypeId typeName typeNo backGroundImg languageType', {
    ids: { exhibitTypeId: 'exhibitType' },
    optional: 'backGroundImg',
  }),
  exhibits: spec(
    'exhibits',
    `exhibitId exhibitName exhibitType modelUrl exhibitLevel age ageDetail size description groupId explanationWord thumb
     appThumb collectionUnit extension6 label generalType isOwn isTreasure isRecommend languageType clickCount ${AUDIT}`,
    {
      booleans: 'isOwn isTreasure isRecommend',
      ids: { exhibitId: 'exhibit' },
      optional: `modelUrl exhibitLevel age ageDetail size description explanationWord thumb appThumb collectionUnit extension6
        label generalType`,
    },
  ),
  tempExhibits: spec('temp_exhibits', 'groupId exhibitId', { ids: { exhibitId: 'exhibit' } }),
  activities: spec(
    'activities',
    `activityId groupId activityName activityType activityVenueName description startTime endTime reserveStartTime
     reserveEndTime linkUrl thumb appThumb label reserveType reserveStatus activityStatus minAge maxAge languageType
     clickCount ${AUDIT}`,
    {
      ids: { activityId: 'activity' },
      optional: 'activityVenueName description reserveStartTime reserveEndTime linkUrl thumb appThumb label',
    },
  ),
  files: spec('files', 'fileInfoId objectId code fileOldname fileSuffix description fileName filePath', {
    ids: { fileInfoId: 'file' },
    optional: 'description',
  }),
  dictionaries: spec('dictionaries', 'dictionaryId dictionaryCode dictionaryName dictionaryValue dictionaryNameEn sort', {
    internal: 'sort',
    ids: { dictionaryId: 'dictionary' },
    optional: 'dictionaryNameEn',
  }),
  messages: spec(
    'messages',
    'messageId source content createTime email name phoneNumber type replyMessage replyTime orgId isPublished languageType',
    {
      booleans: 'isPublished',
      internal: 'isPublished',
      ids: { messageId: 'message' },
      optional: 'source email name phoneNumber type replyMessage replyTime orgId',
    },
  ),
  questionnaires: spec('questionnaires', 'questionnaireId title subTitle createTime startTime endTime languageType', {
    ids: { questionnaireId: 'questionnaire' },
    optional: 'subTitle',
  }),
  questions: spec('questionnaire_questions', 'questionId questionnaireId questionnaireDetailId title isRequired isSingle isOther sort', {
    booleans: 'isRequired isSingle isOther',
    internal: 'questionnaireId',
    ids: { questionId: 'question', questionnaireDetailId: 'questionnaireDetail' },
  }),
  options: spec('questionnaire_options', 'questionId answerId title sort', { internal: 'questionId', ids: { answerId: 'answer' } }),
  sliders: spec('sliders', 'id place title filePath content linkUrl sort', {
    internal: 'place',
    ids: { id: 'slider' },
    optional: 'content linkUrl',
  }),
  searchDocs: spec(
    'search_docs',
    `site type id channelId groupId channelNo channelName title img description content linkUrl extension1 extension2
     flag sortDate`,
    { internal: 'site sortDate' },
  ),
} as const satisfies Record<string, TableSpec>;

type Row = Record<string, unknown>;

const toSql = (value: unknown): unknown => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined || value === null) return null;
  return value;
};

/**
 * Inserts objects into a table, taking the table description's columns from each. A value the object leaves out
 * (undefined or null) gets the column's schema default, read from the table itself ('' for the
 * optional text columns: a missing value).
 */
export function insertRows(db: Database, table: TableSpec, rows: readonly object[]): void {
  if (rows.length === 0) return;
  const defaults = new Map(
    (db.pragma(`table_info(${table.name})`) as Array<{ name: string; dflt_value: string | null }>).map((c) => [c.name, c.dflt_value]),
  );
  const values = table.columns.map((c) => {
    const dflt = defaults.get(c);
    return dflt === undefined || dflt === null ? '?' : `COALESCE(?, ${dflt})`;
  });
  const insert = db.prepare(`INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES (${values.join(', ')})`);
  for (const row of rows) insert.run(table.columns.map((c) => toSql((row as Row)[c])));
}

/** A row as the wire entity: ids encoded, booleans restored, missing values null, internal columns dropped. */
export function fromRow<T>(table: TableSpec, row: Row): T {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (table.internal.includes(key)) continue;
    const kind = table.ids[key];
    if (kind !== undefined && typeof value === 'number') out[key] = encodeId(kind, value);
    else if (table.booleans.includes(key)) out[key] = value === 1;
    else if (value === '' && table.optional.includes(key)) out[key] = null;
    else out[key] = value;
  }
  return out as T;
}
