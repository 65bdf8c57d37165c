// Home, exhibition and collection pages through the edge (supertest over a socket to the edge's real handler) with the real
// reference service behind it: what a visitor's browser receives — titles, dotted date ranges,
// places, links (own sites in a new tab), type filters that change the records and survive paging,
// the slider and the home sections, English twins, and 404 for unknown ids.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, OWN_SITE, PAGE_FILES } from './page-fixture.ts';
import { articleId, fileHref, filterRow, galleryPictures, re, thumbHref } from '../world/requests.ts';
import { NO_PAGE_CACHE, startWorld, type World } from '../world/world.ts';
import { FIXTURE_FILES, wireId } from './cms-fixture.ts';

let edge: World;
beforeAll(async () => {
  edge = await startWorld({ content: 'pages', env: NO_PAGE_CACHE });
});
afterAll(async () => {
  await edge?.close();
});

async function page(path: string): Promise<{ status: number; html: string; location: string | undefined }> {
  const res = await request(edge.url).get(path).set('accept', 'text/html').redirects(0);
  return { status: res.status, html: res.text, location: res.headers.location as string | undefined };
}

const all = (html: string, re: RegExp): string[] => [...html.matchAll(re)].map((m) => m[1]!);
const exhibitionTitles = (html: string) => all(html, /<h2 class="exh-card__title">([^<]+)<\/h2>/g);
const cardTitles = (html: string) => all(html, /<h[23] class="card__title">([^<]+)<\/h[23]>/g);
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('home', () => {
  it('renders the slider: first slide eager with high priority, the others lazy, a thumbnail per slide', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('云溪博物馆');
    const slider = /<section class="slider"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(slider).toContain('aria-roledescription="carousel"');
    expect(all(slider, /aria-roledescription="slide" aria-label="([^"]+)"/g)).toEqual([
      '第 1 张，共 3 张',
      '第 2 张，共 3 张',
      '第 3 张，共 3 张',
    ]);
    expect(slider).toMatch(new RegExp(`<img src="${re(fileHref(PAGE_FILES.slide(1)))}"[^>]*loading="eager"[^>]*fetchPriority="high"`, 'i'));
    expect(slider).toMatch(new RegExp(`<img src="${re(fileHref(PAGE_FILES.slide(2)))}"[^>]*loading="lazy"`));
    // Only the first slide is shown and reachable before JavaScript runs.
    expect(slider).toMatch(/slider__slide slider__slide--active" role="group"[^>]*aria-label="第 1 张/);
    expect(all(slider, /slider__slide"[^>]*aria-hidden="(true)"[^>]*inert/g)).toHaveLength(2);
    expect(slider).toContain(`<a class="slider__link" href="/Exhibition/BaseExh/${IDS.bronzeGallery}"`);
    expect(slider).toContain('<a class="slider__link" href="https://vr.example-museum.cn/" target="_blank" rel="noopener">全景展厅</a>');
    expect(slider).toContain('<p class="slider__title">园林春色</p>');
    expect(slider).toContain('<p class="slider__text">商周青铜器陈列</p>');
    expect(all(slider, /aria-label="(第 \d 张：[^"]+)"/g)).toEqual(['第 1 张：青铜之光', '第 2 张：全景展厅', '第 3 张：园林春色']);
    expect(slider).toContain('aria-label="上一张"');
    expect(slider).toContain('aria-label="下一张"');
    expect(slider).toContain('aria-label="暂停轮播"');
  });

  it('shows the exhibitions on view, news, collection highlights, upcoming activities and statistics', async () => {
    const { html } = await page('/Home');
    const section = (id: string) => new RegExp(`<section class="home-section[^"]*home-${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';

    const exh = section('exh');
    expect(exh).toContain('<h2 id="home-exh-title" class="home-section__title">正在展出</h2>');
    expect(all(exh, /<h3 class="home-exh__title">([^<]+)<\/h3>/g)).toEqual([
      '丝绸之路文物精品展',
      '丝路瓷韵特展',
      '瓷韵千年——历代陶瓷陈列',
    ]);
    expect(exh).toContain(`href="${OWN_SITE}" target="_blank" rel="noopener"`);
    expect(exh).toContain('<span class="exh-facts__dates">2020.01.01 - 2099.12.31</span>');
    expect(exh).toContain('临时展厅二（二层西侧）');
    expect(exh).not.toContain('往届书画展');
    expect(exh).not.toContain('玉润东方');

    // The newest SNews article of the fixture (2025-06-28).
    const news = section('news');
    expect(news).toContain('本馆动态第10篇');
    expect(news).toContain(`href="/News/SNews/${articleId(1100)}"`);
    expect(news).toContain('>全部本馆新闻<');

    const col = section('col');
    expect(all(col, /<span class="home-col__name">([^<]+)<\/span>/g)).toEqual(['兽面纹铜鼎', '青铜器2号', '青铜器3号', '青铜器4号']);
    expect(col).toContain(`href="/Collection/PreciousCol/${IDS.ding}"`);

    const act = section('act');
    expect(act).toContain('<span class="home-act__title">青铜器里的中国</span>');
    expect(act).toContain('2099-03-01 14:00 – 2099-03-01 16:00');
    expect(act).toContain(`href="/Education/Activity/${IDS.farLecture}"`);
    // Over activities are left out while one is still to come.
    expect(act).not.toContain('周末讲座');

    // The fixture's counters are a handful of test visits: numbers that mean nothing are not shown
    // (the band with real history is covered by the home loader's unit test).
    expect(section('stats')).toBe('');
    expect(html).not.toContain('累计访问');
  });

  it('has an English twin with English slides and headings', async () => {
    const { status, html } = await page('/EN_Home');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Light of Bronze');
    expect(html).toContain('href="/EN_Exhibition/EN_BaseExh"');
    expect(html).toContain('>On view</h2>');
    expect(html).toContain('Treasures of the Silk Road');
    expect(html).toContain(`href="/EN_Exhibition/EN_TempExh/${IDS.enTemp}"`);
    expect(html).not.toContain('丝路瓷韵特展');
    expect(html).not.toContain('青铜之光');
  });
});

describe('exhibition lists', () => {
  it('lists temporary exhibitions 6 a page with status, dotted dates and place, own sites in a new tab', async () => {
    const { status, html } = await page('/Exhibition/TempExh');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('临时展览 - 云溪博物馆');
    expect(exhibitionTitles(html)).toEqual([
      '玉润东方——古代玉器精品展',
      '丝绸之路文物精品展',
      '丝路瓷韵特展',
      '往届书画展',
      '历年特展8',
      '历年特展7',
    ]);
    expect(html).toContain('共 8 个展览');
    expect(html).toContain('<span class="exh-facts__dates">2098.01.18 - 2098.05.05</span>');
    expect(html).toContain('<span class="exh-facts__dates">2019.01.01 - 2019.03.01</span>');
    expect(html).not.toMatch(/exh-facts__dates">[^<]*-\d{2}-/);
    expect(html).toContain('<dd>临时展厅二（二层西侧）</dd>');
    expect(all(html, /exh-facts__phase--(\w+)/g)).toEqual(['upcoming', 'current', 'current', 'past', 'past', 'past']);
    expect(html).toContain('>即将开展</p>');
    expect(html).toContain('>已闭展</p>');
    expect(html).toContain(`<a class="exh-card__link" href="${OWN_SITE}" target="_blank" rel="noopener">`);
    expect(html).toContain(`<a class="exh-card__link" href="/Exhibition/TempExh/${IDS.silkRoad}"`);
    expect(html).toContain('href="/Exhibition/TempExh?page=2#exhibitions"');
    expect(html).not.toContain('Treasures of the Silk Road');
  });

  it('pages on, and redirects a page past the end to the last page', async () => {
    const second = await page('/Exhibition/TempExh?page=2');
    expect(exhibitionTitles(second.html)).toEqual(['历年特展6', '历年特展5']);
    const past = await page('/Exhibition/TempExh?page=9');
    expect(past.status).toBe(302);
    expect(past.location).toBe('/Exhibition/TempExh?page=2');
  });

  it('narrows temporary exhibitions to on view, coming or past with real links', async () => {
    const { html } = await page('/Exhibition/TempExh');
    const row = {
      labels: ['全部', '正在展出', '即将开展', '往期展览'],
      hrefs: ['/Exhibition/TempExh', ...['current', 'upcoming', 'past'].map((type) => `/Exhibition/TempExh?type=${type}`)],
    };
    expect(filterRow(html)).toEqual({ ...row, current: ['全部'] });

    const current = await page('/Exhibition/TempExh?type=current');
    expect(exhibitionTitles(current.html)).toEqual(['丝绸之路文物精品展', '丝路瓷韵特展']);
    expect(filterRow(current.html)).toEqual({ ...row, current: ['正在展出'] });
    const upcoming = await page('/Exhibition/TempExh?type=upcoming');
    expect(exhibitionTitles(upcoming.html)).toEqual(['玉润东方——古代玉器精品展']);
    const past = await page('/Exhibition/TempExh?type=past');
    expect(exhibitionTitles(past.html)).toEqual(['往届书画展', '历年特展8', '历年特展7', '历年特展6', '历年特展5']);
    const unknown = await page('/Exhibition/TempExh?type=nope');
    expect(exhibitionTitles(unknown.html)).toHaveLength(6);
  });

  it('lists long-term exhibitions as open-ended, without status filters', async () => {
    const { status, html } = await page('/Exhibition/BaseExh');
    expect(status).toBe(200);
    expect(exhibitionTitles(html)).toEqual(['瓷韵千年——历代陶瓷陈列', '吉金华章——商周青铜器陈列']);
    expect(html).toContain('<span class="exh-facts__dates">2011.09.28</span><span class="exh-facts__note">长期展出</span>');
    expect(html).not.toContain('filter-links');
  });

  it('keeps DigitalExh and the ColLevy third level on the generic lists', async () => {
    const digital = await page('/Exhibition/DigitalExh');
    expect(digital.status).toBe(200);
    expect(cardTitles(digital.html)).toEqual(['数字青铜馆']);
    const levy = await page('/Collection/ColLevy/DonationSystem');
    expect(levy.status).toBe(200);
    expect(levy.html).toContain('捐赠制度第8篇');
    expect(levy.html).toContain('href="/Collection/ColLevy/DonationSystem?page=2');
    const redirect = await page('/Collection/ColLevy');
    expect(redirect.status).toBeGreaterThanOrEqual(301);
    expect(redirect.status).toBeLessThanOrEqual(308);
    expect(redirect.location).toBe('/Collection/ColLevy/DonationSystem');
  });
});

describe('exhibition details', () => {
  it('shows a long-term exhibition with its place on the floor plan and a sanitized description', async () => {
    const { status, html } = await page(`/Exhibition/BaseExh/${IDS.bronzeGallery}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('吉金华章——商周青铜器陈列 - 云溪博物馆');
    expect(html).toContain('<h1 class="exh-detail__title">吉金华章——商周青铜器陈列</h1>');
    expect(html).toContain('<dd>主楼一层 第2展厅</dd>');
    expect(html).toContain('<h2 id="exh-location" class="exh-detail__subhead">展厅位置</h2>');
    expect(html).toContain('role="img" aria-label="展厅平面示意图"');
    // Per cent of the 1000×750 plan: 25.5 % across, 40 % down.
    expect(html).toContain('<g class="floor-plan__marker" transform="translate(255.0 300.0)">');
    expect(html).toContain('主楼一层 第2展厅：在平面图的西部（入口在南面）');
    expect(html).toContain('href="/Exhibition/BaseExh"');

    const other = await page(`/Exhibition/BaseExh/${IDS.ceramicsGallery}`);
    expect(other.status).toBe(200);
    expect(other.html).not.toContain('floor-plan');
  });

  it('shows a temporary exhibition with its pictures and its exhibits linking into their collections', async () => {
    const { html } = await page(`/Exhibition/TempExh/${IDS.silkRoad}`);
    // Shared with the picture the page shows: an absolute URL below the file prefix.
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http://127\\.0\\.0\\.1:\\d+${re(fileHref(FIXTURE_FILES.image))}">`),
    );
    expect(html).toContain('<span class="exh-facts__dates">2020.01.01 - 2099.12.31</span>');
    expect(html).toContain('<p class="exh-facts__phase exh-facts__phase--current">展览中</p>');
    expect(html).toContain('<p>丝路瓷韵特展的介绍。</p>');
    expect(galleryPictures(html)).toEqual([{ thumb: thumbHref(PAGE_FILES.tempGallery), picture: fileHref(PAGE_FILES.tempGallery) }]);
    expect(html).toContain('alt="展厅一角"');
    const exhibits = /<section class="exh-detail__section" aria-labelledby="exh-exhibits">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(cardTitles(exhibits)).toEqual(['兽面纹铜鼎', '红军用过的马灯']);
    expect(exhibits).toContain(`href="/Collection/PreciousCol/${IDS.ding}"`);
    expect(exhibits).toContain(`href="/Collection/GMWW/${IDS.lamp}"`);
    expect(html).not.toContain('floor-plan');
  });

  it('links an exhibition with its own site out from the detail page too', async () => {
    const { html } = await page(`/Exhibition/TempExh/${IDS.ownSite}`);
    expect(html).toContain(
      `<a class="button button--primary exh-detail__site" href="${OWN_SITE}" target="_blank" rel="noopener">访问展览网站`,
    );
  });

  it('answers 404 for unknown, malformed and other-site ids', async () => {
    for (const path of [
      `/Exhibition/TempExh/${wireId('exhibitionTemp', 999)}`,
      '/Exhibition/BaseExh/abc',
      '/Exhibition/BaseExh/a.b',
      `/Exhibition/BaseExh/${wireId('exhibitionBase', 0)}`,
      // A temporary exhibition's id is no long-term exhibition's.
      `/Exhibition/BaseExh/${IDS.silkRoad}`,
      `/Exhibition/TempExh/${IDS.enTemp}`,
      `/EN_Exhibition/EN_TempExh/${IDS.silkRoad}`,
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toContain('class="status-page"');
    }
  });

  it('has English twins', async () => {
    const list = await page('/EN_Exhibition/EN_TempExh');
    expect(exhibitionTitles(list.html)).toEqual(['Treasures of the Silk Road']);
    expect(list.html).toContain('>On view</p>');
    expect(list.html).toContain('<dt>Dates</dt>');
    const detail = await page(`/EN_Exhibition/EN_BaseExh/${IDS.enGallery}`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain('Level 1, Gallery 2: in the centre of the plan (the entrance is on the south side)');
  });
});

describe('collections', () => {
  it('lists precious relics 12 a page as square cards, with type filters', async () => {
    const { status, html } = await page('/Collection/PreciousCol');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('珍贵文物 - 云溪博物馆');
    expect(html).toContain('<ul class="cards cards--collection">');
    expect(cardTitles(html)).toHaveLength(12);
    expect(cardTitles(html)[0]).toBe('兽面纹铜鼎');
    expect(html).toContain('<p class="card__subtitle">商</p>');
    expect(html).toContain('共 16 件');
    expect(html).toContain('href="/Collection/PreciousCol?type=QTQ"');
    expect(html).toContain('href="/Collection/PreciousCol?type=TCQ"');
    expect(html).toContain('href="/Collection/PreciousCol?page=2#collection"');
    expect(html).not.toContain('红军用过的马灯');
    const second = await page('/Collection/PreciousCol?page=2');
    expect(cardTitles(second.html)).toEqual(['青铜器13号', '瓷器14号', '瓷器15号', '瓷器16号']);
  });

  it('filters by type: the records change and the filter stays while paging', async () => {
    const ceramics = await page('/Collection/PreciousCol?type=TCQ');
    expect(cardTitles(ceramics.html)).toEqual(['瓷器14号', '瓷器15号', '瓷器16号']);
    expect(ceramics.html).toContain('共 3 件');
    expect(filterRow(ceramics.html, '文物类别')).toEqual({
      labels: ['全部', '青铜器', '陶瓷器'],
      hrefs: ['/Collection/PreciousCol', '/Collection/PreciousCol?type=QTQ', '/Collection/PreciousCol?type=TCQ'],
      current: ['陶瓷器'],
    });

    const bronzes = await page('/Collection/PreciousCol?type=QTQ');
    expect(cardTitles(bronzes.html)).toHaveLength(12);
    expect(bronzes.html).toContain('共 13 件');
    expect(bronzes.html).toContain('href="/Collection/PreciousCol?type=QTQ&amp;page=2#collection"');
    const bronzes2 = await page('/Collection/PreciousCol?type=QTQ&page=2');
    expect(cardTitles(bronzes2.html)).toEqual(['青铜器13号']);

    const unknown = await page('/Collection/PreciousCol?type=nope');
    expect(unknown.html).toContain('共 16 件');
  });

  it('lists revolutionary relics under GMWW', async () => {
    const { html } = await page('/Collection/GMWW');
    expect(cardTitles(html)).toEqual(['红军用过的马灯', '革命家书']);
    expect(html).toContain(`href="/Collection/GMWW/${IDS.lamp}"`);
  });

  it('shows an exhibit: thumb first of its list, every picture, facts, sanitized text, model link', async () => {
    const { status, html } = await page(`/Collection/PreciousCol/${IDS.ding}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('兽面纹铜鼎 - 云溪博物馆');
    expect(html).toMatch(
      new RegExp(`<img src="${re(fileHref(PAGE_FILES.exhibit(1)))}" alt="兽面纹铜鼎"[^>]*class="safe-image exhibit__image"`),
    );
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http://127\\.0\\.0\\.1:\\d+${re(fileHref(PAGE_FILES.exhibit(1)))}">`),
    );
    const facts = all(html, /<div class="exhibit__fact"><dt>([^<]+)<\/dt><dd>([^<]+)<\/dd><\/div>/g);
    expect(facts).toEqual(['类别', '年代', '具体年代', '尺寸', '级别', '收藏单位', '来源']);
    expect(html).toContain('<dt>来源</dt><dd>1953年征集</dd>');
    expect(html).toContain('<dt>具体年代</dt><dd>商代晚期</dd>');
    // The level is a vendor code of the EXHIBIT_LEVEL dictionary; the visitor reads its name.
    expect(html).toContain('<dt>级别</dt><dd>一级文物</dd>');
    expect(html).not.toContain('cms0801');
    expect(galleryPictures(html).map((p) => p.picture)).toEqual(
      [PAGE_FILES.exhibit(1), PAGE_FILES.exhibitB, PAGE_FILES.exhibitC].map(fileHref),
    );
    expect(html).toContain(
      '<a class="button button--primary exhibit__model" href="https://3d.example-museum.cn/ding" target="_blank" rel="noopener">',
    );
    expect(html).toContain('<p>鼎腹饰兽面纹。</p>');
    expect(html).not.toContain('alert(');
    expect(html).not.toMatch(/onerror=/i);
    expect(html).toContain('href="/Collection/PreciousCol"');
  });

  it('answers 404 for unknown and other-site exhibits, and serves the English twin', async () => {
    for (const path of [
      `/Collection/PreciousCol/${wireId('exhibit', 999)}`,
      '/Collection/GMWW/x1',
      '/Collection/GMWW/x.1',
      `/Collection/PreciousCol/${IDS.silkRoad}`,
      `/Collection/PreciousCol/${IDS.enDing}`,
      `/EN_Collection/EN_PreciousCol/${IDS.ding}`,
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
    const en = await page(`/EN_Collection/EN_PreciousCol/${IDS.enDing}`);
    expect(en.status).toBe(200);
    expect(en.html).toContain('<dt>Period</dt><dd>Shang</dd>');
    expect(en.html).toMatch(/<dt>[^<]+<\/dt><dd>Grade II<\/dd>/);
    const list = await page('/EN_Collection/EN_PreciousCol');
    expect(cardTitles(list.html)).toEqual(['Ding with taotie mask']);
    expect(list.html).toContain('1 objects');
  });
});
