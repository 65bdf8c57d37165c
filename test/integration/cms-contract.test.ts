// Contract of the reference content service, driven by the endpoint catalogue: every row is called
// over HTTP with a signed token and a sensible request against the demo content, and the envelope
// and the data shape are checked. A catalogue row without a case here fails the suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import type { QuestionnaireResult, QuestionnaireWithDetails } from '../../shared/wire.ts';
import { encodeId, type IdKind } from '../../cms/wire-ids.ts';
import { call, copyDb, seedDemoDb, startCms, type CallOptions, type RunningCms } from './cms-harness.ts';

const text = z.string();
const int = z.number().int();
const bool = z.boolean();
const lang = z.enum(['CN', 'EN']);
const wireDate = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** Record ids are 32 lowercase hex digits on the wire, as deployed services send them. */
const id = z.string().regex(/^[0-9a-f]{32}$/);
/** A store path relative to the file prefix: no leading slash, no `/file/`. */
const path = z.string().regex(/^YUNXI_BWG\/CMS\/[A-Z_]+\/\d{8}\/[0-9a-f]{32}\.(jpg|pdf|mp4|webm|glb)$/);
/** Optional fields are present and null when missing, as deployed services send them. */
const opt = <T extends z.ZodType>(t: T) => t.nullable();
const audit = { createBy: opt(text), createTime: wireDate, updateTime: opt(wireDate) };

const list = <T extends z.ZodType>(item: T, min = 1, searchCount = false) =>
  z.strictObject({
    records: z.array(item).min(min),
    total: int.min(min),
    size: int.min(0),
    current: int.min(1),
    pages: int.min(0),
    ...(searchCount ? { searchCount: z.literal(true) } : {}),
  });
const searchResult = <T extends z.ZodType>(item: T) =>
  z.strictObject({ records: z.array(item).min(1), page: int.min(1), pages: int.min(1), total: int.min(1) });

interface ChannelShape {
  channelNo: string;
  subChannel: ChannelShape[];
}
const channel: z.ZodType<ChannelShape> = z.lazy(() =>
  z.strictObject({
    channelId: id,
    channelNo: text.min(1),
    channelName: text.min(1),
    linkUrl: text.min(1),
    description: opt(text),
    bannerPhotoPath: opt(path),
    parent: text,
    isVisible: bool,
    isHome: bool,
    sort: int,
    subChannel: z.array(channel),
  }),
);

const articleFields = {
  archivesId: id,
  channelId: id,
  channelNo: text.min(1),
  groupId: text,
  channelName: text,
  title: text.min(1),
  subTitle: opt(text),
  publishDate: wireDate,
  parentChannelNo: text,
  thumbImg: opt(path),
  thumbAppImg: opt(path),
  description: opt(text),
  content: text,
  source: opt(text),
  linkUrl: opt(z.url()),
  flag: opt(text),
  extension1: opt(text),
  extension2: opt(text),
  extension3: opt(text),
  extension4: opt(text),
  extension5: opt(text),
  extension6: opt(text),
  label: opt(text),
  isShowTitle: bool,
  visitCount: int.min(0),
  starCount: int.min(0),
  languageType: lang,
  ...audit,
};
const article = z.strictObject(articleFields);
const listArticle = z.strictObject({ ...articleFields, excerpt: text });

const exhibitionBase = z.strictObject({
  exhibitionBaseId: id,
  groupId: text,
  baseName: text.min(1),
  description: opt(text),
  startTime: wireDate,
  endTime: opt(wireDate),
  basePlace: opt(text),
  extension1: opt(text),
  extension2: opt(text),
  extension3: opt(text),
  linkUrl: opt(z.url()),
  thumb: opt(path),
  appThumb: opt(path),
  label: opt(text),
  languageType: lang,
  clickCount: int.min(0),
  portalId: opt(text),
  ...audit,
});
const exhibitionTemp = z.strictObject({
  exhibitionTempId: id,
  groupId: text.min(1),
  tempName: text.min(1),
  description: opt(text),
  startTime: wireDate,
  endTime: opt(wireDate),
  tempPlace: opt(text),
  linkUrl: opt(z.url()),
  extension1: opt(z.string().regex(/^cms07\d\d$/)),
  thumb: opt(path),
  appThumb: opt(path),
  label: opt(text),
  isRecommend: bool,
  languageType: lang,
  clickCount: int.min(0),
  portalId: opt(text),
  ...audit,
});
const exhibit = z.strictObject({
  exhibitId: id,
  exhibitName: text.min(1),
  exhibitType: text,
  modelUrl: opt(z.union([path, z.url()])),
  exhibitLevel: opt(z.string().regex(/^cms08\d\d$/)),
  age: opt(text),
  ageDetail: opt(text),
  size: opt(text),
  description: opt(text),
  groupId: text,
  explanationWord: opt(text),
  thumb: opt(z.string().refine((v) => v.split(';').every((p) => path.safeParse(p).success), 'a ;-list of store paths')),
  appThumb: opt(path),
  collectionUnit: opt(text),
  extension6: opt(text),
  label: opt(text),
  generalType: opt(text),
  isOwn: bool,
  isTreasure: bool,
  isRecommend: bool,
  languageType: lang,
  clickCount: int.min(0),
  ...audit,
});
const exhibitType = z.strictObject({
  exhibitTypeId: id,
  typeName: text.min(1),
  typeNo: text.min(1),
  backGroundImg: opt(path),
  languageType: lang,
});
const activity = z.strictObject({
  activityId: id,
  groupId: text,
  activityName: text.min(1),
  activityType: z.string().regex(/^TRM03\d\d$/),
  activityVenueName: opt(text),
  description: opt(text),
  startTime: wireDate,
  endTime: wireDate,
  reserveStartTime: opt(wireDate),
  reserveEndTime: opt(wireDate),
  linkUrl: opt(z.url()),
  thumb: opt(path),
  appThumb: opt(path),
  label: opt(text),
  reserveType: int.min(0).max(3),
  reserveStatus: int.min(0).max(3),
  activityStatus: int.min(0).max(3),
  minAge: int.min(0),
  maxAge: int.min(0),
  languageType: lang,
  clickCount: int.min(0),
  ...audit,
});
const fileInfo = z.strictObject({
  fileInfoId: id,
  objectId: text.min(1),
  code: z.enum(['CMS_ARCHIVES_IMG', 'CMS_ARCHIVES_FILE', 'CMS_EXHIBIT_INFO_DISPLAY']),
  fileOldname: text,
  fileSuffix: text,
  description: opt(text),
  fileName: text,
  filePath: path,
});
const searchHit = z.strictObject({
  id,
  groupId: text,
  channelId: id,
  channelNo: text.min(1),
  channelName: text.min(1),
  type: z.enum(['archives', 'exhibitionBase', 'exhibitionTemp', 'activity', 'exhibit']),
  title: text.min(1),
  img: opt(path),
  thumb: opt(path),
  description: text,
  content: text,
  linkUrl: opt(z.url()),
  extension1: opt(text),
  extension2: opt(text),
  flag: opt(text),
});
const message = z.strictObject({
  messageId: id,
  source: opt(text),
  content: text.min(1),
  createTime: wireDate,
  email: opt(text),
  name: opt(text),
  phoneNumber: opt(text),
  type: z.string().regex(/^cms11\d\d$/),
  replyMessage: opt(text),
  replyTime: opt(wireDate),
  orgId: opt(text),
  languageType: lang,
});
const questionnaire = z.strictObject({
  questionnaireId: id,
  title: text.min(1),
  subTitle: opt(text),
  createTime: wireDate,
  startTime: wireDate,
  endTime: wireDate,
  languageType: lang,
});
const questionnaireDetails = z.strictObject({
  ...questionnaire.shape,
  details: z
    .array(
      z.strictObject({
        questionId: id,
        questionnaireDetailId: id,
        title: text.min(1),
        isRequired: bool,
        isSingle: bool,
        isOther: bool,
        sort: int,
        answers: z.array(
          z.strictObject({ answerId: id, title: text.min(1), sort: int, selectCount: int.min(0), percent: z.number().min(0).max(100) }),
        ),
      }),
    )
    .min(1),
});
const questionnaireResult = z.strictObject({
  ...questionnaireDetails.shape,
  recordCount: int.min(1),
  otherTexts: z.record(id, z.array(text)),
});

/** What the cases need from the demo content, read from the seeded database. */
interface Known {
  articleId: string;
  articleChannel: string;
  galleryGroupId: string;
  exhibitionBaseId: string;
  exhibitionTempId: string;
  tempGroupId: string;
  exhibitId: string;
  activityId: string;
  openQuestionnaireId: string;
}

type Case = { request: (k: Known) => CallOptions; shape: z.ZodType };

const CASES: Record<string, Case> = {
  queryAllChannel: { request: () => ({ params: { site: 'CN' } }), shape: z.strictObject({ records: z.array(channel).min(8) }) },
  queryArchivesList: {
    request: (k) => ({ body: { entity: { channelNo: k.articleChannel }, param: { pageSize: 6, pageNum: 1 } } }),
    shape: list(listArticle),
  },
  queryArchivesListByMulNo: {
    request: () => ({ body: { entity: { channelNo: 'SNews,Media' }, param: { pageSize: 6, pageNum: 2 } } }),
    shape: list(listArticle),
  },
  queryArchivesById: { request: (k) => ({ params: { id: k.articleId } }), shape: article },
  queryArchivesByNo: { request: () => ({ params: { channelNo: 'Introduction' } }), shape: article },
  doStarByArcId: { request: (k) => ({ params: { id: k.articleId } }), shape: z.strictObject({ archivesId: id, starCount: int.min(1) }) },
  cancelStarByActId: {
    request: (k) => ({ params: { id: k.articleId } }),
    shape: z.strictObject({ archivesId: id, starCount: int.min(0) }),
  },
  getBaiduReport: {
    request: () => ({ params: { number: 30 } }),
    shape: z.strictObject({
      days: z.literal(30),
      pv: int.min(1),
      uv: int.min(1),
      daily: z.array(z.strictObject({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), pv: int, uv: int })).length(30),
    }),
  },
  queryExhibitionBaseList: {
    request: () => ({ body: { entity: { languageType: 'CN', portalId: '1' }, param: { pageSize: 6, pageNum: 1 } } }),
    shape: list(exhibitionBase, 1, true),
  },
  queryExhibitionBaseById: { request: (k) => ({ params: { id: k.exhibitionBaseId } }), shape: exhibitionBase },
  queryExhibitionTempList: {
    request: () => ({ body: { entity: { languageType: 'CN' }, param: { type: '', pageSize: 6, pageNum: 1 } } }),
    shape: list(exhibitionTemp, 1, true),
  },
  queryExhibitionTempById: { request: (k) => ({ params: { id: k.exhibitionTempId } }), shape: exhibitionTemp },
  queryExhibitList: {
    request: () => ({ body: { entity: { isTreasure: true }, param: { pageSize: 12, pageNum: 1 } } }),
    shape: list(exhibit, 1, true),
  },
  queryExhibitById: { request: (k) => ({ params: { id: k.exhibitId } }), shape: exhibit },
  queryExhibitListByTemp: {
    request: (k) => ({ body: { entity: { groupId: k.tempGroupId }, param: { pageSize: 0, pageNum: 0 } } }),
    shape: list(exhibit, 1, true),
  },
  queryExhibitTypeList: { request: () => ({ body: { entity: {}, param: { pageSize: 0, pageNum: 0 } } }), shape: list(exhibitType) },
  queryDictionaryByCode: {
    request: () => ({ query: { dictionaryCode: 'MESSAGE_TYPE', appId: 'museum-portal-demo' }, body: {} }),
    shape: z
      .array(
        z.strictObject({
          dictionaryId: id,
          dictionaryCode: z.literal('MESSAGE_TYPE'),
          dictionaryName: text.min(1),
          dictionaryValue: z.string().regex(/^cms11\d\d$/),
          dictionaryNameEn: opt(text),
        }),
      )
      .min(4),
  },
  queryActivityListByType: {
    request: () => ({ body: { entity: { activityType: '' }, param: { pageSize: 6, pageNum: 1 } } }),
    shape: list(activity, 1, true),
  },
  queryActivityById: { request: (k) => ({ params: { id: k.activityId } }), shape: activity },
  queryFileList: {
    request: (k) => ({ body: { entity: { objectId: k.galleryGroupId, code: 'CMS_ARCHIVES_IMG' }, param: { pageSize: 0, pageNum: 0 } } }),
    shape: list(fileInfo, 1, true),
  },
  querySearchList: {
    request: () => ({ body: { entity: { title: '博物馆', channelNo: 'CN' }, param: { pageSize: 10, pageNum: 1 } } }),
    shape: searchResult(searchHit),
  },
  cmsSearch: {
    request: () => ({
      body: { clusterName: 'cms', searchValue: '文物', pageNum: 1, pageSize: 10, searchMap: { portalId: '1', channelNo: ['CN'] } },
    }),
    shape: searchResult(searchHit),
  },
  queryMessageList: { request: () => ({ body: { entity: {}, param: { pageSize: 10, pageNum: 1 } } }), shape: list(message) },
  addMessage: {
    request: () => ({
      body: {
        content: '请问周末是否需要预约？',
        name: '李明',
        phoneNumber: '13800138000',
        email: 'li@example.com',
        type: 'cms1101',
        source: 'web',
      },
    }),
    shape: z.strictObject({ messageId: id, createTime: wireDate, isPublished: z.literal(false) }),
  },
  getQuestionnairePageList: { request: () => ({ body: { entity: {}, param: { pageSize: 10, pageNum: 1 } } }), shape: list(questionnaire) },
  getQuestionnaireById: { request: (k) => ({ params: { id: k.openQuestionnaireId } }), shape: questionnaireDetails },
  addQuestionnaireRecord: { request: () => ({ body: validAnswer }), shape: z.strictObject({ recordId: id, questionnaireId: id }) },
  getQuestionnaireResultInfo: { request: (k) => ({ body: { questionnaireId: k.openQuestionnaireId } }), shape: questionnaireResult },
  getSiteVisitCount: {
    request: () => ({ body: {} }),
    shape: z.strictObject({ total: int.min(1), today: int.min(1), articleVisits: int.min(1), messages: int.min(1) }),
  },
  queryGalleryList: {
    request: () => ({ params: { path: 'home' } }),
    shape: z.array(z.strictObject({ id, title: text, filePath: path, content: opt(text), linkUrl: opt(text), sort: int })).min(1),
  },
};

let svc: RunningCms;
let seeded: Awaited<ReturnType<typeof seedDemoDb>>;
let copy: ReturnType<typeof copyDb>;
let known: Known;
let validAnswer: { questionnaireId: string; answers: Array<{ questionId: string; answerIds: string[] }> };

beforeAll(async () => {
  seeded = await seedDemoDb();
  copy = copyDb(seeded);
  svc = await startCms({ db: copy.db, filesDir: seeded.filesDir });
  const one = <T>(sql: string, ...args: unknown[]): T => {
    const row = svc.cms.db.prepare(sql).get(...args) as Record<string, T> | undefined;
    if (!row) throw new Error(`the demo content has nothing for: ${sql}`);
    return Object.values(row)[0] as T;
  };
  /** A record's wire id, from its row number in the database. */
  const wire = (kind: IdKind, sql: string, ...args: unknown[]): string => encodeId(kind, one<number>(sql, ...args));
  const now = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  known = {
    articleId: wire('archives', 'SELECT archivesId FROM archives WHERE channelNo = ? ORDER BY archivesId LIMIT 1', 'SNews'),
    articleChannel: 'SNews',
    galleryGroupId: one(`SELECT objectId FROM files WHERE code = 'CMS_ARCHIVES_IMG' LIMIT 1`),
    exhibitionBaseId: wire('exhibitionBase', 'SELECT exhibitionBaseId FROM exhibition_bases LIMIT 1'),
    exhibitionTempId: wire('exhibitionTemp', 'SELECT exhibitionTempId FROM exhibition_temps LIMIT 1'),
    tempGroupId: one('SELECT groupId FROM temp_exhibits LIMIT 1'),
    exhibitId: wire('exhibit', 'SELECT exhibitId FROM exhibits LIMIT 1'),
    activityId: wire('activity', 'SELECT activityId FROM activities LIMIT 1'),
    openQuestionnaireId: wire(
      'questionnaire',
      `SELECT questionnaireId FROM questionnaires WHERE languageType = 'CN' AND startTime <= ? AND (endTime = '' OR endTime >= ?) LIMIT 1`,
      now,
      now,
    ),
  };
  const q = (await call<QuestionnaireWithDetails>(svc.url, 'getQuestionnaireById', { params: { id: known.openQuestionnaireId } })).body
    .data;
  validAnswer = {
    questionnaireId: q.questionnaireId,
    answers: q.details.map((d) => ({ questionId: d.questionId, answerIds: [d.answers[0]!.answerId] })),
  };
  // Give the statistics something to count.
  await call(svc.url, 'queryArchivesById', { params: { id: known.articleId } });
}, 120_000);

afterAll(async () => {
  await svc?.close();
  copy?.remove();
  seeded?.remove();
});

describe('every catalogue row answers its contract', () => {
  it('has a case for every row and no case without a row', () => {
    expect(Object.keys(CASES).sort()).toEqual(ENDPOINTS.map((e) => e.name).sort());
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path} (${endpoint.name})`, async () => {
      const c = CASES[endpoint.name];
      if (!c) throw new Error(`no contract case for ${endpoint.name}`);
      const r = await call(svc.url, endpoint.name, c.request(known));
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Object.keys(r.body).sort()).toEqual(['code', 'data', 'msg']);
      expect(r.body).toMatchObject({ code: 200, msg: '成功' });
      const parsed = c.shape.safeParse(r.body.data);
      expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([]);
    });
  }
});

describe('demo content through the API', () => {
  it('finds demo articles by 2- and 4-character pieces of their titles', async () => {
    const titles = (
      await call<{ records: Array<{ title: string }> }>(svc.url, 'queryArchivesList', {
        body: { entity: { channelNo: 'SNews' }, param: { pageSize: 0, pageNum: 0 } },
      })
    ).body.data.records.map((a) => a.title);
    const chinese = titles.find((t) => /^[\u4e00-\u9fa5]{4}/.test(t))!;
    expect(chinese).toBeDefined();
    for (const keyword of [chinese.slice(0, 2), chinese.slice(0, 4)]) {
      const r = await call<{ records: Array<{ title: string }>; total: number }>(svc.url, 'querySearchList', {
        body: { entity: { title: keyword, channelNo: 'CN' }, param: { pageSize: 0, pageNum: 0 } },
      });
      expect(
        r.body.data.records.map((h) => h.title),
        keyword,
      ).toContain(chinese);
    }
  });

  it('has at least three pages in every article channel list at its page size', async () => {
    const rows = svc.cms.db
      .prepare(`SELECT channelNo, COUNT(*) AS n FROM archives WHERE channelNo IN ('SNews', 'Media', 'Leader', 'Read') GROUP BY channelNo`)
      .all() as Array<{ channelNo: string; n: number }>;
    const sizes: Record<string, number> = { SNews: 6, Media: 6, Leader: 6, Read: 8 };
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.n, r.channelNo).toBeGreaterThan(2 * sizes[r.channelNo]!);
  });

  it('comes with demo answers whose percentages add up per single-choice question', async () => {
    const ids = (svc.cms.db.prepare('SELECT questionnaireId FROM questionnaires').all() as Array<{ questionnaireId: number }>).map((r) =>
      encodeId('questionnaire', r.questionnaireId),
    );
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      const { body } = await call<QuestionnaireResult>(svc.url, 'getQuestionnaireResultInfo', { body: { questionnaireId: id } });
      expect(body.data.recordCount, `questionnaire ${id}`).toBeGreaterThanOrEqual(40);
      for (const d of body.data.details) {
        const sum = d.answers.reduce((s, a) => s + a.percent, 0);
        const others = body.data.otherTexts[String(d.questionId)]?.length ?? 0;
        if (d.isSingle && !d.isOther) expect(sum, `${id}/${d.questionId}`).toBeCloseTo(100, 0);
        if (d.isSingle) expect(sum).toBeLessThanOrEqual(100.5);
        if (!d.isSingle) expect(sum, `${id}/${d.questionId}`).toBeGreaterThanOrEqual(others > 0 ? 0 : 100);
      }
    }
  });

  it('serves the demo images with long cache headers', async () => {
    const thumb = svc.cms.db.prepare(`SELECT filePath FROM files WHERE code = 'CMS_ARCHIVES_IMG' LIMIT 1`).get() as { filePath: string };
    const res = await fetch(`${svc.url}/file/${thumb.filePath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
