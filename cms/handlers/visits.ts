// Page-visit counters: every article read by id is one page view on its China-time day; visitors are
// kept per day (hashed, never the raw address) for unique-visitor counts.
import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { z } from 'zod';
import type { SiteVisitCount, StatisticsReport } from '../../shared/wire.ts';
import { chinaDay, DAY_MS } from '../china-time.ts';
import { parseInput } from '../http/input.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

const MAX_REPORT_DAYS = 366;

const reportDays = z
  .string()
  .regex(/^\d+$/, { error: 'must be a whole number of days' })
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, { error: 'must be at least 1' })
      .max(MAX_REPORT_DAYS, { error: `must be at most ${MAX_REPORT_DAYS}` }),
  );

const visitorKey = (visitor: string): string => createHash('sha256').update(visitor).digest('base64url').slice(0, 22);

export function recordVisit(prepare: (sql: string) => Statement, now: number, visitor: string): void {
  const day = chinaDay(now);
  prepare('INSERT INTO visit_daily (day, pv) VALUES (?, 1) ON CONFLICT (day) DO UPDATE SET pv = pv + 1').run(day);
  prepare('INSERT OR IGNORE INTO visit_daily_visitors (day, visitor) VALUES (?, ?)').run(day, visitorKey(visitor));
}

export function visitHandlers({ prepare }: HandlerDeps): HandlerGroup<'getSiteVisitCount' | 'getBaiduReport'> {
  const count = (sql: string, ...args: string[]): number => (prepare(sql).get(...args) as { n: number | null } | undefined)?.n ?? 0;
  return {
    getSiteVisitCount: ({ now }): SiteVisitCount => ({
      total: count('SELECT SUM(pv) AS n FROM visit_daily'),
      today: count('SELECT pv AS n FROM visit_daily WHERE day = ?', chinaDay(now)),
      articleVisits: count('SELECT SUM(visitCount) AS n FROM archives'),
      messages: count('SELECT COUNT(*) AS n FROM messages'),
    }),
    getBaiduReport: ({ params, now }): StatisticsReport => {
      const days = parseInput(reportDays, params.number ?? '', 'number of days in the path');
      const dates = Array.from({ length: days }, (_, i) => chinaDay(now - (days - 1 - i) * DAY_MS));
      const first = dates[0]!;
      const last = dates[dates.length - 1]!;
      const pv = new Map(
        (prepare('SELECT day, pv FROM visit_daily WHERE day BETWEEN ? AND ?').all(first, last) as Array<{ day: string; pv: number }>).map(
          (r) => [r.day, r.pv],
        ),
      );
      const uv = new Map(
        (
          prepare('SELECT day, COUNT(*) AS uv FROM visit_daily_visitors WHERE day BETWEEN ? AND ? GROUP BY day').all(first, last) as Array<{
            day: string;
            uv: number;
          }>
        ).map((r) => [r.day, r.uv]),
      );
      const daily = dates.map((date) => ({ date, pv: pv.get(date) ?? 0, uv: uv.get(date) ?? 0 }));
      return {
        days,
        pv: daily.reduce((sum, d) => sum + d.pv, 0),
        uv: count('SELECT COUNT(DISTINCT visitor) AS n FROM visit_daily_visitors WHERE day BETWEEN ? AND ?', first, last),
        daily,
      };
    },
  };
}
