// Exhibit types, exhibits (30 treasures, 27 revolutionary relics, 20 more), their display images
// and which exhibits each temporary exhibition shows — the same objects on both sites. Like a real
// catalogue, not every record is complete: some have no grade, no guide text, no mobile picture.
import type { SiteLanguage } from '../../../shared/wire.ts';
import { fileRow } from './articles.ts';
import { say, SITES, type Pair } from './bilingual.ts';
import type { DemoTemp } from './exhibitions.ts';
import { storePath } from './file-store.ts';
import { groupId, type Counter } from './ids.ts';
import { caption, imagePath, POOLS } from './image-pool.ts';
import { MUSEUM } from './museum.ts';
import type { Rng } from './prng.ts';
import type { Lexicon, SubjectKey } from './prose/types.ts';
import type { DemoExhibit, DemoExhibitType, DemoFileInfo } from './types.ts';

export const EXHIBIT_TYPES: Array<{ typeNo: string; name: Pair; image: string }> = [
  { typeNo: 'QTQ', name: ['青铜器', 'Bronzes'], image: 'bronze-ding' },
  { typeNo: 'TCQ', name: ['陶瓷器', 'Ceramics'], image: 'porcelain-meiping' },
  { typeNo: 'SHH', name: ['书画', 'Painting and Calligraphy'], image: 'scroll-landscape' },
  { typeNo: 'YQ', name: ['玉器', 'Jades'], image: 'jade-bi' },
  { typeNo: 'QB', name: ['钱币', 'Coins'], image: 'coin-wuzhu' },
  { typeNo: 'MS', name: ['民俗文物', 'Folk Art'], image: 'activity-lantern' },
  { typeNo: 'JXD', name: ['近现代文物', 'Modern and Revolutionary'], image: 'revolution-letter' },
];

/** Exhibit levels: exhibitLevel holds the vendor code of dictionary EXHIBIT_LEVEL (null: not graded). */
export const LEVELS: Array<{ value: string; name: Pair }> = [
  { value: 'cms0801', name: ['一级文物', 'Grade I'] },
  { value: 'cms0802', name: ['二级文物', 'Grade II'] },
  { value: 'cms0803', name: ['三级文物', 'Grade III'] },
];

/** Ages with their date ranges. */
const AGES: Record<string, { name: Pair; detail: Pair }> = {
  lateShang: { name: ['商代晚期', 'Late Shang'], detail: ['约公元前13世纪—前11世纪', 'c. 13th–11th century BC'] },
  earlyZhou: { name: ['西周早期', 'Early Western Zhou'], detail: ['约公元前11世纪—前10世纪', 'c. 11th–10th century BC'] },
  lateZhou: { name: ['西周晚期', 'Late Western Zhou'], detail: ['约公元前9世纪—前8世纪', 'c. 9th–8th century BC'] },
  chunqiu: { name: ['春秋', 'Spring and Autumn'], detail: ['公元前770年—前476年', '770–476 BC'] },
  zhanguo: { name: ['战国', 'Warring States'], detail: ['公元前475年—前221年', '475–221 BC'] },
  qin: { name: ['秦', 'Qin'], detail: ['公元前221年—前207年', '221–207 BC'] },
  westernHan: { name: ['西汉', 'Western Han'], detail: ['公元前202年—公元8年', '202 BC–AD 8'] },
  xin: { name: ['新莽', 'Xin'], detail: ['公元9年—23年', 'AD 9–23'] },
  easternHan: { name: ['东汉', 'Eastern Han'], detail: ['公元25年—220年', 'AD 25–220'] },
  tang: { name: ['唐', 'Tang'], detail: ['公元618年—907年', 'AD 618–907'] },
  northernSong: { name: ['北宋', 'Northern Song'], detail: ['公元960年—1127年', 'AD 960–1127'] },
  southernSong: { name: ['南宋', 'Southern Song'], detail: ['公元1127年—1279年', 'AD 1127–1279'] },
  yuan: { name: ['元', 'Yuan'], detail: ['公元1271年—1368年', 'AD 1271–1368'] },
  ming: { name: ['明', 'Ming'], detail: ['公元1368年—1644年', 'AD 1368–1644'] },
  yongle: { name: ['明永乐', 'Ming, Yongle reign'], detail: ['公元1403年—1424年', 'AD 1403–1424'] },
  xuande: { name: ['明宣德', 'Ming, Xuande reign'], detail: ['公元1426年—1435年', 'AD 1426–1435'] },
  qing: { name: ['清', 'Qing'], detail: ['公元1644年—1911年', 'AD 1644–1911'] },
  kangxi: { name: ['清康熙', 'Qing, Kangxi reign'], detail: ['公元1662年—1722年', 'AD 1662–1722'] },
  yongzheng: { name: ['清雍正', 'Qing, Yongzheng reign'], detail: ['公元1723年—1735年', 'AD 1723–1735'] },
  qianlong: { name: ['清乾隆', 'Qing, Qianlong reign'], detail: ['公元1736年—1795年', 'AD 1736–1795'] },
  liangzhu: { name: ['良渚文化', 'Liangzhu culture'], detail: ['约公元前3300年—前2300年', 'c. 3300–2300 BC'] },
  modern: { name: ['清末民国', 'Late Qing to Republic'], detail: ['19世纪末—20世纪上半叶', 'late 19th–early 20th century'] },
};

type SizeKind = 'vessel' | 'scroll' | 'disc' | 'coin' | 'flat';

interface Form {
  name: Pair;
  size: SizeKind;
  image?: string;
}

interface Material {
  typeNo: string;
  subject: SubjectKey;
  /** Names: zh = pattern + material + form, en = `${material} ${form} with ${pattern}`. */
  material: Pair;
  forms: Form[];
  patterns: Pair[];
  ages: string[];
  /** English word order: "pattern first" for painting (artist), else "with pattern". */
  painting?: boolean;
}

const MATERIALS: Material[] = [
  {
    typeNo: 'QTQ',
    subject: 'bronze',
    material: ['铜', 'Bronze'],
    forms: [
      { name: ['鼎', 'ding'], size: 'vessel', image: 'bronze-ding' },
      { name: ['簋', 'gui'], size: 'vessel', image: 'bronze-ding' },
      { name: ['尊', 'zun'], size: 'vessel', image: 'bronze-zun' },
      { name: ['壶', 'hu'], size: 'vessel', image: 'bronze-zun' },
      { name: ['觚', 'gu'], size: 'vessel', image: 'bronze-gu' },
      { name: ['爵', 'jue'], size: 'vessel', image: 'bronze-gu' },
      { name: ['编钟', 'chime bell'], size: 'vessel', image: 'bronze-bell' },
      { name: ['镜', 'mirror'], size: 'disc', image: 'bronze-mirror' },
    ],
    patterns: [
      ['兽面纹', 'taotie mask'],
      ['云雷纹', 'thunder pattern'],
      ['夔龙纹', 'kui dragons'],
      ['蟠螭纹', 'interlaced dragons'],
      ['窃曲纹', 'S-shaped scrolls'],
      ['重环纹', 'overlapping rings'],
    ],
    ages: ['lateShang', 'earlyZhou', 'lateZhou', 'chunqiu', 'zhanguo'],
  },
  {
    typeNo: 'TCQ',
    subject: 'ceramics',
    material: ['', ''],
    forms: [
      { name: ['梅瓶', 'meiping vase'], size: 'vessel', image: 'porcelain-meiping' },
      { name: ['玉壶春瓶', 'pear-shaped vase'], size: 'vessel', image: 'porcelain-yuhuchun' },
      { name: ['碗', 'bowl'], size: 'vessel', image: 'celadon-bowl' },
      { name: ['盘', 'dish'], size: 'vessel', image: 'celadon-bowl' },
      { name: ['罐', 'jar'], size: 'vessel', image: 'sancai-jar' },
      { name: ['执壶', 'ewer'], size: 'vessel', image: 'celadon-vase' },
      { name: ['盏', 'tea bowl'], size: 'vessel', image: 'tenmoku-bowl' },
    ],
    patterns: [
      ['青花缠枝莲纹', 'blue-and-white, lotus scrolls'],
      ['青釉刻花', 'celadon, carved flowers'],
      ['白釉印花', 'white glaze, moulded flowers'],
      ['粉彩花鸟纹', 'famille rose, birds and flowers'],
      ['黑釉兔毫', "black glaze, hare's fur"],
      ['釉里红缠枝菊纹', 'underglaze red, chrysanthemum scrolls'],
      ['青白釉', 'qingbai glaze'],
    ],
    ages: ['tang', 'northernSong', 'southernSong', 'yuan', 'yongle', 'xuande', 'kangxi', 'yongzheng', 'qianlong'],
  },
  {
    typeNo: 'SHH',
    subject: 'painting',
    material: ['', ''],
    painting: true,
    forms: [
      { name: ['山水图轴', 'landscape, hanging scroll'], size: 'scroll', image: 'scroll-landscape' },
      { name: ['花鸟图册', 'birds and flowers, album'], size: 'scroll', image: 'scroll-plum' },
      { name: ['行书诗卷', 'poem in running script, handscroll'], size: 'scroll', image: 'handscroll-calligraphy' },
      { name: ['墨竹图轴', 'ink bamboo, hanging scroll'], size: 'scroll', image: 'scroll-plum' },
      { name: ['草书立轴', 'cursive calligraphy, hanging scroll'], size: 'scroll', image: 'handscroll-calligraphy' },
      { name: ['人物故事图卷', 'figures from history, handscroll'], size: 'scroll', image: 'scroll-landscape' },
    ],
    patterns: [
      ['文徵明', 'Wen Zhengming'],
      ['沈周', 'Shen Zhou'],
      ['董其昌', 'Dong Qichang'],
      ['唐寅', 'Tang Yin'],
      ['王翚', 'Wang Hui'],
      ['郑燮', 'Zheng Xie'],
      ['恽寿平', 'Yun Shouping'],
    ],
    ages: ['ming', 'ming', 'ming', 'ming', 'qing', 'qing', 'qing'],
  },
  {
    typeNo: 'YQ',
    subject: 'jade',
    material: ['玉', 'Jade'],
    forms: [
      { name: ['璧', 'bi disc'], size: 'disc', image: 'jade-bi' },
      { name: ['琮', 'cong'], size: 'vessel', image: 'jade-cong' },
      { name: ['佩', 'pendant'], size: 'flat', image: 'jade-bi' },
      { name: ['璜', 'huang'], size: 'flat', image: 'jade-bi' },
      { name: ['杯', 'cup'], size: 'vessel', image: 'jade-cong' },
    ],
    patterns: [
      ['谷纹', 'grain pattern'],
      ['蒲纹', 'rush-mat pattern'],
      ['龙纹', 'dragons'],
      ['螭纹', 'chi dragons'],
      ['兽面纹', 'mask'],
    ],
    ages: ['liangzhu', 'zhanguo', 'westernHan', 'easternHan', 'tang', 'qianlong'],
  },
];

/** Single pieces that are not built from parts: coins and folk art. */
const SINGLES: Array<{ typeNo: string; subject: SubjectKey; name: Pair; age: string; size: SizeKind; image: string }> = [
  { typeNo: 'QB', subject: 'archaeology', name: ['五铢钱', 'Wuzhu coin'], age: 'westernHan', size: 'coin', image: 'coin-wuzhu' },
  { typeNo: 'QB', subject: 'archaeology', name: ['开元通宝', 'Kaiyuan tongbao coin'], age: 'tang', size: 'coin', image: 'coin-wuzhu' },
  { typeNo: 'QB', subject: 'archaeology', name: ['秦半两', 'Qin banliang coin'], age: 'qin', size: 'coin', image: 'coin-wuzhu' },
  { typeNo: 'QB', subject: 'archaeology', name: ['大泉五十', 'Daquan wushi coin'], age: 'xin', size: 'coin', image: 'coin-wuzhu' },
  { typeNo: 'MS', subject: 'heritage', name: ['木版年画《连年有余》', 'Woodblock print, Abundance Year after Year'], age: 'modern', size: 'flat', image: 'activity-lantern' },
  { typeNo: 'MS', subject: 'heritage', name: ['皮影《白蛇传》人物', 'Shadow puppets from The White Snake'], age: 'modern', size: 'flat', image: 'activity-lantern' },
  { typeNo: 'MS', subject: 'heritage', name: ['苏绣花鸟屏风', 'Suzhou embroidered screen'], age: 'qing', size: 'flat', image: 'shop-fan' },
];

/** Revolutionary relics (generalType GMWW), with years. */
const GMWW: Array<{ name: Pair; year: string; period: Pair; size: SizeKind; image: string }> = [
  { name: ['红军军号', 'Red Army bugle'], year: '1934', period: ['土地革命战争时期', 'Agrarian Revolutionary War'], size: 'vessel', image: 'revolution-lamp' },
  { name: ['苏区纸币', 'Soviet-area banknote'], year: '1932', period: ['土地革命战争时期', 'Agrarian Revolutionary War'], size: 'flat', image: 'revolution-letter' },
  { name: ['烈士家书', 'Letter home from a martyr'], year: '1937', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-letter' },
  { name: ['马灯', 'Kerosene lantern'], year: '1935', period: ['土地革命战争时期', 'Agrarian Revolutionary War'], size: 'vessel', image: 'revolution-lamp' },
  { name: ['油印传单', 'Mimeographed leaflet'], year: '1938', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-letter' },
  { name: ['支前独轮车', "Frontline porters' wheelbarrow"], year: '1948', period: ['解放战争时期', 'War of Liberation'], size: 'flat', image: 'revolution-lamp' },
  { name: ['入党志愿书', 'Party membership application'], year: '1941', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-letter' },
  { name: ['红军斗笠', 'Red Army bamboo hat'], year: '1933', period: ['土地革命战争时期', 'Agrarian Revolutionary War'], size: 'disc', image: 'revolution-lamp' },
  { name: ['军用水壶', 'Army water canteen'], year: '1939', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'vessel', image: 'revolution-lamp' },
  { name: ['识字课本', 'Literacy primer'], year: '1940', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-letter' },
  { name: ['土地证', 'Land certificate'], year: '1947', period: ['解放战争时期', 'War of Liberation'], size: 'flat', image: 'revolution-bugle-seal' },
  { name: ['草鞋', 'Straw sandals'], year: '1935', period: ['土地革命战争时期', 'Agrarian Revolutionary War'], size: 'flat', image: 'revolution-lamp' },
  { name: ['木刻版画《支援前线》', 'Woodcut, Support the Front'], year: '1946', period: ['解放战争时期', 'War of Liberation'], size: 'flat', image: 'revolution-letter' },
  { name: ['《新华日报》合订本', 'Bound volume of Xinhua Daily'], year: '1938', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-letter' },
  { name: ['游击队油印机', 'Guerrilla mimeograph machine'], year: '1942', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-lamp' },
  { name: ['军民合作公约', 'Army and people cooperation pact'], year: '1944', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-letter' },
  { name: ['苏维埃政府布告', 'Proclamation of the soviet government'], year: '1931', period: ['土地革命战争时期', 'Agrarian Revolutionary War'], size: 'flat', image: 'revolution-bugle-seal' },
  { name: ['红军借据', 'Red Army IOU'], year: '1934', period: ['土地革命战争时期', 'Agrarian Revolutionary War'], size: 'flat', image: 'revolution-letter' },
  { name: ['手摇发报机', 'Hand-cranked telegraph'], year: '1943', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-lamp' },
  { name: ['抗战募捐收据', 'War-relief donation receipt'], year: '1938', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'flat', image: 'revolution-letter' },
  { name: ['渡江战役支前船桨', 'Oar from the Yangtze River crossing'], year: '1949', period: ['解放战争时期', 'War of Liberation'], size: 'flat', image: 'revolution-lamp' },
  { name: ['解放区邮票', 'Stamp of a liberated area'], year: '1946', period: ['解放战争时期', 'War of Liberation'], size: 'flat', image: 'revolution-bugle-seal' },
  { name: ['军功章', 'Military merit medal'], year: '1949', period: ['解放战争时期', 'War of Liberation'], size: 'disc', image: 'revolution-bugle-seal' },
  { name: ['铁皮饭盒', 'Tin lunch box'], year: '1945', period: ['抗日战争时期', 'War of Resistance against Japan'], size: 'vessel', image: 'revolution-lamp' },
  { name: ['战地医疗箱', 'Field medical kit'], year: '1947', period: ['解放战争时期', 'War of Liberation'], size: 'flat', image: 'revolution-lamp' },
  { name: ['拥军锦旗', 'Silk banner presented by villagers'], year: '1948', period: ['解放战争时期', 'War of Liberation'], size: 'scroll', image: 'revolution-letter' },
  { name: ['工农政府印章', "Seal of the workers' and peasants' government"], year: '1930', period: ['土地革命战争时期', 'Agrarian Revolutionary War'], size: 'flat', image: 'revolution-bugle-seal' },
];

interface ExhibitPlan {
  typeNo: string;
  subject: SubjectKey;
  name: Pair;
  age: Pair;
  ageDetail: Pair;
  size: Pair;
  /** Index into LEVELS; null when the object is not graded. */
  level: number | null;
  images: string[];
  source: Pair;
  treasure: boolean;
  recommend: boolean;
  general: 'GDWW' | 'GMWW';
  model: boolean;
  loan: Pair | null;
}

const one = (n: number): string => (Math.round(n * 10) / 10).toString();

function sizeOf(rng: Rng, kind: SizeKind): Pair {
  switch (kind) {
    case 'vessel': {
      const h = one(rng.int(80, 600) / 10);
      const d = one(rng.int(60, 400) / 10);
      return [`高${h}厘米 口径${d}厘米`, `H. ${h} cm, mouth diam. ${d} cm`];
    }
    case 'scroll': {
      const h = rng.int(28, 180);
      const w = rng.int(30, 420);
      return [`纵${h}厘米 横${w}厘米`, `${h} × ${w} cm`];
    }
    case 'disc': {
      const d = one(rng.int(60, 320) / 10);
      return [`直径${d}厘米`, `Diam. ${d} cm`];
    }
    case 'coin': {
      const d = one(rng.int(22, 28) / 10);
      const g = one(rng.int(25, 45) / 10);
      return [`直径${d}厘米 重${g}克`, `Diam. ${d} cm, wt. ${g} g`];
    }
    default: {
      const l = one(rng.int(80, 900) / 10);
      const w = one(rng.int(50, 600) / 10);
      return [`长${l}厘米 宽${w}厘米`, `L. ${l} cm, W. ${w} cm`];
    }
  }
}

function sourceOf(rng: Rng, lexZh: Lexicon, lexEn: Lexicon, before = 2018): Pair {
  const year = rng.int(1956, before);
  const who = rng.int(0, lexZh.words.person?.length ? lexZh.words.person.length - 1 : 0);
  const zhName = lexZh.words.person?.[who] ?? '';
  const enName = lexEn.words.person?.[who] ?? '';
  return rng.pick<Pair>([
    [`${year}年征集`, `Acquired ${year}`],
    [`${year}年${zhName}捐赠`, `Gift of ${enName}, ${year}`],
    [`${year}年云溪城郊出土`, `Excavated near Yunxi, ${year}`],
    [`${year}年文物商店拨交`, `Transferred from the Cultural Relics Store, ${year}`],
  ]);
}

/** A thumb list: the object's own picture first, then up to three more of its kind. */
function imagesOf(rng: Rng, main: string, subject: SubjectKey): string[] {
  const pool = (POOLS[subject] as readonly string[]).filter((s) => s !== main);
  return [main, ...rng.sample(pool.length ? pool : POOLS.museum, rng.chance(0.15) ? 0 : rng.int(1, 3))];
}

const PARTNERS: Pair[] = [
  ['上海博物馆', 'Shanghai Museum'],
  ['南京博物院', 'Nanjing Museum'],
  ['湖北省博物馆', 'Hubei Provincial Museum'],
];

/** The language-neutral plan of every exhibit, drawn once for both sites. */
function planExhibits(rng: Rng, zh: Lexicon, en: Lexicon): ExhibitPlan[] {
  const plans: ExhibitPlan[] = [];
  const names = new Set<string>();
  const quota: Record<string, number> = { QTQ: 14, TCQ: 14, SHH: 9, YQ: 6 };
  for (const m of MATERIALS) {
    let made = 0;
    while (made < (quota[m.typeNo] ?? 0)) {
      const form = rng.pick(m.forms);
      const pi = rng.int(0, m.patterns.length - 1);
      const pattern = m.patterns[pi] ?? ['', ''];
      const name: Pair = m.painting
        ? [`${pattern[0]}${form.name[0]}`, `${pattern[1]}, ${form.name[1]}`]
        : m.typeNo === 'TCQ'
          ? [`${pattern[0]}${form.name[0]}`, `${form.name[1][0]?.toUpperCase()}${form.name[1].slice(1)}, ${pattern[1]}`]
          : [`${pattern[0]}${m.material[0]}${form.name[0]}`, `${m.material[1]} ${form.name[1]} with ${pattern[1]}`];
      if (names.has(name[0])) continue;
      names.add(name[0]);
      const ageKey = m.painting ? (m.ages[pi] ?? 'ming') : rng.pick(m.ages);
      const age = AGES[ageKey] ?? AGES.ming;
      if (!age) continue;
      plans.push({
        typeNo: m.typeNo,
        subject: m.subject,
        name,
        age: age.name,
        ageDetail: age.detail,
        size: sizeOf(rng, form.size),
        level: 0,
        images: imagesOf(rng, form.image ?? rng.pick(POOLS[m.subject]), m.subject),
        source: sourceOf(rng, zh, en),
        treasure: false,
        recommend: false,
        general: 'GDWW',
        model: false,
        loan: null,
      });
      made++;
    }
  }
  for (const s of SINGLES) {
    const age = AGES[s.age];
    if (!age) continue;
    plans.push({ typeNo: s.typeNo, subject: s.subject, name: s.name, age: age.name, ageDetail: age.detail, size: sizeOf(rng, s.size), level: 0, images: imagesOf(rng, s.image, s.subject), source: sourceOf(rng, zh, en), treasure: false, recommend: false, general: 'GDWW', model: false, loan: null });
  }
  // Thirty treasures among the ancient objects: most of them grade I.
  const ancient = rng.shuffle(plans.map((_, i) => i));
  ancient.forEach((index, rank) => {
    const p = plans[index];
    if (!p) return;
    p.treasure = rank < 30;
    p.level = p.treasure ? (rng.chance(0.8) ? 0 : 1) : rng.chance(0.3) ? null : rng.int(1, 2);
    p.recommend = rank < 8;
    p.model = rank % 5 === 0;
    p.loan = !p.treasure && rank % 7 === 3 ? rng.pick(PARTNERS) : null;
  });
  for (const g of GMWW) {
    plans.push({
      typeNo: 'JXD',
      subject: 'revolution',
      name: g.name,
      age: [`${g.year}年`, g.year],
      ageDetail: g.period,
      size: sizeOf(rng, g.size),
      level: rng.pick([0, 1, 1, 2, null]),
      images: imagesOf(rng, g.image, 'revolution'),
      source: sourceOf(rng, zh, en, 2021),
      treasure: false,
      recommend: rng.chance(0.15),
      general: 'GMWW',
      model: rng.chance(0.15),
      loan: null,
    });
  }
  return plans;
}

export interface CollectionIds {
  types: Counter;
  exhibits: Counter;
  files: Counter;
}

export interface CollectionContent {
  exhibitTypes: DemoExhibitType[];
  exhibits: DemoExhibit[];
  tempExhibits: Array<{ groupId: string; exhibitId: number }>;
  files: DemoFileInfo[];
}

/** What a label says about one object of a kind (true of any object of that kind). */
const NOTES: Partial<Record<SubjectKey, Pair[]>> = {
  bronze: [
    ['器身纹饰层次分明，主纹与地纹相互映衬，体现了高超的铸造工艺。', 'Its layered decoration, main motifs set against a fine ground, shows superb casting.'],
    ['器表覆盖着自然形成的绿色锈层，古朴庄重。', 'A natural green patina covers the surface.'],
    ['这类器物是古代礼制的重要载体，常用于祭祀和宴飨。', 'Objects like this were central to ritual, used in sacrifices and banquets.'],
  ],
  ceramics: [
    ['胎质细腻，釉色莹润，器型端庄秀美。', 'The body is fine, the glaze lustrous and the form elegant.'],
    ['纹饰布局疏密有致，笔触流畅自然。', 'The decoration is well spaced and fluently painted.'],
    ['这件瓷器是同类器物中的精品，保存完好。', 'It is a fine and well-preserved example of its type.'],
  ],
  painting: [
    ['画面笔墨精妙，构图疏朗，意境深远。', 'The brushwork is subtle and the composition open and far-reaching.'],
    ['作品上钤有多方收藏印，流传有序。', "Collectors' seals record a well-documented history of ownership."],
    ['作品对光照敏感，每次展出时间有限。', 'Light-sensitive, it is shown only for short periods.'],
  ],
  jade: [
    ['玉质温润，琢磨精细，线条流畅。', 'The jade is smooth and warm, the carving precise and fluent.'],
    ['古人以玉比德，玉器承载着温润、坚贞的品格象征。', 'Jade stood for virtue: warm, pure and unyielding.'],
  ],
  archaeology: [
    ['钱文清晰，轮廓规整，是研究古代货币制度的重要实物。', 'Its clear legend and neat rim make it key evidence for ancient currency.'],
    ['钱币虽小，却折射出一个时代的经济与社会面貌。', 'Small as it is, a coin reflects the economy and society of its age.'],
  ],
  heritage: [
    ['作品构图饱满，色彩明快，洋溢着浓郁的生活气息。', 'Full of colour and life, it reflects everyday customs.'],
    ['这一技艺已被列入非物质文化遗产名录。', 'The craft is listed as intangible cultural heritage.'],
  ],
  revolution: [
    ['这件文物见证了革命年代的艰苦岁月。', 'It bears witness to the hard years of revolution.'],
    ['朴素的用品，讲述着革命先辈坚定理想信念的动人故事。', 'Simple belongings like this tell moving stories of conviction.'],
  ],
};

const CLOSINGS: Pair[] = [
  ['请大家仔细观察它的造型与纹饰，感受古人的匠心。', 'Take a moment to look closely at its shape and decoration.'],
  ['请大家驻足细看，感受革命先辈的坚定信念。', 'Pause a moment to feel the conviction of those who carried it.'],
];

/** Label and guide text; the same draws on both sites so the two say the same thing. */
function texts(notes: Pair[], p: ExhibitPlan, site: SiteLanguage): { description: string; explanation: string } {
  const name = say(p.name, site);
  const age = say(p.age, site);
  const [n1, n2] = notes.map((n) => say(n, site));
  const closing = say((p.subject === 'revolution' ? CLOSINGS[1] : CLOSINGS[0]) ?? ['', ''], site);
  if (site === 'EN') {
    const when = p.subject === 'revolution' ? `from ${age}, during the ${say(p.ageDetail, site)}` : `from the ${age} period (${say(p.ageDetail, site)})`;
    return {
      description: `${name}, ${age}. ${n1 ?? ''}`.trim(),
      explanation: `In front of you is a ${name.charAt(0).toLowerCase()}${name.slice(1)} ${when}. ${n1 ?? ''} ${n2 ?? ''} ${closing}`.replace(/\s+/g, ' ').trim(),
    };
  }
  return {
    description: `${name}，${age}。${n1 ?? ''}`,
    explanation: `各位观众，眼前这件${name}，年代为${age}（${say(p.ageDetail, site)}）。${n1 ?? ''}${n2 ?? ''}${closing}`,
  };
}

/** Where an object's 3D model lives: a file in the store (a .glb) or the museum's own viewer. */
function modelOf(rng: Rng, p: ExhibitPlan, gid: string): string | null {
  if (!p.model) return null;
  return rng.chance(0.5) ? storePath('CMS_EXHIBIT_MODEL', gid, 'glb') : `https://3d.example-museum.cn/model/${gid.slice(0, 12)}`;
}

/** One object on one site; the optional fields are left empty (null) the way a real catalogue does. */
function exhibitRecord(rng: Rng, p: ExhibitPlan, notes: Pair[], site: SiteLanguage, exhibitId: number): DemoExhibit {
  const { description, explanation } = texts(notes, p, site);
  const gid = groupId(rng);
  const own = site === 'EN' ? MUSEUM.en : MUSEUM.zh;
  return {
    exhibitId,
    exhibitName: say(p.name, site),
    exhibitType: p.typeNo,
    modelUrl: modelOf(rng, p, gid),
    exhibitLevel: p.level === null ? null : (LEVELS[p.level]?.value ?? null),
    age: say(p.age, site),
    ageDetail: say(p.ageDetail, site),
    size: say(p.size, site),
    description,
    groupId: gid,
    explanationWord: rng.chance(0.75) ? explanation : null,
    thumb: p.images.map((slug) => imagePath(slug, 'CMS_EXHIBIT_INFO_IMG')).join(';'),
    appThumb: rng.chance(0.6) ? imagePath(p.images[0] ?? 'bronze-ding', 'CMS_EXHIBIT_INFO_APP_IMG') : null,
    collectionUnit: p.loan ? say(p.loan, site) : rng.chance(0.5) ? own : null,
    extension6: say(p.source, site),
    isOwn: !p.loan,
    isTreasure: p.treasure,
    isRecommend: p.recommend,
    label: say(EXHIBIT_TYPES.find((t) => t.typeNo === p.typeNo)?.name ?? ['', ''], site),
    generalType: p.general,
    languageType: site,
  };
}

export function collection(rng: Rng, lexicons: Record<SiteLanguage, Lexicon>, temps: Record<SiteLanguage, DemoTemp[]>, ids: CollectionIds): CollectionContent {
  const plans = planExhibits(rng, lexicons.CN, lexicons.EN);
  const notes = plans.map((p) => rng.sample(NOTES[p.subject] ?? [], 2));
  const out: CollectionContent = { exhibitTypes: [], exhibits: [], tempExhibits: [], files: [] };
  for (const site of SITES) {
    for (const t of EXHIBIT_TYPES) {
      out.exhibitTypes.push({
        exhibitTypeId: ids.types.next(),
        typeName: say(t.name, site),
        typeNo: t.typeNo,
        backGroundImg: imagePath(t.image, 'CMS_EXHIBIT_TYPE_IMG'),
        languageType: site,
      });
    }
    const siteExhibits: Array<{ exhibit: DemoExhibit; subject: SubjectKey }> = [];
    for (const [i, p] of plans.entries()) {
      const exhibit = exhibitRecord(rng, p, notes[i] ?? [], site, ids.exhibits.next());
      siteExhibits.push({ exhibit, subject: p.subject });
      out.exhibits.push(exhibit);
      for (const slug of p.images) {
        out.files.push(fileRow(ids, exhibit.groupId, 'CMS_EXHIBIT_INFO_DISPLAY', imagePath(slug, 'CMS_EXHIBIT_INFO_DISPLAY'), `${slug}.jpg`, caption(slug, site)));
      }
    }
    // Each temporary exhibition shows objects of its subject first, topped up with others.
    for (const { temp, subject } of temps[site]) {
      const own = siteExhibits.filter((e) => e.subject === subject);
      const others = siteExhibits.filter((e) => e.subject !== subject);
      const total = rng.int(6, 10);
      const mine = rng.sample(own, Math.min(own.length, total - 1));
      const chosen = [...mine, ...rng.sample(others, total - mine.length)];
      for (const e of chosen) out.tempExhibits.push({ groupId: temp.groupId, exhibitId: e.exhibit.exhibitId });
    }
  }
  return out;
}
