// Fixed calendar arithmetic for demo dates (`YYYY-MM-DD HH:mm:ss`, China time as written). Date.UTC
// is used only as a calendar: no time zone and no clock is ever read.
import type { Rng } from './prng.ts';

/** The day the demo content is "written": statuses of activities and exhibitions are relative to it. */
export const DEMO_TODAY = '2026-11-01';

const pad = (n: number): string => String(n).padStart(2, '0');

function parts(day: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) throw new Error(`not a date: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Adds days to a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const [y, mo, d] = parts(day);
  const t = new Date(Date.UTC(y, mo - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

export function at(day: string, hour: number, minute = 0, second = 0): string {
  return `${day} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** A random moment of office hours on a random day between two days (both included). */
export function randomMoment(rng: Rng, from: string, to: string): string {
  const day = addDays(from, rng.int(0, Math.max(0, daysBetween(from, to))));
  return at(day, rng.int(8, 18), rng.pick([0, 10, 15, 20, 30, 40, 45, 50]), rng.int(0, 59));
}
