// The reference service answers the way deployed services of this family do (docs/content-service.md),
// field by field: checked against the running service with the demo content, wired like a real
// deployment (DEPLOYED_GATEWAYS). Each describe block is one kind of fact: gateways, the envelope,
// identifiers, files and images, fields, requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYED_GATEWAYS, ENDPOINTS, buildPath, type EndpointName } from '../../shared/endpoints.ts';
import { thumbPath } from '../../shared/image-paths.ts';
import { call, copyDb, seedDemoDb, signedHeaders, startCms, type CallOptions, type RunningCms } from './cms-harness.ts';

type Rec = Record<string, unknown>;

const HEX_ID = /^[0-9a-f]{32}$/;
const STORE_PATH = /^YUNXI_BWG\/CMS\/[A-Z_]+\/\d{8}\/[0-9a-f]{32}\.(jpg|pdf|mp4|webm|glb)$/;
const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const at = { gateways: DEPLOYED_GATEWAYS };

let seeded: Awaited<ReturnType<typeof seedDemoDb>>;
let copy: ReturnType<typeof copyDb>;
let svc: RunningCms;

/** Every record a list call has (page size 0 = all), at the deployed gateways. */
async function all(name: EndpointName, entity: Rec = {}): Promise<Rec[]> {
  const r = await call<{ records: Rec[] }>(svc.url, name, { ...at, body: { entity, param: { pageSize: 0, pageNum: 0 } } });
  expect(r.status, name).toBe(200);
  return r.body.data.records;
}

const one = async (name: EndpointName, options: CallOptions): Promise<Rec> => {
  const r = await call<Rec>(svc.url, name, { ...at, ...options });
  expect(r.status, `${name} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
  return r.body.data;
};

const dictionary = async (code: string): Promise<Rec[]> =>
  (await call<Rec[]>(svc.url, 'queryDictionaryByCode', { ...at, query: { dictionaryCode: code, appId: 'x' } })).body.data;

/** Every record kind, read once through the API. */
interface World {
  channels: Rec[];
  articles: Rec[];
  article: Rec;
  bases: Rec[];
  temps: Rec[];
  exhibits: Rec[];
  types: Rec[];
  activities: Rec[];
  files: Rec[];
  messages: Rec[];
  questionnaire: Rec & { details: Array<Rec & { answers: Rec[] }> };
  sliders: Rec[];
  hits: Rec[];
}
let w: World;

const flatten = (channels: Rec[]): Rec[] => channels.flatMap((c) => [c, ...flatten(c.subChannel as Rec[])]);

beforeAll(async () => {
  seeded = await seedDemoDb();
  copy = copyDb(seeded);
  svc = await startCms({ db: copy.db, filesDir: seeded.filesDir, gateways: DEPLOYED_GATEWAYS });
  const articles = [
    ...(await all('queryArchivesListByMulNo', {
      channelNo: 'SNews,Media,Notice,Leader,History,Read,PublishedBooks,Shopping,DonationSystem,DigitalExh',
    })),
  ];
  const video = articles.find((a) => String(a.content).includes('<video'))!;
  const galleries = articles.filter((a) => String(a.content).includes('[gallery]')).slice(0, 2);
  const donation = articles.find((a) => a.channelNo === 'DonationSystem')!;
  const exhibits = await all('queryExhibitList');
  const questionnaires = await all('getQuestionnairePageList');
  w = {
    channels: flatten((await one('queryAllChannel', { params: { site: 'CN' } })).records as Rec[]),
    articles,
    article: await one('queryArchivesById', { params: { id: String(video.archivesId) } }),
    bases: await all('queryExhibitionBaseList'),
    temps: await all('queryExhibitionTempList'),
    exhibits,
    types: await all('queryExhibitTypeList'),
    activities: await all('queryActivityListByType'),
    files: [
      ...(await Promise.all(galleries.map((a) => all('queryFileList', { objectId: a.groupId, code: 'CMS_ARCHIVES_IMG' })))).flat(),
      ...(await all('queryFileList', { objectId: donation.groupId, code: 'CMS_ARCHIVES_FILE' })),
      ...(await all('queryFileList', { objectId: exhibits[0]!.groupId, code: 'CMS_EXHIBIT_INFO_DISPLAY' })),
    ],
    messages: await all('queryMessageList'),
    questionnaire: (await one('getQuestionnaireById', {
      params: { id: String(questionnaires[0]!.questionnaireId) },
    })) as World['questionnaire'],
    sliders: (await call<Rec[]>(svc.url, 'queryGalleryList', { ...at, params: { path: 'home' } })).body.data,
    hits: (
      await one('cmsSearch', {
        body: { clusterName: 'cms', searchValue: '青铜', pageNum: 1, pageSize: 0, searchMap: { channelNo: ['CN'] } },
      })
    ).records as Rec[],
  };
}, 180_000);

afterAll(async () => {
  await svc?.close();
  copy?.remove();
  seeded?.remove();
});

describe('Gateways (one origin, several services)', () => {
  it('answers every catalogue row at its own service gateway of the deployed layout', async () => {
    for (const e of ENDPOINTS) {
      const params = Object.fromEntries([...e.servicePath.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, 'x']));
      const res = await fetch(`${svc.url}${DEPLOYED_GATEWAYS[e.service]}${buildPath(e, params, 'servicePath')}`, {
        method: e.method,
        headers: signedHeaders(),
        body: e.method === 'POST' ? '{}' : undefined,
      });
      // Known to the router: anything but 404-for-path / 405 (ids 'x' may be unknown or bad: 400/404 with a message naming it).
      const body = (await res.json()) as { code: number; msg: string };
      expect(res.status === 405 || (res.status === 404 && body.msg.startsWith('Not found:')), e.name).toBe(false);
    }
    expect(svc.cms.gateways).toEqual(DEPLOYED_GATEWAYS);
  });

  it('does not answer the old nested paths of the sibling services, nor the bare /api path', async () => {
    const post = (path: string) =>
      fetch(`${svc.url}${path}`, { method: 'POST', headers: signedHeaders(), body: '{}' }).then((r) => r.status);
    expect(await post('/japi/sw-cms/sw-file/refFileObject/queryPageList')).toBe(404);
    expect(await post('/japi/sw-cms/sw-es/cmsSearch')).toBe(404);
    expect((await fetch(`${svc.url}/japi/sw-cms/sw-cms-zb/api/getBaiduReport/7`, { headers: signedHeaders() })).status).toBe(404);
    expect((await fetch(`${svc.url}/api/queryAllChannel/CN`, { headers: signedHeaders() })).status).toBe(404);
    expect(await post('/japi/sw-file-cloud/refFileObject/queryPageList')).toBe(400); // there, but objectId is required
  });

  it('takes the header names as real clients send them (Token, Appid)', async () => {
    const { token, appId } = signedHeaders();
    const res = await fetch(`${svc.url}/japi/sw-cms/api/queryGalleryList/home`, { headers: { Token: token!, Appid: appId! } });
    expect(res.status).toBe(200);
  });
});

describe('Envelope', () => {
  it('is {code: 200, msg: "成功", data} with a numeric code on every call kind', async () => {
    for (const [name, options] of [
      ['queryAllChannel', { params: { site: 'CN' } }],
      ['queryArchivesList', { body: { entity: { channelNo: 'SNews' } } }],
      ['queryFileList', { body: { entity: { objectId: w.exhibits[0]!.groupId } } }],
      ['cmsSearch', { body: { searchValue: '瓷器' } }],
      ['getBaiduReport', { params: { number: 7 } }],
    ] as Array<[EndpointName, CallOptions]>) {
      const r = await call(svc.url, name, { ...at, ...options });
      expect(Object.keys(r.body).sort(), name).toEqual(['code', 'data', 'msg']);
      expect(r.body.code, name).toBe(200);
      expect(r.body.msg, name).toBe('成功');
    }
  });
});

describe('Identifiers are opaque strings', () => {
  const ids = (rows: Rec[], field: string): unknown[] => rows.map((r) => r[field]);

  it('sends every record id as 32 lowercase hex digits', () => {
    const q = w.questionnaire;
    const checks: Array<[string, unknown[]]> = [
      ['channelId (channels)', ids(w.channels, 'channelId')],
      ['archivesId', ids(w.articles, 'archivesId')],
      ['channelId (archives)', ids(w.articles, 'channelId')],
      ['exhibitionBaseId', ids(w.bases, 'exhibitionBaseId')],
      ['exhibitionTempId', ids(w.temps, 'exhibitionTempId')],
      ['exhibitId', ids(w.exhibits, 'exhibitId')],
      ['exhibitTypeId', ids(w.types, 'exhibitTypeId')],
      ['activityId', ids(w.activities, 'activityId')],
      ['fileInfoId', ids(w.files, 'fileInfoId')],
      ['messageId', ids(w.messages, 'messageId')],
      ['questionnaireId', [q.questionnaireId]],
      ['questionnaireDetailId', ids(q.details, 'questionnaireDetailId')],
      ['questionId', ids(q.details, 'questionId')],
      ['answerId', q.details.flatMap((d) => ids(d.answers, 'answerId'))],
      ['slider id', ids(w.sliders, 'id')],
      ['search hit id', ids(w.hits, 'id')],
      ['search hit channelId', ids(w.hits, 'channelId')],
    ];
    for (const [what, values] of checks) {
      expect(values.length, what).toBeGreaterThan(0);
      for (const v of values) expect(v, what).toMatch(HEX_ID);
    }
  });

  it('keeps ids distinct across kinds, and a search hit links by the id of its record', async () => {
    const all = [
      ...ids(w.articles, 'archivesId'),
      ...ids(w.exhibits, 'exhibitId'),
      ...ids(w.channels, 'channelId'),
      ...ids(w.activities, 'activityId'),
    ];
    expect(new Set(all).size).toBe(all.length);
    const treasure = w.exhibits.find((x) => x.isTreasure && x.languageType === 'CN')!;
    const found = await one('cmsSearch', { body: { searchValue: treasure.exhibitName, searchMap: { channelNo: ['CN'] } } });
    const hit = (found.records as Rec[]).find((h) => h.type === 'exhibit')!;
    expect(hit.id).toBe(treasure.exhibitId);
    expect((await one('queryExhibitById', { params: { id: String(hit.id) } })).exhibitName).toBe(hit.title);
    const article = w.hits.find((h) => h.type === 'archives')!;
    expect((await one('queryArchivesById', { params: { id: String(article.id) } })).title).toBe(article.title);
  });

  it('answers writes with string ids too (addMessage, addQuestionnaireRecord, likes)', async () => {
    const message = await one('addMessage', { body: { content: '请问周末开放吗？', type: 'cms1101' } });
    expect(message.messageId).toMatch(HEX_ID);
    const q = w.questionnaire;
    const record = await one('addQuestionnaireRecord', {
      body: {
        questionnaireId: q.questionnaireId,
        answers: q.details.map((d) => ({ questionId: d.questionId, answerIds: [d.answers[0]!.answerId] })),
      },
    });
    expect(record).toEqual({ recordId: expect.stringMatching(HEX_ID), questionnaireId: q.questionnaireId });
    expect((await one('doStarByArcId', { params: { id: String(w.article.archivesId) } })).archivesId).toBe(w.article.archivesId);
  });
});

describe('Files and images', () => {
  /** Every file field of every record kind, with where it came from. */
  const fileFields = (): Array<[string, string]> => {
    const pick = (rows: Rec[], what: string, fields: string[]): Array<[string, string]> =>
      rows.flatMap((r) => fields.filter((f) => typeof r[f] === 'string').map((f): [string, string] => [`${what}.${f}`, r[f] as string]));
    return [
      ...pick(w.channels, 'channel', ['bannerPhotoPath']),
      ...pick(w.articles, 'article', ['thumbImg', 'thumbAppImg']),
      ...pick(w.bases, 'base', ['thumb', 'appThumb']),
      ...pick(w.temps, 'temp', ['thumb', 'appThumb']),
      ...pick(w.exhibits, 'exhibit', ['appThumb']),
      ...w.exhibits.flatMap((x) =>
        String(x.thumb ?? '')
          .split(';')
          .filter(Boolean)
          .map((p): [string, string] => ['exhibit.thumb', p]),
      ),
      ...pick(
        w.exhibits.filter((x) => !/^https?:/.test(String(x.modelUrl))),
        'exhibit',
        ['modelUrl'],
      ),
      ...pick(w.types, 'type', ['backGroundImg']),
      ...pick(w.activities, 'activity', ['thumb', 'appThumb']),
      ...pick(w.files, 'file', ['filePath']),
      ...pick(w.sliders, 'slider', ['filePath']),
      ...pick(w.hits, 'hit', ['img', 'thumb']),
    ];
  };

  it('holds paths relative to the file prefix, without a leading slash, shaped like a real store', () => {
    const fields = fileFields();
    for (const kind of [
      'channel.bannerPhotoPath',
      'article.thumbImg',
      'article.thumbAppImg',
      'base.thumb',
      'temp.thumb',
      'exhibit.thumb',
      'exhibit.appThumb',
      'exhibit.modelUrl',
      'type.backGroundImg',
      'activity.thumb',
      'file.filePath',
      'slider.filePath',
      'hit.img',
    ]) {
      expect(
        fields.some(([where]) => where === kind),
        kind,
      ).toBe(true);
    }
    for (const [where, path] of fields) expect(path, where).toMatch(STORE_PATH);
  });

  it('serves every one of them at /file/<path> on the origin, images also as their THUMB variant', async () => {
    const paths = [...new Set(fileFields().map(([, p]) => p))];
    for (const path of paths) {
      const res = await fetch(`${svc.url}/file/${path}`);
      expect(res.status, path).toBe(200);
      expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(0);
      if (path.endsWith('.jpg')) expect((await fetch(`${svc.url}/file/${thumbPath(path)}`)).status, thumbPath(path)).toBe(200);
    }
    // Not under a gateway.
    expect((await fetch(`${svc.url}/japi/sw-file-cloud/file/${paths[0]}`)).status).toBe(404);
  });

  it("lists several paths in an exhibit's thumb where it has several pictures, the first to show", async () => {
    const several = w.exhibits.filter((x) => String(x.thumb).includes(';'));
    expect(several.length).toBeGreaterThan(0);
    expect(w.exhibits.some((x) => typeof x.thumb === 'string' && !x.thumb.includes(';'))).toBe(true);
    const first = String(several[0]!.thumb).split(';')[0]!;
    expect((await fetch(`${svc.url}/file/${first}`)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('uses relative paths inside article HTML as well (img, video source and poster, a href)', async () => {
    const refs = (html: string): string[] => [...html.matchAll(/\b(?:src|href|poster)="([^"]+)"/g)].map((m) => m[1]!);
    const inVideo = refs(String(w.article.content));
    expect(inVideo.length).toBeGreaterThanOrEqual(3);
    const donation = w.articles.find((a) => a.channelNo === 'DonationSystem' && String(a.content).includes('<a href'))!;
    const withImage = w.articles.find((a) => String(a.content).includes('<img'))!;
    for (const path of [...inVideo, ...refs(String(donation.content)), ...refs(String(withImage.content))]) {
      expect(path).toMatch(STORE_PATH);
      expect((await fetch(`${svc.url}/file/${path}`)).status, path).toBe(200);
    }
  });
});

describe('Fields', () => {
  /** The field is on every record (never absent), null on some and set on others. */
  const nullOnSome = (rows: Rec[], field: string): void => {
    expect(
      rows.every((r) => field in r),
      `${field} present`,
    ).toBe(true);
    expect(
      rows.some((r) => r[field] === null),
      `${field} null on some`,
    ).toBe(true);
    expect(
      rows.some((r) => r[field] !== null && r[field] !== ''),
      `${field} set on some`,
    ).toBe(true);
  };

  it('sends a missing value as null, present on the record: never absent, never ""', () => {
    for (const f of ['exhibitLevel', 'modelUrl', 'explanationWord', 'collectionUnit', 'appThumb']) nullOnSome(w.exhibits, f);
    for (const f of ['source', 'linkUrl', 'subTitle', 'thumbAppImg', 'extension1']) nullOnSome(w.articles, f);
    for (const f of ['extension2', 'extension3', 'extension4', 'extension5', 'extension6', 'flag']) {
      expect(
        w.articles.every((a) => field(a, f) && (a[f] === null || a[f] !== '')),
        f,
      ).toBe(true);
    }
    nullOnSome(w.messages, 'replyMessage');
    nullOnSome(w.temps, 'appThumb');
    nullOnSome(w.activities, 'linkUrl');
    expect(w.bases.every((b) => b.endTime === null)).toBe(true);
    const empty = [...w.articles, ...w.exhibits, ...w.bases, ...w.temps, ...w.activities, ...w.messages].flatMap((r) =>
      Object.entries(r)
        .filter(([k, v]) => v === '' && k !== 'parentChannelNo')
        .map(([k]) => k),
    );
    expect(empty).toEqual([]);
  });

  it('carries fields shared/wire.ts does not type (clickCount, languageType, isOwn, createBy, updateTime, …)', () => {
    for (const x of w.exhibits) {
      expect(x).toHaveProperty('clickCount', expect.any(Number));
      expect(x).toHaveProperty('isOwn', expect.any(Boolean));
      expect(['CN', 'EN']).toContain(x.languageType);
    }
    for (const rows of [w.articles, w.exhibits, w.bases, w.temps, w.activities]) {
      for (const r of rows) {
        for (const f of ['createBy', 'createTime', 'updateTime', 'languageType']) expect(r, f).toHaveProperty(f);
      }
      nullOnSome(rows, 'updateTime');
    }
    for (const rows of [w.bases, w.temps, w.activities]) expect(rows.every((r) => typeof r.clickCount === 'number')).toBe(true);
    expect(w.messages.every((m) => 'orgId' in m && 'languageType' in m)).toBe(true);
  });

  it('writes times as YYYY-MM-DD HH:mm:ss strings', () => {
    const times = [
      ...w.articles.flatMap((a) => [a.publishDate, a.createTime]),
      ...w.temps.flatMap((t) => [t.startTime, t.endTime]),
      ...w.activities.flatMap((a) => [a.startTime, a.endTime, a.reserveStartTime]),
      ...w.messages.map((m) => m.createTime),
      w.questionnaire.startTime,
    ];
    for (const t of times) expect(t).toMatch(WIRE_TIME);
  });

  it('uses vendor codes as dictionary values, and records use them', async () => {
    const messageTypes = await dictionary('MESSAGE_TYPE');
    expect(messageTypes.map((d) => [d.dictionaryValue, d.dictionaryName, d.dictionaryNameEn])).toEqual([
      ['cms1101', '咨询', 'Enquiry'],
      ['cms1102', '建议', 'Suggestion'],
      ['cms1103', '表扬', 'Praise'],
      ['cms1104', '投诉', 'Complaint'],
    ]);
    const values = async (code: string): Promise<Set<unknown>> => new Set((await dictionary(code)).map((d) => d.dictionaryValue));
    const activityTypes = await values('ACTIVITY_TYPE');
    expect([...activityTypes].every((v) => /^TRM03\d\d$/.test(String(v)))).toBe(true);
    expect(w.activities.every((a) => activityTypes.has(a.activityType))).toBe(true);
    const levels = await values('EXHIBIT_LEVEL');
    expect(w.exhibits.filter((x) => x.exhibitLevel !== null).every((x) => levels.has(x.exhibitLevel))).toBe(true);
    const categories = await values('EXHIBITION_CATEGORY');
    expect(w.temps.every((t) => categories.has(t.extension1))).toBe(true);
    expect(w.messages.every((m) => messageTypes.some((d) => d.dictionaryValue === m.type))).toBe(true);
    // A list filters by a code.
    const lectures = await all('queryActivityListByType', { activityType: 'TRM0301' });
    expect(lectures.length).toBeGreaterThan(0);
    expect(lectures.every((a) => a.activityType === 'TRM0301')).toBe(true);
  });

  it('judges a message type against its dictionary: another value is a 400 naming the field', async () => {
    const before = svc.cms.db.prepare('SELECT COUNT(*) AS n FROM messages').get();
    for (const type of ['consult', '1', 'cms9999']) {
      const r = await call<{ errors: Array<{ field: string }> }>(svc.url, 'addMessage', { ...at, body: { content: '你好', type } });
      expect(r.status, type).toBe(400);
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toMatch(/\btype\b/);
      expect(r.body.data.errors.map((e) => e.field)).toEqual(['type']);
    }
    expect(svc.cms.db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual(before);
    await one('addMessage', { body: { content: '投诉：寄存柜太少', type: 'cms1104', orgId: 'museum-7' } });
    expect(svc.cms.db.prepare(`SELECT type, orgId FROM messages WHERE content = '投诉：寄存柜太少'`).get()).toEqual({
      type: 'cms1104',
      orgId: 'museum-7',
    });
  });
});

describe('Requests', () => {
  it('takes paging numbers as numeric strings, and answers {records, total, size, current, pages}', async () => {
    const r = await one('queryExhibitionTempList', {
      body: { entity: { languageType: 'CN' }, param: { pageNum: '0', pageSize: '4', str: '', type: '' } },
    });
    expect(Object.keys(r)).toEqual(['records', 'total', 'size', 'current', 'pages', 'searchCount']);
    expect(r).toMatchObject({ size: 4, current: 1, searchCount: true });
    expect(r.records).toHaveLength(4);
    expect(r.pages).toBe(Math.ceil(Number(r.total) / 4));
    const second = await one('queryArchivesList', { body: { entity: { channelNo: 'SNews' }, param: { pageNum: '2', pageSize: '6' } } });
    expect(Object.keys(second)).toEqual(['records', 'total', 'size', 'current', 'pages']);
    expect(second).toMatchObject({ size: 6, current: 2 });
  });

  it('answers search with {records, page, pages, total}, paged by {pageSize, pageNum} or {size, page}', async () => {
    const byNum = await one('querySearchList', {
      body: { entity: { title: '青铜', channelNo: 'CN' }, param: { pageSize: '5', pageNum: '2' } },
    });
    expect(Object.keys(byNum).sort()).toEqual(['page', 'pages', 'records', 'total']);
    expect(byNum).toMatchObject({ page: 2 });
    const bySize = await one('querySearchList', { body: { entity: { title: '青铜', channelNo: 'CN' }, param: { size: 5, page: 2 } } });
    expect(bySize).toEqual(byNum);
  });

  it('answers getQuestionnaireById for POST with an empty JSON body as for GET', async () => {
    const id = String(w.questionnaire.questionnaireId);
    const posted = await call<Rec>(svc.url, 'getQuestionnaireById', { ...at, method: 'POST', params: { id }, body: {} });
    expect(posted.status).toBe(200);
    expect(posted.body.msg).toBe('成功');
    expect(posted.body.data).toEqual(await one('getQuestionnaireById', { params: { id } }));
  });

  it('accepts extra query parameters on queryArchivesById and counts a visit on every call', async () => {
    const id = String(w.article.archivesId);
    const first = await one('queryArchivesById', { params: { id }, query: { t: String(Date.now()), from: 'list' } });
    const second = await one('queryArchivesById', { params: { id }, query: { anything: 'goes' } });
    expect(second.visitCount).toBe(Number(first.visitCount) + 1);
  });

  it('accepts portalId in the entity of exhibition lists', async () => {
    const bases = await all('queryExhibitionBaseList', { portalId: '1', languageType: 'CN' });
    const temps = await all('queryExhibitionTempList', { portalId: 'any', languageType: 'CN' });
    expect(bases.length).toBe(w.bases.length);
    expect(temps.length).toBe(w.temps.length);
  });
});

function field(r: Rec, f: string): boolean {
  return Object.prototype.hasOwnProperty.call(r, f);
}
