// When things happen in the demo's world, so prose about them is dated when it could have been
// written: a holiday notice shortly before the holiday, a review shortly after, an opening story on
// the opening day, a visit to an exhibition while it is on, an award after it closed.
import type { Pair } from './bilingual.ts';
import { addDays, daysBetween } from './dates.ts';
import { BASES, TEMPS } from './exhibitions.ts';
import type { SubjectKey } from './prose/types.ts';

/** Days of the holidays (the order of the lexicons' `holiday` words); lunar ones per year. */
const LUNAR: Record<string, Record<number, string>> = {
  spring: {
    2019: '02-05',
    2020: '01-25',
    2021: '02-12',
    2022: '02-01',
    2023: '01-22',
    2024: '02-10',
    2025: '01-29',
    2026: '02-17',
    2027: '02-06',
  },
  dragonBoat: {
    2019: '06-07',
    2020: '06-25',
    2021: '06-14',
    2022: '06-03',
    2023: '06-22',
    2024: '06-10',
    2025: '05-31',
    2026: '06-19',
    2027: '06-09',
  },
  midAutumn: {
    2019: '09-13',
    2020: '10-01',
    2021: '09-21',
    2022: '09-10',
    2023: '09-29',
    2024: '09-17',
    2025: '10-06',
    2026: '09-25',
    2027: '09-15',
  },
};

/** [first day, last day] of holiday `index` (元旦, 春节, 清明节, 劳动节, 端午节, 中秋节, 国庆节, 暑假) in a year. */
export function holidaySpan(index: number, year: number): [string, string] {
  const d = (md: string): string => `${year}-${md}`;
  switch (index) {
    case 0:
      return [d('01-01'), d('01-01')];
    case 1: {
      const s = d(LUNAR.spring?.[year] ?? '02-01');
      return [addDays(s, -1), addDays(s, 6)];
    }
    case 2:
      return [d('04-04'), d('04-06')];
    case 3:
      return [d('05-01'), d('05-05')];
    case 4: {
      const s = d(LUNAR.dragonBoat?.[year] ?? '06-10');
      return [s, addDays(s, 2)];
    }
    case 5: {
      const s = d(LUNAR.midAutumn?.[year] ?? '09-20');
      return [s, addDays(s, 2)];
    }
    case 6:
      return [d('10-01'), d('10-07')];
    default:
      return [d('07-10'), d('08-31')];
  }
}

/** Days of the events (国际博物馆日, 文化和自然遗产日, 中国旅游日, 全民阅读日). */
function eventDay(index: number, year: number): string {
  const md = ['05-18', '06-13', '05-19', '04-23'][index] ?? '05-18';
  return `${year}-${md}`;
}

export interface Occasion {
  index: number;
  start: string;
  end: string;
}

const HOLIDAYS = 8;
const EVENTS = 4;

function occasions(count: number, span: (i: number, y: number) => [string, string], around: string): Occasion[] {
  const y = Number(around.slice(0, 4));
  const out: Occasion[] = [];
  for (const year of [y - 1, y, y + 1])
    for (let i = 0; i < count; i++) {
      const [start, end] = span(i, year);
      out.push({ index: i, start, end });
    }
  return out.sort((a, b) => a.start.localeCompare(b.start));
}

/** The next holiday starting after `day` (within `within` days). */
export function nextHoliday(day: string, within = 80): Occasion | null {
  return occasions(HOLIDAYS, holidaySpan, day).find((o) => o.start > day && daysBetween(day, o.start) <= within) ?? null;
}

/** The holiday that ended most recently before `day` (within `within` days). */
export function lastHoliday(day: string, within = 80): Occasion | null {
  return (
    occasions(HOLIDAYS, holidaySpan, day)
      .filter((o) => o.end < day && daysBetween(o.end, day) <= within)
      .at(-1) ?? null
  );
}

export function nextEvent(day: string, within = 120): Occasion | null {
  return (
    occasions(EVENTS, (i, y) => [eventDay(i, y), eventDay(i, y)], day).find((o) => o.start > day && daysBetween(day, o.start) <= within) ??
    null
  );
}

export function lastEvent(day: string, within = 120): Occasion | null {
  return (
    occasions(EVENTS, (i, y) => [eventDay(i, y), eventDay(i, y)], day)
      .filter((o) => o.end < day && daysBetween(o.end, day) <= within)
      .at(-1) ?? null
  );
}

export interface Showing {
  name: Pair;
  subject: SubjectKey | null;
  start: string;
  /** null: permanent. */
  end: string | null;
  temporary: boolean;
}

/** Every exhibition of the demo with its run (temporary ones end, permanent ones do not). */
export const SHOWINGS: readonly Showing[] = [
  ...TEMPS.map((t) => ({ name: t.name, subject: t.subject, start: t.start, end: t.end, temporary: true })),
  ...BASES.map((b) => ({ name: b.name, subject: b.subject, start: b.opened, end: null, temporary: false })),
];

export const isOn = (s: Showing, day: string): boolean => s.start <= day && (s.end === null || day <= s.end);
