// A believable visit history for the demo site, relative to the day the database is seeded: daily
// page views and visitors of the last VISIT_HISTORY_DAYS days (fewer on Mondays, when the museum is
// closed, more at weekends and on holidays), plus one total per earlier year. Deterministic for a
// given seeding day; the service's real counters add to it from then on.
import { addDays, daysBetween } from './dates.ts';
import { forkRng } from './prng.ts';
import { holidaySpan } from './calendar.ts';

const VISIT_HISTORY_DAYS = 90;

interface DemoVisits {
  /** Page views per China-time day. */
  daily: Array<{ day: string; pv: number }>;
  /** Visitors (opaque keys) per day, for the unique-visitor counts. */
  visitors: Array<{ day: string; visitor: string }>;
}

const onHoliday = (day: string): boolean => {
  const year = Number(day.slice(0, 4));
  for (let i = 0; i < 8; i++) {
    const [start, end] = holidaySpan(i, year);
    if (i !== 7 && start <= day && day <= end) return true;
  }
  return false;
};

/** `today`: the China-time day of seeding (`YYYY-MM-DD`). */
export function demoVisits(today: string, seed = 20180501): DemoVisits {
  const daily: DemoVisits['daily'] = [];
  const visitors: DemoVisits['visitors'] = [];
  // Returning visitors come from a pool, so a month has fewer visitors than the sum of its days.
  const pool = 9000;
  for (let back = VISIT_HISTORY_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const rng = forkRng(seed, `visits:${day}`);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const factor = onHoliday(day) ? 2.2 : weekday === 1 ? 0.45 : weekday === 0 || weekday === 6 ? 1.5 : 1;
    const uv = Math.round(rng.int(140, 260) * factor);
    const pv = Math.round(uv * (2.4 + rng.next() * 1.6));
    daily.push({ day, pv });
    const start = rng.int(0, pool - 1);
    for (let i = 0; i < uv; i++) visitors.push({ day, visitor: `demo-${(start + i * 7) % pool}` });
  }
  // Earlier years as one total each (on the year's last day, outside any recent report window).
  const first = addDays(today, -VISIT_HISTORY_DAYS);
  const rng = forkRng(seed, 'visits:years');
  for (let year = 2019; year < Number(first.slice(0, 4)); year++) {
    const day = `${year}-12-31`;
    if (daysBetween(day, first) > 0) daily.unshift({ day, pv: rng.int(160_000, 260_000) + (year - 2019) * 25_000 });
  }
  return { daily, visitors };
}
