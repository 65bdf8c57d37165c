import { describe, expect, it } from 'vitest';
import { API_PREFIXES, DEPLOYED_GATEWAYS, ENDPOINTS, buildPath, matchEndpoint, pathIsKnown, upstreamMatcher, type EndpointSpec } from '../../shared/endpoints.ts';

const row = (name: string): EndpointSpec => {
  const found = ENDPOINTS.find((e) => e.name === name);
  if (!found) throw new Error(`no row ${name}`);
  return found;
};

describe('endpoint catalogue', () => {
  it('holds every spec §7 call once, with the paths the spec names', () => {
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
    const writes = ENDPOINTS.filter((e) => e.write).map((e) => e.name).sort();
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

  it('builds paths with each parameter as one encoded segment', () => {
    const spec = ENDPOINTS.find((e) => e.name === 'queryArchivesByNo')!;
    expect(buildPath(spec, { channelNo: 'EN_News' })).toBe('/api/queryArchivesByNo/EN_News');
    expect(buildPath(spec, { channelNo: '../x y' })).toBe('/api/queryArchivesByNo/..%2Fx%20y');
    expect(() => buildPath(spec, {})).toThrow(/missing path parameter "channelNo"/);
  });

  it('proxies exactly the prefixes of its rows', () => {
    expect([...API_PREFIXES].sort()).toEqual(['/api', '/sw-cms-zb', '/sw-es', '/sw-file']);
  });

  it('places every row at its service: the sibling gateways take the file, search and report calls', () => {
    const byService = (service: string) => ENDPOINTS.filter((e) => e.service === service).map((e) => e.name).sort();
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
