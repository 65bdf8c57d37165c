// shared/slider.ts: stepping through the slides with wrap-around, and which thumbnails the strip shows.
import { describe, expect, it } from 'vitest';
import { stepSlide, thumbWindowStart } from '../../shared/slider.ts';

describe('slider arithmetic', () => {
  it('steps forward and back with wrap-around', () => {
    expect(stepSlide(0, 1, 5)).toBe(1);
    expect(stepSlide(4, 1, 5)).toBe(0);
    expect(stepSlide(0, -1, 5)).toBe(4);
    expect(stepSlide(2, -1, 5)).toBe(1);
    expect(stepSlide(0, 1, 1)).toBe(0);
    expect(stepSlide(3, 1, 0)).toBe(0);
  });

  it('shows three thumbnails with the active one centred where it can be', () => {
    expect(thumbWindowStart(0, 6)).toBe(0);
    expect(thumbWindowStart(1, 6)).toBe(0);
    expect(thumbWindowStart(2, 6)).toBe(1);
    expect(thumbWindowStart(4, 6)).toBe(3);
    expect(thumbWindowStart(5, 6)).toBe(3);
    expect(thumbWindowStart(1, 3)).toBe(0);
    expect(thumbWindowStart(1, 2)).toBe(0);
  });
});
