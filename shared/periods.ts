// The order of an exhibit's `age` values in time. The field is free text as curators write it ("商代晚期",
// "西周早期", "清乾隆", "1935年", "Late Shang", "Qing, Qianlong reign"), so there is no list to take an
// order from: a value is placed by the period or reign it names (the longest name it contains wins:
// "明永乐" is Yongle, not just Ming) or by a year written in it, and early / middle / late order values of
// one period. A value naming nothing known keeps its place after the known ones. Pure: a loader and the
// tests share it.

/** A period or reign: its Chinese and English names and its first year (negative: BC). */
type Period = readonly [zh: string, en: string | null, start: number];

// English names that are ambiguous on their own (晋 and 金 are both "Jin") are left out.
const PERIODS: readonly Period[] = [
  ['新石器', 'Neolithic', -10000],
  ['仰韶', 'Yangshao', -5000],
  ['红山', 'Hongshan', -4700],
  ['大汶口', 'Dawenkou', -4100],
  ['良渚', 'Liangzhu', -3300],
  ['龙山', 'Longshan', -2500],
  ['夏', 'Xia', -2070],
  ['二里头', 'Erlitou', -1900],
  ['商', 'Shang', -1600],
  ['周', 'Zhou', -1046],
  ['西周', 'Western Zhou', -1046],
  ['东周', 'Eastern Zhou', -770],
  ['春秋', 'Spring and Autumn', -770],
  ['战国', 'Warring States', -475],
  ['秦', 'Qin', -221],
  ['汉', 'Han', -202],
  ['西汉', 'Western Han', -202],
  ['新莽', 'Xin', 9],
  ['东汉', 'Eastern Han', 25],
  ['三国', 'Three Kingdoms', 220],
  ['晋', null, 266],
  ['西晋', 'Western Jin', 266],
  ['十六国', 'Sixteen Kingdoms', 304],
  ['东晋', 'Eastern Jin', 317],
  ['北魏', 'Northern Wei', 386],
  ['南北朝', 'Northern and Southern Dynasties', 420],
  ['隋', 'Sui', 581],
  ['唐', 'Tang', 618],
  ['五代', 'Five Dynasties', 907],
  ['辽', 'Liao', 916],
  ['宋', 'Song', 960],
  ['北宋', 'Northern Song', 960],
  ['西夏', 'Western Xia', 1038],
  ['金', null, 1115],
  ['南宋', 'Southern Song', 1127],
  ['元', 'Yuan', 1271],
  ['明', 'Ming', 1368],
  ['洪武', 'Hongwu', 1368],
  ['永乐', 'Yongle', 1403],
  ['宣德', 'Xuande', 1426],
  ['成化', 'Chenghua', 1465],
  ['嘉靖', 'Jiajing', 1522],
  ['万历', 'Wanli', 1573],
  ['清', 'Qing', 1644],
  ['顺治', 'Shunzhi', 1644],
  ['康熙', 'Kangxi', 1662],
  ['雍正', 'Yongzheng', 1723],
  ['乾隆', 'Qianlong', 1736],
  ['嘉庆', 'Jiaqing', 1796],
  ['道光', 'Daoguang', 1821],
  ['近代', 'Modern', 1840],
  ['咸丰', 'Xianfeng', 1851],
  ['同治', 'Tongzhi', 1862],
  ['光绪', 'Guangxu', 1875],
  ['宣统', 'Xuantong', 1909],
  ['民国', 'Republic', 1912],
  ['现代', null, 1949],
  ['当代', 'Contemporary', 1949],
];

/** Early, middle and late within one period ("商代晚期", "Late Shang"). */
const PHASES: ReadonlyArray<readonly [RegExp, number]> = [
  [/早期|\bearly\b/i, 0],
  [/中期|\bmid(?:dle)?\b/i, 1],
  [/晚期|\blate\b/i, 2],
];

function wordFinder(word: string): (text: string) => number {
  const re = new RegExp(`\\b${word}\\b`, 'i');
  return (text) => re.exec(text)?.index ?? -1;
}

/** Every name to look for, compiled once: Chinese names as they are, English ones as whole words. */
const NAMES = PERIODS.flatMap(([zh, en, start]) => [
  { length: zh.length, start, find: (text: string) => text.indexOf(zh) },
  ...(en ? [{ length: en.length, start, find: wordFinder(en) }] : []),
]);

/** A year written in the value ("1935年", "1948", "公元前221年", "221 BC"), or null. */
function writtenYear(value: string): number | null {
  const m = /(公元前|前)?\s*(?<!\d)(\d{3,4})(?!\d)\s*(年)?\s*(BC|BCE)?/i.exec(value);
  if (!m?.[2]) return null;
  const year = Number(m[2]);
  return m[1] || m[4] ? -year : year;
}

/** The period a value names: the longest name it contains, the earliest in the text on a tie. */
function namedPeriod(value: string): number | null {
  // "公元" (the common era) is no Yuan.
  const text = value.replace(/公元/g, '');
  let best: { start: number; length: number; at: number } | null = null;
  for (const { length, start, find } of NAMES) {
    const at = find(text);
    if (at === -1) continue;
    if (!best || length > best.length || (length === best.length && at < best.at)) best = { start, length, at };
  }
  return best?.start ?? null;
}

/** Words saying the period is not known ("年代不明" holds 明 and is no Ming). */
const NOT_KNOWN = /不明|不详|未详|未知|待考|\bunknown\b|\bundated\b/i;

/** When a value's period begins (a year, negative for BC), or null when it names none the table knows. */
function periodStart(value: string): number | null {
  if (NOT_KNOWN.test(value)) return null;
  return writtenYear(value) ?? namedPeriod(value);
}

/** Where values naming no known period go: after every year. */
const UNKNOWN = Number.MAX_SAFE_INTEGER;

const phaseOf = (value: string): number => PHASES.find(([re]) => re.test(value))?.[1] ?? 1;

/**
 * The values in time order: by the year their period begins, then early before middle before late;
 * values of one place, and values naming no known period (after all others), keep their given order.
 */
export function inTimeOrder(values: readonly string[]): string[] {
  return values
    .map((value, index) => ({ value, index, start: periodStart(value), phase: phaseOf(value) }))
    .sort((a, b) => (a.start ?? UNKNOWN) - (b.start ?? UNKNOWN) || (a.start === null ? 0 : a.phase - b.phase) || a.index - b.index)
    .map((x) => x.value);
}
