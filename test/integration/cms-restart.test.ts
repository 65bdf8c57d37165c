// What visitors write survives a restart of the service on the same database file, and a restart
// neither re-seeds nor loses counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResult, Message, QuestionnaireResult } from '../../shared/wire.ts';
import { call, seedFixtureDb, startCms } from './cms-harness.ts';

let seeded: Awaited<ReturnType<typeof seedFixtureDb>>;

beforeAll(async () => {
  seeded = await seedFixtureDb();
});

afterAll(() => seeded?.remove());

describe('restart on the same database file', () => {
  it('keeps a message, a questionnaire answer, a like and the visit counters', async () => {
    const first = await startCms({ db: seeded.db });
    const added = await call<{ messageId: number }>(first.url, 'addMessage', { body: { content: '重启之后还在吗？', type: 'consult' } });
    expect(added.status).toBe(200);
    const answered = await call(first.url, 'addQuestionnaireRecord', {
      body: { questionnaireId: 1, answers: [{ questionId: 11, answerIds: [112] }, { questionId: 12, answerIds: [], otherText: '陶俑' }] },
    });
    expect(answered.status).toBe(200);
    await call(first.url, 'doStarByArcId', { params: { id: 4 } });
    await call(first.url, 'queryArchivesById', { params: { id: 4 } });
    await first.close();

    const second = await startCms({ db: seeded.db });
    try {
      const stored = second.cms.db.prepare('SELECT content, isPublished FROM messages WHERE messageId = ?').get(added.body.data.messageId);
      expect(stored).toEqual({ content: '重启之后还在吗？', isPublished: 0 });
      // Still unpublished: the public board does not show it.
      const board = await call<ListResult<Message>>(second.url, 'queryMessageList', { body: { param: { pageSize: 0, pageNum: 0 } } });
      expect(board.body.data.records.map((m) => m.content)).not.toContain('重启之后还在吗？');

      const result = await call<QuestionnaireResult>(second.url, 'getQuestionnaireResultInfo', { body: { questionnaireId: 1 } });
      expect(result.body.data.recordCount).toBe(1);
      expect(result.body.data.details[0]!.answers.find((a) => a.answerId === 112)).toMatchObject({ selectCount: 1, percent: 100 });
      expect(result.body.data.otherTexts['12']).toEqual(['陶俑']);

      const article = await call<{ starCount: number; visitCount: number }>(second.url, 'queryArchivesById', { params: { id: 4 } });
      expect(article.body.data).toMatchObject({ starCount: 1, visitCount: 2 });
      expect((await call<{ total: number }>(second.url, 'getSiteVisitCount')).body.data.total).toBe(2);
      // Not seeded twice.
      expect(second.cms.db.prepare('SELECT COUNT(*) AS n FROM archives').get()).toEqual({ n: 6 });
      expect(second.cms.db.prepare('SELECT COUNT(*) AS n FROM schema_version').get()).toEqual({ n: 1 });
    } finally {
      await second.close();
    }
  });
});
