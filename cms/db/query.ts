// Small helpers over better-sqlite3: cached prepared statements, a WHERE builder that skips empty
// filters, and paged lists in the wire shape. Values only ever travel as bound parameters.
import type { Database, Statement } from 'better-sqlite3';

/**
 * A page of a list as deployed services send it (a MyBatis-Plus page): records, total, the page
 * size asked for, the current page and the page count; some calls add `searchCount`.
 */
export interface ListPage<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  searchCount?: boolean;
}

export interface Paging {
  /** 0 = all. */
  pageSize: number;
  pageNum: number;
}

export function statements(db: Database): (sql: string) => Statement {
  const cache = new Map<string, Statement>();
  return (sql) => {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };
}

type Filter = string | number | boolean | null | undefined;

const isSet = (v: Filter): v is string | number | boolean => v !== undefined && v !== null && v !== '';
const toSql = (v: string | number | boolean): string | number => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/** Escapes LIKE wildcards so a visitor's `%` or `_` matches itself (used with ESCAPE '\'). */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class Where {
  private readonly clauses: string[] = [];
  readonly args: Array<string | number> = [];

  /** `column = value`, skipped when the filter is empty. Column names come from code, never input. */
  eq(column: string, value: Filter): this {
    if (isSet(value)) {
      this.clauses.push(`${column} = ?`);
      this.args.push(toSql(value));
    }
    return this;
  }

  /** Case-insensitive (ASCII) substring match, skipped when empty. */
  contains(column: string, value: Filter): this {
    if (isSet(value)) {
      this.clauses.push(`${column} LIKE ? ESCAPE '\\'`);
      this.args.push(likeContains(String(value)));
    }
    return this;
  }

  in(column: string, values: readonly (string | number)[]): this {
    this.clauses.push(values.length ? `${column} IN (${values.map(() => '?').join(', ')})` : '0');
    this.args.push(...values);
    return this;
  }

  raw(clause: string, ...args: Array<string | number>): this {
    this.clauses.push(clause);
    this.args.push(...args);
    return this;
  }

  toString(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}

/** Paging maths of the wire: `pages` and `current`, and the LIMIT/OFFSET to read. 0/0 = everything. */
export function pageWindow(total: number, paging: Paging): { pages: number; current: number; limit: number; offset: number } {
  if (paging.pageSize === 0) return { pages: total > 0 ? 1 : 0, current: 1, limit: -1, offset: 0 };
  const current = Math.max(1, paging.pageNum);
  return {
    pages: Math.ceil(total / paging.pageSize),
    current,
    limit: paging.pageSize,
    offset: (current - 1) * paging.pageSize,
  };
}

/** A paged list: COUNT, then the page, both from the same FROM and WHERE. */
export function pagedList<T>(
  prepare: (sql: string) => Statement,
  from: string,
  where: Where,
  orderBy: string,
  paging: Paging,
  map: (row: Record<string, unknown>) => T,
  options: { select?: string; orderArgs?: Array<string | number>; searchCount?: boolean } = {},
): ListPage<T> {
  const select = options.select ?? '*';
  const { total } = prepare(`SELECT COUNT(*) AS total FROM ${from} ${where}`).get(...where.args) as { total: number };
  const { pages, current, limit, offset } = pageWindow(total, paging);
  const rows =
    total === 0 || (limit > 0 && offset >= total)
      ? []
      : (prepare(`SELECT ${select} FROM ${from} ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(
          ...where.args,
          ...(options.orderArgs ?? []),
          limit,
          offset,
        ) as Array<Record<string, unknown>>);
  const page: ListPage<T> = { records: rows.map(map), total, size: paging.pageSize, current, pages };
  if (options.searchCount) page.searchCount = true;
  return page;
}
