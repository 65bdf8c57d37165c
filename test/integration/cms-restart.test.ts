// What visitors write survives a restart of the service on the same database file, and a restart
// neither re-seeds nor loses counters. A database and files folder of an older content version
// (numeric ids, `/file/...` paths) are rebuilt on start, without a manual step.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_VERSION } from '../../cms/db/content-version.ts';
import pino from 'pino';
import { filesAreCurrent } from '../../cms/db/files-marker.ts';
import { openCmsDatabase } from '../../cms/db/open.ts';
import { decodeId } from '../../cms/wire-ids.ts';
import type { ListResult, Message, QuestionnaireResult } from '../../shared/wire.ts';
import { FIXTURE, FIXTURE_FILES, MESSAGE_TYPE, wireId } from './cms-fixture.ts';
import { call, seedFixtureDb, startCms, tempDir } from './cms-harness.ts';

let seeded: Awaited<ReturnType<typeof seedFixtureDb>>;

beforeAll(async () => {
  seeded = await seedFixtureDb();
});

afterAll(() => seeded?.remove());

describe('restart on the same database file', () => {
  it('keeps a message, a questionnaire answer, a like and the visit counters', async () => {
    const first = await startCms({ db: seeded.db });
    const added = await call<{ messageId: string }>(first.url, 'addMessage', {
      body: { content: '重启之后还在吗？', type: MESSAGE_TYPE.consult },
    });
    expect(added.status).toBe(200);
    const answered = await call(first.url, 'addQuestionnaireRecord', {
      body: {
        questionnaireId: wireId('questionnaire', 1),
        answers: [
          { questionId: wireId('question', 11), answerIds: [wireId('answer', 112)] },
          { questionId: wireId('question', 12), answerIds: [], otherText: '陶俑' },
        ],
      },
    });
    expect(answered.status).toBe(200);
    await call(first.url, 'doStarByArcId', { params: { id: wireId('archives', 4) } });
    await call(first.url, 'queryArchivesById', { params: { id: wireId('archives', 4) } });
    await first.close();

    const second = await startCms({ db: seeded.db });
    try {
      const stored = second.cms.db
        .prepare('SELECT content, isPublished FROM messages WHERE messageId = ?')
        .get(decodeId('message', added.body.data.messageId));
      expect(stored).toEqual({ content: '重启之后还在吗？', isPublished: 0 });
      // Still unpublished: the public board does not show it.
      const board = await call<ListResult<Message>>(second.url, 'queryMessageList', { body: { param: { pageSize: 0, pageNum: 0 } } });
      expect(board.body.data.records.map((m) => m.content)).not.toContain('重启之后还在吗？');

      const result = await call<QuestionnaireResult>(second.url, 'getQuestionnaireResultInfo', {
        body: { questionnaireId: wireId('questionnaire', 1) },
      });
      expect(result.body.data.recordCount).toBe(1);
      expect(result.body.data.details[0]!.answers.find((a) => a.answerId === wireId('answer', 112))).toMatchObject({
        selectCount: 1,
        percent: 100,
      });
      expect(result.body.data.otherTexts[wireId('question', 12)]).toEqual(['陶俑']);

      const article = await call<{ starCount: number; visitCount: number }>(second.url, 'queryArchivesById', {
        params: { id: wireId('archives', 4) },
      });
      expect(article.body.data).toMatchObject({ starCount: 1, visitCount: 2 });
      expect((await call<{ total: number }>(second.url, 'getSiteVisitCount')).body.data.total).toBe(2);
      // Not seeded twice.
      expect(second.cms.db.prepare('SELECT COUNT(*) AS n FROM archives').get()).toEqual({ n: 6 });
      expect(second.cms.db.prepare('SELECT COUNT(*) AS n FROM schema_version').get()).toEqual({ n: 2 });
    } finally {
      await second.close();
    }
  });
});

/**
 * A database file as the first version of the service left it: schema 1 only, seeded, numeric ids
 * in links, `/file/...` paths, no content version in `meta` (made by hand here: the service itself
 * only ever creates the current schema).
 */
function firstVersionDatabase(path: string): void {
  const db = new Database(path);
  db.exec(`
    CREATE TABLE schema_version (version INTEGER NOT NULL, appliedAt TEXT NOT NULL);
    INSERT INTO schema_version VALUES (1, '2025-01-01T00:00:00.000Z');
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    INSERT INTO meta VALUES ('seededAt', '2025-01-01T00:00:00.000Z');
    CREATE TABLE sliders (id INTEGER PRIMARY KEY, place TEXT NOT NULL, title TEXT NOT NULL DEFAULT '', filePath TEXT NOT NULL DEFAULT '',
      content TEXT NOT NULL DEFAULT '', linkUrl TEXT NOT NULL DEFAULT '', sort INTEGER NOT NULL DEFAULT 0);
    INSERT INTO sliders (id, place, title, filePath, linkUrl) VALUES (1, 'home', '旧版', '/file/upload/demo/slider-bronze.jpg', '/Exhibition/TempExh/6');
    CREATE TABLE questionnaires (questionnaireId INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
    CREATE TABLE questionnaire_records (recordId INTEGER PRIMARY KEY, questionnaireId INTEGER NOT NULL REFERENCES questionnaires (questionnaireId));
    INSERT INTO questionnaires VALUES (1, '旧问卷');
    INSERT INTO questionnaire_records VALUES (1, 1);
    CREATE VIRTUAL TABLE search_fts USING fts5(title, content = 'sliders', content_rowid = 'id', tokenize = 'trigram');
  `);
  db.close();
}

describe('content of an older version', () => {
  it('rebuilds the database and the files folder on start, and keeps a current one as it is', async () => {
    const tmp = tempDir('old');
    try {
      const db = join(tmp.dir, 'cms.sqlite');
      const files = join(tmp.dir, 'files');
      firstVersionDatabase(db);
      mkdirSync(join(files, 'upload/demo'), { recursive: true });
      writeFileSync(join(files, 'upload/demo/slider-bronze.jpg'), 'old picture');
      // The marker as the first version wrote it: a date alone, in the folder's marker file.
      writeFileSync(join(files, '.demo-files-complete'), '2025-01-01T00:00:00.000Z');

      const writeNewFiles = (dir: string): void => {
        mkdirSync(join(dir, 'YUNXI_BWG'), { recursive: true });
        writeFileSync(join(dir, 'YUNXI_BWG/new.txt'), 'new');
      };
      const handle = await openCmsDatabase({
        path: db,
        filesDir: files,
        now: Date.now,
        logger: pino({ level: 'silent' }),
        demo: async () => ({ generate: () => FIXTURE, writeFiles: (d) => writeNewFiles(d) }),
      });
      try {
        expect(handle.prepare(`SELECT value FROM meta WHERE key = 'contentVersion'`).get()).toEqual({ value: CONTENT_VERSION });
        expect(handle.prepare('SELECT COUNT(*) AS n FROM schema_version').get()).toEqual({ n: 2 });
        expect(handle.prepare('SELECT filePath FROM sliders WHERE id = 1').get()).toEqual({ filePath: FIXTURE_FILES.slider });
        expect(handle.prepare('SELECT COUNT(*) AS n FROM questionnaire_records').get()).toEqual({ n: 0 });
      } finally {
        handle.close();
      }
      expect(existsSync(join(files, 'upload'))).toBe(false);
      expect(existsSync(join(files, 'YUNXI_BWG/new.txt'))).toBe(true);
      expect(filesAreCurrent(files, CONTENT_VERSION)).toBe(true);

      // A current database is opened as it is: what visitors wrote stays.
      const svc = await startCms({ db, filesDir: files });
      try {
        expect((await call(svc.url, 'addMessage', { body: { content: '新版留言' } })).status).toBe(200);
      } finally {
        await svc.close();
      }
      const again = await startCms({ db, filesDir: files });
      try {
        expect(again.cms.db.prepare(`SELECT COUNT(*) AS n FROM messages WHERE content = '新版留言'`).get()).toEqual({ n: 1 });
      } finally {
        await again.close();
      }
    } finally {
      tmp.remove();
    }
  });
});
