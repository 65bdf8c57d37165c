// Behaviour of the reference content service against the small fixture (every record known): paging,
// filters, search in Chinese, likes, visits, messages, questionnaires, bad input, files, gateways.
// Records are known by their numbers in the fixture; the wire carries them as 32-hex-digit ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYED_GATEWAYS } from '../../shared/endpoints.ts';
import type {
  Article,
  ListResult,
  Message,
  QuestionnaireResult,
  SearchHit,
  SearchResult,
  SiteVisitCount,
  StatisticsReport,
} from '../../shared/wire.ts';
import { decodeId } from '../../cms/wire-ids.ts';
import { FIXTURE_FILES, MESSAGE_TYPE, wireId } from './cms-fixture.ts';
import { call, copyDb, rawPost, seedFixtureDb, signedHeaders, startCms, VIDEO_BYTES, type RunningCms } from './cms-harness.ts';

const article = (n: number): string => wireId('archives', n);
const question = (n: number): string => wireId('question', n);
const answerOf = (n: number): string => wireId('answer', n);

let seeded: Awaited<ReturnType<typeof seedFixtureDb>>;
let copy: ReturnType<typeof copyDb>;
let svc: RunningCms;
let url: string;

beforeAll(async () => {
  seeded = await seedFixtureDb();
  copy = copyDb(seeded);
  svc = await startCms({ db: copy.db, filesDir: `${seeded.dir}/files` });
  url = svc.url;
});

afterAll(async () => {
  await svc?.close();
  copy?.remove();
  seeded?.remove();
});

const list = <T>(name: Parameters<typeof call>[1], body: unknown) => call<ListResult<T>>(url, name, { body });
const search = (title: string, channelNo = 'CN') =>
  call<SearchResult<SearchHit>>(url, 'querySearchList', { body: { entity: { title, channelNo }, param: { pageSize: 10, pageNum: 1 } } });

describe('lists and paging', () => {
  it('pages a channel newest first and reports pages, current and total', async () => {
    const first = await list<Article>('queryArchivesList', { entity: { channelNo: 'SNews' }, param: { pageSize: 2, pageNum: 1 } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ pages: 2, current: 1, total: 3, size: 2 });
    expect(first.body.data.records.map((a) => a.archivesId)).toEqual([article(1), article(2)]);
    // Paging numbers as digit strings, as some clients send them.
    const second = await list<Article>('queryArchivesList', { entity: { channelNo: 'SNews' }, param: { pageSize: '2', pageNum: '2' } });
    expect(second.body.data.records.map((a) => a.archivesId)).toEqual([article(3)]);
    expect(second.body.data).toMatchObject({ current: 2, size: 2 });
    const beyond = await list<Article>('queryArchivesList', { entity: { channelNo: 'SNews' }, param: { pageSize: 2, pageNum: 9 } });
    expect(beyond.body.data).toMatchObject({ records: [], current: 9, total: 3, pages: 2 });
  });

  it('returns everything for pageSize 0 with pageNum 0', async () => {
    const all = await list<Article>('queryArchivesList', { entity: { channelNo: 'SNews' }, param: { pageSize: 0, pageNum: 0 } });
    expect(all.body.data).toMatchObject({ total: 3, pages: 1, current: 1, size: 0 });
    expect(all.body.data.records).toHaveLength(3);
  });

  it('gives list items a 100-character plain-text excerpt with an ellipsis only when cut', async () => {
    const { body } = await list<Article>('queryArchivesList', { entity: { channelNo: 'SNews' }, param: { pageSize: 0, pageNum: 0 } });
    const [long, short, tagged] = body.data.records;
    expect([...long!.excerpt!]).toHaveLength(101);
    expect(long!.excerpt!.endsWith('…')).toBe(true);
    expect(long!.excerpt).not.toContain('<');
    expect(short!.excerpt).toBe('本次讲座介绍宋代瓷器的烧造工艺与审美。');
    expect(tagged!.excerpt).toBe('双方就青铜文化研究交换了意见；50%_的资料将数字化。');
  });

  it('takes an article thumbnail from its body when it has none', async () => {
    const { body } = await call<Article>(url, 'queryArchivesByNo', { params: { channelNo: 'SNews' } });
    expect(body.data.thumbImg).toBe(FIXTURE_FILES.image);
  });

  it('lists several channels at once (comma list or array)', async () => {
    for (const channelNo of ['SNews,Media', ['SNews', 'Media']]) {
      const r = await list<Article>('queryArchivesListByMulNo', { entity: { channelNo }, param: { pageSize: 0, pageNum: 0 } });
      expect(r.body.data.total).toBe(4);
      expect(r.body.data.records[0]!.channelNo).toBe('Media');
    }
  });

  it('filters exhibits by treasure flag, general type, model and temporary exhibition', async () => {
    const names = async (body: unknown, name: Parameters<typeof call>[1] = 'queryExhibitList') =>
      (await list<{ exhibitName: string }>(name, body)).body.data.records.map((x) => x.exhibitName);
    expect(await names({ entity: { isTreasure: true } })).toEqual(['兽面纹铜鼎']);
    expect(await names({ entity: { generalType: 'GMWW' } })).toEqual(['红军用过的马灯']);
    expect(await names({ entity: { boolean1: 'false' } })).toEqual(['红军用过的马灯']);
    expect(await names({ entity: { exhibitType: 'QTQ', isTreasure: '' } })).toEqual(['兽面纹铜鼎']);
    expect(await names({ entity: { languageType: 'EN' } })).toEqual([]);
    expect(await names({ entity: { groupId: 'g-t1' } }, 'queryExhibitListByTemp')).toEqual(['兽面纹铜鼎']);
  });

  it('filters temporary exhibitions by state relative to the clock, and by name', async () => {
    const names = async (param: object) =>
      (await list<{ tempName: string }>('queryExhibitionTempList', { param })).body.data.records.map((x) => x.tempName);
    expect(await names({ type: 'current' })).toEqual(['丝路瓷韵特展']);
    expect(await names({ type: 'past' })).toEqual(['往届书画展']);
    expect(await names({ type: 'upcoming' })).toEqual([]);
    expect(await names({ str: '书画' })).toEqual(['往届书画展']);
  });

  it('lists the files of a record by code', async () => {
    const r = await list<{ filePath: string }>('queryFileList', { entity: { objectId: 'g-a1', code: 'CMS_ARCHIVES_FILE' } });
    expect(r.body.data.records.map((f) => f.filePath)).toEqual([FIXTURE_FILES.pdf]);
  });

  it('builds the channel tree with hidden and external channels kept for the portal to handle', async () => {
    const { body } = await call<{
      records: Array<{ channelNo: string; subChannel: Array<{ channelNo: string; isVisible: boolean; linkUrl: string }> }>;
    }>(url, 'queryAllChannel', { params: { site: 'CN' } });
    expect(body.data.records.map((c) => c.channelNo)).toEqual(['Home', 'News', 'Survey', 'Exhibition', 'Collection', 'Education']);
    const exhibition = body.data.records.find((c) => c.channelNo === 'Exhibition')!;
    expect(exhibition.subChannel.find((c) => c.channelNo === 'VRTour')?.linkUrl).toBe('https://vr.example-museum.cn/');
    const survey = body.data.records.find((c) => c.channelNo === 'Survey')!;
    expect(survey.subChannel[0]).toMatchObject({ channelNo: 'Internal', isVisible: false });
  });
});

describe('search', () => {
  it('finds a 2-character Chinese keyword in titles and bodies (LIKE fallback)', async () => {
    const { body } = await search('青铜');
    // Title hits first, then body hits, newest first; the hidden channel's article is not searchable.
    expect(body.data.records.map((h) => `${h.type}:${h.id}`)).toEqual([
      `activity:${wireId('activity', 1)}`,
      `archives:${article(1)}`,
      `exhibitionBase:${wireId('exhibitionBase', 1)}`,
      `archives:${article(3)}`,
    ]);
    expect(body.data).toMatchObject({ total: 4, page: 1, pages: 1 });
    expect(body.data.records[1]).toMatchObject({
      channelNo: 'SNews',
      channelId: wireId('channel', 3),
      channelName: '本馆新闻',
      title: '青铜器修复成果展开幕',
    });
  });

  it('finds a 4-character keyword through the trigram index, in a body too', async () => {
    expect((await search('修复成果')).body.data.records.map((h) => h.id)).toEqual([article(1)]);
    expect((await search('烧造工艺')).body.data.records.map((h) => h.title)).toEqual(['瓷器专题讲座举行']);
  });

  it('finds a single character, requires every keyword, and keeps sites apart', async () => {
    expect((await search('鼎')).body.data.records.map((h) => h.title)).toEqual(['兽面纹铜鼎']);
    expect((await search('瓷器 讲座')).body.data.records.map((h) => h.id)).toEqual([article(2)]);
    expect((await search('讲座 烧造工艺')).body.data.records.map((h) => h.id)).toEqual([article(2)]);
    expect((await search('瓷器 修复成果')).body.data.total).toBe(0);
    expect((await search('bronze', 'EN')).body.data.records.map((h) => h.id)).toEqual([article(6)]);
    expect((await search('bronze', 'CN')).body.data.total).toBe(0);
  });

  it('treats SQL and LIKE metacharacters as plain text', async () => {
    expect((await search('50%_')).body.data.records.map((h) => h.id)).toEqual([article(3)]);
    expect((await search('%')).body.data.records.map((h) => h.id)).toEqual([article(3)]);
    for (const nasty of [`' OR 1=1 --`, `"; DROP TABLE archives; --`, 'a" OR "b', '青铜*']) {
      const r = await search(nasty);
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(0);
    }
    expect((await list<Article>('queryArchivesList', { entity: { channelNo: `SNews' OR '1'='1` } })).body.data.total).toBe(0);
    expect(
      (await list<Article>('queryArchivesList', { entity: { channelNo: 'SNews' }, param: { pageSize: 0, pageNum: 0 } })).body.data.total,
    ).toBe(3);
  });

  it('answers the cluster form with the same hits, limited to given channels', async () => {
    const cluster = await call<SearchResult<SearchHit>>(url, 'cmsSearch', {
      body: { clusterName: 'cms', searchValue: '青铜', pageNum: 1, pageSize: 2, searchMap: { portalId: '1', channelNo: ['CN'] } },
    });
    expect(cluster.body.data).toMatchObject({ total: 4, page: 1, pages: 2 });
    expect(cluster.body.data.records.map((h) => h.id)).toEqual([wireId('activity', 1), article(1)]);
    const news = await call<SearchResult<SearchHit>>(url, 'cmsSearch', {
      body: { searchValue: '青铜', searchMap: { channelNo: ['News'] } },
    });
    expect(news.body.data.records.map((h) => h.id)).toEqual([article(1), article(3)]);
  });

  it("pages querySearchList by the search page's own {size, page} too, at the top or in param", async () => {
    const byParam = await call<SearchResult<SearchHit>>(url, 'querySearchList', {
      body: { entity: { title: '青铜' }, param: { size: 2, page: 2 } },
    });
    expect(byParam.body.data).toMatchObject({ total: 4, page: 2, pages: 2 });
    const byTop = await call<SearchResult<SearchHit>>(url, 'querySearchList', {
      body: { entity: { title: '青铜' }, size: '3', page: '1' },
    });
    expect(byTop.body.data).toMatchObject({ total: 4, page: 1, pages: 2 });
    expect(byTop.body.data.records).toHaveLength(3);
  });

  it('answers an empty keyword with no hits', async () => {
    expect((await search('  ')).body.data).toEqual({ records: [], page: 1, pages: 0, total: 0 });
  });
});

describe('visits and likes', () => {
  it('counts a visit on every read by id, in the article and in the site counters', async () => {
    const before = (await call<SiteVisitCount>(url, 'getSiteVisitCount')).body.data;
    expect(before).toMatchObject({ total: 0, today: 0, articleVisits: 0, messages: 3 });
    const first = await call<Article>(url, 'queryArchivesById', { params: { id: article(4) } });
    // Extra query parameters (the original front end's `{path}/{id}?…`) are accepted, and the visit still counts.
    const second = await call<Article>(url, 'queryArchivesById', { params: { id: article(4) }, query: { from: 'list', t: '1700000000' } });
    expect(second.status).toBe(200);
    expect(second.body.data.visitCount).toBe(first.body.data.visitCount + 1);
    expect(first.body.data).not.toHaveProperty('excerpt');
    const after = (await call<SiteVisitCount>(url, 'getSiteVisitCount')).body.data;
    expect(after.total - before.total).toBe(2);
    expect(after.today - before.today).toBe(2);
    expect(after.articleVisits - before.articleVisits).toBe(2);
    const report = (await call<StatisticsReport>(url, 'getBaiduReport', { params: { number: 7 } })).body.data;
    expect(report.days).toBe(7);
    expect(report.daily).toHaveLength(7);
    expect(report.daily.at(-1)!.pv).toBeGreaterThanOrEqual(2);
    expect(report.pv).toBe(report.daily.reduce((s, d) => s + d.pv, 0));
    expect(report.uv).toBeGreaterThanOrEqual(1);
  });

  it('adds and removes likes and never goes below zero', async () => {
    const star = (name: 'doStarByArcId' | 'cancelStarByActId') =>
      call<{ starCount: number }>(url, name, { params: { id: article(2) } }).then((r) => r.body.data.starCount);
    expect(await star('doStarByArcId')).toBe(2);
    expect(await star('cancelStarByActId')).toBe(1);
    expect(await star('cancelStarByActId')).toBe(0);
    expect(await star('cancelStarByActId')).toBe(0);
    expect(await star('doStarByArcId')).toBe(1);
    expect((await call(url, 'doStarByArcId', { params: { id: article(999) } })).status).toBe(404);
    // An id of another kind names no article.
    expect((await call(url, 'doStarByArcId', { params: { id: wireId('exhibit', 2) } })).status).toBe(404);
  });
});

/** The database row of a message id the service answered with. */
const storedId = (id: string): number => {
  const n = decodeId('message', id);
  if (n === null) throw new Error(`not a message id: ${id}`);
  return n;
};

describe('messages', () => {
  it('stores a valid message unpublished; the board lists published ones with masked contacts', async () => {
    const added = await call<{ messageId: string; isPublished: boolean }>(url, 'addMessage', {
      body: {
        content: '  希望延长周末开放时间  ',
        name: '王小明',
        phoneNumber: '+8613912345678',
        email: 'wang@example.com',
        type: MESSAGE_TYPE.suggest,
        source: 'web',
        orgId: 'yunxi-org-1',
      },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.isPublished).toBe(false);
    const stored = svc.cms.db
      .prepare('SELECT content, phoneNumber, type, orgId, isPublished FROM messages WHERE messageId = ?')
      .get(storedId(added.body.data.messageId));
    expect(stored).toEqual({
      content: '希望延长周末开放时间',
      phoneNumber: '+8613912345678',
      type: 'cms1102',
      orgId: 'yunxi-org-1',
      isPublished: 0,
    });
    const board = await list<Message>('queryMessageList', { param: { pageSize: 10, pageNum: 1 } });
    expect(board.body.data.records.map((m) => m.messageId)).toEqual([wireId('message', 1)]);
    expect(board.body.data.records[0]).toMatchObject({
      phoneNumber: '138****5678',
      email: 'v***@example.com',
      replyMessage: '周一闭馆。',
      orgId: null,
    });
  });

  it('judges the type against its MESSAGE_TYPE dictionary, and takes its first value when none is given', async () => {
    const refused = await call<{ errors: Array<{ field: string; code: string }> }>(url, 'addMessage', {
      body: { content: '你好', type: 'consult' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('type:');
    expect(refused.body.data.errors).toEqual([{ field: 'type', code: 'type_invalid' }]);
    const plain = await call<{ messageId: string }>(url, 'addMessage', { body: { content: '没有选择类型的留言' } });
    expect(plain.status).toBe(200);
    expect(svc.cms.db.prepare('SELECT type FROM messages WHERE messageId = ?').get(storedId(plain.body.data.messageId))).toEqual({
      type: MESSAGE_TYPE.consult,
    });
  });

  it('keeps a board per site: by the language sent, or else the language written in', async () => {
    const en = await list<Message>('queryMessageList', { entity: { languageType: 'EN' } });
    expect(en.body.data.records.map((m) => m.messageId)).toEqual([wireId('message', 3)]);
    const sent = await call<{ messageId: string }>(url, 'addMessage', { body: { content: 'Lovely bronzes, thank you!' } });
    const explicit = await call<{ messageId: string }>(url, 'addMessage', { body: { content: '中文留言', languageType: 'EN' } });
    const language = (id: string) => svc.cms.db.prepare('SELECT languageType FROM messages WHERE messageId = ?').get(storedId(id));
    expect(language(sent.body.data.messageId)).toEqual({ languageType: 'EN' });
    expect(language(explicit.body.data.messageId)).toEqual({ languageType: 'EN' });
  });

  it('rejects a message naming every problem, and stores nothing', async () => {
    const before = svc.cms.db.prepare('SELECT COUNT(*) AS n FROM messages').get();
    const r = await call<{ errors: Array<{ field: string; code: string }> }>(url, 'addMessage', {
      body: { content: '<script>alert(1)</script>', name: 'x', phoneNumber: '12345', email: 'not-an-email', type: 'spam' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    for (const field of ['content', 'name', 'phoneNumber', 'email', 'type']) expect(r.body.msg).toContain(`${field}:`);
    expect(r.body.msg).toContain('留言内容不能包含HTML标签');
    expect(r.body.data.errors.map((e) => e.code)).toEqual([
      'content_html',
      'name_invalid',
      'phone_invalid',
      'email_invalid',
      'type_invalid',
    ]);
    expect((await call(url, 'addMessage', { body: {} })).body.msg).toContain('请填写留言内容');
    expect((await call(url, 'addMessage', { body: { content: 'x'.repeat(501) } })).body.msg).toContain('500');
    expect(svc.cms.db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual(before);
  });
});

describe('questionnaires', () => {
  const questionnaire = (n: number): string => wireId('questionnaire', n);
  const answer = (answers: unknown, questionnaireId = questionnaire(1)) =>
    call(url, 'addQuestionnaireRecord', { body: { questionnaireId, answers } });
  /** One answer to a question: its wire ids from the fixture's numbers. */
  const pick = (q: number, answers: number[], otherText?: string) => ({
    questionId: question(q),
    answerIds: answers.map(answerOf),
    otherText,
  });

  it('counts stored answers into percentages that add up per question', async () => {
    const picks: Array<[number, number[], string?]> = [
      [111, [121]],
      [111, [121, 122]],
      [112, [], '书画'],
      [113, [122]],
      [111, []],
      [112, [121], '石刻'],
    ];
    for (const [single, multi, other] of picks) {
      const answers: Array<Record<string, unknown>> = [pick(11, [single])];
      if (multi.length || other) answers.push(pick(12, multi, other));
      const r = await answer(answers);
      expect(r.status).toBe(200);
    }
    const { body } = await call<QuestionnaireResult>(url, 'getQuestionnaireResultInfo', { body: { questionnaireId: questionnaire(1) } });
    const [single, multi] = body.data.details;
    expect(body.data.recordCount).toBe(6);
    expect(single!.answers.map((a) => [a.selectCount, a.percent])).toEqual([
      [3, 50],
      [2, 33.3],
      [1, 16.7],
    ]);
    expect(single!.answers.reduce((s, a) => s + a.percent, 0)).toBeCloseTo(100, 0);
    // Five people answered the multiple-choice question: 121 ×3, 122 ×2, and two "other" texts.
    expect(multi!.answers.map((a) => [a.selectCount, a.percent])).toEqual([
      [3, 60],
      [2, 40],
    ]);
    expect(body.data.otherTexts[question(12)]).toEqual(['石刻', '书画']);
  });

  it('rejects wrong answers with a message per question and stores nothing', async () => {
    const count = () => svc.cms.db.prepare('SELECT COUNT(*) AS n FROM questionnaire_records').get();
    const before = count();
    const q11 = `q${question(11)}`;
    const missing = await answer([pick(12, [121])]);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain(`${q11}: 此题为必答题`);
    expect((await answer([pick(11, [111, 112])])).body.msg).toContain(`${q11}: 此题只能选择一项`);
    expect((await answer([pick(11, [999])])).body.msg).toContain(`${q11}: 所选答案不存在`);
    // An answer id of another question is no answer of this one.
    expect((await answer([pick(11, [121])])).body.msg).toContain(`${q11}: 所选答案不存在`);
    expect((await answer([pick(11, [111]), pick(11, [112])])).body.msg).toContain('at most once');
    expect((await answer([{ questionId: question(11), answerIds: [{ id: 1 }] }])).status).toBe(400);
    expect((await answer([{ questionId: question(11), answerIds: ['not an id!'] }])).status).toBe(400);
    expect(count()).toEqual(before);
  });

  it('refuses answers to a closed questionnaire and to an unknown one', async () => {
    const closed = await answer([pick(21, [211])], questionnaire(2));
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ code: 409 });
    expect(closed.body.msg).toMatch(/closed/);
    expect((await answer([], questionnaire(99))).status).toBe(404);
    // A number, or a wire id of another kind, names no questionnaire either.
    expect((await answer([], 1 as unknown as string)).status).toBe(404);
    expect((await answer([], question(11))).status).toBe(404);
    expect((await call(url, 'getQuestionnaireResultInfo', { body: { questionnaireId: article(1) } })).status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400', async () => {
    const r = await rawPost(url, '/api/queryArchivesList', '{"entity": ');
    expect(r).toEqual({ status: 400, body: { code: 400, msg: 'Request body is not valid JSON', data: null } });
  });

  it('answers wrong types with 400 naming the field', async () => {
    const cases: Array<[Parameters<typeof call>[1], unknown, string]> = [
      ['queryArchivesList', { param: { pageSize: 'ten' } }, 'param.pageSize'],
      ['queryArchivesList', { param: { pageNum: -1 } }, 'param.pageNum'],
      ['queryArchivesList', { entity: 'SNews' }, 'entity'],
      ['queryArchivesList', { entity: { channelNo: { $ne: 1 } } }, 'entity.channelNo'],
      ['queryArchivesList', [1, 2], 'JSON object'],
      ['queryExhibitList', { entity: { isTreasure: 'yes' } }, 'entity.isTreasure'],
      ['queryExhibitionTempList', { param: { type: 'soon' } }, 'param.type'],
      ['queryFileList', { entity: { objectId: 'g-a1', code: 'OTHER' } }, 'entity.code'],
      ['queryFileList', { entity: {} }, 'entity.objectId'],
      ['addMessage', { content: 42 }, 'content'],
      ['getQuestionnaireResultInfo', { questionnaireId: { id: 1 } }, 'questionnaireId'],
      ['getQuestionnaireResultInfo', { questionnaireId: 'one two' }, 'questionnaireId'],
      ['cmsSearch', { searchValue: '青铜', searchMap: 'CN' }, 'searchMap'],
    ];
    for (const [name, body, field] of cases) {
      const r = await call(url, name, { body });
      expect(r.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toContain(field);
    }
    for (const [name, params] of [
      ['queryArchivesById', { id: 'a b' }],
      ['queryArchivesById', { id: 'x'.repeat(65) }],
      ['queryAllChannel', { site: 'FR' }],
      ['getBaiduReport', { number: 0 }],
      ['getBaiduReport', { number: 9999 }],
    ] as const) {
      expect((await call(url, name, { params })).status).toBe(400);
    }
    expect((await call(url, 'queryDictionaryByCode', { query: {} })).body.msg).toContain('dictionaryCode');
  });

  it('answers a body over 64 KB with 413', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(70 * 1024) });
    const r = await rawPost(url, '/api/addMessage', big);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 413 });
    expect(r.body.msg).toContain('64 KB');
  });

  it('answers unknown paths 404, known paths with the wrong method 405, unknown ids 404', async () => {
    const get = (path: string, init: RequestInit = {}) =>
      fetch(`${url}${path}`, { headers: signedHeaders(), ...init }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await get('/api/dropEverything')).toMatchObject({ status: 404, body: { code: 404 } });
    expect(await get('/nowhere')).toMatchObject({ status: 404 });
    expect(await get('/api/queryArchivesList')).toMatchObject({ status: 405, body: { code: 405 } });
    const unknown = [
      ['queryArchivesById', wireId('archives', 999)],
      ['queryExhibitionBaseById', wireId('exhibitionBase', 999)],
      ['queryExhibitionTempById', wireId('exhibitionTemp', 999)],
      ['queryExhibitById', wireId('exhibit', 999)],
      ['queryActivityById', wireId('activity', 999)],
      ['getQuestionnaireById', wireId('questionnaire', 999)],
      // Numbers, made-up hex and ids of another kind name nothing either.
      ['queryArchivesById', '1'],
      ['queryExhibitById', 'ffffffffffffffffffffffffffffffff'],
      ['queryActivityById', wireId('exhibit', 1)],
      ['getQuestionnaireById', 'abc'],
    ] as const;
    for (const [name, id] of unknown) {
      const r = await call(url, name, { params: { id } });
      expect(r.status, `${name} ${id}`).toBe(404);
      expect(r.body.msg).toContain(id);
    }
    expect((await call(url, 'queryArchivesByNo', { params: { channelNo: 'Nowhere' } })).status).toBe(404);
  });
});

describe('files', () => {
  it('serves files with long cache headers, content types and byte ranges, without a token', async () => {
    const pdf = await fetch(`${url}/file/${FIXTURE_FILES.pdf}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await pdf.text()).startsWith('%PDF')).toBe(true);
    const img = await fetch(`${url}/file/${FIXTURE_FILES.image}`);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    const part = await fetch(`${url}/file/${FIXTURE_FILES.video}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${VIDEO_BYTES}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect((await fetch(`${url}/file/YUNXI_BWG/CMS/CMS_ARCHIVES_IMG/20240501/none.jpg`)).status).toBe(404);
    expect((await fetch(`${url}/file/../cms.sqlite`)).status).toBe(404);
  });
});

describe('faults and call counts', () => {
  it('counts catalogue calls by name, adds latency and fails at the set rate', async () => {
    svc.cms.calls.reset();
    await call(url, 'getSiteVisitCount');
    await call(url, 'getSiteVisitCount', { headers: {} });
    await fetch(`${url}/api/nothing`);
    expect(svc.cms.calls.count('getSiteVisitCount')).toBe(2);
    expect(svc.cms.calls.count()).toBe(2);

    svc.cms.faults.set({ failRate: 1, failStatus: 502 });
    const failed = await call(url, 'queryGalleryList', { params: { path: 'home' } });
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe(502);
    svc.cms.faults.set({ failStatus: 0 });
    expect((await call(url, 'queryGalleryList', { params: { path: 'home' } })).status).toBe(503);

    svc.cms.faults.set({ failRate: 0.5, failStatus: 500 });
    const statuses = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await call(url, 'queryGalleryList', { params: { path: 'home' } })).status);
    const failures = statuses.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(35);

    svc.cms.faults.reset();
    const latencyMs = 150;
    svc.cms.faults.set({ latencyMs });
    // A lower bound: a busy machine only makes the answer later, never earlier. The allowance is the
    // rounding of the event loop's clock, which timers run by.
    const t0 = performance.now();
    expect((await call(url, 'queryGalleryList', { params: { path: 'home' } })).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(latencyMs - 10);
    svc.cms.faults.reset();
    expect(svc.cms.faults.current()).toEqual({ latencyMs: 0, failStatus: 0, failRate: 0 });
    expect(() => svc.cms.faults.set({ failRate: 2 })).toThrow(/failRate/);
  });
});

describe('gateways', () => {
  it('serves the API under a legacy single prefix only, and files outside it', async () => {
    const prefixed = await startCms({ db: copy.db, filesDir: `${seeded.dir}/files`, prefix: '/japi/sw-cms' });
    try {
      expect((await call(prefixed.url, 'queryGalleryList', { params: { path: 'home' }, prefix: '/japi/sw-cms' })).status).toBe(200);
      expect((await call(prefixed.url, 'cmsSearch', { body: { searchValue: '青铜' }, prefix: '/japi/sw-cms' })).body.data).toMatchObject({
        total: 4,
      });
      expect((await call(prefixed.url, 'queryGalleryList', { params: { path: 'home' } })).status).toBe(404);
      expect((await fetch(`${prefixed.url}/file/${FIXTURE_FILES.pdf}`)).status).toBe(200);
    } finally {
      await prefixed.close();
    }
  });

  it('answers each service at its own gateway, with 404 at the old nested path and 405 for a wrong method', async () => {
    const deployed = await startCms({ db: copy.db, filesDir: `${seeded.dir}/files`, gateways: DEPLOYED_GATEWAYS });
    try {
      const at = { gateways: DEPLOYED_GATEWAYS };
      expect(deployed.cms.gateways).toEqual(DEPLOYED_GATEWAYS);
      expect((await call(deployed.url, 'queryGalleryList', { params: { path: 'home' }, ...at })).status).toBe(200);
      expect((await call(deployed.url, 'cmsSearch', { body: { searchValue: '青铜' }, ...at })).body.data).toMatchObject({ total: 4 });
      const files = await call<ListResult<unknown>>(deployed.url, 'queryFileList', { body: { entity: { objectId: 'g-a1' } }, ...at });
      expect(files.body.data.total).toBe(2);
      expect((await call(deployed.url, 'getBaiduReport', { params: { number: 7 }, ...at })).status).toBe(200);
      const nested = await fetch(`${deployed.url}/japi/sw-cms/sw-file/refFileObject/queryPageList`, {
        method: 'POST',
        headers: signedHeaders(),
        body: '{}',
      });
      expect(nested.status).toBe(404);
      expect((await fetch(`${deployed.url}/japi/sw-file-cloud/refFileObject/queryPageList`, { headers: signedHeaders() })).status).toBe(
        405,
      );
      expect((await fetch(`${deployed.url}/api/queryGalleryList/home`, { headers: signedHeaders() })).status).toBe(404);
    } finally {
      await deployed.close();
    }
  });

  it('places the gateways it is given and nests the rest below the content gateway', async () => {
    const mixed = await startCms({ db: copy.db, filesDir: `${seeded.dir}/files`, gateways: { content: '/cms', search: '/es' } });
    try {
      expect(mixed.cms.gateways).toEqual({ content: '/cms', file: '/cms/sw-file', search: '/es', report: '/cms/sw-cms-zb' });
      expect((await call(mixed.url, 'cmsSearch', { body: { searchValue: '青铜' }, gateways: mixed.cms.gateways })).status).toBe(200);
    } finally {
      await mixed.close();
    }
  });
});
