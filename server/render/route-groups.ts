// The route table split by first path segment, one static handler per group. react-router matches an
// address against every route in rank order, and a 120-row table made that 5–6 % of a home or English
// list render (CPU profile, stop 16): `/` ranks below every section's rows, `EN_…` rows below the
// Chinese ones. A route can only match an address whose first segment is its own (every row's first
// segment is a word, compared as react-router compares: decoded, any case), so each group holds the rows
// of one first segment plus the catch-all, and an address is matched within its group — the same match
// as over the whole table. An address whose first segment names no group is matched by the catch-all
// alone, as it would be over the whole table.
import type { RouteDef } from '../../shared/route-table.ts';

/** The group key of a route pattern: its first segment, lower case; null for the catch-all (in every group). */
export function patternKey(path: string): string | null {
  if (path === '*') return null;
  const first = path.split('/')[1] ?? '';
  if (first.startsWith(':') || first.includes('*')) throw new Error(`route ${path}: the first segment must be a word to group by it`);
  return first.toLowerCase();
}

/** The group key of an address's path: its first segment decoded as react-router decodes it, lower case. */
export function addressKey(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

/** The rows of each group, in table order (react-router breaks rank ties by that order). */
export function groupRows(rows: readonly RouteDef[]): { groups: Map<string, RouteDef[]>; everywhere: RouteDef[] } {
  const everywhere = rows.filter((r) => patternKey(r.path) === null);
  const groups = new Map<string, RouteDef[]>();
  for (const row of rows) {
    const key = patternKey(row.path);
    if (key !== null && !groups.has(key)) groups.set(key, rows.filter((r) => patternKey(r.path) === key || patternKey(r.path) === null));
  }
  return { groups, everywhere };
}
