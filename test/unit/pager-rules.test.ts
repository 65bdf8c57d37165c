import { describe, expect, it } from 'vitest';
import { clampPage, JUMP_PATTERN, pageHref, pagerModel, parsePageParam, correctedPageHref } from '../../shared/pager.ts';

describe('parsePageParam and clampPage', () => {
  it('reads a positive whole number and falls back to 1', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam(' 7 ')).toBe(7);
    for (const bad of ['', 'abc', '0', '-2', '2.5', '1e3', '99999999999999999999']) {
      expect(parsePageParam(bad)).toBe(1);
    }
  });
  it('clamps into 1…pages', () => {
    expect(clampPage(9, 4)).toBe(4);
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(3, 4)).toBe(3);
    expect(clampPage(3, 0)).toBe(1);
  });
});

describe('the window of page links', () => {
  it('shows five links centred on the current page', () => {
    expect(pagerModel(5, 10).links).toEqual([3, 4, 5, 6, 7]);
  });
  it('is pushed inside the range at both ends', () => {
    expect(pagerModel(1, 10).links).toEqual([1, 2, 3, 4, 5]);
    expect(pagerModel(2, 10).links).toEqual([1, 2, 3, 4, 5]);
    expect(pagerModel(10, 10).links).toEqual([6, 7, 8, 9, 10]);
    expect(pagerModel(9, 10).links).toEqual([6, 7, 8, 9, 10]);
  });
  it('shows every page when there are fewer than five', () => {
    expect(pagerModel(2, 3).links).toEqual([1, 2, 3]);
    expect(pagerModel(1, 0).links).toEqual([]);
  });
  it('honours another link count', () => {
    expect(pagerModel(5, 10, 3).links).toEqual([4, 5, 6]);
    expect(pagerModel(5, 10, 4).links).toEqual([4, 5, 6, 7]);
  });
});

describe('pagerModel', () => {
  it('hides at one page or fewer', () => {
    expect(pagerModel(1, 1).hidden).toBe(true);
    expect(pagerModel(1, 0).hidden).toBe(true);
    expect(pagerModel(1, 2).hidden).toBe(false);
  });
  it('has no previous on page 1 and no next on the last page', () => {
    expect(pagerModel(1, 4)).toMatchObject({ prev: null, next: 2, current: 1 });
    expect(pagerModel(4, 4)).toMatchObject({ prev: 3, next: null, current: 4 });
    expect(pagerModel(9, 4)).toMatchObject({ current: 4, next: null });
  });
});

describe('the jump box', () => {
  // As the browser compiles a pattern attribute: the whole value, with the v flag.
  const accepts = (value: string) => new RegExp(`^(?:${JUMP_PATTERN})$`, 'v').test(value);
  it('refuses non-numeric and zero entries', () => {
    for (const bad of ['', 'abc', '0', '00', '-1', '1.5', '二', ' 3']) expect(accepts(bad), bad).toBe(false);
  });
  it('takes a page number, leading zeros and numbers past the last page included (the loader clamps them)', () => {
    for (const good of ['3', '007', '99']) expect(accepts(good), good).toBe(true);
  });
});

describe('page links', () => {
  it('keep the other parameters and always write the page', () => {
    expect(pageHref('/Search', '?key=青铜&page=3', 1)).toBe('/Search?key=%E9%9D%92%E9%93%9C&page=1');
    expect(pageHref('/News/SNews', '', 2)).toBe('/News/SNews?page=2');
    expect(pageHref('/News/SNews', '?enxh=1', 4)).toBe('/News/SNews?enxh=1&page=4');
    expect(pageHref('/News/SNews', '', 2, 'list')).toBe('/News/SNews?page=2#list');
  });
});

describe('correctedPageHref', () => {
  it('names the address of the page shown when the parameter is not written as that page', () => {
    for (const bad of ['0', '-1', '2.5', 'abc', '', ' 3']) {
      expect(correctedPageHref('/News/SNews', `?page=${encodeURIComponent(bad)}&type=x`), bad).toBe(
        `/News/SNews?page=${bad === ' 3' ? 3 : 1}&type=x`,
      );
    }
    expect(correctedPageHref('/News/SNews', '?page=3')).toBeNull();
    expect(correctedPageHref('/News/SNews', '?type=x')).toBeNull();
  });
});
