// The stand-in service on its own (test/standin/): it must answer the way deployed services do
// (docs/content-service.md), so that a failure of standin-crawl.test.ts is the edge's and not the
// stand-in's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_ARTICLE_ID, FEATURED_GROUP_ID, hex } from '../standin/data.ts';
import { STANDIN_APP_ID, standinHeaders, startStandin, type Standin } from '../standin/server.ts';

let standin: Standin;
beforeAll(async () => {
  standin = await startStandin();
});
afterAll(async () => {
  await standin?.close();
});

interface Answer {
  status: number;
  body: { code: unknown; msg: unknown; data: unknown };
}

async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(init.headers ?? standinHeaders()) };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${standin.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(5000),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const API = '/japi/sw-cms/api';
const data = <T>(a: Answer): T => a.body.data as T;
const HEX = /^[0-9a-f]{32}$/;

describe('signed headers', () => {
  it('answers a signed call with the envelope', async () => {
    const res = await call(`${API}/queryAllChannel/CN`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, msg: '成功' });
    expect(data<{ records: unknown[] }>(res).records).toHaveLength(8);
  });

  it('takes the header names as real clients send them (Token, Appid)', async () => {
    const { token, appId } = standinHeaders();
    expect((await call(`${API}/queryAllChannel/CN`, { headers: { Token: token!, Appid: appId! } })).status).toBe(200);
  });

  it.each([
    ['no headers', {}],
    ['a wrong appId', { ...standinHeaders(), appId: 'other-app' }],
    ['a token of another key', standinHeaders(Date.now(), 'another-16-chars')],
    ['a stale token', standinHeaders(Date.now() - 600_000)],
    ['a token that is not base64 of the key', { token: 'not a token', appId: STANDIN_APP_ID }],
  ])('answers 401 for %s', async (_name, headers) => {
    const res = await call(`${API}/queryAllChannel/CN`, { headers });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, data: null });
    expect(String(res.body.msg)).toMatch(/token|appId/);
  });
});

describe('gateways', () => {
  it('serves files, search and the report at sibling gateways', async () => {
    const files = await call('/japi/sw-file-cloud/refFileObject/queryPageList', {
      body: { entity: { objectId: FEATURED_GROUP_ID, code: 'CMS_ARCHIVES_IMG' }, param: { pageNum: 0, pageSize: 0 } },
    });
    const paths = data<{ records: Array<{ filePath: string }> }>(files).records.map((f) => f.filePath);
    expect(paths).toHaveLength(2);
    for (const p of paths) expect(p).toMatch(/^STANDIN_MUS\/CMS\/CMS_ARCHIVES_IMG\/20240601\/[0-9a-f]{32}\.jpg$/);

    const search = await call('/japi/sw-es/cmsSearch', {
      body: { clusterName: 'cms', searchValue: '青铜', pageNum: 1, pageSize: 10, searchMap: {} },
    });
    expect(data<{ total: number }>(search).total).toBeGreaterThan(0);

    const report = await call('/japi/sw-cms-zb/api/getBaiduReport/30');
    expect(data<{ days: number; daily: unknown[] }>(report)).toMatchObject({ days: 30 });
  });

  it.each([
    ['the file API nested under the content gateway', '/japi/sw-cms/sw-file/refFileObject/queryPageList', 'POST'],
    ['the content API without its gateway', '/api/queryAllChannel/CN', 'GET'],
    ['an unknown call', `${API}/queryEverything`, 'GET'],
    ['a GET of a POST call', `${API}/queryArchivesList`, 'GET'],
  ])('answers 404 for %s', async (_name, path, method) => {
    const res = await call(path, { method, body: method === 'POST' ? {} : undefined });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, data: null });
  });
});

describe('records', () => {
  it('has hex ids, relative paths, nulls and extra fields', async () => {
    const exhibit = data<Record<string, unknown>>(await call(`${API}/queryExhibitById/${hex('exhibit:ding:CN')}`));
    expect(exhibit.exhibitId).toMatch(HEX);
    expect(String(exhibit.thumb).split(';')).toHaveLength(3);
    expect(String(exhibit.thumb)).not.toMatch(/^\/|;\//);
    expect(exhibit).toMatchObject({
      modelUrl: null,
      ageDetail: null,
      collectionUnit: null,
      extension6: null,
      clickCount: 20,
      languageType: 'CN',
      isOwn: true,
    });

    const article = data<Record<string, unknown>>(await call(`${API}/queryArchivesById/${FEATURED_ARTICLE_ID}`));
    expect(article.content).toMatch(/<img src="STANDIN_MUS\/CMS\/CMS_ARCHIVES_IMG\/20240601\/[0-9a-f]{32}\.jpg"/);
    expect(article.publishDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(article).toMatchObject({ subTitle: null, linkUrl: null, createBy: 'admin' });
    expect(article).toHaveProperty('clickCount');
  });

  it('lists the dictionaries with vendor codes', async () => {
    const types = data<Array<{ dictionaryValue: string }>>(
      await call(`${API}/queryDictionaryByCode?dictionaryCode=MESSAGE_TYPE&appId=${STANDIN_APP_ID}`, { body: {} }),
    );
    expect(types.map((d) => d.dictionaryValue)).toEqual(['cms1101', 'cms1102', 'cms1103', 'cms1104']);
    const activity = data<Array<{ dictionaryValue: string }>>(
      await call(`${API}/queryDictionaryByCode?dictionaryCode=ACTIVITY_TYPE`, { body: {} }),
    );
    expect(activity[0]!.dictionaryValue).toBe('TRM0301');
  });

  it('has the channel tree the edge expects, on both sites', async () => {
    const en = data<{ records: Array<{ channelNo: string; subChannel: Array<{ channelNo: string }> | null }> }>(
      await call(`${API}/queryAllChannel/EN`),
    );
    expect(en.records.map((c) => c.channelNo)).toEqual([
      'EN_Home',
      'EN_Survey',
      'EN_News',
      'EN_Service',
      'EN_Exhibition',
      'EN_Collection',
      'EN_Research',
      'EN_Education',
    ]);
    expect(en.records[0]!.subChannel).toBeNull();
    expect(en.records[4]!.subChannel!.map((c) => c.channelNo)).toEqual(['EN_BaseExh', 'EN_TempExh', 'EN_DigitalExh', 'EN_VRTour']);
  });

  it('has slider items for the home pages', async () => {
    for (const place of ['home', 'EN_home']) expect(data<unknown[]>(await call(`${API}/queryGalleryList/${place}`))).toHaveLength(2);
  });
});

describe('paging', () => {
  const list = (param: Record<string, unknown>) => call(`${API}/queryArchivesList`, { body: { entity: { channelNo: 'SNews' }, param } });

  it('takes numbers or numeric strings and answers {records,total,size,current,pages}', async () => {
    for (const param of [
      { pageNum: 2, pageSize: 1 },
      { pageNum: '2', pageSize: '1' },
    ]) {
      const page = data<Record<string, unknown>>(await list(param));
      expect(page).toMatchObject({ total: 2, size: 1, current: 2, pages: 2, searchCount: true });
      expect(page.records).toHaveLength(1);
    }
    expect(data<{ records: unknown[] }>(await list({ pageNum: '0', pageSize: '0' })).records).toHaveLength(2);
  });

  it('answers 400 for paging that is not a number', async () => {
    const res = await list({ pageNum: 'one', pageSize: 10 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });

  it('answers querySearchList with {records,page,pages,total} for {size,page}', async () => {
    const res = await call(`${API}/querySearchList`, { body: { entity: { title: '青铜', channelNo: 'CN' }, param: { size: 1, page: 2 } } });
    const page = data<Record<string, unknown>>(res);
    expect(Object.keys(page).sort()).toEqual(['page', 'pages', 'records', 'total']);
    expect(page).toMatchObject({ page: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });
});

describe('behaviour', () => {
  it('answers getQuestionnaireById to GET and to POST with an empty body', async () => {
    const id = hex('questionnaire:CN');
    const get = await call(`${API}/getQuestionnaireById/${id}`);
    const post = await call(`${API}/getQuestionnaireById/${id}`, { body: {} });
    expect(post.body).toEqual(get.body);
    expect(data<{ details: Array<{ answers: unknown[] }> }>(get).details[0]!.answers).toHaveLength(3);
  });

  it('counts a visit on every queryArchivesById', async () => {
    const id = hex('article:Media:1');
    const before = standin.article(id).visitCount;
    const a = data<{ visitCount: number }>(await call(`${API}/queryArchivesById/${id}?from=list`));
    const b = data<{ visitCount: number }>(await call(`${API}/queryArchivesById/${id}`));
    expect([a.visitCount, b.visitCount]).toEqual([before + 1, before + 2]);
    expect(standin.calls.queryArchivesById!.at(-2)!.query).toEqual({ from: 'list' });
  });

  it('changes the like count with doStarByArcId and cancelStarByActId', async () => {
    const id = hex('article:Honor:0');
    const before = standin.article(id).starCount;
    expect((await call(`${API}/doStarByArcId/${id}`)).body.code).toBe(200);
    expect(standin.article(id).starCount).toBe(before + 1);
    expect((await call(`${API}/cancelStarByActId/${id}`)).body.code).toBe(200);
    expect(standin.article(id).starCount).toBe(before);
    expect((await call(`${API}/doStarByArcId/${hex('nothing')}`)).status).toBe(404);
  });

  it('validates addMessage: a MESSAGE_TYPE code, and content', async () => {
    const ok = await call(`${API}/addMessage`, { body: { content: '服务很好', type: 'cms1102', name: null } });
    expect(ok.body).toMatchObject({ code: 200, msg: '成功' });
    expect(standin.calls.addMessage!.at(-1)!.body).toMatchObject({ content: '服务很好', type: 'cms1102' });

    const badType = await call(`${API}/addMessage`, { body: { content: '你好', type: 'suggest' } });
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ code: 400, msg: '留言类型不存在：suggest' });

    const noContent = await call(`${API}/addMessage`, { body: { content: '  ', type: 'cms1101' } });
    expect(noContent.status).toBe(400);
    expect(noContent.body.msg).toBe('留言内容不能为空');
  });

  it('filters temporary exhibitions by state and language', async () => {
    const list = async (type: string, languageType: string) =>
      data<{ records: Array<{ tempName: string }> }>(
        await call(`${API}/queryExhibitionTempList`, { body: { entity: { languageType }, param: { type, pageNum: 1, pageSize: 6 } } }),
      ).records.map((r) => r.tempName);
    expect(await list('current', 'CN')).toEqual(['吉金光华：青铜器特展']);
    expect(await list('', 'EN')).toHaveLength(3);
  });
});

describe('files under /file', () => {
  const jpeg = async (path: string) => {
    const res = await fetch(`${standin.url}/file/${path}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type'), magic: [bytes[0], bytes[1]] };
  };

  it('serves every record picture, its THUMB and WATER renditions, without signed headers', async () => {
    const thumb = String(standin.data.exhibits[0]!.thumb).split(';')[1]!;
    const dir = thumb.slice(0, thumb.lastIndexOf('/'));
    const file = thumb.slice(thumb.lastIndexOf('/') + 1, -'.jpg'.length);
    for (const path of [thumb, `${dir}/THUMB/${file}.jpg`, `${dir}/WATER/${file}_IMAGE_REMARK.jpg`]) {
      expect(await jpeg(path)).toEqual({ status: 200, type: 'image/jpeg', magic: [0xff, 0xd8] });
    }
  });

  it('serves the PDF and answers 404 for anything else', async () => {
    const pdf = standin.data.files.find((f) => String(f.filePath).endsWith('.pdf'))!;
    const res = await fetch(`${standin.url}/file/${String(pdf.filePath)}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await fetch(`${standin.url}/file/STANDIN_MUS/CMS/X/20240601/${hex('nope')}.jpg`)).status).toBe(404);
    expect((await fetch(`${standin.url}/file/${String(pdf.filePath)}/THUMB`)).status).toBe(404);
  });
});
