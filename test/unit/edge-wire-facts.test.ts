// The edge's side of the deployed services' wire facts (docs/content-service.md), piece by piece:
// opaque ids, relative file paths, tolerant payloads, gateways per service, the aliases existing
// clients call, dictionary-driven message types, visits.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_BY_NAME } from '../../shared/endpoints.ts';
import { fileUrl } from '../../shared/file-url.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { imageSources } from '../../shared/image-sources.ts';
import { messageBody, messageTypeOptions } from '../../shared/message-form.ts';
import { validateMessage } from '../../shared/validation.ts';
import { loadConfig } from '../../server/config.ts';
import { articleHtml } from '../../server/loaders/article-html.ts';
import { cacheKey } from '../../server/content/content-api.ts';
import { readPayload } from '../../server/upstream/payloads.ts';
import { createVisitCounter, visitTag } from '../../server/content/visits.ts';
import { createApiPaths } from '../../server/proxy/calls.ts';
import { callOf } from './fixtures/checked-call.ts';

const HEX = '7ce30e5b2580a4a95f5880983d0ad66f';
const THUMB = 'MUSEUM/CMS/CMS_EXHIBIT_INFO_IMG/20191121/4778791d55404e608b3557204025e28e1574340239058.jpg';

describe('ids are opaque strings', () => {
  it('accepts hex, digits and short tokens; refuses anything else before a call', () => {
    for (const ok of [HEX, '42', 'a-b_c']) expect(RECORD_ID.test(ok)).toBe(true);
    for (const bad of ['', 'a/b', '../x', 'x'.repeat(65), 'a b', '<script>']) expect(RECORD_ID.test(bad)).toBe(false);
  });
});

describe('file and image fields', () => {
  it('puts relative paths under FILE_PREFIX and keeps absolute URLs', () => {
    expect(fileUrl(THUMB, '/file')).toBe(`/file/${THUMB}`);
    expect(fileUrl(`/${THUMB}`, '/file/')).toBe(`/file/${THUMB}`);
    expect(fileUrl('/file/upload/a.jpg', '/file')).toBe('/file/upload/a.jpg');
    expect(fileUrl('https://cdn.example.cn/a.jpg', '/file')).toBe('https://cdn.example.cn/a.jpg');
    expect(fileUrl('javascript:alert(1)', '/file')).toBe('');
    expect(fileUrl(null, '/file')).toBe('');
  });

  it('derives the thumbnail below the prefix for list cards', () => {
    expect(imageSources(THUMB, { watermark: false, filePrefix: '/file', thumb: true })).toEqual([
      `/file/MUSEUM/CMS/CMS_EXHIBIT_INFO_IMG/20191121/THUMB/4778791d55404e608b3557204025e28e1574340239058.jpg`,
      `/file/${THUMB}`,
    ]);
  });

  it('resolves pictures, videos and attachments inside article HTML', () => {
    const html = articleHtml(
      `<p><img src="${THUMB}"><video poster="M/p.jpg"><source src="M/v.mp4"></video><a href="M/CMS/x.pdf">x</a><a href="/News/SNews">n</a><img src="https://a.cn/b.jpg"></p>`,
      '/file',
    );
    expect(html).toContain(`<img src="/file/${THUMB}" alt="" />`);
    expect(html).toContain('poster="/file/M/p.jpg"');
    expect(html).toContain('<source src="/file/M/v.mp4" />');
    expect(html).toContain('href="/file/M/CMS/x.pdf"');
    expect(html).toContain('href="/News/SNews"');
    expect(html).toContain('src="https://a.cn/b.jpg"');
  });
});

describe('payloads are read tolerantly', () => {
  it('reads nulls, numeric strings, string ids and extra fields of a list', () => {
    const read = readPayload('queryArchivesList', {
      records: [
        {
          archivesId: HEX,
          title: '标题',
          subTitle: null,
          source: null,
          visitCount: '12',
          isShowTitle: 1,
          clickCount: 3,
          languageType: 'CN',
        },
        { archivesId: 7, title: 'old numeric id' },
        { title: 'no id: dropped' },
      ],
      total: '2',
      size: '10',
      current: '1',
      pages: 1,
      searchCount: true,
    });
    expect(read.ok).toBe(true);
    const data = (read as { data: { records: Array<Record<string, unknown>>; total: number; current: number } }).data;
    expect(data.total).toBe(2);
    expect(data.current).toBe(1);
    expect(data.records.map((r) => r.archivesId)).toEqual([HEX, '7']);
    expect(data.records[0]).toMatchObject({ subTitle: '', source: '', visitCount: 12, isShowTitle: true, clickCount: 3 });
  });

  it('reads a search page given as `page`, and a dictionary given as a list', () => {
    const search = readPayload('querySearchList', { records: [{ id: HEX, title: 't', img: null }], page: '2', pages: '3', total: 25 });
    expect(search).toMatchObject({ ok: true, data: { current: 2, page: 2, pages: 3, total: 25 } });
    const dict = readPayload('queryDictionaryByCode', {
      records: [{ dictionaryValue: 'cms1101', dictionaryName: '咨询', dictionaryNameEn: null }],
    });
    expect(dict).toMatchObject({ ok: true, data: [{ dictionaryValue: 'cms1101', dictionaryName: '咨询', dictionaryNameEn: '' }] });
  });

  it('says what is wrong with an answer it cannot use', () => {
    expect(readPayload('queryArchivesById', { title: 'no id' })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('archivesId'),
    });
    expect(readPayload('queryArchivesById', null)).toEqual({ ok: true, data: null });
    expect(readPayload('queryAllChannel', 'garbage').ok).toBe(false);
  });
});

describe('gateways and paths', () => {
  it('nests siblings under the content prefix unless each is set (today’s behaviour by default)', () => {
    expect(loadConfig({ UPSTREAM_PREFIX: '/japi/sw-cms' }).gateways).toEqual({
      content: '/japi/sw-cms',
      file: '/japi/sw-cms/sw-file',
      search: '/japi/sw-cms/sw-es',
      report: '/japi/sw-cms/sw-cms-zb',
    });
    const config = loadConfig({
      UPSTREAM_URL: 'http://cms.internal',
      APP_ID: 'app',
      TOKEN_KEY: 'k'.repeat(16),
      UPSTREAM_PREFIX: '/japi/sw-cms',
      UPSTREAM_FILE_PREFIX: '/japi/sw-file-cloud',
      UPSTREAM_SEARCH_PREFIX: '/japi/sw-es',
      UPSTREAM_REPORT_PREFIX: '/japi/sw-cms-zb',
      PORTAL_ID: 'p1',
      ORG_ID: HEX,
    });
    expect(config.gateways).toEqual({
      content: '/japi/sw-cms',
      file: '/japi/sw-file-cloud',
      search: '/japi/sw-es',
      report: '/japi/sw-cms-zb',
    });
    expect(config.gatewaysDefaulted).toBe(false);
    expect(config.apiAliases).toEqual(['/sw-cms', '/japi/sw-cms', '/japi/sw-cms-cloud']);
    expect([config.portalId, config.orgId]).toEqual(['p1', HEX]);
  });

  it('refuses an alias that would hide the edge’s own paths, naming the variable', () => {
    expect(() => loadConfig({ API_ALIASES: '/api' })).toThrow(/API_ALIASES.*hide/);
    expect(() => loadConfig({ API_ALIASES: 'no-slash' })).toThrow(/API_ALIASES/);
  });

  it('answers the alias forms of content calls, not of sibling calls', () => {
    const paths = createApiPaths(['/sw-cms', '/japi/sw-cms']);
    expect(paths.match('GET', '/japi/sw-cms/api/queryAllChannel/CN')?.endpoint.name).toBe('queryAllChannel');
    expect(paths.match('GET', '/sw-cms/api/queryArchivesById/' + HEX)?.params).toEqual({ id: HEX });
    expect(paths.match('POST', '/api/getQuestionnaireById/' + HEX)?.endpoint.name).toBe('getQuestionnaireById');
    expect(paths.match('POST', '/sw-file/refFileObject/queryPageList')?.endpoint.name).toBe('queryFileList');
    expect(paths.match('POST', '/japi/sw-cms/sw-file/refFileObject/queryPageList')).toBeNull();
    expect(paths.match('GET', '/japi/sw-cms/other')).toBeNull();
    expect(paths.isKnown('/japi/sw-cms/api/addMessage')).toBe(true);
  });

  it('forwards extra query parameters of queryArchivesById and keys the cache by them', () => {
    const spec = ENDPOINT_BY_NAME.queryArchivesById!;
    expect(callOf(spec, { id: HEX }, 'preview=1&appId=x&Token=y&b=2').query).toEqual({ b: '2', preview: '1' });
    const a = cacheKey(spec, callOf(spec, { id: HEX }, 'preview=1'));
    const b = cacheKey(spec, callOf(spec, { id: HEX }, ''));
    expect(a).not.toBe(b);
    expect(callOf(ENDPOINT_BY_NAME.queryAllChannel!, { site: 'CN' }, 'any=x').query).toEqual({});
  });

  it("reads a browser query string once: single values of the row's names, no appId, no token", () => {
    const byId = ENDPOINT_BY_NAME.queryArchivesById!;
    const call = callOf(byId, { id: HEX }, 'preview=1&appid=x&APPID=y&token=z&twice=1&twice=2&b=%E4%B8%AD', undefined, 'req-1');
    expect(call).toEqual({ params: { id: HEX }, query: { b: '中', preview: '1' }, body: undefined, requestId: 'req-1' });
    // A GET row called with POST ignores the body; a POST row gets {} for no body; no query names → none read.
    const list = ENDPOINT_BY_NAME.queryArchivesList!;
    expect(callOf(list, {}, 'pageNum=9')).toEqual({ params: {}, query: {}, body: {}, requestId: undefined });
    // The same answer from the fast path and the Express route: their keys are one key.
    expect(cacheKey(byId, callOf(byId, { id: HEX }, 'b=2&preview=1'))).toBe(cacheKey(byId, callOf(byId, { id: HEX }, 'preview=1&b=2')));
  });
});

describe('message types come from the dictionary', () => {
  const dictionary = [
    { dictionaryId: '1', dictionaryValue: 'cms1101', dictionaryName: '咨询', dictionaryNameEn: 'Enquiry' },
    { dictionaryId: '2', dictionaryValue: 'cms1102', dictionaryName: '建议', dictionaryNameEn: '' },
  ];

  it('offers exactly the entries, in order, named in the page’s language', () => {
    expect(messageTypeOptions(dictionary, 'zh')).toEqual([
      { value: 'cms1101', label: '咨询' },
      { value: 'cms1102', label: '建议' },
    ]);
    expect(messageTypeOptions(dictionary, 'en').map((o) => o.label)).toEqual(['Enquiry', '建议']);
    expect(messageTypeOptions([], 'zh')).toEqual([]);
  });

  it('checks a type only as a short code and sends ORG_ID', () => {
    expect(validateMessage({ content: '你好', type: 'cms1104' })).toEqual([]);
    expect(validateMessage({ content: '你好', type: 'not a code!' })).toEqual([{ field: 'type', code: 'type_invalid' }]);
    const values = { name: '', phoneNumber: '', email: '', type: '', content: '你好' };
    expect(messageBody(values, HEX)).toMatchObject({ orgId: HEX });
    // No type chosen: none sent ('' is no dictionary value; the service applies its default).
    expect(messageBody(values, HEX)).not.toHaveProperty('type');
    expect(messageBody({ ...values, type: 'cms1102' })).toMatchObject({ type: 'cms1102' });
    expect(messageBody(values)).not.toHaveProperty('orgId');
  });
});

describe('visits keep counting behind the cache', () => {
  const spec = ENDPOINT_BY_NAME.queryArchivesById!;

  it('sends one uncached call per visit, with the extra parameters', async () => {
    const sent: unknown[] = [];
    const counter = createVisitCounter({
      client: {
        send: async (req) => (sent.push([req.params, req.query]), { raw: Buffer.from(''), envelope: { code: 200, msg: '', data: null } }),
      },
    });
    counter.count(spec, { params: { id: HEX }, query: { preview: '1' } });
    counter.countTags(['queryArchivesById', visitTag(spec, { params: { id: 'abc' } })!]);
    counter.count(ENDPOINT_BY_NAME.queryArchivesList!, {});
    await counter.idle();
    expect(sent).toEqual([
      [{ id: HEX }, { preview: '1' }],
      [{ id: 'abc' }, {}],
    ]);
  });

  it('drops and counts visits when the service cannot keep up', async () => {
    const outcomes: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const counter = createVisitCounter({
      client: { send: async () => (await gate, { raw: Buffer.from(''), envelope: { code: 200, msg: '', data: null } }) },
      maxInFlight: 1,
      maxQueued: 2,
      onOutcome: (o) => outcomes.push(o),
    });
    for (let i = 0; i < 6; i += 1) counter.count(spec, { params: { id: `a${i}` } });
    await new Promise((r) => setImmediate(r));
    release();
    await counter.idle();
    expect(outcomes.filter((o) => o === 'dropped').length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === 'sent').length + outcomes.filter((o) => o === 'dropped').length).toBe(6);
  });
});
