// The objects of the demo collection as data: materials (forms × patterns), single pieces and the
// revolutionary relics, each with the motif and palette its picture is drawn with. The picture pool
// (image-pool.ts) draws one picture per object from this list, captioned with the object's own name,
// so an exhibit never shows a picture of another object (collection.ts builds the records).
import type { MotifName } from './art/motifs.ts';
import type { PaletteName } from './art/palettes.ts';
import type { Pair } from './bilingual.ts';
import type { SubjectKey } from './prose/types.ts';

export type SizeKind = 'vessel' | 'scroll' | 'disc' | 'coin' | 'flat';

/** Ages with their date ranges. */
export const AGES: Record<string, { name: Pair; detail: Pair }> = {
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

interface Form {
  name: Pair;
  size: SizeKind;
  motif: MotifName;
  /** Ages this form was made in (the material's ages when left out). */
  ages?: string[];
}

interface Pattern {
  name: Pair;
  /** The palette of the picture (the material's when left out), e.g. the glaze of a ceramic. */
  palette?: PaletteName;
  /** Ages this decoration belongs to (intersected with the form's). */
  ages?: string[];
}

interface Material {
  typeNo: string;
  subject: SubjectKey;
  /** Names: zh = pattern + material + form, en = `${material} ${form} with ${pattern}`. */
  material: Pair;
  palette: PaletteName;
  forms: Form[];
  patterns: Pattern[];
  ages: string[];
  /** English word order: "pattern first" for painting (artist), else "with pattern". */
  painting?: boolean;
}

const BRONZE_EARLY = ['lateShang', 'earlyZhou', 'lateZhou'];

export const MATERIALS: Material[] = [
  {
    typeNo: 'QTQ',
    subject: 'bronze',
    material: ['铜', 'Bronze'],
    palette: 'bronze',
    forms: [
      { name: ['鼎', 'ding'], size: 'vessel', motif: 'ding' },
      { name: ['尊', 'zun'], size: 'vessel', motif: 'zun', ages: BRONZE_EARLY },
      { name: ['壶', 'hu'], size: 'vessel', motif: 'pear' },
      { name: ['觚', 'gu'], size: 'vessel', motif: 'gu', ages: ['lateShang', 'earlyZhou'] },
      { name: ['编钟', 'chime bell'], size: 'vessel', motif: 'bell', ages: ['lateZhou', 'chunqiu', 'zhanguo'] },
      { name: ['镜', 'mirror'], size: 'disc', motif: 'mirror', ages: ['chunqiu', 'zhanguo'] },
    ],
    patterns: [
      { name: ['兽面纹', 'taotie mask'], ages: ['lateShang', 'earlyZhou'] },
      { name: ['云雷纹', 'thunder pattern'], ages: ['lateShang', 'earlyZhou', 'lateZhou'] },
      { name: ['夔龙纹', 'kui dragons'], ages: ['lateShang', 'earlyZhou', 'lateZhou'] },
      { name: ['蟠螭纹', 'interlaced dragons'], ages: ['chunqiu', 'zhanguo'] },
      { name: ['窃曲纹', 'S-shaped scrolls'], ages: ['lateZhou', 'chunqiu'] },
      { name: ['重环纹', 'overlapping rings'], ages: ['lateZhou', 'chunqiu'] },
    ],
    ages: ['lateShang', 'earlyZhou', 'lateZhou', 'chunqiu', 'zhanguo'],
  },
  {
    typeNo: 'TCQ',
    subject: 'ceramics',
    material: ['', ''],
    palette: 'porcelain',
    forms: [
      { name: ['梅瓶', 'meiping vase'], size: 'vessel', motif: 'meiping' },
      { name: ['玉壶春瓶', 'pear-shaped vase'], size: 'vessel', motif: 'pear' },
      { name: ['碗', 'bowl'], size: 'vessel', motif: 'bowl' },
      { name: ['罐', 'jar'], size: 'vessel', motif: 'jar' },
      { name: ['盏', 'tea bowl'], size: 'vessel', motif: 'bowl' },
    ],
    patterns: [
      {
        name: ['青花缠枝莲纹', 'blue-and-white, lotus scrolls'],
        palette: 'porcelain',
        ages: ['yuan', 'yongle', 'xuande', 'kangxi', 'qianlong'],
      },
      { name: ['青釉刻花', 'celadon, carved flowers'], palette: 'celadon', ages: ['northernSong', 'southernSong'] },
      { name: ['白釉印花', 'white glaze, moulded flowers'], palette: 'paper', ages: ['northernSong'] },
      { name: ['粉彩花鸟纹', 'famille rose, birds and flowers'], palette: 'vermilion', ages: ['yongzheng', 'qianlong'] },
      { name: ['黑釉兔毫', "black glaze, hare's fur"], palette: 'tenmoku', ages: ['northernSong', 'southernSong'] },
      { name: ['釉里红缠枝菊纹', 'underglaze red, chrysanthemum scrolls'], palette: 'vermilion', ages: ['yuan'] },
      { name: ['青白釉', 'qingbai glaze'], palette: 'celadon', ages: ['northernSong', 'southernSong', 'yuan'] },
    ],
    ages: ['northernSong', 'southernSong', 'yuan', 'yongle', 'xuande', 'kangxi', 'yongzheng', 'qianlong'],
  },
  {
    typeNo: 'SHH',
    subject: 'painting',
    material: ['', ''],
    palette: 'ink',
    painting: true,
    forms: [
      { name: ['山水图轴', 'landscape, hanging scroll'], size: 'scroll', motif: 'scroll' },
      { name: ['花鸟图册', 'birds and flowers, album'], size: 'scroll', motif: 'plum' },
      { name: ['行书诗卷', 'poem in running script, handscroll'], size: 'scroll', motif: 'handscroll' },
      { name: ['墨竹图轴', 'ink bamboo, hanging scroll'], size: 'scroll', motif: 'plum' },
      { name: ['草书诗卷', 'poem in cursive script, handscroll'], size: 'scroll', motif: 'handscroll' },
    ],
    // The painters, each with the dynasty they worked in.
    patterns: [
      { name: ['文徵明', 'Wen Zhengming'], ages: ['ming'] },
      { name: ['沈周', 'Shen Zhou'], ages: ['ming'] },
      { name: ['董其昌', 'Dong Qichang'], ages: ['ming'] },
      { name: ['唐寅', 'Tang Yin'], ages: ['ming'] },
      { name: ['王翚', 'Wang Hui'], ages: ['qing'] },
      { name: ['郑燮', 'Zheng Xie'], ages: ['qing'] },
      { name: ['恽寿平', 'Yun Shouping'], ages: ['qing'] },
    ],
    ages: ['ming', 'qing'],
  },
  {
    typeNo: 'YQ',
    subject: 'jade',
    material: ['玉', 'Jade'],
    palette: 'jade',
    forms: [
      { name: ['璧', 'bi disc'], size: 'disc', motif: 'bi', ages: ['liangzhu', 'zhanguo', 'westernHan', 'easternHan'] },
      { name: ['琮', 'cong'], size: 'vessel', motif: 'cong', ages: ['liangzhu'] },
      { name: ['杯', 'cup'], size: 'vessel', motif: 'bowl', ages: ['tang', 'qianlong'] },
    ],
    patterns: [
      { name: ['谷纹', 'grain pattern'], ages: ['zhanguo', 'westernHan', 'easternHan'] },
      { name: ['蒲纹', 'rush-mat pattern'], ages: ['zhanguo', 'westernHan'] },
      { name: ['螭纹', 'chi dragons'], ages: ['westernHan', 'easternHan', 'tang', 'qianlong'] },
      { name: ['神人兽面纹', 'masked deity'], ages: ['liangzhu'] },
      { name: ['花卉纹', 'flowers'], ages: ['tang', 'qianlong'] },
    ],
    ages: ['liangzhu', 'zhanguo', 'westernHan', 'easternHan', 'tang', 'qianlong'],
  },
];

interface SinglePiece {
  typeNo: string;
  subject: SubjectKey;
  name: Pair;
  age: string;
  size: SizeKind;
  motif: MotifName;
  palette: PaletteName;
  /** What the motif shows (coin legends). */
  text?: string;
}

/** Single pieces that are not built from parts: coins and folk art. */
export const SINGLES: SinglePiece[] = [
  {
    typeNo: 'QB',
    subject: 'archaeology',
    name: ['五铢钱', 'Wuzhu coin'],
    age: 'westernHan',
    size: 'coin',
    motif: 'coin',
    palette: 'gold',
    text: '五铢',
  },
  {
    typeNo: 'QB',
    subject: 'archaeology',
    name: ['开元通宝', 'Kaiyuan tongbao coin'],
    age: 'tang',
    size: 'coin',
    motif: 'coin',
    palette: 'gold',
    text: '开元通宝',
  },
  {
    typeNo: 'QB',
    subject: 'archaeology',
    name: ['秦半两', 'Qin banliang coin'],
    age: 'qin',
    size: 'coin',
    motif: 'coin',
    palette: 'bronze',
    text: '半两',
  },
  {
    typeNo: 'QB',
    subject: 'archaeology',
    name: ['大泉五十', 'Daquan wushi coin'],
    age: 'xin',
    size: 'coin',
    motif: 'coin',
    palette: 'bronze',
    text: '大泉五十',
  },
  {
    typeNo: 'MS',
    subject: 'heritage',
    name: ['走马灯', 'Revolving lantern'],
    age: 'modern',
    size: 'vessel',
    motif: 'lantern',
    palette: 'vermilion',
  },
  {
    typeNo: 'MS',
    subject: 'heritage',
    name: ['手绘山水折扇', 'Folding fan with a painted landscape'],
    age: 'modern',
    size: 'flat',
    motif: 'fan',
    palette: 'paper',
  },
  {
    typeNo: 'MS',
    subject: 'heritage',
    name: ['寿山石印章', 'Shoushan stone seal'],
    age: 'qing',
    size: 'flat',
    motif: 'seal',
    palette: 'vermilion',
    text: '吉祥如意',
  },
];

interface RevolutionaryRelic {
  name: Pair;
  /** The year it dates from: revolutionary relics are modern (1840–1949). */
  year: string;
  period: Pair;
  size: SizeKind;
  motif: MotifName;
  palette: PaletteName;
  text?: string;
}

const LAND: Pair = ['土地革命战争时期', 'Agrarian Revolutionary War'];
const RESIST: Pair = ['抗日战争时期', 'War of Resistance against Japan'];
const LIBERATION: Pair = ['解放战争时期', 'War of Liberation'];

/** Revolutionary relics (generalType GMWW): papers, seals, books, lanterns and medals of 1927–1949. */
export const REVOLUTIONARY: RevolutionaryRelic[] = [
  { name: ['苏区纸币', 'Soviet-area banknote'], year: '1932', period: LAND, size: 'flat', motif: 'document', palette: 'sepia' },
  { name: ['烈士家书', 'Letter home from a martyr'], year: '1937', period: RESIST, size: 'flat', motif: 'document', palette: 'sepia' },
  { name: ['马灯', 'Kerosene lantern'], year: '1935', period: LAND, size: 'vessel', motif: 'lamp', palette: 'bronze' },
  { name: ['油印传单', 'Mimeographed leaflet'], year: '1938', period: RESIST, size: 'flat', motif: 'document', palette: 'paper' },
  { name: ['入党志愿书', 'Party membership application'], year: '1941', period: RESIST, size: 'flat', motif: 'document', palette: 'sepia' },
  {
    name: ['识字课本', 'Literacy primer'],
    year: '1940',
    period: RESIST,
    size: 'flat',
    motif: 'bookcover',
    palette: 'sepia',
    text: '识字课本',
  },
  { name: ['土地证', 'Land certificate'], year: '1947', period: LIBERATION, size: 'flat', motif: 'document', palette: 'paper' },
  {
    name: ['木刻版画《支援前线》', 'Woodcut, Support the Front'],
    year: '1946',
    period: LIBERATION,
    size: 'flat',
    motif: 'document',
    palette: 'paper',
  },
  {
    name: ['《新华日报》合订本', 'Bound volume of Xinhua Daily'],
    year: '1938',
    period: RESIST,
    size: 'flat',
    motif: 'bookcover',
    palette: 'vermilion',
    text: '新华日报',
  },
  {
    name: ['军民合作公约', 'Army and people cooperation pact'],
    year: '1944',
    period: RESIST,
    size: 'flat',
    motif: 'document',
    palette: 'sepia',
  },
  {
    name: ['苏维埃政府布告', 'Proclamation of the soviet government'],
    year: '1931',
    period: LAND,
    size: 'flat',
    motif: 'document',
    palette: 'paper',
  },
  { name: ['红军借据', 'Red Army IOU'], year: '1934', period: LAND, size: 'flat', motif: 'document', palette: 'sepia' },
  {
    name: ['抗战募捐收据', 'War-relief donation receipt'],
    year: '1938',
    period: RESIST,
    size: 'flat',
    motif: 'document',
    palette: 'paper',
  },
  { name: ['军功章', 'Military merit medal'], year: '1949', period: LIBERATION, size: 'disc', motif: 'badge', palette: 'gold' },
  {
    name: ['解放纪念章', 'Liberation commemorative medal'],
    year: '1949',
    period: LIBERATION,
    size: 'disc',
    motif: 'badge',
    palette: 'vermilion',
  },
  {
    name: ['工农政府印章', "Seal of the workers' and peasants' government"],
    year: '1930',
    period: LAND,
    size: 'flat',
    motif: 'seal',
    palette: 'sepia',
    text: '工农政府',
  },
  {
    name: ['乡苏维埃印章', 'Seal of a township soviet'],
    year: '1932',
    period: LAND,
    size: 'flat',
    motif: 'seal',
    palette: 'vermilion',
    text: '乡苏维埃',
  },
  {
    name: ['农民协会印章', "Seal of a peasants' association"],
    year: '1927',
    period: LAND,
    size: 'flat',
    motif: 'seal',
    palette: 'sepia',
    text: '农民协会',
  },
  {
    name: ['抗日民主政府印章', 'Seal of an anti-Japanese democratic government'],
    year: '1942',
    period: RESIST,
    size: 'flat',
    motif: 'seal',
    palette: 'vermilion',
    text: '民主政府',
  },
  { name: ['桅灯', 'Hurricane lamp'], year: '1948', period: LIBERATION, size: 'vessel', motif: 'lamp', palette: 'sepia' },
  { name: ['委任状', 'Letter of appointment'], year: '1945', period: RESIST, size: 'flat', motif: 'document', palette: 'paper' },
  { name: ['路条', 'Travel pass'], year: '1943', period: RESIST, size: 'flat', motif: 'document', palette: 'sepia' },
  {
    name: ['立功喜报', 'Notice of merit sent to a family'],
    year: '1948',
    period: LIBERATION,
    size: 'flat',
    motif: 'document',
    palette: 'vermilion',
  },
  {
    name: ['减租减息布告', 'Proclamation on rent and interest reduction'],
    year: '1942',
    period: RESIST,
    size: 'flat',
    motif: 'document',
    palette: 'paper',
  },
  {
    name: ['《论持久战》油印本', 'Mimeographed On Protracted War'],
    year: '1938',
    period: RESIST,
    size: 'flat',
    motif: 'bookcover',
    palette: 'paper',
    text: '论持久战',
  },
  {
    name: ['战地日记', 'Field diary'],
    year: '1947',
    period: LIBERATION,
    size: 'flat',
    motif: 'bookcover',
    palette: 'sepia',
    text: '战地日记',
  },
  { name: ['学习笔记', 'Study notebook'], year: '1939', period: RESIST, size: 'flat', motif: 'book', palette: 'paper' },
];

/** The picture slug of an object: its type, form and pattern (or its place in a list). */
export const objectSlug = (typeNo: string, a: number, b?: number): string =>
  `obj-${typeNo.toLowerCase()}-${a}${b === undefined ? '' : `-${b}`}`;
/** The second picture of an object: a closer view of the same piece. */
export const detailSlug = (slug: string): string => `${slug}-detail`;
/** The same picture of an object drawn large enough to zoom into (art/zoom-detail.ts). */
export const zoomSlug = (slug: string): string => `${slug}-zoom`;

/** Every object the collection can hold, with its picture: name, motif, palette and text. */
export function catalogueObjects(): Array<{ slug: string; name: Pair; motif: MotifName; palette: PaletteName; text?: string }> {
  const out: Array<{ slug: string; name: Pair; motif: MotifName; palette: PaletteName; text?: string }> = [];
  for (const m of MATERIALS) {
    m.forms.forEach((form, fi) => {
      m.patterns.forEach((pattern, pi) => {
        out.push({
          slug: objectSlug(m.typeNo, fi, pi),
          name: objectName(m, form, pattern),
          motif: form.motif,
          palette: pattern.palette ?? m.palette,
        });
      });
    });
  }
  SINGLES.forEach((s, i) =>
    out.push({ slug: objectSlug(s.typeNo, i), name: s.name, motif: s.motif, palette: s.palette, ...(s.text ? { text: s.text } : {}) }),
  );
  REVOLUTIONARY.forEach((r, i) =>
    out.push({ slug: objectSlug('JXD', i), name: r.name, motif: r.motif, palette: r.palette, ...(r.text ? { text: r.text } : {}) }),
  );
  return out;
}

export function objectName(m: Material, form: Form, pattern: Pattern): Pair {
  const [pz, pe] = pattern.name;
  if (m.painting) return [`${pz}${form.name[0]}`, `${pe}, ${form.name[1]}`];
  if (m.typeNo === 'TCQ') return [`${pz}${form.name[0]}`, `${form.name[1][0]?.toUpperCase()}${form.name[1].slice(1)}, ${pe}`];
  return [`${pz}${m.material[0]}${form.name[0]}`, `${m.material[1]} ${form.name[1]} with ${pe}`];
}

/** The ages an object of this form and pattern can come from. */
export function agesOf(m: Material, form: Form, pattern: Pattern): string[] {
  const base = form.ages ?? m.ages;
  return pattern.ages ? base.filter((a) => pattern.ages!.includes(a)) : base;
}
