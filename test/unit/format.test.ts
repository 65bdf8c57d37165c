import { describe, expect, it } from 'vitest';
import { displayVisitCount, formatDate, formatDateTime, formatDotted, formatDottedRange } from '../../shared/format.ts';

describe('date formats', () => {
  it('shows the date part', () => {
    expect(formatDate('2024-05-06 13:45:00')).toBe('2024-05-06');
    expect(formatDate('2024-5-6')).toBe('2024-05-06');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('');
  });
  it('shows activity times to the minute', () => {
    expect(formatDateTime('2024-05-06 09:05:59')).toBe('2024-05-06 09:05');
    expect(formatDateTime('2024-05-06')).toBe('2024-05-06 00:00');
  });
  it('reads times as written (no time zone shift near midnight)', () => {
    expect(formatDate('2024-12-31 23:59:59')).toBe('2024-12-31');
  });
  it('shows exhibition ranges dotted', () => {
    expect(formatDotted('2025-01-09 00:00:00')).toBe('2025.01.09');
    expect(formatDottedRange('2025-01-09 00:00:00', '2025-04-30 18:00:00')).toBe('2025.01.09 - 2025.04.30');
    expect(formatDottedRange('2025-01-09', '')).toBe('2025.01.09');
    expect(formatDottedRange('', '')).toBe('');
  });
});

describe('visit count (+500 on or before 2024-03-01)', () => {
  it('adds 500 on the cut-off day and before', () => {
    expect(displayVisitCount(12, '2024-03-01 23:00:00')).toBe(512);
    expect(displayVisitCount(0, '2019-07-01 08:00:00')).toBe(500);
  });
  it('adds nothing after the cut-off', () => {
    expect(displayVisitCount(12, '2024-03-02 00:00:00')).toBe(12);
  });
  it('adds nothing without a date and never shows a negative count', () => {
    expect(displayVisitCount(7, '')).toBe(7);
    expect(displayVisitCount(-3, '2025-01-01')).toBe(0);
  });
});
