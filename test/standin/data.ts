// The stand-in service's records, written by hand for a fictional museum (青岚博物馆, the Qinglan
// Museum) in the shapes deployed services of this family send (docs/content-service.md):
// 32-character hex ids, file fields relative to the file prefix without a leading slash, optional
// fields null, extra fields shared/wire.ts does not type, `YYYY-MM-DD HH:mm:ss` China times and vendor
// dictionary codes. Nothing here comes from cms/. `buildStandinData()` makes a fresh, mutable copy.
import { createHash } from 'node:crypto';

export type Row = Record<string, unknown>;
export type Site = 'CN' | 'EN';

/** A stable 32-character lowercase hex id for a seed. */
export const hex = (seed: string): string => createHash('md5').update(`standin:${seed}`).digest('hex');

/** A picture path as deployed services store it: `STANDIN_MUS/CMS/<folder>/20240601/<hex>.jpg`. */
export const picture = (folder: string, seed: string): string => `STANDIN_MUS/CMS/${folder}/20240601/${hex(seed)}.jpg`;
const document = (folder: string, seed: string): string => `STANDIN_MUS/CMS/${folder}/20240601/${hex(seed)}.pdf`;

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in China time (UTC+8). */
export function chinaTime(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const AUDIT = { createBy: 'admin', updateBy: null, delFlag: '0', remark: null };

// ---------------------------------------------------------------- channels and their articles

interface ChannelSeed {
  no: string;
  zh: string;
  en: string;
  /** Two articles [zh title, en title] for list channels. */
  articles?: Array<[string, string]>;
  children?: ChannelSeed[];
  linkUrl?: string;
}

const ch = (no: string, zh: string, en: string, articles?: Array<[string, string]>, linkUrl?: string): ChannelSeed => ({
  no,
  zh,
  en,
  articles,
  linkUrl,
});
const section = (no: string, zh: string, en: string, children: ChannelSeed[]): ChannelSeed => ({ no, zh, en, children });

/** The channel tree; channelNo's and paths are those of shared/route-table.ts (the English site adds `EN_`). */
export const CHANNEL_SEEDS: readonly ChannelSeed[] = [
  ch('Home', '首页', 'Home'),
  section('Survey', '走进青岚', 'About Us', [
    ch('Introduction', '青岚简介', 'Introduction', [
      ['青岚博物馆简介', 'About the Qinglan Museum'],
      ['建筑与园林', 'The Building and Its Garden'],
    ]),
    ch('Leader', '馆领导', 'Leadership', [
      ['馆长 林知远', 'Director Lin Zhiyuan'],
      ['副馆长 周晴', 'Deputy Director Zhou Qing'],
    ]),
    ch('Organization', '机构设置', 'Departments', [
      ['内设部门一览', 'Departments at a Glance'],
      ['学术与保管部门职责', 'Curatorial and Conservation Duties'],
    ]),
    ch('frzl', '理事会', 'Board', [
      ['理事会章程', 'Charter of the Board'],
      ['理事会年度会议纪要', 'Minutes of the Annual Board Meeting'],
    ]),
    ch('Honor', '所获荣誉', 'Awards', [
      ['获评年度优秀社教案例', 'Award for an Outstanding Public Programme'],
      ['入选数字化示范单位', 'Selected as a Digital Pilot Site'],
    ]),
    ch('History', '馆史回眸', 'Our History', [
      ['建馆初期的筹备', 'Preparing the First Galleries'],
      ['新馆落成', 'The New Building Opens'],
    ]),
  ]),
  section('News', '资讯中心', 'News', [
    ch('SNews', '馆内动态', 'Museum News', [
      ['青铜器修复工作坊开放报名', 'Bronze Conservation Workshop Opens for Sign-up'],
      ['秋季夜场开放安排', 'Autumn Evening Opening Hours'],
    ]),
    ch('Media', '媒体视角', 'Press', [
      ['晚报专题：走进修复室', 'The Evening Paper Visits the Conservation Lab'],
      ['电台访谈：博物馆里的声音', 'Radio Talk: Sounds of the Museum'],
    ]),
    ch('Notice', '公告', 'Notices', [
      ['闭馆维护通知', 'Closure for Maintenance'],
      ['志愿讲解员招募公告', 'Call for Volunteer Guides'],
    ]),
  ]),
  section('Service', '参观指南', 'Plan Your Visit', [
    section('OpenServies', '开放服务', 'Visitor Services', [
      ch('OpenTime', '开放时间', 'Opening Hours', [
        ['开放时间', 'Opening Hours'],
        ['节假日开放安排', 'Holiday Opening Arrangements'],
      ]),
      ch('Guide', '参观须知', 'Visitor Rules', [
        ['参观须知', 'Visitor Rules'],
        ['无障碍服务', 'Accessibility Services'],
      ]),
      ch('Traffic', '交通指引', 'Getting Here', [
        ['公共交通', 'By Public Transport'],
        ['停车指引', 'Parking'],
      ]),
      ch('LeaveWord', '观众留言', 'Messages'),
    ]),
    ch('Shopping', '文创商店', 'Shop', [
      ['青铜纹样书签', 'Bronze Pattern Bookmarks'],
      ['山水帆布包', 'Landscape Canvas Tote'],
    ]),
    ch('Questionnaire', '问卷调查', 'Surveys'),
  ]),
  section('Exhibition', '展览', 'Exhibitions', [
    ch('BaseExh', '常设展览', 'Permanent Galleries'),
    ch('TempExh', '特别展览', 'Special Exhibitions'),
    ch('DigitalExh', '数字展厅', 'Digital Galleries', [
      ['线上展厅：丝路驿站', 'Online Gallery: Silk Road Stations'],
      ['三维漫游：古窑遗址', '3D Walk: The Ancient Kiln Site'],
    ]),
    ch('VRTour', '全景漫游', 'Panorama Tour', undefined, 'https://vr.standin-museum.example/tour'),
  ]),
  section('Collection', '藏品', 'Collections', [
    ch('PreciousCol', '馆藏珍品', 'Highlights'),
    ch('GMWW', '革命文物', 'Revolutionary Relics'),
    ch('ExcellentCol', '藏品掠影', 'Collection Glimpses', [
      ['青釉莲瓣碗', 'Celadon Lotus Bowl'],
      ['錾花银盒', 'Chased Silver Box'],
    ]),
    section('ColLevy', '文物征集', 'Donations', [
      ch('DonationSystem', '捐赠办法', 'How to Donate', [
        ['文物捐赠办法', 'How to Donate an Object'],
        ['捐赠评估流程', 'How Donations Are Assessed'],
      ]),
      ch('DonationList', '捐赠名录', 'Donors', [
        ['2025年度捐赠名录', 'Donors of 2025'],
        ['2024年度捐赠名录', 'Donors of 2024'],
      ]),
    ]),
  ]),
  section('Research', '学术', 'Research', [
    ch('AcademicCommittee', '学术委员会', 'Academic Committee', [
      ['学术委员会名单', 'Members of the Academic Committee'],
      ['学术委员会工作规程', 'Rules of the Academic Committee'],
    ]),
    ch('Achievements', '研究成果', 'Publications Online', [
      ['窑址调查报告', 'Survey Report on the Kiln Site'],
      ['馆藏铜镜研究', 'A Study of Our Bronze Mirrors'],
    ]),
    ch('Read', '悦读', 'Reading', [
      ['器物里的四季', 'Seasons in Objects'],
      ['纸上的山水', 'Landscapes on Paper'],
    ]),
    ch('PublishedBooks', '出版物', 'Books', [
      ['《青岚藏珍》', 'Treasures of Qinglan'],
      ['《古窑三千年》', 'Three Thousand Years of Kilns'],
    ]),
  ]),
  section('Education', '教育', 'Learning', [
    ch('Reception', '讲解服务', 'Guided Tours', [
      ['团体讲解预约', 'Booking a Group Tour'],
      ['常设展定时讲解', 'Scheduled Gallery Talks'],
    ]),
    ch('Activity', '教育活动', 'Activities'),
    section('Volunteer', '志愿者', 'Volunteers', [
      ch('VolAct', '志愿服务', 'Volunteer Days', [
        ['志愿者服务日', 'Volunteer Service Day'],
        ['暑期小小讲解员', 'Junior Guides in Summer'],
      ]),
      ch('VolRecruit', '志愿招募', 'Join Us', [
        ['2027年志愿者招募', 'Volunteer Recruitment 2027'],
        ['志愿者培训安排', 'Volunteer Training Schedule'],
      ]),
    ]),
    ch('Lecture', '公益讲座', 'Lectures', [
      ['讲座：青铜铸造的秘密', 'Lecture: Secrets of Bronze Casting'],
      ['讲座：宋瓷之美', 'Lecture: The Beauty of Song Ceramics'],
    ]),
  ]),
];

const siteNo = (no: string, site: Site): string => (site === 'EN' ? `EN_${no}` : no);

function channelRecord(seed: ChannelSeed, site: Site, parent: ChannelSeed | null, sort: number): Row {
  const no = siteNo(seed.no, site);
  return {
    channelId: hex(`channel:${no}`),
    channelName: site === 'EN' ? seed.en : seed.zh,
    channelNo: no,
    linkUrl: seed.linkUrl ?? '/',
    description: seed.children && !parent ? (site === 'EN' ? `${seed.en} at the Qinglan Museum` : `青岚博物馆·${seed.zh}`) : null,
    isVisible: true,
    bannerPhotoPath: parent === null && seed.no !== 'Home' ? picture('CMS_CHANNEL_IMG', `banner:${seed.no}`) : null,
    parent: parent ? siteNo(parent.no, site) : null,
    parentId: parent ? hex(`channel:${siteNo(parent.no, site)}`) : null,
    sort,
    isHome: seed.no === 'Home',
    languageType: site,
    ...AUDIT,
    subChannel: seed.children ? seed.children.map((c, i) => channelRecord(c, site, seed, i + 1)) : null,
  };
}

const channelTree = (site: Site): Row[] => CHANNEL_SEEDS.map((s, i) => channelRecord(s, site, null, i + 1));

interface ArticleSpot {
  seed: ChannelSeed;
  parent: ChannelSeed;
}

function articleChannels(seeds: readonly ChannelSeed[], parent: ChannelSeed | null, out: ArticleSpot[] = []): ArticleSpot[] {
  for (const seed of seeds) {
    if (seed.articles && parent) out.push({ seed, parent });
    if (seed.children) articleChannels(seed.children, seed, out);
  }
  return out;
}

function articleBody(title: string, site: Site, image: string): string {
  const lead =
    site === 'EN'
      ? `<p>${title}: a short note from the Qinglan Museum. Opening hours, bookings and changes are announced on this site first.</p>`
      : `<p>${title}。本文由青岚博物馆编辑部撰写，开放安排、预约方式与临时调整均以本站公告为准。</p>`;
  return `${lead}<p><img src="${image}" alt="" style="max-width:100%"></p><p>${site === 'EN' ? 'Thank you for visiting.' : '欢迎您来馆参观。'}</p>`;
}

function articles(): Row[] {
  const out: Row[] = [];
  let n = 0;
  for (const site of ['CN', 'EN'] as const) {
    for (const { seed, parent } of articleChannels(CHANNEL_SEEDS, null)) {
      seed.articles!.forEach(([zh, en], i) => {
        n += 1;
        const no = siteNo(seed.no, site);
        const title = site === 'EN' ? en : zh;
        const key = `article:${no}:${i}`;
        const inBody = picture('CMS_ARCHIVES_IMG', `${key}:body`);
        const linksOut = seed.no === 'ExcellentCol';
        out.push({
          archivesId: hex(key),
          groupId: hex(`${key}:group`),
          channelId: hex(`channel:${no}`),
          channelNo: no,
          channelName: site === 'EN' ? seed.en : seed.zh,
          title,
          subTitle: null,
          // Every other article has no thumbnail of its own: lists fall back to the first body image.
          publishDate: `2026-${pad(10 - (n % 9))}-${pad(1 + (n % 27))} 09:${pad(n % 60)}:00`,
          parentChannelNo: siteNo(parent.no, site),
          thumbImg: i === 0 ? picture('CMS_ARCHIVES_IMG', `${key}:thumb`) : null,
          thumbAppImg: null,
          description: i === 0 ? (site === 'EN' ? `${title}, in brief.` : `${title}（摘要）`) : null,
          content: articleBody(title, site, inBody),
          source: i === 0 ? (site === 'EN' ? 'Qinglan Museum' : '青岚博物馆') : null,
          linkUrl: linksOut ? `https://collection.standin-museum.example/item/${hex(key)}` : null,
          isShowTitle: true,
          visitCount: 10 + n,
          starCount: n % 5,
          clickCount: 3 * n,
          flag: null,
          extension1: null,
          extension2: null,
          extension3: null,
          extension4: null,
          extension5: null,
          extension6: null,
          label: null,
          languageType: site,
          isOwn: 1,
          isTop: 0,
          createTime: '2026-06-01 10:00:00',
          updateTime: null,
          ...AUDIT,
        });
      });
    }
  }
  return out;
}

/** The article the crawl test reads most (馆内动态, first): it carries attached pictures and a PDF. */
export const FEATURED_ARTICLE_ID = hex('article:SNews:0');
export const FEATURED_GROUP_ID = hex('article:SNews:0:group');

// ---------------------------------------------------------------- exhibitions, exhibits, types

function exhibitionRecord(
  kind: 'base' | 'temp',
  key: string,
  site: Site,
  text: { name: string; place: string; about: string },
  dates: [string, string | null],
  extra: Row,
): Row {
  const id = hex(`${kind}:${key}:${site}`);
  const common = {
    groupId: hex(`${kind}:${key}:${site}:group`),
    description: `<p>${text.about}</p>`,
    startTime: dates[0],
    endTime: dates[1],
    linkUrl: null,
    thumb: picture('CMS_EXHIBITION_IMG', `${kind}:${key}`),
    appThumb: null,
    label: null,
    languageType: site,
    portalId: null,
    clickCount: 7,
    isRecommend: true,
    ...AUDIT,
    ...extra,
  };
  return kind === 'base'
    ? { exhibitionBaseId: id, baseName: text.name, basePlace: text.place, extension3: null, ...common }
    : { exhibitionTempId: id, tempName: text.name, tempPlace: text.place, extension1: null, ...common };
}

const EXHIBITION_TEXT = {
  ancient: {
    CN: { name: '青岚古代文明陈列', place: '一层东厅', about: '以出土器物讲述青岚一带从新石器时代到明清的生活与技艺。' },
    EN: {
      name: 'Ancient Qinglan',
      place: 'East Hall, Floor 1',
      about: 'Finds from the region tell how people lived and worked from the Neolithic to the Qing.',
    },
  },
  customs: {
    CN: { name: '山水之间：地方民俗陈列', place: '二层西厅', about: '农具、戏服与节令用品，呈现山区与河谷的日常。' },
    EN: {
      name: 'Between Hills and Rivers',
      place: 'West Hall, Floor 2',
      about: 'Farm tools, opera costumes and festival goods from valley and upland villages.',
    },
  },
  bronze: {
    CN: { name: '吉金光华：青铜器特展', place: '三层特展厅', about: '三十余件青铜礼器与兵器，首次集中展出。' },
    EN: {
      name: 'Gleaming Metal: Bronzes on Loan',
      place: 'Special Gallery, Floor 3',
      about: 'Thirty ritual vessels and weapons shown together for the first time.',
    },
  },
  kiln: {
    CN: { name: '窑火千年：陶瓷特展', place: '三层特展厅', about: '从窑址采集的标本到完整器，讲述一座古窑的兴衰。' },
    EN: {
      name: 'A Thousand Years of Kiln Fire',
      place: 'Special Gallery, Floor 3',
      about: 'Sherds and whole pieces trace the rise and fall of one kiln.',
    },
  },
  paper: {
    CN: { name: '纸上云烟：书画小展', place: '二层小展厅', about: '馆藏书画二十件，轮换展出。' },
    EN: {
      name: 'Mist on Paper',
      place: 'Small Gallery, Floor 2',
      about: 'Twenty paintings and calligraphies from the stores, shown in rotation.',
    },
  },
} as const;

interface ExhibitSeed {
  key: string;
  zh: string;
  en: string;
  type: string;
  treasure: boolean;
  generalType: string | null;
  age: [string, string];
  level: string | null;
  size: string | null;
}

const EXHIBIT_SEEDS: readonly ExhibitSeed[] = [
  {
    key: 'ding',
    zh: '兽面纹青铜鼎',
    en: 'Bronze Ding with Animal Mask',
    type: 'cms0901',
    treasure: true,
    generalType: null,
    age: ['商', 'Shang'],
    level: '一级',
    size: '高 38 厘米',
  },
  {
    key: 'vase',
    zh: '青釉刻花瓶',
    en: 'Celadon Vase with Carved Flowers',
    type: 'cms0902',
    treasure: true,
    generalType: null,
    age: ['宋', 'Song'],
    level: null,
    size: null,
  },
  {
    key: 'album',
    zh: '山水册页',
    en: 'Album of Landscapes',
    type: 'cms0903',
    treasure: true,
    generalType: null,
    age: ['清', 'Qing'],
    level: '二级',
    size: '纵 24 厘米',
  },
  {
    key: 'cart',
    zh: '支前运粮手推车',
    en: 'Supply Wheelbarrow',
    type: 'cms0904',
    treasure: false,
    generalType: 'GMWW',
    age: ['1948年', '1948'],
    level: null,
    size: null,
  },
  {
    key: 'paper',
    zh: '战地油印小报',
    en: 'Frontline Mimeographed Newsletter',
    type: 'cms0904',
    treasure: false,
    generalType: 'GMWW',
    age: ['1947年', '1947'],
    level: null,
    size: null,
  },
];

function exhibitRecord(seed: ExhibitSeed, site: Site, index: number): Row {
  const id = hex(`exhibit:${seed.key}:${site}`);
  const pics = [0, 1, 2].map((i) => picture('CMS_EXHIBIT_INFO_IMG', `exhibit:${seed.key}:${i}`));
  return {
    exhibitId: id,
    exhibitName: site === 'EN' ? seed.en : seed.zh,
    exhibitType: seed.type,
    modelUrl: null,
    exhibitLevel: site === 'EN' ? null : seed.level,
    age: site === 'EN' ? seed.age[1] : seed.age[0],
    ageDetail: null,
    size: site === 'EN' ? null : seed.size,
    description: site === 'EN' ? `<p>${seed.en}, from the museum's own collection.</p>` : `<p>${seed.zh}，本馆旧藏。</p>`,
    groupId: hex(`exhibit:${seed.key}:${site}:group`),
    explanationWord: index === 0 ? (site === 'EN' ? 'Look for the eyes in the pattern.' : '请留意纹饰中的双目。') : null,
    thumb: pics.join(';'),
    appThumb: index === 0 ? picture('CMS_EXHIBIT_INFO_APP_IMG', `exhibit:${seed.key}`) : null,
    collectionUnit: null,
    extension6: null,
    isOwn: true,
    isTreasure: seed.treasure,
    isRecommend: index < 3,
    label: null,
    generalType: seed.generalType,
    languageType: site,
    clickCount: 20 + index,
    ...AUDIT,
  };
}

const EXHIBIT_TYPES: ReadonlyArray<[string, string, string]> = [
  ['cms0901', '青铜器', 'Bronzes'],
  ['cms0902', '陶瓷器', 'Ceramics'],
  ['cms0903', '书画', 'Painting and Calligraphy'],
  ['cms0904', '近现代文物', 'Modern Relics'],
];

// ---------------------------------------------------------------- activities, dictionaries, messages

const DICTIONARIES: Record<string, ReadonlyArray<[string, string, string]>> = {
  MESSAGE_TYPE: [
    ['cms1101', '咨询', 'Enquiry'],
    ['cms1102', '建议', 'Suggestion'],
    ['cms1103', '表扬', 'Praise'],
    ['cms1104', '投诉', 'Complaint'],
  ],
  ACTIVITY_TYPE: [
    ['TRM0301', '手作体验', 'Hands-on'],
    ['TRM0302', '亲子课堂', 'Family Class'],
    ['TRM0303', '讲座沙龙', 'Talks'],
    ['TRM0305', '研学旅行', 'Study Trips'],
  ],
};

const ACTIVITY_TEXT: ReadonlyArray<{
  key: string;
  type: string;
  zh: string;
  en: string;
  venue: [string, string];
  days: [number, number];
  status: number;
  reserve: number;
}> = [
  {
    key: 'rubbing',
    type: 'TRM0301',
    zh: '周末青铜拓片体验',
    en: 'Weekend Bronze Rubbing',
    venue: ['一层教育中心', 'Learning Centre, Floor 1'],
    days: [12, 12],
    status: 0,
    reserve: 1,
  },
  {
    key: 'pottery',
    type: 'TRM0302',
    zh: '亲子陶艺课堂',
    en: 'Family Pottery Class',
    venue: ['手作教室', 'Craft Room'],
    days: [20, 20],
    status: 0,
    reserve: 2,
  },
  {
    key: 'night',
    type: 'TRM0303',
    zh: '夜读博物馆',
    en: 'Reading at the Museum by Night',
    venue: ['二层报告厅', 'Lecture Hall, Floor 2'],
    days: [-30, -30],
    status: 2,
    reserve: 3,
  },
];

// ---------------------------------------------------------------- the whole data set

export interface StandinData {
  channels: Record<Site, Row[]>;
  articles: Row[];
  files: Row[];
  exhibitionBases: Row[];
  exhibitionTemps: Row[];
  /** Temporary exhibition groupId → exhibit ids shown in it. */
  tempExhibits: Record<string, string[]>;
  exhibits: Row[];
  exhibitTypes: Row[];
  activities: Row[];
  dictionaries: Record<string, Row[]>;
  messages: Row[];
  questionnaires: Row[];
  /** Submitted questionnaire records, as received. */
  questionnaireRecords: Row[];
  sliders: Record<string, Row[]>;
  siteVisits: { total: number; today: number };
}

function fileRecord(objectId: string, code: string, path: string, name: string, index: number): Row {
  const suffix = path.slice(path.lastIndexOf('.') + 1);
  return {
    fileInfoId: hex(`file:${path}`),
    objectId,
    code,
    fileOldname: name,
    fileSuffix: suffix,
    description: index === 0 ? name.replace(/\.[a-z]+$/, '') : null,
    fileName: path.slice(path.lastIndexOf('/') + 1),
    filePath: path,
    fileSize: 1024 + index,
    sort: index + 1,
    createTime: '2026-06-01 10:00:00',
    ...AUDIT,
  };
}

function questionnaire(site: Site, times: { start: string; end: string }): Row {
  const zh = site === 'CN';
  const id = hex(`questionnaire:${site}`);
  const question = (n: number, title: string, single: boolean, other: boolean, answers: string[]): Row => ({
    questionnaireDetailId: hex(`q:${site}:${n}:detail`),
    questionId: hex(`q:${site}:${n}`),
    title,
    isRequired: n === 1,
    isSingle: single,
    isOther: other,
    sort: n,
    answers: answers.map((a, i) => ({ answerId: hex(`q:${site}:${n}:a${i}`), title: a, sort: i + 1, selectCount: 0, percent: 0 })),
  });
  return {
    questionnaireId: id,
    title: zh ? '观众参观体验调查' : 'How Was Your Visit?',
    subTitle: zh ? '约需两分钟，感谢参与' : null,
    createTime: '2026-06-01 10:00:00',
    startTime: times.start,
    endTime: times.end,
    languageType: site,
    status: 1,
    ...AUDIT,
    details: [
      question(
        1,
        zh ? '您本次参观的总体感受是？' : 'Overall, how was your visit?',
        true,
        false,
        zh ? ['很满意', '满意', '一般'] : ['Very good', 'Good', 'So-so'],
      ),
      question(
        2,
        zh ? '您最喜欢哪些展区？' : 'Which galleries did you like?',
        false,
        true,
        zh ? ['常设展览', '特别展览', '数字展厅'] : ['Permanent', 'Special', 'Digital'],
      ),
    ],
  };
}

/** A fresh, mutable data set; dates of exhibitions, activities and questionnaires are relative to `now`. */
export function buildStandinData(now = Date.now()): StandinData {
  const day = 86_400_000;
  const at = (days: number, hour = 9): string =>
    chinaTime(Math.floor((now + 8 * 3600_000) / day) * day - 8 * 3600_000 + days * day + hour * 3600_000);
  const sites = ['CN', 'EN'] as const;

  const bases = sites.flatMap((site) => [
    exhibitionRecord('base', 'ancient', site, EXHIBITION_TEXT.ancient[site], ['2019-05-18 09:00:00', null], {
      extension1: '30',
      extension2: '45',
    }),
    exhibitionRecord('base', 'customs', site, EXHIBITION_TEXT.customs[site], ['2021-09-28 09:00:00', null], {
      extension1: '70',
      extension2: '60',
    }),
  ]);
  const temps = sites.flatMap((site) => [
    exhibitionRecord('temp', 'bronze', site, EXHIBITION_TEXT.bronze[site], [at(-60), at(120, 17)], { extension1: null }),
    exhibitionRecord('temp', 'kiln', site, EXHIBITION_TEXT.kiln[site], [at(45), at(200, 17)], { extension1: null, isRecommend: false }),
    exhibitionRecord('temp', 'paper', site, EXHIBITION_TEXT.paper[site], [at(-300), at(-200, 17)], {
      extension1: null,
      isRecommend: false,
    }),
  ]);
  const exhibits = sites.flatMap((site) => EXHIBIT_SEEDS.map((s, i) => exhibitRecord(s, site, i)));
  const tempExhibits = Object.fromEntries(
    sites.map((site) => [hex(`temp:bronze:${site}:group`), [hex(`exhibit:ding:${site}`), hex(`exhibit:album:${site}`)]]),
  );

  const files = [
    fileRecord(FEATURED_GROUP_ID, 'CMS_ARCHIVES_IMG', picture('CMS_ARCHIVES_IMG', 'featured:gallery:0'), '修复前.jpg', 0),
    fileRecord(FEATURED_GROUP_ID, 'CMS_ARCHIVES_IMG', picture('CMS_ARCHIVES_IMG', 'featured:gallery:1'), '修复后.jpg', 1),
    fileRecord(FEATURED_GROUP_ID, 'CMS_ARCHIVES_FILE', document('CMS_ARCHIVES_FILE', 'featured:form'), '报名表.pdf', 0),
    ...sites.map((site) =>
      fileRecord(hex(`base:ancient:${site}:group`), 'CMS_ARCHIVES_IMG', picture('CMS_ARCHIVES_IMG', 'ancient:hall'), 'hall.jpg', 0),
    ),
    ...sites.flatMap((site) =>
      EXHIBIT_SEEDS.slice(0, 2).map((s) =>
        fileRecord(
          hex(`exhibit:${s.key}:${site}:group`),
          'CMS_EXHIBIT_INFO_DISPLAY',
          picture('CMS_EXHIBIT_INFO_DISPLAY', `exhibit:${s.key}:display`),
          `${s.key}.jpg`,
          0,
        ),
      ),
    ),
  ];

  const activities = sites.flatMap((site) =>
    ACTIVITY_TEXT.map((a, i) => ({
      activityId: hex(`activity:${a.key}:${site}`),
      groupId: hex(`activity:${a.key}:${site}:group`),
      activityName: site === 'EN' ? a.en : a.zh,
      activityType: a.type,
      activityVenueName: site === 'EN' ? a.venue[1] : a.venue[0],
      description: site === 'EN' ? `${a.en}. Places are limited; please book ahead.` : `${a.zh}。名额有限，请提前预约。`,
      startTime: at(a.days[0], 14),
      endTime: at(a.days[1], 16),
      reserveStartTime: at(a.days[0] - 10, 9),
      reserveEndTime: at(a.days[0] - 1, 18),
      reserveType: a.reserve,
      reserveStatus: a.status === 2 ? 3 : 1,
      activityStatus: a.status,
      minAge: i === 1 ? 5 : 0,
      maxAge: i === 1 ? 12 : 0,
      linkUrl: null,
      thumb: picture('CMS_ACTIVITY_IMG', `activity:${a.key}`),
      appThumb: null,
      label: null,
      languageType: site,
      maxNum: 30,
      signNum: 4 + i,
      ...AUDIT,
    })),
  );

  const dictionaries = Object.fromEntries(
    Object.entries(DICTIONARIES).map(([code, rows]) => [
      code,
      rows.map(([value, zh, en], i) => ({
        dictionaryId: hex(`dict:${code}:${value}`),
        dictionaryCode: code,
        dictionaryName: zh,
        dictionaryValue: value,
        dictionaryNameEn: en,
        sort: i + 1,
        parentId: null,
        ...AUDIT,
      })),
    ]),
  );

  const messages = [
    ['cms1101', '张女士', '请问特别展览需要另外购票吗？', '特别展览免费开放，凭预约码入馆即可。'],
    ['cms1102', null, '建议在二层增加几张休息座椅。', '感谢建议，新座椅已于上周安装。'],
    ['cms1103', 'Li', '讲解员讲得生动，孩子很喜欢。', '谢谢您的鼓励！'],
  ].map(([type, name, content, reply], i) => ({
    messageId: hex(`message:${i}`),
    source: 'web',
    content,
    createTime: `2026-09-${pad(10 + i)} 15:20:00`,
    email: null,
    name,
    phoneNumber: null,
    type,
    replyMessage: reply,
    replyTime: `2026-09-${pad(11 + i)} 10:00:00`,
    orgId: null,
    isPublish: 1,
    ...AUDIT,
  }));

  const slider = (place: string, site: Site): Row[] =>
    [0, 1].map((i) => ({
      id: hex(`slider:${place}:${i}`),
      title: site === 'EN' ? ['Gleaming Metal', 'Evenings at the Museum'][i] : ['吉金光华', '夜场开放'][i],
      filePath: picture('CMS_GALLERY_IMG', `slider:${i}`),
      content: site === 'EN' ? '<p>Now on view.</p>' : '<p>正在展出。</p>',
      linkUrl: i === 0 ? '/' : null,
      sort: i + 1,
      place,
      ...AUDIT,
    }));

  return {
    channels: { CN: channelTree('CN'), EN: channelTree('EN') },
    articles: articles(),
    files,
    exhibitionBases: bases,
    exhibitionTemps: temps,
    tempExhibits,
    exhibits,
    exhibitTypes: sites.flatMap((site) =>
      EXHIBIT_TYPES.map(([typeNo, zh, en], i) => ({
        exhibitTypeId: hex(`type:${typeNo}:${site}`),
        typeName: site === 'EN' ? en : zh,
        typeNo,
        backGroundImg: i === 0 ? picture('CMS_EXHIBIT_TYPE_IMG', `type:${typeNo}`) : null,
        languageType: site,
        sort: i + 1,
      })),
    ),
    activities,
    dictionaries,
    messages,
    questionnaires: sites.map((site) => questionnaire(site, { start: at(-30, 0), end: at(365, 23) })),
    questionnaireRecords: [],
    sliders: { home: slider('home', 'CN'), EN_home: slider('EN_home', 'EN') },
    siteVisits: { total: 182_400, today: 312 },
  };
}

/** Every file path the records name (fields, `;` lists and article HTML). */
export function knownFilePaths(data: StandinData): Set<string> {
  return new Set(JSON.stringify(data).match(/STANDIN_MUS\/[A-Za-z0-9_/]+\.(?:jpg|pdf)/g) ?? []);
}
