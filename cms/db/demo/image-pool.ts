// The pool of demo images every record draws from (about sixty pictures, each rendered once). A
// picture is stored under the folder of each kind of record that uses it (an exhibit's picture in
// CMS_EXHIBIT_INFO_IMG, the same picture on a news article in CMS_ARCHIVES_IMG), like uploads of a
// real store; every stored copy gets its THUMB and WATER variants.
import type { ImageSpec } from './art/compose.ts';
import { catalogueObjects, detailSlug, zoomSlug } from './catalogue.ts';
import { STORE_DIRS, storePath, type StoreDir } from './file-store.ts';
import { en } from './prose/en.ts';
import { zh } from './prose/zh.ts';
import type { PoolName } from './prose/types.ts';

const img = (
  slug: string,
  motif: ImageSpec['motif'],
  palette: ImageSpec['palette'],
  shape: ImageSpec['shape'],
  caption: string,
  captionEn: string,
  extra: Partial<ImageSpec> = {},
): ImageSpec => ({
  slug,
  motif,
  palette,
  shape,
  caption,
  captionEn,
  ...extra,
});

/** Square pictures of single objects (collections, exhibits). */
const OBJECTS: ImageSpec[] = [
  img('bronze-ding', 'ding', 'bronze', 'square', '兽面纹青铜鼎', 'Bronze Ding with Taotie Mask'),
  img('bronze-zun', 'zun', 'bronze', 'square', '云雷纹青铜尊', 'Bronze Zun Wine Vessel'),
  img('bronze-gu', 'gu', 'bronze', 'square', '云雷纹青铜觚', 'Bronze Gu with Thunder Pattern'),
  img('bronze-bell', 'bell', 'bronze', 'square', '青铜编钟', 'Bronze Chime Bell'),
  img('bronze-mirror', 'mirror', 'gold', 'square', '瑞兽葡萄纹铜镜', 'Bronze Mirror with Grapes'),
  img('porcelain-meiping', 'meiping', 'porcelain', 'square', '青花缠枝莲纹梅瓶', 'Blue-and-White Meiping Vase'),
  img('porcelain-yuhuchun', 'pear', 'porcelain', 'square', '青花玉壶春瓶', 'Blue-and-White Pear-shaped Vase'),
  img('celadon-bowl', 'bowl', 'celadon', 'square', '龙泉窑青釉莲瓣碗', 'Longquan Celadon Lotus Bowl'),
  img('celadon-vase', 'pear', 'celadon', 'square', '越窑青瓷瓶', 'Yue Ware Celadon Vase'),
  img('tenmoku-bowl', 'bowl', 'tenmoku', 'square', '建窑黑釉兔毫盏', "Jian Ware Hare's-Fur Tea Bowl"),
  img('sancai-jar', 'jar', 'sancai', 'square', '唐三彩罐', 'Tang Sancai Glazed Jar'),
  img('jade-bi', 'bi', 'jade', 'square', '谷纹玉璧', 'Jade Bi Disc with Grain Pattern'),
  img('jade-cong', 'cong', 'jade', 'square', '良渚文化玉琮', 'Liangzhu Jade Cong'),
  img('coin-wuzhu', 'coin', 'gold', 'square', '五铢钱', 'Wuzhu Coin'),
  img('seal-museum', 'seal', 'ink', 'square', '馆藏印章', 'Seal Impression', { text: '云溪博藏' }),
  img('revolution-letter', 'document', 'sepia', 'square', '革命文献', 'Revolutionary Document'),
  img('revolution-lamp', 'lamp', 'bronze', 'square', '马灯', 'Kerosene Lantern'),
  img('revolution-bugle-seal', 'seal', 'sepia', 'square', '苏区印信', 'Soviet-Area Seal', { text: '工农政府' }),
];

/** 4:3 pictures for news, activities and galleries. */
const SCENES: ImageSpec[] = [
  img('scroll-landscape', 'scroll', 'ink', 'landscape', '明代山水立轴', 'Ming Landscape Hanging Scroll'),
  img('handscroll-calligraphy', 'handscroll', 'ink', 'landscape', '行书诗卷', 'Running-Script Handscroll', { scale: 1.35 }),
  img('scroll-plum', 'plum', 'ink', 'landscape', '墨梅图', 'Ink Plum Blossom'),
  img('museum-facade', 'building', 'dusk', 'landscape', '云溪博物馆', 'Yunxi Museum', { scale: 1.1 }),
  img('garden-pavilion', 'pavilion', 'paper', 'landscape', '园林亭台', 'Garden Pavilion', { scale: 1.25 }),
  img('ancient-pagoda', 'pagoda', 'dusk', 'landscape', '古塔', 'Ancient Pagoda'),
  img('gallery-hall', 'hall', 'bronze', 'landscape', '展厅一角', 'In the Galleries', { scale: 1.1 }),
  img('activity-calligraphy', 'brush', 'paper', 'landscape', '书法体验课', 'Calligraphy Workshop', { scale: 1.2 }),
  img('activity-reading', 'book', 'paper', 'landscape', '亲子阅读', 'Family Reading', { scale: 1.2 }),
  img('activity-lantern', 'lantern', 'vermilion', 'landscape', '非遗花灯制作', 'Lantern-Making Workshop'),
  img('volunteer-badge', 'badge', 'vermilion', 'landscape', '志愿服务', 'Volunteer Service'),
  img('lecture-hall', 'lecture', 'indigo', 'landscape', '公益讲座', 'Public Lecture'),
  img('digital-ding', 'ding', 'indigo', 'landscape', '数字展览·青铜', 'Digital Gallery: Bronzes'),
  img('digital-vase', 'meiping', 'indigo', 'landscape', '数字展览·瓷器', 'Digital Gallery: Porcelain'),
  img('digital-scroll', 'handscroll', 'indigo', 'landscape', '数字展览·书画', 'Digital Gallery: Painting', { scale: 1.35 }),
  img('shop-fan', 'fan', 'vermilion', 'landscape', '山水折扇', 'Landscape Folding Fan', { scale: 1.2 }),
  img('shop-seal', 'seal', 'gold', 'landscape', '印章文创', 'Seal Souvenir', { text: '吉金永寿' }),
  img('shop-mirror', 'mirror', 'vermilion', 'landscape', '铜镜书签', 'Bronze-Mirror Bookmark'),
  img('history-old-hall', 'building', 'sepia', 'landscape', '旧馆旧影', 'The Old Museum Building', { scale: 1.1 }),
  img('history-pagoda', 'pagoda', 'sepia', 'landscape', '古塔旧影', 'The Pagoda, Early Photograph'),
  img('history-pavilion', 'pavilion', 'sepia', 'landscape', '园林旧影', 'The Garden, Early Photograph', { scale: 1.25 }),
  img('floor-plan', 'floorplan', 'paper', 'landscape', '', 'Gallery Floor Plan', { fill: true }),
];

/** 3:4 book covers. */
const BOOKS: ImageSpec[] = [
  img('book-bronze', 'bookcover', 'bronze', 'portrait', '馆藏青铜器图录', 'Catalogue of Bronzes', { text: '馆藏青铜器' }),
  img('book-ceramics', 'bookcover', 'celadon', 'portrait', '瓷韵千年', 'A Thousand Years of Porcelain', { text: '瓷韵千年' }),
  img('book-painting', 'bookcover', 'ink', 'portrait', '翰墨丹青', 'Ink and Colour', { text: '翰墨丹青' }),
  img('book-journal', 'bookcover', 'indigo', 'portrait', '云溪文博', 'Yunxi Museum Journal', { text: '云溪文博' }),
  img('book-kids', 'bookcover', 'vermilion', 'portrait', '博物馆里的中国', 'China in the Museum', { text: '博物馆里的中国' }),
  img('book-archaeology', 'bookcover', 'sepia', 'portrait', '考古发现', 'Archaeological Discoveries', { text: '考古新发现' }),
];

/** Wide pictures: section banners (no caption) and home slider pictures. */
const WIDE: ImageSpec[] = [
  img('banner-survey', 'building', 'dusk', 'banner', '', 'Yunxi Museum'),
  img('banner-news', 'pavilion', 'dusk', 'banner', '', 'Garden Pavilion'),
  img('banner-service', 'lantern', 'dusk', 'banner', '', 'Lantern'),
  img('banner-exhibition', 'zun', 'bronze', 'banner', '', 'Bronze Zun'),
  img('banner-collection', 'ding', 'bronze', 'banner', '', 'Bronze Ding'),
  img('banner-research', 'pagoda', 'ink', 'banner', '', 'Pagoda'),
  img('banner-education', 'brush', 'paper', 'banner', '', 'Brush and Inkstone'),
  img('slider-bronze', 'ding', 'bronze', 'wide', '', 'Bronzes of Shang and Zhou'),
  img('slider-porcelain', 'meiping', 'porcelain', 'wide', '', 'A Thousand Years of Porcelain'),
  img('slider-painting', 'scroll', 'ink', 'wide', '', 'Ink and Colour'),
  img('slider-museum', 'building', 'dusk', 'wide', '', 'Yunxi Museum'),
  img('slider-heritage', 'lantern', 'vermilion', 'wide', '', 'Living Heritage'),
];

/**
 * One picture of every object the collection can hold (catalogue.ts), captioned with the object's
 * own name, a closer view of it ("局部" / "detail") and the same picture large enough to zoom into: an
 * exhibit shows only pictures of itself. Only the pictures the records use are written.
 */
const CATALOGUE: ImageSpec[] = catalogueObjects().flatMap((o) => {
  const extra: Partial<ImageSpec> = o.text ? { text: o.text } : {};
  return [
    img(o.slug, o.motif, o.palette, 'square', o.name[0], o.name[1], extra),
    img(detailSlug(o.slug), o.motif, o.palette, 'square', `${o.name[0]}（局部）`, `${o.name[1]} (detail)`, { ...extra, scale: 1.45 }),
    img(zoomSlug(o.slug), o.motif, o.palette, 'square', o.name[0], o.name[1], { ...extra, zoom: true }),
  ];
});

/** The portrait of the i-th leader of the prose (the same person on both sites): captioned with their name. */
export const leaderPortrait = (i: number): string => `leader-${i + 1}`;
const PORTRAIT_PALETTES = ['paper', 'tenmoku', 'sepia', 'indigo', 'dusk'] as const;
const LEADERS: ImageSpec[] = zh.leaders.map((person, i) =>
  img(
    leaderPortrait(i),
    'portrait',
    PORTRAIT_PALETTES[i % PORTRAIT_PALETTES.length] ?? 'paper',
    'landscape',
    person.name,
    en.leaders[i]?.name ?? person.name,
    { text: person.name },
  ),
);

const IMAGE_POOL: readonly ImageSpec[] = [...OBJECTS, ...SCENES, ...BOOKS, ...WIDE, ...CATALOGUE, ...LEADERS];

const BY_SLUG = new Map(IMAGE_POOL.map((s) => [s.slug, s]));

/**
 * The path records carry for a pool picture stored in a folder (relative to the file prefix, no
 * leading slash). Throws for a slug outside the pool so a typo fails the generator.
 */
export function imagePath(slug: string, dir: StoreDir): string {
  if (!BY_SLUG.has(slug)) throw new Error(`no demo image "${slug}"`);
  return storePath(dir, slug, 'jpg');
}

let byPath: Map<string, ImageSpec> | null = null;

/** The pool picture behind a stored path, if it is one (any folder). */
export function specForFile(file: string): ImageSpec | undefined {
  byPath ??= new Map(IMAGE_POOL.flatMap((spec) => STORE_DIRS.map((dir) => [storePath(dir, spec.slug, 'jpg'), spec] as const)));
  return byPath.get(file);
}

/** The slug of a pool picture's stored path ('' when it is none). */
export function slugOf(file: string | null | undefined): string {
  return (file && specForFile(file)?.slug) || '';
}

export function caption(slug: string, site: 'CN' | 'EN'): string {
  const s = BY_SLUG.get(slug);
  if (!s) return '';
  return site === 'EN' ? s.captionEn : s.caption || s.captionEn;
}

/** Named groups the generators pick from. */
export const POOLS = {
  bronze: ['bronze-ding', 'bronze-zun', 'bronze-gu', 'bronze-bell', 'bronze-mirror'],
  ceramics: ['porcelain-meiping', 'porcelain-yuhuchun', 'celadon-bowl', 'celadon-vase', 'tenmoku-bowl', 'sancai-jar'],
  painting: ['scroll-landscape', 'handscroll-calligraphy', 'scroll-plum', 'seal-museum'],
  jade: ['jade-bi', 'jade-cong'],
  silk: ['sancai-jar', 'coin-wuzhu', 'bronze-mirror', 'celadon-vase'],
  revolution: ['revolution-letter', 'revolution-lamp', 'revolution-bugle-seal'],
  heritage: ['activity-lantern', 'shop-fan', 'seal-museum', 'activity-calligraphy'],
  archaeology: ['coin-wuzhu', 'bronze-mirror', 'sancai-jar', 'jade-cong', 'celadon-bowl'],
  museum: ['museum-facade', 'garden-pavilion', 'ancient-pagoda', 'gallery-hall'],
  activity: ['activity-calligraphy', 'activity-reading', 'activity-lantern', 'gallery-hall'],
  volunteer: ['volunteer-badge', 'gallery-hall', 'activity-reading', 'museum-facade'],
  lecture: ['lecture-hall', 'gallery-hall', 'handscroll-calligraphy'],
  digital: ['digital-ding', 'digital-vase', 'digital-scroll'],
  shop: ['shop-fan', 'shop-seal', 'shop-mirror', 'porcelain-meiping', 'activity-lantern'],
  history: ['history-old-hall', 'history-pagoda', 'history-pavilion'],
  portrait: LEADERS.map((s) => s.slug),
  books: ['book-bronze', 'book-ceramics', 'book-painting', 'book-journal', 'book-kids', 'book-archaeology'],
  sliders: ['slider-bronze', 'slider-porcelain', 'slider-painting', 'slider-museum', 'slider-heritage'],
} as const satisfies Record<PoolName, readonly string[]>;

/** The picture of a named object (a pool picture captioned with exactly that name), if there is one. */
export function pictureOfObject(name: string): string | undefined {
  byName ??= new Map(
    IMAGE_POOL.filter((s) => !s.slug.endsWith('-detail') && !s.zoom).flatMap((s) => [
      [s.caption ?? '', s.slug] as const,
      [s.captionEn.toLowerCase(), s.slug] as const,
    ]),
  );
  return byName.get(name) ?? byName.get(name.toLowerCase());
}
let byName: Map<string, string> | null = null;
