// Display formats. Wire dates are `YYYY-MM-DD HH:mm:ss` already in China time, so
// they are read as written (no time zone arithmetic that could shift a day between server and browser).

const WIRE_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?/;

interface DateParts {
  y: string;
  m: string;
  d: string;
  hh: string;
  mm: string;
}

const pad2 = (v: string | undefined): string => (v ?? '0').padStart(2, '0');

function parts(value: string | null | undefined): DateParts | null {
  const m = WIRE_DATE.exec((value ?? '').trim());
  if (!m) return null;
  return { y: m[1]!, m: pad2(m[2]), d: pad2(m[3]), hh: pad2(m[4]), mm: pad2(m[5]) };
}

/** `YYYY-MM-DD` (lists, details); '' when the value is not a date. */
export function formatDate(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${p.y}-${p.m}-${p.d}` : '';
}

/** `YYYY-MM-DD HH:mm` (activity times); '' when the value is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${p.y}-${p.m}-${p.d} ${p.hh}:${p.mm}` : '';
}

/** `YYYY.MM.DD` (exhibition ranges). */
export function formatDotted(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${p.y}.${p.m}.${p.d}` : '';
}

/** `YYYY.MM.DD - YYYY.MM.DD`; one side alone when the other is missing, '' when both are. */
export function formatDottedRange(start: string | null | undefined, end: string | null | undefined): string {
  const a = formatDotted(start);
  const b = formatDotted(end);
  if (a && b) return `${a} - ${b}`;
  return a || b;
}

/** Articles published on or before this day show 500 more visits (the portal's display rule). */
const VISIT_BONUS_CUTOFF = '2024-03-01';
const VISIT_BONUS = 500;

/** The visit count a visitor sees: the stored count, +500 for articles published on or before 2024-03-01. */
export function displayVisitCount(visitCount: number | null | undefined, publishDate: string | null | undefined): number {
  const count = Number.isFinite(visitCount) && (visitCount as number) > 0 ? Math.trunc(visitCount as number) : 0;
  const day = formatDate(publishDate);
  return day !== '' && day <= VISIT_BONUS_CUTOFF ? count + VISIT_BONUS : count;
}
