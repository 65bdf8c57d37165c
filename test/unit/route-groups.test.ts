// server/render/route-groups.ts: the route table split by first segment matches every address as the
// whole table does — checked with react-router's own matcher over every row's own paths, their case and
// escape variants, and addresses no row has.
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addressKey, groupRows, patternKey } from '../../server/render/route-groups.ts';
import { ROUTES, type RouteDef } from '../../shared/route-table.ts';

const routesOf = (rows: readonly RouteDef[]): RouteObject[] => [{ id: 'root', children: rows.map((r) => ({ id: r.id, path: r.path })) }];
const matchedId = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1)?.route.id ?? null;

const { groups, everywhere } = groupRows(ROUTES);
const whole = routesOf(ROUTES);
const grouped = new Map([...groups].map(([key, rows]) => [key, routesOf(rows)]));
const elsewhere = routesOf(everywhere);
const groupedMatch = (path: string) => matchedId(grouped.get(addressKey(path)) ?? elsewhere, path);

/** Every row's pattern with its parameters filled in, and variants an address may take. */
function addresses(): string[] {
  const out = new Set<string>(['/', '/nope', '/nope/deeper', '//News/SNews', '/News//SNews', '/%4Eews/SNews', '/%E6%96%B0', '/%E6', '/News/%E6', '/EN_', '/en_news/en_snews/1']);
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
  });
});
