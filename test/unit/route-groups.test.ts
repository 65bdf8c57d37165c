// The page engine's route groups (server/pages/engine.ts): the route table split by first segment matches
// every address as the whole table does — checked with react-router's own matcher over every row's own
// paths, their case and escape variants, and addresses no row has; once over groups built from
// patternKey/addressKey as the engine builds them, and once through the engine itself.
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addressKey, createPageEngine, patternKey } from '../../server/pages/engine.ts';
import { pageTarget } from '../../server/pages/request.ts';
import { ROUTES, type RouteDef } from '../../shared/route-table.ts';
import { fakeApi, pageDeps, SITE } from './fixtures/page-engine-fixture.ts';

const routesOf = (rows: readonly RouteDef[]): RouteObject[] => [{ id: 'root', children: rows.map((r) => ({ id: r.id, path: r.path })) }];
const matchedId = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1)?.route.id ?? null;

// The groups as createHandlers makes them: one per first segment, in table order, with the catch-all rows.
const everywhere = ROUTES.filter((r) => patternKey(r.path) === null);
const groups = new Map<string, RouteDef[]>();
for (const row of ROUTES) {
  const key = patternKey(row.path);
  if (key !== null && !groups.has(key))
    groups.set(
      key,
      ROUTES.filter((r) => patternKey(r.path) === key || patternKey(r.path) === null),
    );
}
const whole = routesOf(ROUTES);
const grouped = new Map([...groups].map(([key, rows]) => [key, routesOf(rows)]));
const elsewhere = routesOf(everywhere);
const groupedMatch = (path: string) => matchedId(grouped.get(addressKey(path)) ?? elsewhere, path);

/** Every row's pattern with its parameters filled in, and variants an address may take. */
function addresses(): string[] {
  const out = new Set<string>([
    '/',
    '/nope',
    '/nope/deeper',
    '//News/SNews',
    '/News//SNews',
    '/%4Eews/SNews',
    '/%E6%96%B0',
    '/%E6',
    '/News/%E6',
    '/EN_',
    '/en_news/en_snews/1',
  ]);
  for (const row of ROUTES) {
    if (row.path === '*') continue;
    const filled = row.path.replace(/:[a-z]+/g, (p) => (p === ':id' ? '123' : p === ':sec' ? 'SNews' : 'Third'));
    out.add(filled);
    out.add(`${filled}/`);
    out.add(filled.toLowerCase());
    out.add(filled.toUpperCase());
    out.add(`${filled}/extra/segments`);
    out.add(filled.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16).toUpperCase()}`));
  }
  return [...out];
}

describe('route groups', () => {
  it('match every address to the row the whole table matches', () => {
    const list = addresses();
    expect(list.length).toBeGreaterThan(600);
    for (const path of list) expect(groupedMatch(path), path).toBe(matchedId(whole, path));
  });

  it('hold a handful of rows each, the catch-all in every one', () => {
    for (const rows of groups.values()) {
      expect(rows.length).toBeLessThan(20);
      expect(rows.at(-1)!.path).toBe('*');
    }
    expect(everywhere.map((r) => r.path)).toEqual(['*']);
    expect(groups.get('')!.map((r) => r.path)).toEqual(['/', '*']);
  });

  it('refuse a table whose first segment is a parameter (it could not be grouped)', () => {
    expect(() => patternKey('/:section/:id')).toThrow(/first segment/);
    expect(patternKey('/EN_News/:sec')).toBe('en_news');
    expect(patternKey('*')).toBeNull();
  });

  it('read an address as react-router does: decoded, any case', () => {
    expect(addressKey('/%4Eews/SNews')).toBe('news');
    expect(addressKey('/EN_NEWS')).toBe('en_news');
    expect(addressKey('/%E6')).toBe('%e6');
    expect(addressKey('/')).toBe('');
  });
});

describe('the page engine routes by its groups', () => {
  it('renders the row the whole table matches, at every address it takes', async () => {
    const engine = createPageEngine(pageDeps(fakeApi()));
    const origin = SITE.publicUrl;
    // The route the engine says made the answer (a redirect row's answer is a redirect).
    const renderedBy = async (pathname: string) =>
      (await engine.render({ method: 'GET', origin, target: pathname, headers: {}, requestId: 'route-groups' })).routeId;
    let checked = 0;
    for (const path of addresses()) {
      const target = pageTarget(origin, path);
      // Refused before the router runs (a bad escape): the groups never see it.
      if (!target.ok) continue;
      const pathname = target.url.pathname;
      const id = matchedId(whole, pathname)!;
      expect([`page:${id}`, 'page:redirect'], `${path} as ${id}`).toContain(await renderedBy(pathname));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(600);
    expect(await renderedBy('/News/Notice')).toBe('page:zh:News/:sec');
  });
});
