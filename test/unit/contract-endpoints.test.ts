import { describe, expect, it } from 'vitest';
import {
  API_PREFIXES,
  DEPLOYED_GATEWAYS,
  ENDPOINTS,
  PATH_PARAM_RULES,
  buildPath,
  matchEndpoint,
  pathIsKnown,
  upstreamMatcher,
  type EndpointSpec,
} from '../../shared/endpoints.ts';
import { ROUTES } from '../../shared/route-table.ts';

const row = (name: string): EndpointSpec => {
  const found = ENDPOINTS.find((e) => e.name === name);
  if (!found) throw new Error(`no row ${name}`);
  return found;
};

describe('endpoint catalogue', () => {
  it('holds every call of the content service once, with its browser-facing path', () => {
    const names = ENDPOINTS.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    for (const expected of [
      'GET /api/queryAllChannel/:site',
      'POST /sw-es/cmsSearch',
      'POST /sw-file/refFileObject/queryPageList',
      'GET /sw-cms-zb/api/getBaiduReport/:number',
      'POST /api/getSiteVisitCount',
      'GET /api/queryArchivesByNo/:channelNo',
      'POST /api/addMessage',
      'POST /api/addQuestionnaireRecord',
    ]) {
      expect(paths).toContain(expected);
    }
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(29);
  });

  it('marks the four writes as writes with no cache lifetime, and every read with one', () => {
    const writes = ENDPOINTS.filter((e) => e.write)
      .map((e) => e.name)
      .sort();
    expect(writes).toEqual(['addMessage', 'addQuestionnaireRecord', 'cancelStarByActId', 'doStarByArcId']);
    for (const e of ENDPOINTS) expect(e.write ? e.ttlS === 0 : e.ttlS > 0).toBe(true);
  });

  it('matches paths with parameters and rejects near misses', () => {
    expect(matchEndpoint('GET', '/api/queryArchivesById/42')).toMatchObject({
      endpoint: { name: 'queryArchivesById' },
      params: { id: '42' },
    });
    expect(matchEndpoint('get', '/sw-cms-zb/api/getBaiduReport/30')?.endpoint.name).toBe('getBaiduReport');
    expect(matchEndpoint('POST', '/api/queryArchivesById/42')).toBeNull();
    expect(matchEndpoint('GET', '/api/queryArchivesById/')).toBeNull();
    expect(matchEndpoint('GET', '/api/queryArchivesById/1/2')).toBeNull();
    expect(matchEndpoint('POST', '/api/dropTables')).toBeNull();
    expect(pathIsKnown('/api/queryArchivesList')).toBe(true);
    expect(pathIsKnown('/api/nope')).toBe(false);
  });

  it('builds paths with each parameter as one encoded segment, never a dot segment', () => {
    const spec = ENDPOINTS.find((e) => e.name === 'queryArchivesByNo')!;
    expect(buildPath(spec, { channelNo: 'EN_News' })).toBe('/api/queryArchivesByNo/EN_News');
    expect(buildPath(spec, { channelNo: '../x y' })).toBe('/api/queryArchivesByNo/..%2Fx%20y');
    expect(() => buildPath(spec, {})).toThrow(/missing path parameter "channelNo"/);
    expect(() => buildPath(spec, { channelNo: '..' })).toThrow(/may not be "\.\."/);
    expect(() => buildPath(spec, { channelNo: '.' }, 'servicePath')).toThrow(/may not be "\."/);
  });

  it('has a rule for every path parameter, taking what the edge itself sends and refusing what is no value', () => {
    const names = new Set(ENDPOINTS.flatMap((e) => [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!)));
    expect([...names].sort()).toEqual(Object.keys(PATH_PARAM_RULES).sort());
    const ok = (name: string, value: string) => PATH_PARAM_RULES[name]!.pattern.test(value);
    for (const value of ['7ce30e5b2580a4a95f5880983d0ad66f', '42', 'g-a1']) expect(ok('id', value), value).toBe(true);
    for (const value of ['CN', 'EN']) expect(ok('site', value)).toBe(true);
    for (const value of ['EN_News', 'SNews']) expect(ok('channelNo', value)).toBe(true);
    for (const value of ['home', 'EN_home']) expect(ok('path', value)).toBe(true);
    for (const value of ['30', '1', '7', '366']) expect(ok('number', value), value).toBe(true);
    for (const name of names) {
      for (const bad of ['.', '..', 'a b<c>', '', 'x'.repeat(65)]) expect(ok(name, bad), `${name} ${bad}`).toBe(false);
    }
    for (const bad of ['0', '367', '07', '1e2']) expect(ok('number', bad), bad).toBe(false);
    for (const bad of ['cn', 'ZH', 'CNX']) expect(ok('site', bad), bad).toBe(false);
  });

  it('offers pages of up to 100 (more than any routed screen shows), and "all" only for the short lists screens read whole', () => {
    const paged = ENDPOINTS.filter((e) => e.pageSize).map((e) => e.name);
    const postReads = ENDPOINTS.filter((e) => e.method === 'POST' && !e.write).map((e) => e.name);
    expect(postReads.filter((n) => !paged.includes(n)).sort()).toEqual(['getQuestionnaireResultInfo', 'getSiteVisitCount']);
    expect(
      ENDPOINTS.filter((e) => e.pageSize?.all)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['queryDictionaryByCode', 'queryExhibitTypeList', 'queryFileList']);
    const routed = ROUTES.flatMap((r) => (r.pageSize === undefined ? [] : [r.pageSize]));
    expect(Math.max(...routed)).toBeLessThanOrEqual(100);
    for (const e of ENDPOINTS) if (e.pageSize) expect(e.pageSize.max, e.name).toBe(100);
  });

  it('proxies exactly the prefixes of its rows', () => {
    expect([...API_PREFIXES].sort()).toEqual(['/api', '/sw-cms-zb', '/sw-es', '/sw-file']);
  });

  it('places every row at its service: the sibling gateways take the file, search and report calls', () => {
    const byService = (service: string) =>
      ENDPOINTS.filter((e) => e.service === service)
        .map((e) => e.name)
        .sort();
    expect(byService('file')).toEqual(['queryFileList']);
    expect(byService('search')).toEqual(['cmsSearch']);
    expect(byService('report')).toEqual(['getBaiduReport']);
    expect(row('queryFileList').servicePath).toBe('/refFileObject/queryPageList');
    expect(row('getBaiduReport').servicePath).toBe('/api/getBaiduReport/:number');
    expect(row('queryGalleryList').servicePath).toBe('/api/queryGalleryList/:path');
  });

  it('matches the deployed layout of sibling gateways, and getQuestionnaireById by GET and POST', () => {
    const deployed = upstreamMatcher(DEPLOYED_GATEWAYS);
    expect(deployed.match('POST', '/japi/sw-file-cloud/refFileObject/queryPageList')?.endpoint.name).toBe('queryFileList');
    expect(deployed.match('POST', '/japi/sw-es/cmsSearch')?.endpoint.name).toBe('cmsSearch');
    expect(deployed.match('GET', '/japi/sw-cms-zb/api/getBaiduReport/7')?.params).toEqual({ number: '7' });
    expect(deployed.match('POST', '/japi/sw-cms/sw-file/refFileObject/queryPageList')).toBeNull();
    expect(deployed.pathIsKnown('/api/queryAllChannel/CN')).toBe(false);
    expect(row('getQuestionnaireById').accepts).toEqual(['GET', 'POST']);
    expect(deployed.match('POST', '/japi/sw-cms/api/getQuestionnaireById/abc')?.endpoint.name).toBe('getQuestionnaireById');
    expect(deployed.match('POST', '/japi/sw-cms/api/queryArchivesById/abc')).toBeNull();
  });
});
