// Permanent exhibitions (with their position on the gallery floor plan) and temporary exhibitions
// (past, current and upcoming around DEMO_TODAY), for both sites.
import type { SiteLanguage } from '../../../shared/wire.ts';
import { GALLERY_ROOMS, planPercent } from '../../../shared/floor-plan.ts';
import { say, type Pair } from './bilingual.ts';
import { at } from './dates.ts';
import { groupId, type Counter } from './ids.ts';
import { imagePath } from './image-pool.ts';
import type { Rng } from './prng.ts';
import type { Lexicon, SubjectKey } from './prose/types.ts';
import type { DemoExhibitionBase, DemoExhibitionTemp } from './types.ts';

interface BasePlan {
  name: Pair;
  image: string;
  subject: SubjectKey | null;
  /** Room of the floor plan (see art/motifs.ts floorplan) and floor. */
  room: number;
  floor: 1 | 2 | 3;
  opened: string;
}

export const BASES: BasePlan[] = [
  {
    name: ['云溪古韵——云溪地区古代历史陈列', 'Ancient Yunxi: Early History of the Region'],
    image: 'gallery-hall',
    subject: 'archaeology',
    room: 0,
    floor: 1,
    opened: '2011-09-28',
  },
  {
    name: ['吉金华章——商周青铜器陈列', 'Auspicious Metal: Shang and Zhou Bronzes'],
    image: 'bronze-ding',
    subject: 'bronze',
    room: 1,
    floor: 1,
    opened: '2011-09-28',
  },
  {
    name: ['瓷韵千年——历代陶瓷陈列', 'A Thousand Years of Ceramics'],
    image: 'porcelain-meiping',
    subject: 'ceramics',
    room: 2,
    floor: 1,
    opened: '2011-09-28',
  },
  {
    name: ['翰墨丹青——历代书画陈列', 'Ink and Colour: Painting and Calligraphy'],
    image: 'scroll-landscape',
    subject: 'painting',
    room: 3,
    floor: 2,
    opened: '2012-05-18',
  },
  { name: ['玉润东方——古代玉器陈列', 'The Virtue of Jade'], image: 'jade-bi', subject: 'jade', room: 4, floor: 2, opened: '2012-05-18' },
  {
    name: ['泉货春秋——古代钱币陈列', 'Coins through the Ages'],
    image: 'coin-wuzhu',
    subject: 'archaeology',
    room: 5,
    floor: 2,
    opened: '2013-01-18',
  },
  {
    name: ['丝路遗珍——丝绸之路文物陈列', 'Treasures of the Silk Road'],
    image: 'sancai-jar',
    subject: 'silk',
    room: 6,
    floor: 2,
    opened: '2014-06-14',
  },
  {
    name: ['红色记忆——革命文物陈列', 'Red Memory: Revolutionary History'],
    image: 'revolution-letter',
    subject: 'revolution',
    room: 7,
    floor: 3,
    opened: '2021-06-28',
  },
  {
    name: ['古城记忆——城市考古陈列', 'Memory of the Old City: Urban Archaeology'],
    image: 'history-old-hall',
    subject: 'archaeology',
    room: 0,
    floor: 3,
    opened: '2016-09-10',
  },
  {
    name: ['方寸乾坤——古代印章陈列', 'The World in a Seal'],
    image: 'seal-museum',
    subject: 'painting',
    room: 1,
    floor: 3,
    opened: '2017-05-18',
  },
  {
    name: ['镜里乾坤——历代铜镜陈列', 'Reflections: Bronze Mirrors'],
    image: 'bronze-mirror',
    subject: 'bronze',
    room: 2,
    floor: 3,
    opened: '2017-05-18',
  },
  {
    name: ['匠心传承——非物质文化遗产陈列', 'Living Heritage: Crafts of the Region'],
    image: 'activity-lantern',
    subject: 'heritage',
    room: 3,
    floor: 1,
    opened: '2018-06-09',
  },
  {
    name: ['茶韵瓷香——茶具与茶文化陈列', 'Tea and Porcelain'],
    image: 'tenmoku-bowl',
    subject: 'ceramics',
    room: 4,
    floor: 1,
    opened: '2019-09-27',
  },
  {
    name: ['礼乐之邦——古代礼乐文化陈列', 'Ritual and Music in Ancient China'],
    image: 'bronze-bell',
    subject: 'bronze',
    room: 5,
    floor: 1,
    opened: '2020-10-01',
  },
  {
    name: ['文房清韵——文房用具陈列', "The Scholar's Studio"],
    image: 'activity-calligraphy',
    subject: 'painting',
    room: 6,
    floor: 3,
    opened: '2022-05-18',
  },
];

/** A map point inside a gallery of the floor plan, in per cent of the picture. */
function mapPosition(room: number, second: boolean): [string, string] {
  const [x, y, w, h] = GALLERY_ROOMS[room % GALLERY_ROOMS.length] ?? [0, 0, 100, 100];
  const [px, py] = planPercent(x + w * (second ? 0.7 : 0.32), y + h * (second ? 0.62 : 0.42));
  return [px.toFixed(1), py.toFixed(1)];
}

const FLOOR_NAMES: Record<number, Pair> = { 1: ['一层', 'Level 1'], 2: ['二层', 'Level 2'], 3: ['三层', 'Level 3'] };

interface TempPlan {
  name: Pair;
  subject: SubjectKey;
  image: string;
  start: string;
  end: string;
  category: number;
  gallery: number;
  linkUrl?: string;
}

/** Categories of temporary exhibitions: extension1 holds the vendor code of dictionary EXHIBITION_CATEGORY. */
export const TEMP_CATEGORIES: Array<{ value: string; name: Pair }> = [
  { value: 'cms0701', name: ['原创展览', 'Original'] },
  { value: 'cms0702', name: ['引进展览', 'On loan'] },
  { value: 'cms0703', name: ['合作展览', 'Partnership'] },
  { value: 'cms0704', name: ['巡回展览', 'Touring'] },
];

export const TEMPS: TempPlan[] = [
  {
    name: ['匠心传承——非物质文化遗产展', 'Skilled Hands: Living Heritage'],
    subject: 'heritage',
    image: 'activity-lantern',
    start: '2027-02-01',
    end: '2027-05-31',
    category: 0,
    gallery: 3,
  },
  {
    name: ['海上瓷路——外销瓷特展', 'The Maritime Porcelain Road'],
    subject: 'ceramics',
    image: 'porcelain-yuhuchun',
    start: '2027-03-08',
    end: '2027-06-30',
    category: 1,
    gallery: 1,
  },
  {
    name: ['玉润东方——古代玉器精品展', 'The Virtue of Jade: Masterpieces'],
    subject: 'jade',
    image: 'jade-cong',
    start: '2027-01-18',
    end: '2027-05-05',
    category: 2,
    gallery: 2,
  },
  {
    name: ['纸上乾坤——古代书画装裱艺术展', 'The Art of Mounting: Scrolls Revealed'],
    subject: 'painting',
    image: 'handscroll-calligraphy',
    start: '2026-09-28',
    end: '2027-01-03',
    category: 0,
    gallery: 3,
  },
  {
    name: ['丝绸之路文物精品展', 'Treasures of the Silk Road'],
    subject: 'silk',
    image: 'sancai-jar',
    start: '2026-07-01',
    end: '2027-06-30',
    category: 1,
    gallery: 1,
    linkUrl: 'https://exhibition.example-museum.cn/silk-road/',
  },
  {
    name: ['钟鸣鼎食——青铜礼乐文化展', 'Bells and Cauldrons: Ritual and Music in Bronze'],
    subject: 'bronze',
    image: 'bronze-bell',
    start: '2026-05-18',
    end: '2027-02-28',
    category: 0,
    gallery: 2,
  },
  {
    name: ['巧手匠心——传统手工艺展', 'Crafts of the Region'],
    subject: 'heritage',
    image: 'shop-fan',
    start: '2025-01-20',
    end: '2025-04-20',
    category: 2,
    gallery: 3,
  },
  {
    name: ['宋代名窑瓷器特展', 'Treasures of the Song Kilns'],
    subject: 'ceramics',
    image: 'celadon-bowl',
    start: '2024-03-26',
    end: '2024-07-14',
    category: 1,
    gallery: 1,
  },
  {
    name: ['大地寻踪——近年考古新发现展', 'Tracing the Past: New Discoveries'],
    subject: 'archaeology',
    image: 'coin-wuzhu',
    start: '2023-01-16',
    end: '2023-05-07',
    category: 0,
    gallery: 2,
  },
  {
    name: ['君子比德——历代玉器展', 'Jade in Ancient China'],
    subject: 'jade',
    image: 'jade-bi',
    start: '2022-05-18',
    end: '2022-09-04',
    category: 3,
    gallery: 3,
  },
  {
    name: ['星火燎原——革命文物专题展', 'A Single Spark: Revolutionary Relics'],
    subject: 'revolution',
    image: 'revolution-lamp',
    start: '2021-06-18',
    end: '2021-10-31',
    category: 0,
    gallery: 1,
  },
  {
    name: ['万里同风——丝绸之路文化交流展', 'One Wind over Ten Thousand Miles'],
    subject: 'silk',
    image: 'bronze-mirror',
    start: '2021-04-28',
    end: '2021-08-15',
    category: 2,
    gallery: 2,
    linkUrl: 'https://www.example.org/exhibitions/one-wind/',
  },
  {
    name: ['笔墨千秋——明清书画精品展', 'Brush and Ink: Ming and Qing Masterpieces'],
    subject: 'painting',
    image: 'scroll-plum',
    start: '2020-09-25',
    end: '2020-12-27',
    category: 0,
    gallery: 3,
  },
  {
    name: ['青出于蓝——元明清青花瓷器展', 'Out of the Blue: Blue-and-White Porcelain'],
    subject: 'ceramics',
    image: 'porcelain-meiping',
    start: '2019-10-01',
    end: '2020-01-05',
    category: 1,
    gallery: 1,
  },
  {
    name: ['吉金鉴古——商周青铜器特展', 'Auspicious Metal: Bronzes of the Shang and Zhou'],
    subject: 'bronze',
    image: 'bronze-ding',
    start: '2019-05-18',
    end: '2019-08-31',
    category: 0,
    gallery: 2,
  },
];

const GALLERY_NAMES: Pair[] = [
  ['临时展厅一（一层东侧）', 'Temporary Gallery 1 (Level 1, east)'],
  ['临时展厅二（二层西侧）', 'Temporary Gallery 2 (Level 2, west)'],
  ['临时展厅三（三层）', 'Temporary Gallery 3 (Level 3)'],
  ['园林广场展厅', 'Garden Plaza Pavilion'],
];

function describe(rng: Rng, lex: Lexicon, subject: SubjectKey | null, name: string, site: SiteLanguage): string {
  const facts = subject ? rng.sample(lex.subjects[subject].facts, 2) : [];
  const lead =
    site === 'EN'
      ? `"${name}" presents highlights of the collection in a new light.`
      : `“${name}”以馆藏精品为核心，带领观众走进一段鲜活的历史。`;
  return [lead, ...facts].join(lex.sentenceJoiner);
}

interface ExhibitionIds {
  bases: Counter;
  temps: Counter;
}

export function exhibitionBases(rng: Rng, lex: Lexicon, site: SiteLanguage, ids: ExhibitionIds): DemoExhibitionBase[] {
  const seen = new Map<number, number>();
  return BASES.map((b) => {
    const inRoom = seen.get(b.room) ?? 0;
    seen.set(b.room, inRoom + 1);
    const [x, y] = mapPosition(b.room, inRoom > 0);
    const name = say(b.name, site);
    const place =
      site === 'EN'
        ? `Main Building, ${FLOOR_NAMES[b.floor]?.[1]}, Gallery ${b.room + 1}`
        : `主楼${FLOOR_NAMES[b.floor]?.[0]} 第${b.room + 1}展厅`;
    return {
      exhibitionBaseId: ids.bases.next(),
      groupId: groupId(rng),
      baseName: name,
      description: describe(rng, lex, b.subject, name, site),
      startTime: at(b.opened, 9),
      // Permanent: no closing date (null, as deployed services send it).
      endTime: null,
      basePlace: place,
      extension1: x,
      extension2: y,
      extension3: `${b.floor}F`,
      linkUrl: null,
      thumb: imagePath(b.image, 'CMS_EXHIBITION_BASE_IMG'),
      appThumb: rng.chance(0.5) ? imagePath(b.image, 'CMS_EXHIBITION_APP_IMG') : null,
      label: b.subject ? lex.subjects[b.subject].kw2 : null,
      languageType: site,
    };
  });
}

export interface DemoTemp {
  temp: DemoExhibitionTemp;
  subject: SubjectKey;
}

export function exhibitionTemps(rng: Rng, lex: Lexicon, site: SiteLanguage, ids: ExhibitionIds): DemoTemp[] {
  return TEMPS.map((t, i) => {
    const name = say(t.name, site);
    const image = imagePath(t.image, 'CMS_EXHIBITION_TEMP_IMG');
    return {
      subject: t.subject,
      temp: {
        exhibitionTempId: ids.temps.next(),
        groupId: groupId(rng),
        tempName: name,
        description: describe(rng, lex, t.subject, name, site),
        startTime: at(t.start, 9),
        endTime: at(t.end, 17),
        tempPlace: say(GALLERY_NAMES[t.gallery] ?? GALLERY_NAMES[0] ?? ['', ''], site),
        linkUrl: t.linkUrl ?? null,
        extension1: TEMP_CATEGORIES[t.category]?.value ?? null,
        thumb: image,
        appThumb: rng.chance(0.5) ? imagePath(t.image, 'CMS_EXHIBITION_APP_IMG') : null,
        label: lex.subjects[t.subject].kw2,
        isRecommend: i >= 3 && i <= 6,
        languageType: site,
      },
    };
  });
}
