// Exhibit types, exhibits (30 treasures, 27 revolutionary relics, 20 more), their display images
// and which exhibits each temporary exhibition shows — the same objects on both sites. Like a real
// catalogue, not every record is complete: some have no grade, no guide text, no mobile picture.
import type { SiteLanguage } from '../../../shared/wire.ts';
import { fileRow } from './articles.ts';
import { say, SITES, type Pair } from './bilingual.ts';
import type { DemoTemp } from './exhibitions.ts';
import { storePath } from './file-store.ts';
import { groupId, type Counter } from './ids.ts';
import {
  AGES,
  agesOf,
  catalogueObjects,
  detailSlug,
  MATERIALS,
  objectName,
  objectSlug,
  REVOLUTIONARY,
  SINGLES,
  zoomSlug,
  type SizeKind,
} from './catalogue.ts';
import type { MotifName } from './art/motifs.ts';
import { caption, imagePath } from './image-pool.ts';
import { OWN_MODELS, type OwnModel } from './model.ts';
import { MUSEUM } from './museum.ts';
import type { Rng } from './prng.ts';
import type { Lexicon, SubjectKey } from './prose/types.ts';
import type { DemoExhibit, DemoExhibitType, DemoFileInfo } from './types.ts';

const EXHIBIT_TYPES: Array<{ typeNo: string; name: Pair; image: string }> = [
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
  /** A treasure shown in depth: its first picture zoomable, maybe a 3D model of the museum's own. */
  showcase?: { model: OwnModel | null };
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

function sourceOf(rng: Rng, lexZh: Lexicon, lexEn: Lexicon, before = 2018, excavated = true): Pair {
  const year = rng.int(1956, before);
  const who = rng.int(0, lexZh.words.person?.length ? lexZh.words.person.length - 1 : 0);
  const zhName = lexZh.words.person?.[who] ?? '';
  const enName = lexEn.words.person?.[who] ?? '';
  return rng.pick<Pair>([
    [`${year}年征集`, `Acquired ${year}`],
    [`${year}年${zhName}捐赠`, `Gift of ${enName}, ${year}`],
    excavated
      ? [`${year}年云溪城郊出土`, `Excavated near Yunxi, ${year}`]
      : [`${year}年${zhName}家属捐赠`, `Gift of the family of ${enName}, ${year}`],
    [`${year}年文物商店拨交`, `Transferred from the Cultural Relics Store, ${year}`],
  ]);
}

/**
 * A thumb list: the object's own picture, and for the treasures a closer view of the same piece —
 * never another object. (Each picture is rendered at first start: kept to the pieces that matter.)
 */
function imagesOf(slug: string, closer: boolean): string[] {
  return closer ? [slug, detailSlug(slug)] : [slug];
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
      const fi = rng.int(0, m.forms.length - 1);
      const pi = rng.int(0, m.patterns.length - 1);
      const form = m.forms[fi];
      const pattern = m.patterns[pi];
      if (!form || !pattern) continue;
      // Only pieces that could exist: a decoration of the form's own period.
      const ages = agesOf(m, form, pattern);
      const name = objectName(m, form, pattern);
      if (ages.length === 0 || names.has(name[0])) continue;
      names.add(name[0]);
      const age = AGES[rng.pick(ages)];
      if (!age) continue;
      plans.push({
        typeNo: m.typeNo,
        subject: m.subject,
        name,
        age: age.name,
        ageDetail: age.detail,
        size: sizeOf(rng, form.size),
        level: 0,
        images: imagesOf(objectSlug(m.typeNo, fi, pi), false),
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
  SINGLES.forEach((s, i) => {
    const age = AGES[s.age];
    if (!age) return;
    plans.push({
      typeNo: s.typeNo,
      subject: s.subject,
      name: s.name,
      age: age.name,
      ageDetail: age.detail,
      size: sizeOf(rng, s.size),
      level: 0,
      images: imagesOf(objectSlug(s.typeNo, i), false),
      source: sourceOf(rng, zh, en),
      treasure: false,
      recommend: false,
      general: 'GDWW',
      model: false,
      loan: null,
    });
  });
  // Thirty treasures among the ancient objects: most of them grade I.
  const ancient = rng.shuffle(plans.map((_, i) => i));
  ancient.forEach((index, rank) => {
    const p = plans[index];
    if (!p) return;
    p.treasure = rank < 30;
    if (rank < 12 && p.images.length === 1 && p.images[0]) p.images = imagesOf(p.images[0], true);
    p.level = p.treasure ? (rng.chance(0.8) ? 0 : 1) : rng.chance(0.3) ? null : rng.int(1, 2);
    p.recommend = rank < 8;
    p.model = rank % 5 === 0;
    p.loan = !p.treasure && rank % 7 === 3 ? rng.pick(PARTNERS) : null;
  });
  REVOLUTIONARY.forEach((g, i) => {
    plans.push({
      typeNo: 'JXD',
      subject: 'revolution',
      name: g.name,
      age: [`${g.year}年`, g.year],
      ageDetail: g.period,
      size: sizeOf(rng, g.size),
      level: rng.pick([0, 1, 1, 2, null]),
      images: imagesOf(objectSlug('JXD', i), i % 6 === 0),
      // Collected or given, never dug up: these are twentieth-century objects.
      source: sourceOf(rng, zh, en, 2021, false),
      treasure: false,
      recommend: rng.chance(0.15),
      general: 'GMWW',
      model: rng.chance(0.15),
      loan: null,
    });
  });
  return plans;
}

/**
 * The treasures shown in depth, one of a kind each: a bronze ding, a porcelain vase and a painting get
 * their picture drawn large enough to zoom into; the ding and the vase a 3D model of the museum's own
 * making and, always, their guide text (the page reads it aloud). Chosen from the plan without a draw,
 * so the rest of the content stays as the seed makes it.
 */
const SHOWCASE: ReadonlyArray<{ typeNo: string; motifs: readonly MotifName[]; model: OwnModel | null }> = [
  { typeNo: 'QTQ', motifs: ['ding'], model: 'ding' },
  { typeNo: 'TCQ', motifs: ['meiping', 'pear'], model: 'vase' },
  { typeNo: 'SHH', motifs: ['scroll', 'handscroll'], model: null },
];

let motifs: Map<string, MotifName> | null = null;

function markShowcase(plans: ExhibitPlan[]): void {
  motifs ??= new Map(catalogueObjects().map((o) => [o.slug, o.motif]));
  const motifOf = (p: ExhibitPlan) => motifs?.get(p.images[0] ?? '');
  for (const want of SHOWCASE) {
    const ofType = plans.filter((p) => p.treasure && p.typeNo === want.typeNo && !p.showcase);
    const p =
      ofType.find((x) => {
        const motif = motifOf(x);
        return motif !== undefined && want.motifs.includes(motif);
      }) ?? ofType[0];
    if (!p?.images[0]) continue;
    p.images = [zoomSlug(p.images[0]), ...p.images.slice(1)];
    p.showcase = { model: want.model };
  }
}

/** What a temporary exhibition of a subject may show besides objects of the subject itself. */
const RELATED: Partial<Record<SubjectKey, SubjectKey[]>> = {
  silk: ['archaeology', 'ceramics', 'bronze'],
  heritage: ['heritage', 'painting', 'ceramics'],
  archaeology: ['archaeology', 'bronze', 'ceramics', 'jade'],
  revolution: ['revolution'],
  bronze: ['bronze'],
  ceramics: ['ceramics'],
  painting: ['painting'],
  jade: ['jade'],
};

interface CollectionIds {
  types: Counter;
  exhibits: Counter;
  files: Counter;
}

interface CollectionContent {
  exhibitTypes: DemoExhibitType[];
  exhibits: DemoExhibit[];
  tempExhibits: Array<{ groupId: string; exhibitId: number }>;
  files: DemoFileInfo[];
}

/** What a label says about one object of a kind (true of any object of that kind). */
const NOTES: Partial<Record<SubjectKey, Pair[]>> = {
  bronze: [
    [
      '器身纹饰层次分明，主纹与地纹相互映衬，体现了高超的铸造工艺。',
      'Its layered decoration, main motifs set against a fine ground, shows superb casting.',
    ],
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
    const when =
      p.subject === 'revolution'
        ? `from ${age}, during the ${say(p.ageDetail, site)}`
        : `from the ${age} period (${say(p.ageDetail, site)})`;
    return {
      description: `${name}, ${age}. ${n1 ?? ''}`.trim(),
      explanation: `In front of you is a ${name.charAt(0).toLowerCase()}${name.slice(1)} ${when}. ${n1 ?? ''} ${n2 ?? ''} ${closing}`
        .replace(/\s+/g, ' ')
        .trim(),
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

/** The museum's own model of a showcase treasure, else the model drawn for the object. */
const ownModel = (p: ExhibitPlan, drawn: string | null): string | null => (p.showcase?.model ? OWN_MODELS[p.showcase.model].path : drawn);

/** One object on one site; the optional fields are left empty (null) the way a real catalogue does. */
function exhibitRecord(rng: Rng, p: ExhibitPlan, notes: Pair[], site: SiteLanguage, exhibitId: number): DemoExhibit {
  const { description, explanation } = texts(notes, p, site);
  const gid = groupId(rng);
  const own = site === 'EN' ? MUSEUM.en : MUSEUM.zh;
  return {
    exhibitId,
    exhibitName: say(p.name, site),
    exhibitType: p.typeNo,
    // The draws happen either way, so a showcase changes nothing else of the content.
    modelUrl: ownModel(p, modelOf(rng, p, gid)),
    exhibitLevel: p.level === null ? null : (LEVELS[p.level]?.value ?? null),
    age: say(p.age, site),
    ageDetail: say(p.ageDetail, site),
    size: say(p.size, site),
    description,
    groupId: gid,
    explanationWord: rng.chance(0.75) || p.showcase ? explanation : null,
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

export function collection(
  rng: Rng,
  lexicons: Record<SiteLanguage, Lexicon>,
  temps: Record<SiteLanguage, DemoTemp[]>,
  ids: CollectionIds,
): CollectionContent {
  const plans = planExhibits(rng, lexicons.CN, lexicons.EN);
  markShowcase(plans);
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
        out.files.push(
          fileRow(
            ids,
            exhibit.groupId,
            'CMS_EXHIBIT_INFO_DISPLAY',
            imagePath(slug, 'CMS_EXHIBIT_INFO_DISPLAY'),
            `${slug}.jpg`,
            caption(slug, site),
          ),
        );
      }
    }
    // Each temporary exhibition shows objects of its subject, topped up only with related objects
    // (a revolutionary exhibition never shows an ancient bronze).
    for (const { temp, subject } of temps[site]) {
      const kinds = RELATED[subject] ?? [subject];
      const own = siteExhibits.filter((e) => e.subject === subject);
      const related = siteExhibits.filter((e) => e.subject !== subject && kinds.includes(e.subject));
      const total = rng.int(6, 10);
      const mine = rng.sample(own, Math.min(own.length, total));
      const chosen = [...mine, ...rng.sample(related, Math.min(related.length, total - mine.length))];
      for (const e of chosen) out.tempExhibits.push({ groupId: temp.groupId, exhibitId: e.exhibit.exhibitId });
    }
  }
  return out;
}
