// The words for an activity's three status integers (the service names the fields, not their values).
// This is the ONE table: the activity screens, the home page's upcoming activities and the demo-content
// generator all read these meanings. Values are small integers 0..3; anything else shows
// no word rather than a wrong one.
//
//   value | reserveType                       | reserveStatus                    | activityStatus
//   ------+-----------------------------------+----------------------------------+--------------------
//     0   | 无需预约 No reservation needed     | 未开放预约 Reservation not open yet | 未开始 Upcoming
//     1   | 线上预约 Online reservation        | 预约中 Open for reservation       | 进行中 In progress
//     2   | 电话预约 Reservation by phone      | 已约满 Fully booked               | 已结束 Ended
//     3   | 现场报名 Sign-up on site           | 预约已截止 Reservation closed      | 已取消 Cancelled

import { chinaTimeMs, endOfChinaDay } from './china-time.ts';
import type { Activity } from './wire.ts';

interface Words {
  zh: string;
  en: string;
}

type ActivityCodeKind = 'reserveType' | 'reserveStatus' | 'activityStatus';

/** Tone of a status word on screen: open things in the accent, finished ones muted. */
export type StatusTone = 'open' | 'soon' | 'full' | 'closed';

interface CodeRow extends Words {
  tone: StatusTone;
}

const ACTIVITY_CODES: Readonly<Record<ActivityCodeKind, readonly CodeRow[]>> = {
  reserveType: [
    { zh: '无需预约', en: 'No reservation needed', tone: 'open' },
    { zh: '线上预约', en: 'Online reservation', tone: 'open' },
    { zh: '电话预约', en: 'Reservation by phone', tone: 'open' },
    { zh: '现场报名', en: 'Sign-up on site', tone: 'open' },
  ],
  reserveStatus: [
    { zh: '未开放预约', en: 'Reservation not open yet', tone: 'soon' },
    { zh: '预约中', en: 'Open for reservation', tone: 'open' },
    { zh: '已约满', en: 'Fully booked', tone: 'full' },
    { zh: '预约已截止', en: 'Reservation closed', tone: 'closed' },
  ],
  activityStatus: [
    { zh: '未开始', en: 'Upcoming', tone: 'soon' },
    { zh: '进行中', en: 'In progress', tone: 'open' },
    { zh: '已结束', en: 'Ended', tone: 'closed' },
    { zh: '已取消', en: 'Cancelled', tone: 'closed' },
  ],
};

/** Named values of the codes, for code that sets or reads one. */
const RESERVE_TYPE = { none: 0, online: 1, phone: 2, onSite: 3 } as const;
const RESERVE_STATUS = { notOpen: 0, open: 1, full: 2, closed: 3 } as const;
export const ACTIVITY_STATUS = { upcoming: 0, ongoing: 1, ended: 2, cancelled: 3 } as const;

export interface CodeWord {
  text: string;
  tone: StatusTone;
}

/** The fields the statuses are worked out from (wire values; times `YYYY-MM-DD HH:mm[:ss]`, China time). */
type ActivityClock = Pick<
  Activity,
  'startTime' | 'endTime' | 'reserveStartTime' | 'reserveEndTime' | 'reserveType' | 'reserveStatus' | 'activityStatus'
>;

/** An activity's statuses at one moment: values of the table above. */
export interface ActivityState {
  /** activityStatus; null when neither the times nor the service say. */
  status: number | null;
  /** reserveStatus; null when no reservation is needed (reserveType 0) or nothing says. */
  reserve: number | null;
  /** Does the activity take reservations (reserveType other than 无需预约)? Its window is shown only then. */
  booking: boolean;
  /** When (ms) one of the words changes next by the clock alone; null when none will. */
  nextChangeMs: number | null;
}

/** The code the service sent, when it is one of the table's; else null. */
const code = (kind: ActivityCodeKind, value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && ACTIVITY_CODES[kind][value] ? value : null;

/**
 * The statuses a visitor sees at `nowMs`: worked out from the activity's own times wherever it has
 * them, because a service's stored codes are only as new as its last edit (a camp that ended last
 * week still said 进行中). The service's codes count only where times are missing, and for what no
 * clock can tell: a cancellation and a full booking.
 *
 * - Without an end an activity runs to the end of its start day.
 * - Booking opens at the reservation start (at once without one) and closes at the reservation end,
 *   else when the activity starts; it is closed once the activity is over or cancelled.
 */
export function activityState(a: ActivityClock, nowMs: number): ActivityState {
  const cancelled = a.activityStatus === ACTIVITY_STATUS.cancelled;
  const start = chinaTimeMs(a.startTime);
  const end = start === null ? null : Math.max(start, chinaTimeMs(a.endTime) ?? endOfChinaDay(start));
  let status = code('activityStatus', a.activityStatus);
  if (!cancelled && start !== null && end !== null) {
    status = nowMs < start ? ACTIVITY_STATUS.upcoming : nowMs < end ? ACTIVITY_STATUS.ongoing : ACTIVITY_STATUS.ended;
  }

  const booking = a.reserveType !== RESERVE_TYPE.none;
  const opens = chinaTimeMs(a.reserveStartTime);
  const closes = chinaTimeMs(a.reserveEndTime) ?? (opens !== null ? start : null);
  let reserve = booking ? code('reserveStatus', a.reserveStatus) : null;
  if (booking && (opens !== null || closes !== null)) {
    const full = a.reserveStatus === RESERVE_STATUS.full;
    reserve =
      opens !== null && nowMs < opens
        ? RESERVE_STATUS.notOpen
        : closes === null || nowMs < closes
          ? full
            ? RESERVE_STATUS.full
            : RESERVE_STATUS.open
          : RESERVE_STATUS.closed;
  }
  if (booking && reserve !== null && (status === ACTIVITY_STATUS.ended || status === ACTIVITY_STATUS.cancelled))
    reserve = RESERVE_STATUS.closed;

  const moments = cancelled ? [] : [start, end, ...(booking ? [opens, closes] : [])];
  const later = moments.filter((m): m is number => m !== null && m > nowMs);
  return { status, reserve, booking, nextChangeMs: later.length > 0 ? Math.min(...later) : null };
}

/** The word for one status integer in a language; null for a value outside the table. */
export function activityCodeWord(kind: ActivityCodeKind, value: unknown, lang: 'zh' | 'en'): CodeWord | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return null;
  const row = ACTIVITY_CODES[kind][value];
  return row ? { text: row[lang], tone: row.tone } : null;
}

/**
 * The age range as words: "6–12 岁" / "Ages 6–12", "6 岁以上" / "Ages 6+", "12 岁以下" / "Up to age 12",
 * "不限" / "All ages" when neither bound is set (0 or missing means no bound).
 */
export function ageRangeWords(minAge: unknown, maxAge: unknown, lang: 'zh' | 'en'): string {
  const min = typeof minAge === 'number' && minAge > 0 ? Math.trunc(minAge) : 0;
  const max = typeof maxAge === 'number' && maxAge > 0 ? Math.trunc(maxAge) : 0;
  if (min && max && max >= min) return lang === 'zh' ? `${min}–${max} 岁` : `Ages ${min}–${max}`;
  if (min) return lang === 'zh' ? `${min} 岁以上` : `Ages ${min}+`;
  if (max) return lang === 'zh' ? `${max} 岁以下` : `Up to age ${max}`;
  return lang === 'zh' ? '不限' : 'All ages';
}

/** `start – end` of two formatted times (each stays a full `YYYY-MM-DD HH:mm`, as the site shows times). */
export function timeRange(start: string, end: string): string {
  return start && end ? `${start} – ${end}` : start || end;
}
