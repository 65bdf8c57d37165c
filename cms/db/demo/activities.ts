// Education activities with reservation windows, venues, age ranges, a type from the dictionary
// ACTIVITY_TYPE (vendor codes TRM03xx, as deployed services use) and statuses as the content service
// stores them (small integers, relative to DEMO_TODAY): past ones ended, a few open for booking, a
// few not yet open, one cancelled.
import type { SiteLanguage } from '../../../shared/wire.ts';
import { say, type Pair } from './bilingual.ts';
import { addDays, at, DEMO_TODAY } from './dates.ts';
import { groupId, type Counter } from './ids.ts';
import { imagePath } from './image-pool.ts';
import type { Rng } from './prng.ts';
import type { DemoActivity } from './types.ts';

/** Dictionary ACTIVITY_TYPE: value → name. */
export const ACTIVITY_TYPES: Array<{ value: string; name: Pair }> = [
  { value: 'TRM0301', name: ['公益讲座', 'Lecture'] },
  { value: 'TRM0302', name: ['亲子活动', 'Family'] },
  { value: 'TRM0303', name: ['研学课程', 'Study course'] },
  { value: 'TRM0304', name: ['手工体验', 'Workshop'] },
  { value: 'TRM0305', name: ['专题导览', 'Guided tour'] },
];

/** reserveType: how to book. */
export const RESERVE_TYPES: Pair[] = [
  ['无需预约', 'No booking needed'],
  ['线上预约', 'Book online'],
  ['电话预约', 'Book by phone'],
  ['现场报名', 'Sign up on site'],
];
/** reserveStatus. */
export const RESERVE_STATUSES: Pair[] = [
  ['预约未开始', 'Booking not yet open'],
  ['预约中', 'Booking open'],
  ['已约满', 'Fully booked'],
  ['预约已截止', 'Booking closed'],
];
/** activityStatus. */
export const ACTIVITY_STATUSES: Pair[] = [
  ['未开始', 'Upcoming'],
  ['进行中', 'In progress'],
  ['已结束', 'Ended'],
  ['已取消', 'Cancelled'],
];

const VENUES: Pair[] = [
  ['学术报告厅', 'Lecture Theatre'],
  ['社教活动室', 'Learning Studio'],
  ['青少年体验中心', 'Youth Discovery Centre'],
  ['一号展厅', 'Gallery 1'],
  ['园林广场', 'Garden Plaza'],
  ['文物保护中心', 'Conservation Centre'],
];

const DESCRIPTIONS: Record<string, Pair> = {
  TRM0301: [
    '本场讲座邀请专家学者，结合馆藏文物深入浅出地讲解相关知识。讲座免费，需提前预约座位。',
    'Scholars bring the collection to life in this free lecture. Please reserve a seat in advance.',
  ],
  TRM0302: [
    '家长与孩子结伴参与，在展厅中完成寻宝任务，了解文物背后的故事。每组家庭限一名家长陪同。',
    'Parents and children explore the galleries together on a treasure hunt and discover the stories behind the objects. One adult per family.',
  ],
  TRM0303: [
    '研学课程由社教老师带领，包含展厅探究、动手实践和成果分享三个环节。',
    'Led by our educators, the course combines gallery inquiry, hands-on work and a final presentation.',
  ],
  TRM0304: [
    '在老师指导下动手体验传统技艺，作品可带回家留念。材料由博物馆免费提供。',
    'Try a traditional craft with expert guidance and take your work home. Materials are provided free.',
  ],
  TRM0305: [
    '由策展人或资深讲解员带领，深入解读展览亮点。请准时到一层大厅集合。',
    'A curator or senior guide leads you through the highlights. Please meet in the main hall on time.',
  ],
};

interface ActivityPlan {
  name: Pair;
  type: string;
  image: string;
  venue: number;
  ages: [number, number];
  reserve: number;
  /** Days from DEMO_TODAY to the start, and how many days it runs. */
  offset: number;
  days?: number;
  cancelled?: boolean;
  full?: boolean;
  linkUrl?: string;
}

const PLANS: ActivityPlan[] = [
  {
    name: ['古琴雅集：松风流水', 'Guqin Evening: Wind in the Pines'],
    type: 'TRM0301',
    image: 'garden-pavilion',
    venue: 4,
    ages: [14, 80],
    reserve: 1,
    offset: 96,
  },
  {
    name: ['花灯制作迎元宵', 'Make a Lantern for the Lantern Festival'],
    type: 'TRM0304',
    image: 'activity-lantern',
    venue: 1,
    ages: [5, 12],
    reserve: 1,
    offset: 82,
  },
  {
    name: ['书法入门：临写《兰亭序》', 'Calligraphy for Beginners: Copying the Orchid Pavilion Preface'],
    type: 'TRM0304',
    image: 'activity-calligraphy',
    venue: 1,
    ages: [9, 16],
    reserve: 2,
    offset: 47,
  },
  {
    name: ['文物修复开放日', 'Conservation Open Day'],
    type: 'TRM0305',
    image: 'bronze-ding',
    venue: 5,
    ages: [10, 80],
    reserve: 1,
    offset: 30,
  },
  {
    name: ['策展人导览：钟鸣鼎食', "Curator's Tour: Bells and Cauldrons"],
    type: 'TRM0305',
    image: 'bronze-bell',
    venue: 3,
    ages: [12, 80],
    reserve: 0,
    offset: 3,
  },
  {
    name: ['青花瓷绘画工作坊', 'Blue-and-White Painting Workshop'],
    type: 'TRM0304',
    image: 'porcelain-meiping',
    venue: 1,
    ages: [8, 16],
    reserve: 1,
    offset: 5,
    full: true,
  },
  {
    name: ['云溪讲坛：商周青铜器的铸造之谜', 'Yunxi Forum: Secrets of Shang and Zhou Bronze Casting'],
    type: 'TRM0301',
    image: 'lecture-hall',
    venue: 0,
    ages: [14, 80],
    reserve: 1,
    offset: 8,
    linkUrl: 'https://www.example.org/yunxi-forum/bronze-casting',
  },
  {
    name: ['考古研学营：古城寻踪', 'Archaeology Camp: Tracing the Old City'],
    type: 'TRM0303',
    image: 'history-old-hall',
    venue: 2,
    ages: [10, 15],
    reserve: 1,
    offset: -6,
    days: 14,
  },
  {
    name: ['丝路商队探秘', 'Caravans of the Silk Road'],
    type: 'TRM0302',
    image: 'sancai-jar',
    venue: 3,
    ages: [6, 12],
    reserve: 1,
    offset: -20,
    cancelled: true,
  },
  {
    name: ['玉器鉴赏入门', 'An Introduction to Jade'],
    type: 'TRM0301',
    image: 'jade-bi',
    venue: 0,
    ages: [16, 80],
    reserve: 1,
    offset: -41,
  },
  {
    name: ['红色故事会', 'Stories of the Revolution'],
    type: 'TRM0302',
    image: 'revolution-letter',
    venue: 2,
    ages: [8, 14],
    reserve: 3,
    offset: -75,
  },
  {
    name: ['青铜拓印体验', 'Rubbing Bronze Inscriptions'],
    type: 'TRM0304',
    image: 'bronze-zun',
    venue: 1,
    ages: [8, 15],
    reserve: 1,
    offset: -130,
  },
  {
    name: ['博物馆奇妙夜', 'Night at the Museum'],
    type: 'TRM0302',
    image: 'gallery-hall',
    venue: 3,
    ages: [7, 12],
    reserve: 1,
    offset: -188,
  },
  {
    name: ['宋代点茶体验', 'Whisked Tea the Song Way'],
    type: 'TRM0304',
    image: 'tenmoku-bowl',
    venue: 1,
    ages: [12, 70],
    reserve: 2,
    offset: -260,
  },
  {
    name: ['小小讲解员培训营', 'Young Guides Training Camp'],
    type: 'TRM0303',
    image: 'volunteer-badge',
    venue: 2,
    ages: [9, 14],
    reserve: 1,
    offset: -330,
    days: 5,
  },
  {
    name: ['书画装裱里的学问', 'The Art of Mounting Scrolls'],
    type: 'TRM0301',
    image: 'handscroll-calligraphy',
    venue: 0,
    ages: [16, 80],
    reserve: 1,
    offset: -420,
  },
  { name: ['非遗剪纸课堂', 'Paper-Cutting Class'], type: 'TRM0304', image: 'shop-fan', venue: 1, ages: [6, 14], reserve: 3, offset: -515 },
  {
    name: ['亲子寻宝：青铜器里的动物王国', 'Family Treasure Hunt: Animals in Bronze'],
    type: 'TRM0302',
    image: 'bronze-gu',
    venue: 3,
    ages: [6, 12],
    reserve: 1,
    offset: -640,
  },
];

const NOW = at(DEMO_TODAY, 10);

function statuses(
  p: ActivityPlan,
  start: string,
  end: string,
  reserveStart: string,
  reserveEnd: string,
): Pick<DemoActivity, 'reserveStatus' | 'activityStatus'> {
  const activityStatus = p.cancelled ? 3 : NOW < start ? 0 : NOW <= end ? 1 : 2;
  let reserveStatus = NOW < reserveStart ? 0 : NOW <= reserveEnd ? 1 : 3;
  if (reserveStatus === 1 && p.full) reserveStatus = 2;
  return { reserveStatus, activityStatus };
}

export function activities(rng: Rng, site: SiteLanguage, ids: Counter): DemoActivity[] {
  return PLANS.map((p) => {
    const day = addDays(DEMO_TODAY, p.offset);
    const morning = rng.chance(0.5);
    const start = at(day, morning ? 9 : 14, 30);
    const end = at(addDays(day, (p.days ?? 1) - 1), morning ? 11 : 16, 30);
    const reserveStart = p.reserve === 0 ? start : at(addDays(day, -10), 9);
    const reserveEnd = p.reserve === 0 ? start : at(addDays(day, -1), 17);
    const image = imagePath(p.image, 'CMS_ACTIVITY_IMG');
    return {
      activityId: ids.next(),
      groupId: groupId(rng),
      activityName: say(p.name, site),
      activityType: p.type,
      activityVenueName: say(VENUES[p.venue] ?? VENUES[0] ?? ['', ''], site),
      description: say(DESCRIPTIONS[p.type] ?? ['', ''], site),
      startTime: start,
      endTime: end,
      reserveStartTime: reserveStart,
      reserveEndTime: reserveEnd,
      reserveType: p.reserve,
      ...statuses(p, start, end, reserveStart, reserveEnd),
      minAge: p.ages[0],
      maxAge: p.ages[1],
      linkUrl: p.linkUrl ?? null,
      thumb: image,
      appThumb: rng.chance(0.4) ? imagePath(p.image, 'CMS_ACTIVITY_APP_IMG') : null,
      label: say(ACTIVITY_TYPES.find((t) => t.value === p.type)?.name ?? ['', ''], site),
      languageType: site,
    };
  });
}
