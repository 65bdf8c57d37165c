// The fields deployed services send on content records beyond shared/wire.ts's types
// (docs/content-service.md, Fields): who created a record and when, when it last changed (null for
// most: never edited), and a click counter on exhibitions, exhibits and activities. Drawn from their
// own generator, after the records exist, so they never shift the draws of the content itself.
import { addDays, DEMO_TODAY, randomMoment } from './dates.ts';
import type { Rng } from './prng.ts';
import type { AuditFields } from './types.ts';

const EDITORS = ['admin', 'yunxi_news', 'yunxi_exhibit', 'yunxi_edu', 'yunxi_collection'] as const;
const FIRST_DAY = '2019-01-01';

const earlier = (a: string, b: string): string => (a < b ? a : b);

/** Audit fields of a record that went live at `live` (a `YYYY-MM-DD HH:mm:ss`; null: any day). */
function auditFields(rng: Rng, live: string | null): Required<AuditFields> {
  const liveDay = earlier((live ?? randomMoment(rng, FIRST_DAY, DEMO_TODAY)).slice(0, 10), DEMO_TODAY);
  const createTime = randomMoment(rng, addDays(liveDay, -21), addDays(liveDay, -1));
  const editUntil = earlier(addDays(createTime.slice(0, 10), 120), DEMO_TODAY);
  const editFrom = addDays(createTime.slice(0, 10), 1);
  const edited = editFrom <= editUntil && rng.chance(0.45);
  return {
    // Records moved over from the old system have no author.
    createBy: rng.chance(0.15) ? null : rng.pick(EDITORS),
    createTime,
    updateTime: edited ? randomMoment(rng, editFrom, editUntil) : null,
  };
}

/** Adds audit fields (and a click counter when `clicks`) to every record. */
export function withAudit<T extends object>(
  rng: Rng,
  records: readonly T[],
  liveAt: (record: T) => string | null,
  clicks = false,
): Array<T & Required<AuditFields> & { clickCount?: number }> {
  return records.map((r) => ({ ...r, ...auditFields(rng, liveAt(r)), ...(clicks ? { clickCount: rng.int(0, 4800) } : {}) }));
}
