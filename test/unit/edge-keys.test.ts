import { describe, expect, it } from 'vitest';
import { ENDPOINT_BY_NAME } from '../../shared/endpoints.ts';
import { callOf } from './fixtures/checked-call.ts';
import { cacheKey, entryTag, type ContentCall } from '../../server/content/content-api.ts';
import { stubContentApi } from './fixtures/stub-content-api.ts';
import { canonicalJson } from '../../shared/canonical-json.ts';
import { matcher } from '../../server/cache/kit.ts';

const spec = (name: string) => ENDPOINT_BY_NAME[name]!;

describe('cache keys and tags', () => {
  it('canonical JSON sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
    // Already-sorted values come out exactly as JSON.stringify writes them.
    for (const v of [
      null,
      1.5,
      'a"b\u00e9中',
      [1, undefined, () => 1, { b: 2 }],
      { a: undefined, b: [null], c: new Date(0), d: { e: '' } },
      true,
      [],
    ]) {
      expect(canonicalJson(v)).toBe(JSON.stringify(v));
    }
    expect(canonicalJson({ param: { pageSize: 10, pageNum: 1 }, entity: { channelNo: 'News' } })).toBe(
      canonicalJson({ entity: { channelNo: 'News' }, param: { pageNum: 1, pageSize: 10 } }),
    );
  });

  it('keys are method + path + own query + canonical body, never the appId or stray query of a browser', () => {
    const fromBrowser = (name: string, params: Record<string, string>, search: string) =>
      cacheKey(spec(name), callOf(spec(name), params, search, {}));
    expect(fromBrowser('queryAllChannel', { site: 'CN' }, 'x=1&appId=secret')).toBe('GET /api/queryAllChannel/CN');
    // queryArchivesById reads extra parameters (deployed services do): they are part of its key.
    expect(fromBrowser('queryArchivesById', { id: '12' }, 'x=1&appid=secret&token=t')).toBe('GET /api/queryArchivesById/12?x=1');
    expect(fromBrowser('queryDictionaryByCode', {}, 'appId=secret&dictionaryCode=MESSAGE_TYPE&other=1')).toBe(
      'POST /api/queryDictionaryByCode?dictionaryCode=MESSAGE_TYPE {}',
    );
    // The edge's own calls (loaders) are keyed by their query as given, in name order.
    expect(cacheKey(spec('queryDictionaryByCode'), { query: { dictionaryCode: 'A' }, body: {} })).toBe(
      'POST /api/queryDictionaryByCode?dictionaryCode=A {}',
    );
    const key = cacheKey(spec('queryArchivesList'), { body: { param: { pageNum: 1 }, entity: { channelNo: 'News' } } });
    expect(key).toBe('POST /api/queryArchivesList {"entity":{"channelNo":"News"},"param":{"pageNum":1}}');
    // Operators purge by path: a key's path is what follows its method, up to its body.
    const byPath = (prefix: string) => matcher({ prefix })(key, []);
    expect([byPath('/api/queryArchivesList'), byPath('/api/queryArchivesList {')]).toEqual([true, false]);
  });

  it('tags name the endpoint, the channels, the record and the entry', async () => {
    const { api, close } = stubContentApi();
    try {
      const tagsOf = async (name: string, call: ContentCall) => (await api.answer(spec(name).name, call)).tags;
      const call = { body: { entity: { channelNo: 'News,Media' } } };
      const key = cacheKey(spec('queryArchivesListByMulNo'), call);
      expect(await tagsOf('queryArchivesListByMulNo', call)).toEqual([
        'queryArchivesListByMulNo',
        'channel:News',
        'channel:Media',
        entryTag(key),
      ]);
      expect(await tagsOf('queryArchivesById', { params: { id: '7' } })).toContain('id:7');
      expect(await tagsOf('queryArchivesByNo', { params: { channelNo: 'Introduction' } })).toContain('channel:Introduction');
      expect(await tagsOf('getQuestionnaireResultInfo', { body: { questionnaireId: 3 } })).toContain('id:3');
      expect(await tagsOf('cmsSearch', { body: { searchMap: { channelNo: ['News', 'Media'] } } })).toEqual(
        expect.arrayContaining(['channel:News', 'channel:Media']),
      );
    } finally {
      close();
    }
  });
});
