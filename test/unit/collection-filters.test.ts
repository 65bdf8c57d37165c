// The collection lists' filters as rules: which address values choose a filter, the addresses of the
// filter links, which periods a collection offers and in what order, and what a detail page may zoom or
// load as a model (a file of the site's own store, nothing else).
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ContentCaller } from '../../server/content/content-api.ts';
import { collectionFilters } from '../../server/loaders/collection-filters.ts';
import type { LoaderContext } from '../../server/loaders/types.ts';
import type { EndpointName } from '../../shared/endpoints.ts';
import { exhibitModel, filterChoice, filterValue, storePath } from '../../shared/exhibits.ts';
import { inTimeOrder } from '../../shared/periods.ts';
import { ROUTE_BY_ID } from '../../shared/route-table.ts';

/** The longest filter value an address may give (64 characters). */
const FILTER_VALUE_MAX = 64;

/** A collection list's filters for an address, against a service listing these types, levels and records' periods. */
async function filtersAt(address: string, listed: { types?: string[]; levels?: string[]; ages?: Array<string | null> } = {}) {
  const answers: Partial<Record<EndpointName, unknown>> = {
    queryExhibitTypeList: { records: (listed.types ?? []).map((typeNo) => ({ typeNo, typeName: typeNo })), pages: 1 },
    queryDictionaryByCode: (listed.levels ?? []).map((value) => ({ dictionaryValue: value, dictionaryName: value })),
    queryExhibitList: { records: (listed.ages ?? []).map((age) => ({ age })), pages: 1 },
  };
  const api: ContentCaller = {
    call: async <T>(name: EndpointName) => ({ data: answers[name] as T, cache: 'MISS' as const, ageS: 0, tags: [] }),
  };
  const ctx = {
    api,
    route: ROUTE_BY_ID.get('zh:index')!,
    params: {},
    url: new URL(address, 'http://m.example'),
    lang: 'zh',
    site: { english: false, watermark: false, publicUrl: '', filePrefix: '/file', portalId: '', orgId: '' },
    requestId: 'r1',
    wx: false,
    now: () => 0,
    cacheUntil: () => {},
    logger: pino({ level: 'silent' }),
    channels: async () => [],
    chain: [],
    channel: undefined,
  } as LoaderContext;
  return (await collectionFilters(ctx, {})).view;
}
/** The address of a filter row's link for `value` ('' for "all"). */
const hrefIn = (links: ReadonlyArray<{ value: string; href: string }>, value: string) => links.find((l) => l.value === value)?.href;

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

  it('takes a parameter given twice only when both give the same value', async () => {
    const types = ['QTQ', 'TCQ'];
    expect((await filtersAt('/Collection/PreciousCol?type=QTQ', { types })).type).toBe('QTQ');
    expect((await filtersAt('/Collection/PreciousCol?type=QTQ&type=QTQ', { types })).type).toBe('QTQ');
    expect((await filtersAt('/Collection/PreciousCol?type=QTQ&type=TCQ', { types })).type).toBe('');
    expect((await filtersAt('/Collection/PreciousCol', { types })).type).toBe('');
  });
});

describe('filter link addresses', () => {
  const address = '/Collection/PreciousCol?page=3&care=1&type=QTQ&level=cms0801';
  const listed = { types: ['QTQ', 'TCQ'], levels: ['cms0801', 'cms0802'], ages: ['商', '宋'] };

  it('sets one filter, keeps the others and the reading mode, and goes back to page 1', async () => {
    const href = hrefIn((await filtersAt(address, listed)).ages, '商')!;
    expect(href).toBe('/Collection/PreciousCol?care=1&type=QTQ&level=cms0801&age=%E5%95%86');
    expect(new URL(href, 'http://m.example').searchParams.get('age')).toBe('商');
  });

  it('clears one filter with the empty value', async () => {
    expect(hrefIn((await filtersAt(address, listed)).types, '')).toBe('/Collection/PreciousCol?care=1&level=cms0801');
    expect(hrefIn((await filtersAt('/Collection/GMWW?type=x', listed)).types, '')).toBe('/Collection/GMWW');
  });

  it('writes every combination in one order, whatever order the address had', async () => {
    const shuffled = '/Collection/PreciousCol?age=%E5%95%86&level=cms0802&type=QTQ';
    expect(hrefIn((await filtersAt(shuffled, listed)).ages, '宋')).toBe('/Collection/PreciousCol?type=QTQ&level=cms0802&age=%E5%AE%8B');
  });

  it('drops values the address gave that were not chosen (unknown or malformed)', async () => {
    const hostile = '/Collection/PreciousCol?type=%3Cscript%3E&age=%0A';
    expect(hrefIn((await filtersAt(hostile, listed)).levels, 'cms0801')).toBe('/Collection/PreciousCol?level=cms0801');
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
    // 明 (1368) before its reign 永乐 (1403); 公元前221年 and 221 BC are the same year, before 公元前100年.
    expect(inTimeOrder(['年代不明', '公元1948年', '明永乐', '公元前100年', '221 BC', '明', '待考', '公元前221年', 'Date unknown'])).toEqual(
      ['221 BC', '公元前221年', '公元前100年', '明', '明永乐', '公元1948年', '年代不明', '待考', 'Date unknown'],
    );
  });

  it('offers each printable period once, in time order, the 30 most common when there are more', async () => {
    const offered = async (ages: Array<string | null>) =>
      (await filtersAt('/Collection/PreciousCol', { ages })).ages.map((l) => l.value).slice(1);
    expect(await offered(['宋', '商', null, '', '宋', ' 商 ', '清\u0000'])).toEqual(['商', '宋']);
    // 31 periods: 公元1年…公元30年 twice each, 公元前1年 once — the rarest is left out.
    const years = Array.from({ length: 30 }, (_, i) => `公元${i + 1}年`);
    const many = [...years, ...years, '公元前1年'];
    expect(await offered(many)).toEqual(years);
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
