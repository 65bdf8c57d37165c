// Stores demo content (one transaction) and derives what the service serves but the generator does
// not write: list excerpts, thumbnails taken from the body, message languages, the search index;
// plus questionnaire records given alongside (the demo answers).
import type { Database } from 'better-sqlite3';
import { firstOfList } from '../../shared/image-paths.ts';
import { listExcerpt, plainText } from '../../shared/text.ts';
import type { SiteLanguage } from '../../shared/wire.ts';
import type { IdKind } from '../wire-ids.ts';
import { messageLanguage } from '../message-language.ts';
import { CONTENT_VERSION } from './content-version.ts';
import type { DemoChannel, DemoContent } from './demo/types.ts';
import { statements } from './query.ts';
import { insertQuestionnaireRecord, type StoredRecord } from './questionnaire-records.ts';
import { TABLES, insertRows } from './tables.ts';

const SEEDED_KEY = 'seededAt';

/** Visit counters a database starts with (demo/visits.ts): page views per day and visitors per day. */
export interface SeedVisits {
  daily: ReadonlyArray<{ day: string; pv: number }>;
  visitors: ReadonlyArray<{ day: string; visitor: string }>;
}
/** Which shape of content the database holds (content-version.ts); an older one is rebuilt on start. */
const CONTENT_VERSION_KEY = 'contentVersion';

export function isSeeded(db: Database): boolean {
  return db.prepare('SELECT 1 FROM meta WHERE key = ?').get(SEEDED_KEY) !== undefined;
}

/** The first image of an HTML body (an article without a thumbnail shows it instead). */
function firstImage(html: string): string {
  return /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/i.exec(html)?.[1] ?? '';
}

const siteOf = (channelNo: string): SiteLanguage => (channelNo.startsWith('EN_') ? 'EN' : 'CN');

/**
 * Writes the content unless the database already holds some. IMMEDIATE, and re-checked inside the
 * transaction, so two processes starting on a new file seed it once. Returns whether it seeded.
 */
export function seedContent(
  db: Database,
  content: DemoContent,
  now: number,
  records: readonly StoredRecord[] = [],
  visits?: SeedVisits,
): boolean {
  return db
    .transaction(() => {
      if (isSeeded(db)) return false;
      insertRows(db, TABLES.channels, content.channels);
      insertRows(
        db,
        TABLES.archives,
        content.articles.map((a) => ({
          ...a,
          thumbImg: a.thumbImg || firstImage(a.content),
          excerpt: listExcerpt(a.content),
          languageType: a.languageType ?? siteOf(a.channelNo),
        })),
      );
      insertRows(db, TABLES.exhibitionBases, content.exhibitionBases);
      insertRows(db, TABLES.exhibitionTemps, content.exhibitionTemps);
      insertRows(db, TABLES.exhibitTypes, content.exhibitTypes);
      insertRows(db, TABLES.exhibits, content.exhibits);
      insertRows(db, TABLES.tempExhibits, content.tempExhibits);
      insertRows(db, TABLES.activities, content.activities);
      insertRows(db, TABLES.files, content.files);
      insertRows(db, TABLES.dictionaries, content.dictionaries);
      insertRows(
        db,
        TABLES.messages,
        content.messages.map((m) => ({ ...m, languageType: messageLanguage(m.content) })),
      );
      insertRows(db, TABLES.questionnaires, content.questionnaires);
      insertRows(
        db,
        TABLES.questions,
        content.questionnaires.flatMap((q) => q.details.map((d) => ({ ...d, questionnaireId: q.questionnaireId }))),
      );
      insertRows(
        db,
        TABLES.options,
        content.questionnaires.flatMap((q) => q.details.flatMap((d) => d.answers.map((a) => ({ ...a, questionId: d.questionId })))),
      );
      insertRows(db, TABLES.sliders, content.sliders);
      const prepare = statements(db);
      for (const r of records) insertQuestionnaireRecord(prepare, r);
      if (visits) {
        const day = db.prepare('INSERT INTO visit_daily (day, pv) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET pv = pv + excluded.pv');
        for (const d of visits.daily) day.run(d.day, d.pv);
        const visitor = db.prepare('INSERT OR IGNORE INTO visit_daily_visitors (day, visitor) VALUES (?, ?)');
        for (const v of visits.visitors) visitor.run(v.day, v.visitor);
      }
      insertRows(db, TABLES.searchDocs, searchDocs(content));
      db.exec(`INSERT INTO search_fts (search_fts) VALUES ('rebuild')`);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(SEEDED_KEY, new Date(now).toISOString());
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(CONTENT_VERSION_KEY, CONTENT_VERSION);
      return true;
    })
    .immediate();
}

/** What a search hit is: its `type` on the wire, and the kind of its `id` (cms/wire-ids.ts). */
export const SEARCH_DOC_KINDS = {
  archives: 'archives',
  exhibitionBase: 'exhibitionBase',
  exhibitionTemp: 'exhibitionTemp',
  activity: 'activity',
  exhibit: 'exhibit',
} as const satisfies Record<string, IdKind>;

export type SearchDocType = keyof typeof SEARCH_DOC_KINDS;

/** One indexed record; missing values are null (stored '', sent as null). */
interface SearchDoc {
  site: SiteLanguage;
  type: SearchDocType;
  id: number;
  channelId: number;
  groupId: string;
  channelNo: string;
  channelName: string;
  title: string;
  img: string | null;
  description: string;
  content: string;
  linkUrl: string | null;
  extension1: string | null;
  extension2: string | null;
  flag: string | null;
  sortDate: string;
}

/**
 * One search document per record that has a page on the portal: articles of visible channels,
 * exhibitions (BaseExh/TempExh), activities (Activity) and exhibits shown by PreciousCol or GMWW.
 * Content of a hidden channel (or below one) is not searchable.
 */
function searchDocs(content: DemoContent): SearchDoc[] {
  const byNo = new Map(content.channels.map((c) => [c.channelNo, c]));
  const visible = (c: DemoChannel | undefined): boolean => {
    for (let at = c, guard = 0; at && guard < 20; at = byNo.get(at.parent), guard += 1) {
      if (!at.isVisible) return false;
    }
    return c !== undefined;
  };
  const docs: SearchDoc[] = [];
  const add = (
    channelNo: string,
    doc: Omit<
      SearchDoc,
      'site' | 'channelId' | 'channelNo' | 'channelName' | 'flag' | 'linkUrl' | 'extension1' | 'extension2' | 'sortDate'
    > &
      Partial<SearchDoc>,
  ): void => {
    const channel = byNo.get(channelNo);
    if (!channel || !visible(channel)) return;
    docs.push({
      flag: null,
      linkUrl: null,
      extension1: null,
      extension2: null,
      sortDate: '',
      ...doc,
      site: channel.site,
      channelId: channel.channelId,
      channelNo: channel.channelNo,
      channelName: channel.channelName,
    });
  };
  const enPrefix = (lang: SiteLanguage): string => (lang === 'EN' ? 'EN_' : '');

  for (const a of content.articles) {
    add(a.channelNo, {
      type: 'archives',
      id: a.archivesId,
      groupId: a.groupId,
      title: a.title,
      img: a.thumbImg || firstImage(a.content),
      description: plainText(a.description ?? ''),
      content: plainText(a.content),
      linkUrl: a.linkUrl,
      extension1: a.publishDate,
      flag: a.flag,
      sortDate: a.publishDate,
    });
  }
  // Both kinds of exhibition index alike; only their id and name columns differ.
  const exhibitions = [
    ...content.exhibitionBases.map((e) => ({
      e,
      channel: 'BaseExh',
      type: 'exhibitionBase' as const,
      id: e.exhibitionBaseId,
      title: e.baseName,
    })),
    ...content.exhibitionTemps.map((e) => ({
      e,
      channel: 'TempExh',
      type: 'exhibitionTemp' as const,
      id: e.exhibitionTempId,
      title: e.tempName,
    })),
  ];
  for (const { e, channel, type, id, title } of exhibitions) {
    add(`${enPrefix(e.languageType)}${channel}`, {
      type,
      id,
      groupId: e.groupId,
      title,
      img: e.thumb,
      description: plainText(e.description ?? ''),
      content: plainText(e.description ?? ''),
      linkUrl: e.linkUrl,
      extension1: e.startTime,
      extension2: e.endTime,
      sortDate: e.startTime,
    });
  }
  for (const a of content.activities) {
    add(`${enPrefix(a.languageType)}Activity`, {
      type: 'activity',
      id: a.activityId,
      groupId: a.groupId,
      title: a.activityName,
      img: a.thumb,
      description: plainText(a.description ?? ''),
      content: plainText(a.description ?? ''),
      linkUrl: a.linkUrl,
      extension1: a.startTime,
      extension2: a.endTime,
      sortDate: a.startTime,
    });
  }
  for (const x of content.exhibits) {
    const channel = x.isTreasure ? 'PreciousCol' : x.generalType === 'GMWW' ? 'GMWW' : '';
    if (!channel) continue;
    add(`${enPrefix(x.languageType)}${channel}`, {
      type: 'exhibit',
      id: x.exhibitId,
      groupId: x.groupId,
      title: x.exhibitName,
      img: firstOfList(x.thumb) || null,
      description: plainText(x.description ?? ''),
      content: [plainText(x.description ?? ''), plainText(x.explanationWord ?? '')].filter(Boolean).join(' '),
      extension1: x.age,
    });
  }
  return docs;
}
