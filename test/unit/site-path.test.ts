// sitePath: the one guard every redirect of a page or of /__data passes (routeAnswerOf in server/pages/engine.ts).
import { describe, expect, it } from 'vitest';
import { routeAnswerOf } from '../../server/pages/engine.ts';
import { sitePath, withoutLanguageSegments } from '../../shared/site.ts';

const ORIGIN = 'http://edge.test';

describe('sitePath', () => {
  it('keeps a path of the site as it is', () => {
    for (const path of ['/', '/News/SNews?page=2#list', '/EN_News/EN_SNews', '/a%2Fb', '/Search?key=%E5%8D%9A'])
      expect(sitePath(path)).toBe(path);
  });

  it('turns every spelling of another host into a path of this one', () => {
    const hostile = [
      '//16843009',
      '//x.example/a',
      '/\\x.example',
      '\\\\x.example',
      '/\t/x.example',
      ' //x.example',
      '/\n/x.example',
      'http://x.example/a',
      'https:x.example',
      '//',
      '///x.example',
    ];
    for (const location of hostile) {
      const path = sitePath(location);
      expect(path, JSON.stringify(location)).toMatch(/^\/(?![/\\])|^\/$/);
      expect(new URL(path, ORIGIN).origin, JSON.stringify(location)).toBe(ORIGIN);
    }
  });

  it('is what a route redirect becomes', async () => {
    const answer = await routeAnswerOf(new Response(null, { status: 302, headers: { Location: '//16843009' } }));
    expect(answer).toEqual({ kind: 'redirect', status: 302, location: '/16843009' });
  });
});

describe('withoutLanguageSegments', () => {
  it('drops the marker and never leaves an empty first segment behind', () => {
    expect(withoutLanguageSegments('/News/SNews/enxh')).toBe('/News/SNews');
    expect(withoutLanguageSegments('/enxh')).toBe('/');
    expect(withoutLanguageSegments('/enxh//16843009')).toBe('/16843009');
    expect(withoutLanguageSegments('/PHONEEN//x.example/a')).toBe('/x.example/a');
    expect(withoutLanguageSegments('/News/SNews')).toBe('/News/SNews');
  });
});
