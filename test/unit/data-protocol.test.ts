// The /__data address protocol, the embedded router state (errors revived in the browser), and the
// JSON escaping that keeps the state inert inside <script type="application/json">.
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readHydrationData } from '../../client/hydration-data.ts';
import { hydrationJson, hydrationState, scriptJson } from '../../server/pages/document.ts';
import { dataUrl, dropParam } from '../../shared/data-protocol.ts';

describe('/__data addresses', () => {
  it('carry the page path, its query and the route id', () => {
    const url = new URL('https://m.example/News/SNews?page=2&platform=wx');
    expect(dataUrl(url, 'zh:News/SNews')).toBe('/__data/News/SNews?page=2&platform=wx&_route=zh%3ANews%2FSNews');
  });
});

describe('embedded router state', () => {
  it('survives the trip as JSON, errors revived, messages not sent', () => {
    const context = {
      loaderData: { root: { lang: 'zh' } },
      actionData: null,
      errors: {
        'zh:News/:sec/:id': new UNSAFE_ErrorResponseImpl(404, 'NOT_FOUND', { code: 'NOT_FOUND', message: 'article 9 missing upstream' }),
      },
    } as unknown as StaticHandlerContext;
    const json = scriptJson(hydrationState(context));
    expect(json).not.toContain('article 9 missing upstream');
    const doc = { getElementById: () => ({ textContent: json }) } as unknown as Document;
    const state = readHydrationData(doc)!;
    expect(state.loaderData).toEqual({ root: { lang: 'zh' } });
    const error = state.errors!['zh:News/:sec/:id'];
    expect(isRouteErrorResponse(error)).toBe(true);
    expect((error as { status: number }).status).toBe(404);
  });

  it("is the same JSON with the frame's frozen channel tree written once and kept", () => {
    const tree = Object.freeze([Object.freeze({ no: 'News', name: '新闻 <b>&</b> \u2028', children: Object.freeze([]) })]);
    const contextOf = (title: string) =>
      ({
        loaderData: {
          root: { lang: 'zh', wx: false, channels: tree, year: 2026 },
          'zh:News/SNews': { title, note: '\u0000channel tree\u0000' },
        },
        actionData: null,
        errors: null,
      }) as unknown as StaticHandlerContext;
    for (const title of ['一', '二 $& $1']) {
      const context = contextOf(title);
      expect(hydrationJson(context)).toBe(scriptJson(hydrationState(context)));
    }
    const unfrozen = {
      loaderData: { root: { channels: [{ no: 'A' }] } },
      actionData: null,
      errors: null,
    } as unknown as StaticHandlerContext;
    expect(hydrationJson(unfrozen)).toBe(scriptJson(hydrationState(unfrozen)));
  });

  it('cannot close its script element or open a comment', () => {
    const json = scriptJson({ html: '</script><script>alert(1)</script><!-- x --> & \u2028' });
    expect(json).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(json)).toEqual({ html: '</script><script>alert(1)</script><!-- x --> & \u2028' });
  });
});

describe('dropParam', () => {
  it('removes one parameter and writes every other one as it was (a bare `phoneen` stays bare)', () => {
    const url = new URL('http://m.test/EN_Exhibition?phoneen&_route=en%3AExhibition&a=1+2');
    dropParam(url, '_route');
    expect(url.search).toBe('?phoneen&a=1+2');
    dropParam(url, 'nothing');
    expect(url.search).toBe('?phoneen&a=1+2');
    const only = new URL('http://m.test/?_route=root');
    dropParam(only, '_route');
    expect(only.href).toBe('http://m.test/');
  });
});
