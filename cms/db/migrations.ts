// The schema of the reference content service, as ordered migrations. A migration that shipped is
// never edited: a change is a new entry. Column names are the wire field names, so a row read back
// is (nearly) the wire entity; booleans are stored as 0/1 (see tables.ts).
import type { Database } from 'better-sqlite3';

interface Migration {
  version: number;
  description: string;
  sql: string;
}

const COMMON_TEXT = (names: string[]): string => names.map((n) => `${n} TEXT NOT NULL DEFAULT ''`).join(',\n  ');
const audit = (table: string): string =>
  ['createBy', 'createTime', 'updateTime'].map((c) => `ALTER TABLE ${table} ADD COLUMN ${c} TEXT;`).join('\n');

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'content tables, writes, counters and the search index',
    sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE channels (
  channelId INTEGER PRIMARY KEY,
  site TEXT NOT NULL,
  channelNo TEXT NOT NULL UNIQUE,
  ${COMMON_TEXT(['channelName', 'linkUrl', 'description', 'bannerPhotoPath', 'parent'])},
  isVisible INTEGER NOT NULL DEFAULT 1,
  isHome INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE archives (
  archivesId INTEGER PRIMARY KEY,
  channelId INTEGER NOT NULL,
  channelNo TEXT NOT NULL,
  ${COMMON_TEXT([
    'groupId',
    'channelName',
    'title',
    'subTitle',
    'publishDate',
    'parentChannelNo',
    'thumbImg',
    'thumbAppImg',
    'description',
    'content',
    'source',
    'linkUrl',
    'flag',
    'extension1',
    'extension2',
    'extension3',
    'extension4',
    'extension5',
    'extension6',
    'label',
    'excerpt',
  ])},
  isShowTitle INTEGER NOT NULL DEFAULT 1,
  visitCount INTEGER NOT NULL DEFAULT 0,
  starCount INTEGER NOT NULL DEFAULT 0 CHECK (starCount >= 0)
);
CREATE INDEX archives_by_channel ON archives (channelNo, publishDate DESC, archivesId DESC);

CREATE TABLE exhibition_bases (
  exhibitionBaseId INTEGER PRIMARY KEY,
  ${COMMON_TEXT([
    'groupId',
    'baseName',
    'description',
    'startTime',
    'endTime',
    'basePlace',
    'extension1',
    'extension2',
    'extension3',
    'linkUrl',
    'thumb',
    'appThumb',
    'label',
  ])},
  languageType TEXT NOT NULL DEFAULT 'CN'
);

CREATE TABLE exhibition_temps (
  exhibitionTempId INTEGER PRIMARY KEY,
  ${COMMON_TEXT([
    'groupId',
    'tempName',
    'description',
    'startTime',
    'endTime',
    'tempPlace',
    'linkUrl',
    'extension1',
    'thumb',
    'appThumb',
    'label',
  ])},
  isRecommend INTEGER NOT NULL DEFAULT 0,
  languageType TEXT NOT NULL DEFAULT 'CN'
);
CREATE INDEX exhibition_temps_by_group ON exhibition_temps (groupId);

CREATE TABLE exhibit_types (
  exhibitTypeId INTEGER PRIMARY KEY,
  ${COMMON_TEXT(['typeName', 'typeNo', 'backGroundImg'])},
  languageType TEXT NOT NULL DEFAULT 'CN'
);

CREATE TABLE exhibits (
  exhibitId INTEGER PRIMARY KEY,
  ${COMMON_TEXT([
    'exhibitName',
    'exhibitType',
    'modelUrl',
    'exhibitLevel',
    'age',
    'ageDetail',
    'size',
    'description',
    'groupId',
    'explanationWord',
    'thumb',
    'appThumb',
    'collectionUnit',
    'extension6',
    'label',
    'generalType',
  ])},
  isOwn INTEGER NOT NULL DEFAULT 1,
  isTreasure INTEGER NOT NULL DEFAULT 0,
  isRecommend INTEGER NOT NULL DEFAULT 0,
  languageType TEXT NOT NULL DEFAULT 'CN'
);

CREATE TABLE temp_exhibits (
  groupId TEXT NOT NULL,
  exhibitId INTEGER NOT NULL,
  PRIMARY KEY (groupId, exhibitId)
) WITHOUT ROWID;

CREATE TABLE activities (
  activityId INTEGER PRIMARY KEY,
  ${COMMON_TEXT([
    'groupId',
    'activityName',
    'activityType',
    'activityVenueName',
    'description',
    'startTime',
    'endTime',
    'reserveStartTime',
    'reserveEndTime',
    'linkUrl',
    'thumb',
    'appThumb',
    'label',
  ])},
  reserveType INTEGER NOT NULL DEFAULT 0,
  reserveStatus INTEGER NOT NULL DEFAULT 0,
  activityStatus INTEGER NOT NULL DEFAULT 0,
  minAge INTEGER NOT NULL DEFAULT 0,
  maxAge INTEGER NOT NULL DEFAULT 0,
  languageType TEXT NOT NULL DEFAULT 'CN'
);

CREATE TABLE files (
  fileInfoId INTEGER PRIMARY KEY,
  ${COMMON_TEXT(['objectId', 'code', 'fileOldname', 'fileSuffix', 'description', 'fileName', 'filePath'])}
);
CREATE INDEX files_by_object ON files (objectId, code);

CREATE TABLE dictionaries (
  dictionaryId INTEGER PRIMARY KEY,
  ${COMMON_TEXT(['dictionaryCode', 'dictionaryName', 'dictionaryValue', 'dictionaryNameEn'])},
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX dictionaries_by_code ON dictionaries (dictionaryCode, sort);

CREATE TABLE messages (
  messageId INTEGER PRIMARY KEY AUTOINCREMENT,
  ${COMMON_TEXT(['source', 'content', 'createTime', 'email', 'name', 'phoneNumber', 'type', 'replyMessage', 'replyTime', 'orgId'])},
  isPublished INTEGER NOT NULL DEFAULT 0,
  languageType TEXT NOT NULL DEFAULT 'CN'
);
CREATE INDEX messages_published ON messages (isPublished, languageType, createTime DESC);

CREATE TABLE questionnaires (
  questionnaireId INTEGER PRIMARY KEY,
  ${COMMON_TEXT(['title', 'subTitle', 'createTime', 'startTime', 'endTime'])},
  languageType TEXT NOT NULL DEFAULT 'CN'
);

CREATE TABLE questionnaire_questions (
  questionId INTEGER PRIMARY KEY,
  questionnaireId INTEGER NOT NULL REFERENCES questionnaires (questionnaireId),
  questionnaireDetailId INTEGER NOT NULL,
  title TEXT NOT NULL,
  isRequired INTEGER NOT NULL DEFAULT 0,
  isSingle INTEGER NOT NULL DEFAULT 1,
  isOther INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX questions_by_questionnaire ON questionnaire_questions (questionnaireId, sort);

CREATE TABLE questionnaire_options (
  questionId INTEGER NOT NULL REFERENCES questionnaire_questions (questionId),
  answerId INTEGER NOT NULL,
  title TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (questionId, answerId)
) WITHOUT ROWID;

CREATE TABLE questionnaire_records (
  recordId INTEGER PRIMARY KEY AUTOINCREMENT,
  questionnaireId INTEGER NOT NULL REFERENCES questionnaires (questionnaireId),
  createTime TEXT NOT NULL
);
CREATE INDEX records_by_questionnaire ON questionnaire_records (questionnaireId);

-- One row per chosen answer, plus one row (answerId NULL) for an "other" text.
CREATE TABLE questionnaire_record_answers (
  recordId INTEGER NOT NULL REFERENCES questionnaire_records (recordId),
  questionId INTEGER NOT NULL,
  answerId INTEGER,
  otherText TEXT
);
CREATE INDEX record_answers_by_question ON questionnaire_record_answers (questionId, answerId);

CREATE TABLE sliders (
  id INTEGER PRIMARY KEY,
  place TEXT NOT NULL,
  ${COMMON_TEXT(['title', 'filePath', 'content', 'linkUrl'])},
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sliders_by_place ON sliders (place, sort);

-- Page-visit counters (every article read by id), per China-time day; visitors per day for UV.
CREATE TABLE visit_daily (day TEXT PRIMARY KEY, pv INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
CREATE TABLE visit_daily_visitors (day TEXT NOT NULL, visitor TEXT NOT NULL, PRIMARY KEY (day, visitor)) WITHOUT ROWID;

-- What search looks at: one row per searchable record (articles, exhibitions, exhibits, activities).
CREATE TABLE search_docs (
  docId INTEGER PRIMARY KEY,
  site TEXT NOT NULL,
  type TEXT NOT NULL,
  id INTEGER NOT NULL,
  channelId INTEGER NOT NULL,
  ${COMMON_TEXT([
    'groupId',
    'channelNo',
    'channelName',
    'title',
    'img',
    'description',
    'content',
    'linkUrl',
    'extension1',
    'extension2',
    'flag',
    'sortDate',
  ])}
);
CREATE INDEX search_docs_by_site ON search_docs (site, channelNo);
CREATE VIRTUAL TABLE search_fts USING fts5(
  title, description, content,
  content = 'search_docs', content_rowid = 'docId', tokenize = 'trigram'
);
`,
  },
  {
    version: 2,
    description: 'fields deployed services send beyond the spec: audit fields, click counts, languageType, portalId',
    // Nullable without a default: a record that has none sends null, as deployed services do.
    sql: `
ALTER TABLE archives ADD COLUMN languageType TEXT;
${audit('archives')}
ALTER TABLE exhibition_bases ADD COLUMN clickCount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE exhibition_bases ADD COLUMN portalId TEXT;
${audit('exhibition_bases')}
ALTER TABLE exhibition_temps ADD COLUMN clickCount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE exhibition_temps ADD COLUMN portalId TEXT;
${audit('exhibition_temps')}
ALTER TABLE exhibits ADD COLUMN clickCount INTEGER NOT NULL DEFAULT 0;
${audit('exhibits')}
ALTER TABLE activities ADD COLUMN clickCount INTEGER NOT NULL DEFAULT 0;
${audit('activities')}
`,
  },
];

const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Applies every migration newer than the database, each in its own transaction; returns the ones applied. */
export function migrate(db: Database): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, appliedAt TEXT NOT NULL)');
  const current = (): number => (db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null }).v ?? 0;
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    // IMMEDIATE: two processes starting on one new file must not both apply a migration.
    const ran = db
      .transaction(() => {
        if (current() >= m.version) return false;
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_version (version, appliedAt) VALUES (?, ?)').run(m.version, new Date().toISOString());
        return true;
      })
      .immediate();
    if (ran) applied.push(m.version);
  }
  const version = current();
  if (version > SCHEMA_VERSION) {
    throw new Error(`database schema version ${version} is newer than this service (${SCHEMA_VERSION}); use a newer build`);
  }
  return applied;
}
