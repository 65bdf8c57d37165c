// The collection lists' filters through the edge, as a visitor's browser receives them: type, level and
// period rows of plain links that combine in the address, the active one marked, the count of what the
// chosen filters give, the filtered records; hostile addresses get the unfiltered list. Against the
// reference service (which filters by level) and the stand-in (which, like a deployed service that does
// not know the field, ignores a level filter and answers the unfiltered list).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hex } from '../standin/data.ts';
import { IDS, PAGE_FILES } from './page-fixture.ts';
import { decodeEntities, filterRow } from '../world/requests.ts';
import { NO_PAGE_CACHE, startWorld, type World } from '../world/world.ts';

const all = (html: string, re: RegExp): string[] => [...html.matchAll(re)].map((m) => m[1]!);
const cardTitles = (html: string) => all(html, /<h[23] class="card__title">([^<]+)<\/h[23]>/g);
const countOf = (html: string) => /<p class="col-list__count"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
async function page(url: string, path: string) {
  const res = await request(url).get(path).set('accept', 'text/html').redirects(0);
  return { status: res.status, html: res.text, cache: res.headers['x-cache'] as string | undefined };
}

const BASE = '/Collection/PreciousCol';
const enc = encodeURIComponent;

describe('against the reference service', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ content: 'pages', env: NO_PAGE_CACHE });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('offers type, level and period rows as plain links, periods in time order, with the total', async () => {
    const { status, html } = await page(world.url, BASE);
    expect(status).toBe(200);
    expect(countOf(html)).toBe('共 16 件');
    expect(filterRow(html, '文物类别')).toEqual({
      labels: ['全部', '青铜器', '陶瓷器'],
      hrefs: [BASE, `${BASE}?type=QTQ`, `${BASE}?type=TCQ`],
      current: ['全部'],
    });
    expect(filterRow(html, '文物级别')?.labels).toEqual(['全部', '一级文物', '二级文物', '三级文物']);
    expect(filterRow(html, '文物级别')?.hrefs[1]).toBe(`${BASE}?level=cms0801`);
    expect(filterRow(html, '文物年代')?.labels).toEqual(['全部', '商', '西周', '宋']);
  });

  it('filters by level: only the objects of that grade, the link marked current', async () => {
    const { html } = await page(world.url, `${BASE}?level=cms0801`);
    expect(cardTitles(html)).toEqual(['兽面纹铜鼎']);
    expect(countOf(html)).toBe('共 1 件');
    expect(filterRow(html, '文物级别')?.current).toEqual(['一级文物']);
    // The other rows' links keep the level.
    expect(filterRow(html, '文物类别')?.hrefs).toContain(`${BASE}?type=TCQ&level=cms0801`);
  });

  it('combines type and period in one address, kept by the other rows and reset to page 1', async () => {
    const { html } = await page(world.url, `${BASE}?type=QTQ&age=${enc('西周')}&page=1`);
    const titles = cardTitles(html);
    expect(titles).toHaveLength(12);
    expect(titles.every((t) => t.startsWith('青铜器'))).toBe(true);
    expect(countOf(html)).toBe('共 12 件');
    expect(filterRow(html, '文物类别')?.current).toEqual(['青铜器']);
    expect(filterRow(html, '文物年代')?.current).toEqual(['西周']);
    expect(filterRow(html, '文物年代')?.hrefs).toContain(`${BASE}?type=QTQ&age=${enc('宋')}`);
    expect(filterRow(html, '文物级别')?.hrefs).toContain(`${BASE}?type=QTQ&level=cms0802&age=${enc('西周')}`);

    const song = await page(world.url, `${BASE}?age=${enc('宋')}`);
    expect(cardTitles(song.html)).toEqual(['瓷器14号', '瓷器15号', '瓷器16号']);
  });

  it('shows an empty list, not an error, for a combination nothing matches', async () => {
    const { status, html } = await page(world.url, `${BASE}?type=TCQ&level=cms0801`);
    expect(status).toBe(200);
    expect(countOf(html)).toBe('共 0 件');
    expect(cardTitles(html)).toEqual([]);
    expect(html).toContain('class="empty-state"');
  });

  it.each([
    ['an unknown type', '?type=nope'],
    ['a value given twice', '?type=QTQ&type=TCQ'],
    ['an over-long period', `?age=${'商'.repeat(300)}`],
    ['a control character', '?level=cms0801%00'],
    ['a line break', `?age=${enc('西\n周')}`],
    ['a bidirectional override', `?age=${enc('商\u202e')}`],
    ['markup', `?type=${enc('<script>alert(1)</script>')}`],
    ['bad percent-encoding', '?type=%E4%ZZ'],
  ])('answers the unfiltered list for %s', async (_name, query) => {
    const { status, html } = await page(world.url, `${BASE}${query}`);
    expect(status).toBe(200);
    expect(countOf(html)).toBe('共 16 件');
    for (const row of ['文物类别', '文物级别', '文物年代']) expect(filterRow(html, row)?.current).toEqual(['全部']);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('keeps each filtered list as its own cacheable page', async () => {
    const cached = await world.startEdge({ PAGE_CACHE_TTL_S: '60' });
    const path = `${BASE}?type=QTQ&age=${enc('商')}`;
    expect((await page(cached.url, path)).cache).toBe('MISS');
    const again = await page(cached.url, path);
    expect(again.cache).toBe('HIT');
    expect(cardTitles(again.html)).toEqual(['兽面纹铜鼎']);
    // Another combination is another page.
    const other = await page(cached.url, `${BASE}?type=QTQ&age=${enc('西周')}`);
    expect(other.cache).toBe('MISS');
    expect(cardTitles(other.html)).toHaveLength(12);
  });
});

/** What the page's islands were given (every island's props, merged): the stage's and the listen button's. */
function islandProps(html: string): Record<string, unknown> {
  const props = [...html.matchAll(/<museum-island [^>]*data-props="([^"]*)"/g)].map((m) => JSON.parse(decodeEntities(m[1]!)) as object);
  return Object.assign({ speech: null }, ...props) as Record<string, unknown>;
}

/** The IIIF manifest the page's head links. */
const manifestLink = (html: string): string | undefined =>
  /<link rel="alternate" type="application\/ld\+json[^"]*" href="([^"]+)"/.exec(html)?.[1];

describe('the exhibit page’s data for the zoom, the model, listening and IIIF', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ content: 'pages', env: NO_PAGE_CACHE });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('zooms the main picture of the store through the image service and links the manifest', async () => {
    const { html } = await page(world.url, `${BASE}/${IDS.ding}`);
    const data = islandProps(html);
    const service = `/iiif/3/${encodeURIComponent(PAGE_FILES.exhibit(1))}`;
    expect(data.zoom).toEqual({ service, full: `${service}/full/max/0/default.jpg` });
    expect(data.model).toEqual({ kind: 'link', url: 'https://3d.example-museum.cn/ding' });
    expect(data.speech).toEqual({ lang: 'zh-CN', text: '鼎腹饰兽面纹。' });
    // Absolute, in the island and in the head alike: the IIIF logo link carries it to viewers on other
    // sites, and harvesters read the head's link as it stands.
    expect(data.iiif).toEqual({ manifest: `${world.url}/iiif/3/manifest/${IDS.ding}` });
    expect(manifestLink(html)).toBe(`${world.url}/iiif/3/manifest/${IDS.ding}`);
  });

  it('reads the English commentary in English, and offers nothing to listen to without one', async () => {
    const en = islandProps((await page(world.url, `/EN_Collection/EN_PreciousCol/${IDS.enDing}`)).html);
    expect(en.speech).toBeNull();
    expect(en.model).toBeNull();
  });
});

describe('against a service that ignores the level filter (the stand-in)', () => {
  let world: World;
  const LEVEL_CALL = 'queryExhibitList';
  beforeAll(async () => {
    world = await startWorld({ content: 'standin', env: NO_PAGE_CACHE });
    // The stand-in stores levels as words; a dictionary of them gives the edge a level row to offer.
    world.standin.data.dictionaries.EXHIBIT_LEVEL = [
      {
        dictionaryId: 'l1',
        dictionaryCode: 'EXHIBIT_LEVEL',
        dictionaryName: '一级',
        dictionaryValue: '一级',
        dictionaryNameEn: 'Grade I',
        sort: 1,
      },
      {
        dictionaryId: 'l2',
        dictionaryCode: 'EXHIBIT_LEVEL',
        dictionaryName: '二级',
        dictionaryValue: '二级',
        dictionaryNameEn: 'Grade II',
        sort: 2,
      },
    ];
  });
  afterAll(async () => {
    await world?.close();
  });

  const sentEntities = () =>
    (world.standin.calls[LEVEL_CALL] ?? []).map((c) => (c.body as { entity?: Record<string, unknown> }).entity ?? {});

  it('filters by type and period, which the service knows', async () => {
    const whole = await page(world.url, BASE);
    expect(whole.status).toBe(200);
    const ages = filterRow(whole.html, '文物年代')?.labels ?? [];
    expect(ages[0]).toBe('全部');
    expect(ages.indexOf('商')).toBeLessThan(ages.indexOf('宋'));
    const shang = await page(world.url, `${BASE}?age=${enc('商')}`);
    expect(cardTitles(shang.html)).toEqual(['兽面纹青铜鼎']);
    expect(countOf(shang.html)).toBe('共 1 件');
  });

  it('shows a level the service did not apply as the unfiltered list, and offers no level row from then on', async () => {
    const whole = await page(world.url, BASE);
    expect(filterRow(whole.html, '文物级别')?.labels).toEqual(['全部', '一级', '二级']);

    const asked = await page(world.url, `${BASE}?level=${enc('一级')}`);
    expect(asked.status).toBe(200);
    // Not "filtered": the records the service sent, counted as they are, with no level claimed.
    expect(cardTitles(asked.html)).toEqual(cardTitles(whole.html));
    expect(countOf(asked.html)).toBe(countOf(whole.html));
    expect(filterRow(asked.html, '文物级别')).toBeNull();
    expect(filterRow(asked.html, '文物类别')?.hrefs.every((h) => !h.includes('level='))).toBe(true);
    expect(world.logs.filter((l) => String(l.msg).includes('ignores the exhibitLevel filter'))).toHaveLength(1);

    const later = await page(world.url, `${BASE}?level=${enc('二级')}&age=${enc('清')}`);
    expect(filterRow(later.html, '文物级别')).toBeNull();
    expect(cardTitles(later.html)).toEqual(['山水册页']);
    expect(world.logs.filter((l) => String(l.msg).includes('ignores the exhibitLevel filter'))).toHaveLength(1);
    // Once known, a level is not sent again.
    expect(sentEntities().filter((e) => e.exhibitLevel === '二级')).toEqual([]);
  });

  it('gives the English page’s commentary to the speech synthesis in English', async () => {
    const data = islandProps((await page(world.url, `/EN_Collection/EN_PreciousCol/${hex('exhibit:ding:EN')}`)).html);
    expect(data.speech).toEqual({ lang: 'en', text: 'Look for the eyes in the pattern.' });
    expect(data.zoom).not.toBeNull();
  });

  it('sends nothing to the service that it did not list itself', async () => {
    await page(world.url, `${BASE}?type=${enc("x' OR 1=1")}&age=${enc('<b>')}&level=${'x'.repeat(500)}`);
    await page(world.url, `${BASE}?age=${enc('商')}&age=${enc('宋')}`);
    const sent = sentEntities();
    expect(sent.length).toBeGreaterThan(0);
    for (const e of sent) {
      expect([undefined, 'cms0901', 'cms0902', 'cms0903', 'cms0904']).toContain(e.exhibitType);
      expect(typeof (e.age ?? '')).toBe('string');
      expect(String(e.age ?? '')).not.toMatch(/[<>']/);
      expect(String(e.exhibitLevel ?? '').length).toBeLessThan(10);
    }
  });
});
