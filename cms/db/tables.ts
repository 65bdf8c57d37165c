// How wire entities map to rows: which columns a table has, which hold booleans (0/1 in SQLite) and
// which are internal (never sent). One description per table serves both seeding and reading.
import type { Database } from 'better-sqlite3';

export interface TableSpec {
  name: string;
  columns: readonly string[];
  booleans: readonly string[];
  /** Columns kept for the service's own use and left out of wire entities. */
  internal: readonly string[];
}

const spec = (name: string, columns: string, booleans = '', internal = ''): TableSpec => ({
  name,
  columns: columns.split(/\s+/).filter(Boolean),
  booleans: booleans.split(/\s+/).filter(Boolean),
  internal: internal.split(/\s+/).filter(Boolean),
});

export const TABLES = {
  channels: spec(
    'channels',
    'channelId site channelNo channelName linkUrl description bannerPhotoPath parent isVisible isHome sort',
    'isVisible isHome',
    'site',
  ),
  archives: spec(
    'archives',
    `archivesId channelId channelNo groupId channelName title subTitle publishDate parentChannelNo thumbImg thumbAppImg
     description content source linkUrl flag extension1 extension2 extension3 extension4 extension5 extension6 label
     excerpt isShowTitle visitCount starCount`,
    'isShowTitle',
  ),
  exhibitionBases: spec(
    'exhibition_bases',
    `exhibitionBaseId groupId baseName description startTime endTime basePlace extension1 extension2 extension3 linkUrl
     thumb appThumb label languageType`,
  ),
  exhibitionTemps: spec(
    'exhibition_temps',
    `exhibitionTempId groupId tempName description startTime endTime tempPlace linkUrl extension1 thumb appThumb label
     isRecommend languageType`,
    'isRecommend',
  ),
  exhibitTypes: spec('exhibit_types', 'exhibitTypeId typeName typeNo backGroundImg languageType', '', 'languageType'),
  exhibits: spec(
    'exhibits',
    `exhibitId exhibitName exhibitType modelUrl exhibitLevel age ageDetail size description groupId explanationWord thumb
     appThumb collectionUnit extension6 label generalType isOwn isTreasure isRecommend languageType`,
    'isOwn isTreasure isRecommend',
  ),
  tempExhibits: spec('temp_exhibits', 'groupId exhibitId'),
  activities: spec(
    'activities',
    `activityId groupId activityName activityType activityVenueName description startTime endTime reserveStartTime
     reserveEndTime linkUrl thumb appThumb label reserveType reserveStatus activityStatus minAge maxAge languageType`,
  ),
  files: spec('files', 'fileInfoId objectId code fileOldname fileSuffix description fileName filePath'),
  dictionaries: spec(
    'dictionaries',
    'dictionaryId dictionaryCode dictionaryName dictionaryValue dictionaryNameEn sort',
    '',
    'dictionaryCode sort',
  ),
  messages: spec(
    'messages',
    'messageId source content createTime email name phoneNumber type replyMessage replyTime orgId isPublished languageType',
    'isPublished',
    'orgId isPublished languageType',
  ),
  questionnaires: spec('questionnaires', 'questionnaireId title subTitle createTime startTime endTime languageType', '', 'languageType'),
  questions: spec(
    'questionnaire_questions',
    'questionId questionnaireId questionnaireDetailId title isRequired isSingle isOther sort',
    'isRequired isSingle isOther',
    'questionnaireId',
  ),
  options: spec('questionnaire_options', 'questionId answerId title sort', '', 'questionId'),
  sliders: spec('sliders', 'id place title filePath content linkUrl sort', '', 'place'),
  searchDocs: spec(
    'search_docs',
    `site type id channelId groupId channelNo channelName title img description content linkUrl extension1 extension2
     flag sortDate`,
    '',
    'site sortDate',
  ),
} as const satisfies Record<string, TableSpec>;

type Row = Record<string, unknown>;

const toSql = (value: unknown): unknown => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined || value === null) return null;
  return value;
};

/**
 * Inserts objects into a table, taking the spec's columns from each. A value the object leaves out
 * (undefined or null) gets the column's schema default, read from the table itself.
 */
export function insertRows(db: Database, table: TableSpec, rows: readonly object[]): void {
  if (rows.length === 0) return;
  const defaults = new Map(
    (db.pragma(`table_info(${table.name})`) as Array<{ name: string; dflt_value: string | null }>).map((c) => [
      c.name,
      c.dflt_value,
    ]),
  );
  const values = table.columns.map((c) => {
    const dflt = defaults.get(c);
    return dflt === undefined || dflt === null ? '?' : `COALESCE(?, ${dflt})`;
  });
  const insert = db.prepare(`INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES (${values.join(', ')})`);
  for (const row of rows) insert.run(table.columns.map((c) => toSql((row as Row)[c])));
}

/** A row as the wire entity: booleans restored, internal columns dropped. */
export function fromRow<T>(table: TableSpec, row: Row): T {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (table.internal.includes(key)) continue;
    out[key] = table.booleans.includes(key) ? value === 1 : value;
  }
  return out as T;
}
