// The collection lists' filters as rules: which address values choose a filter, the addresses of the
// filter links, which periods a collection offers and in what order, and what a detail page may zoom or
// load as a model (a file of the site's own store, nothing else).
import { describe, expect, it } from 'vitest';
import { ageOptions, filteredHref, singleParam } from '../../server/loaders/collection-filters.ts';
import { FILTER_VALUE_MAX, exhibitModel, filterChoice, filterValue, storePath } from '../../shared/exhibits.ts';
import { inTimeOrder, periodStart } from '../../shared/periods.ts';

const none = { type: '', level: '', age: '' };

describe('filter values from an address', () => {
  it('takes a value the service listed, trimmed', () => {
    expect(filterChoice('QTQ', ['QTQ', 'TCQ'])).toBe('QTQ');
    expect(filterChoice(' 商 ', ['商', '西周'])).toBe('商');
  });

  it('reads a missing, unknown, over-long or unprintable value as no filter', () => {
    const listed = ['QTQ', 'a'.repeat(FILTER_VALUE_MAX + 1), 'Q\nTQ'];
    expect(filterChoice(null, listed)).toBe('');
    expect(filterChoice('nope', listed)).toBe('');
    expect(filterChoice('a'.repeat(FILTER_VALUE_MAX + 1), listed)).toBe('');
    expect(filterChoice('Q\nTQ', listed)).toBe('');
    expect(filterValue('商\u202e')).toBe('');
    expect(filterValue('\u0000')).toBe('');
    expect(filterValue('西周早期')).toBe('西周早期');
  });

  it('takes a parameter given twice only when both give the same value', () => {
    expect(singleParam(new URLSearchParams('type=QTQ'), 'type')).toBe('QTQ');
    expect(singleParam(new URLSearchParams('type=QTQ&type=QTQ'), 'type')).toBe('QTQ');
    expect(singleParam(new URLSearchParams('type=QTQ&type=TCQ'), 'type')).toBe('');
    expect(singleParam(new URLSearchParams(''), 'type')).toBe('');
  });
});

describe('filter link addresses', () => {
  const url = new URL('http://m.example/Collection/PreciousCol?page=3&care=1&type=QTQ&level=cms0801');
  const chosen = { type: 'QTQ', level: 'cms0801', age: '' };

  it('sets one filter, keeps the others and the reading mode, and goes back to page 1', () => {
    const href = filteredHref(url, chosen, 'age', '商');
    expect(href).toBe('/Collection/PreciousCol?care=1&type=QTQ&level=cms0801&age=%E5%95%86');
    expect(new URL(href, url).searchParams.get('age')).toBe('商');
  });

  it('clears one filter with the empty value', () => {
    expect(filteredHref(url, chosen, 'type', '')).toBe('/Collection/PreciousCol?care=1&level=cms0801');
    expect(filteredHref(new URL('http://m.example/Collection/GMWW?type=x'), none, 'type', '')).toBe('/Collection/GMWW');
  });

  it('writes every combination in one order, whatever order the address had', () => {
    const shuffled = new URL('http://m.example/Collection/PreciousCol?age=x&level=y&type=z');
    expect(filteredHref(shuffled, { type: 'QTQ', level: 'cms0802', age: '' }, 'age', '宋')).toBe(
      '/Collection/PreciousCol?type=QTQ&level=cms0802&age=%E5%AE%8B',
    );
  });

  it('drops values the address gave that were not chosen (unknown or malformed)', () => {
    const hostile = new URL('http://m.example/Collection/PreciousCol?type=%3Cscript%3E&age=%0A');
    expect(filteredHref(hostile, none, 'level', 'cms0801')).toBe('/Collection/PreciousCol?level=cms0801');
  });
});

describe('periods', () => {
  it('orders free-text periods in time: dynasties, reigns, early before late, years', () => {
    const values = ['清乾隆', '商代晚期', '1935年', '西周早期', '宋', '商代早期', '未详', '新石器时代', '明永乐', '战国'];
    expect(inTimeOrder(values)).toEqual([
      '新石器时代',
      '商代早期',
      '商代晚期',
      '西周早期',
      '战国',
      '宋',
      '明永乐',
      '清乾隆',
      '1935年',
      '未详',
    ]);
  });

  it('orders English periods the same way, and keeps unknown ones in their order at the end', () => {
    expect(inTimeOrder(['Qing, Qianlong reign', 'Late Shang', 'Mystery', 'Early Shang', 'Western Zhou', 'Unknown'])).toEqual([
      'Early Shang',
      'Late Shang',
      'Western Zhou',
      'Qing, Qianlong reign',
      'Mystery',
      'Unknown',
    ]);
  });

  it('places a value by the longest period name it holds, or by a year written in it', () => {
    expect(periodStart('明永乐')).toBe(1403);
    expect(periodStart('明')).toBe(1368);
    expect(periodStart('公元前221年')).toBe(-221);
    expect(periodStart('221 BC')).toBe(-221);
    expect(periodStart('公元1948年')).toBe(1948);
    expect(periodStart('年代不明')).toBeNull();
    expect(periodStart('待考')).toBeNull();
    expect(periodStart('Date unknown')).toBeNull();
  });

  it('offers each printable period once, the most common ones when there are too many', () => {
    expect(ageOptions(['宋', '商', null, '', '宋', ' 商 ', '清\u0000', undefined])).toEqual(['商', '宋']);
    const many = [...Array.from({ length: 5 }, () => '清'), ...Array.from({ length: 3 }, () => '宋'), '商'];
    expect(ageOptions(many, 2)).toEqual(['宋', '清']);
  });
});

describe('the store’s own files', () => {
  const origins = ['https://www.museum.example'];

  it('finds the store path of a record value, a prefixed path or a URL of the site itself', () => {
    expect(storePath('YUNXI/CMS/IMG/a.jpg', '/file', origins)).toBe('YUNXI/CMS/IMG/a.jpg');
    expect(storePath('/file/YUNXI/CMS/IMG/a.jpg', '/file', origins)).toBe('YUNXI/CMS/IMG/a.jpg');
    expect(storePath('https://www.museum.example/file/YUNXI/%E9%BC%8E.jpg', '/file', origins)).toBe('YUNXI/鼎.jpg');
  });

  it('names no store file for another host, a query, a climb out of the store or nothing', () => {
    expect(storePath('https://cdn.other.example/file/a.jpg', '/file', origins)).toBeNull();
    expect(storePath('https://www.museum.example/other/a.jpg', '/file', origins)).toBeNull();
    expect(storePath('https://www.museum.example/file/a.jpg?x=1', '/file', origins)).toBeNull();
    expect(storePath('YUNXI/../../etc/passwd', '/file', origins)).toBeNull();
    expect(storePath('javascript:alert(1)', '/file', origins)).toBeNull();
    expect(storePath('  ', '/file', origins)).toBeNull();
  });

  it('loads a glTF file of the site in the page, and links anything else', () => {
    expect(exhibitModel('YUNXI/CMS/MODEL/ding.glb', '/file', origins)).toEqual({ kind: 'gltf', url: '/file/YUNXI/CMS/MODEL/ding.glb' });
    expect(exhibitModel('https://www.museum.example/file/m/vase.gltf', '/file', origins)).toEqual({
      kind: 'gltf',
      url: '/file/m/vase.gltf',
    });
    expect(exhibitModel('https://3d.other.example/ding.glb', '/file', origins)).toEqual({
      kind: 'link',
      url: 'https://3d.other.example/ding.glb',
    });
    expect(exhibitModel('https://3d.other.example/ding', '/file', origins)).toEqual({ kind: 'link', url: 'https://3d.other.example/ding' });
    expect(exhibitModel(null, '/file', origins)).toBeNull();
    expect(exhibitModel('javascript:alert(1)', '/file', origins)).toBeNull();
  });
});
