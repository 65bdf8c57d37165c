// shared/activity.ts: the words for an activity's codes, ages and times, and its status and booking
// state read from its own times at a given moment (the stored codes only where times are missing).
import { describe, expect, it } from 'vitest';
import { chinaTimeMs } from '../../shared/china-time.ts';
import { ACTIVITY_STATUS, activityCodeWord, activityState, ageRangeWords, timeRange } from '../../shared/activity.ts';

type ActivityClock = Parameters<typeof activityState>[0];

/** The service's reservation codes, as its wire documents them. */
const RESERVE_TYPE = { none: 0, online: 1 } as const;
const RESERVE_STATUS = { notOpen: 0, open: 1, full: 2 } as const;

describe('activity status words', () => {
  it('maps every kind 0..3 to a word in both languages', () => {
    for (const kind of ['reserveType', 'reserveStatus', 'activityStatus'] as const) {
      expect(activityCodeWord(kind, 4, 'zh'), kind).toBeNull();
      for (let v = 0; v <= 3; v += 1) {
        expect(activityCodeWord(kind, v, 'zh')?.text).toMatch(/[\u4e00-\u9fa5]/);
        expect(activityCodeWord(kind, v, 'en')?.text).toMatch(/^[A-Z]/);
      }
    }
    expect(activityCodeWord('reserveStatus', 1, 'zh')).toEqual({ text: '预约中', tone: 'open' });
    expect(activityCodeWord('activityStatus', 2, 'en')).toEqual({ text: 'Ended', tone: 'closed' });
    expect(activityCodeWord('reserveType', 0, 'zh')?.text).toBe('无需预约');
  });

  it('shows no word for a value outside the table', () => {
    expect(activityCodeWord('reserveType', 7, 'zh')).toBeNull();
    expect(activityCodeWord('reserveType', -1, 'zh')).toBeNull();
    expect(activityCodeWord('reserveType', 1.5, 'zh')).toBeNull();
    expect(activityCodeWord('reserveType', '1', 'zh')).toBeNull();
  });

  it('says the age range in words', () => {
    expect(ageRangeWords(6, 12, 'zh')).toBe('6–12 岁');
    expect(ageRangeWords(6, 0, 'en')).toBe('Ages 6+');
    expect(ageRangeWords(0, 12, 'zh')).toBe('12 岁以下');
    expect(ageRangeWords(0, 0, 'zh')).toBe('不限');
    expect(ageRangeWords(undefined, null, 'en')).toBe('All ages');
  });

  it('joins a time range, either side alone', () => {
    expect(timeRange('2026-11-08 09:30', '2026-11-08 11:30')).toBe('2026-11-08 09:30 – 2026-11-08 11:30');
    expect(timeRange('2026-11-08 09:30', '')).toBe('2026-11-08 09:30');
    expect(timeRange('', '')).toBe('');
  });
});

describe('activity statuses by the clock', () => {
  /** A China-time wall clock reading as an instant. */
  const at = (time: string): number => Date.parse(`${time.replace(' ', 'T')}:00+08:00`);
  /** A camp: 11-01 to 11-08, booking 10-20 to 10-31, its stored codes frozen at "upcoming / open". */
  const camp: ActivityClock = {
    startTime: '2026-11-01 09:30:00',
    endTime: '2026-11-08 16:30:00',
    reserveStartTime: '2026-10-20 09:00:00',
    reserveEndTime: '2026-10-31 17:00:00',
    reserveType: RESERVE_TYPE.online,
    reserveStatus: RESERVE_STATUS.open,
    activityStatus: ACTIVITY_STATUS.upcoming,
  };

  it('follows the times, not the stored codes, and names the next change', () => {
    expect(activityState(camp, at('2026-10-10 12:00'))).toEqual({
      status: 0,
      reserve: 0,
      booking: true,
      nextChangeMs: at('2026-10-20 09:00'),
    });
    expect(activityState(camp, at('2026-10-25 12:00'))).toEqual({
      status: 0,
      reserve: 1,
      booking: true,
      nextChangeMs: at('2026-10-31 17:00'),
    });
    expect(activityState(camp, at('2026-11-01 08:00'))).toMatchObject({ status: 0, reserve: 3, nextChangeMs: at('2026-11-01 09:30') });
    expect(activityState(camp, at('2026-11-01 09:30'))).toMatchObject({ status: 1, reserve: 3, nextChangeMs: at('2026-11-08 16:30') });
    // The camp that "ended 11-08 but says 进行中": over, whatever the service stored.
    expect(activityState({ ...camp, activityStatus: ACTIVITY_STATUS.ongoing }, at('2026-11-25 10:00'))).toEqual({
      status: 2,
      reserve: 3,
      booking: true,
      nextChangeMs: null,
    });
  });

  it('keeps what no clock can tell: a cancellation and a full booking', () => {
    const cancelled = activityState({ ...camp, activityStatus: ACTIVITY_STATUS.cancelled }, at('2026-10-25 12:00'));
    expect(cancelled).toEqual({ status: 3, reserve: 3, booking: true, nextChangeMs: null });
    expect(activityState({ ...camp, reserveStatus: RESERVE_STATUS.full }, at('2026-10-25 12:00')).reserve).toBe(2);
    expect(activityState({ ...camp, reserveStatus: RESERVE_STATUS.full }, at('2026-10-10 12:00')).reserve).toBe(0);
  });

  it('shows no booking and no booking status for 无需预约', () => {
    const walkIn = activityState(
      { ...camp, reserveType: RESERVE_TYPE.none, reserveStatus: RESERVE_STATUS.notOpen },
      at('2026-10-10 12:00'),
    );
    expect(walkIn).toEqual({ status: 0, reserve: null, booking: false, nextChangeMs: at('2026-11-01 09:30') });
  });

  it('uses the service’s codes only where times are missing', () => {
    const bare = { ...camp, startTime: '', endTime: '', reserveStartTime: '', reserveEndTime: '', activityStatus: 1, reserveStatus: 2 };
    expect(activityState(bare, at('2026-10-10 12:00'))).toEqual({ status: 1, reserve: 2, booking: true, nextChangeMs: null });
    expect(activityState({ ...bare, activityStatus: 9, reserveStatus: -1 }, at('2026-10-10 12:00'))).toMatchObject({
      status: null,
      reserve: null,
    });
    // Without an end it runs to the end of its day; without a booking end, booking closes at the start.
    const open = { ...camp, endTime: '', reserveEndTime: '' };
    expect(activityState(open, at('2026-11-01 23:00'))).toMatchObject({ status: 1, reserve: 3, nextChangeMs: at('2026-11-02 00:00') });
    expect(activityState(open, at('2026-10-31 23:00'))).toMatchObject({ status: 0, reserve: 1, nextChangeMs: at('2026-11-01 09:30') });
  });
});

describe('wire times as instants (China time, +08:00)', () => {
  it('reads a wire time to the minute, in China time', () => {
    expect(chinaTimeMs('2025-05-01 09:30:45')).toBe(Date.parse('2025-05-01T09:30:00+08:00'));
    expect(chinaTimeMs('2025-5-1 9:05')).toBe(Date.parse('2025-05-01T09:05:00+08:00'));
    expect(chinaTimeMs('2025-05-01')).toBe(Date.parse('2025-05-01T00:00:00+08:00'));
    expect(chinaTimeMs(' 2025-01-01T23:59:59 ')).toBe(Date.parse('2025-01-01T23:59:00+08:00'));
  });

  it('rolls an out-of-range part over, as Date.UTC (and dayjs before it) does', () => {
    expect(chinaTimeMs('2024-02-30 00:00')).toBe(Date.parse('2024-03-01T00:00:00+08:00'));
    expect(chinaTimeMs('2025-13-01 00:00')).toBe(Date.parse('2026-01-01T00:00:00+08:00'));
  });

  it('gives null for what is not a time', () => {
    expect(chinaTimeMs('')).toBeNull();
    expect(chinaTimeMs(null)).toBeNull();
    expect(chinaTimeMs('soon')).toBeNull();
  });
});
