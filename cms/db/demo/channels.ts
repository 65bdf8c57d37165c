// The channel tree of both sites as data, as a deployed museum site has it: route segment, names, what
// kind of list backs the channel, its page size and the topic its demo articles are written on.
import type { SiteLanguage } from '../../../shared/wire.ts';
import { imagePath } from './image-pool.ts';
import type { DemoChannel } from './types.ts';
import type { TopicKey } from './prose/types.ts';

/** What backs a channel's screen. Article kinds are listed by `queryArchivesList`. */
type ChannelKind =
  | 'home'
  | 'section'
  | 'link'
  | 'text'
  | 'images'
  | 'common'
  | 'wc'
  | 'book'
  | 'excellent'
  | 'exhibitionBase'
  | 'exhibitionTemp'
  | 'collectionTreasure'
  | 'collectionGMWW'
  | 'activity'
  | 'message'
  | 'questionnaire';

export interface ChannelPlan {
  no: string;
  zh: string;
  en: string;
  kind: ChannelKind;
  /** The page size of the channel's list on the site. */
  pageSize?: number;
  topic?: TopicKey;
  /** How many demo records the list gets (at least three pages). */
  count?: number;
  hidden?: boolean;
  linkUrl?: string;
  children?: ChannelPlan[];
}

/** Records for at least three pages, the last one partly filled. */
const pages3 = (pageSize: number): number => pageSize * 2 + Math.ceil(pageSize / 2);

function list(
  no: string,
  zh: string,
  en: string,
  kind: ChannelKind,
  pageSize: number,
  topic?: TopicKey,
  count = pages3(pageSize),
): ChannelPlan {
  return topic ? { no, zh, en, kind, pageSize, topic, count } : { no, zh, en, kind, pageSize, count };
}

function section(no: string, zh: string, en: string, children: ChannelPlan[]): ChannelPlan {
  return { no, zh, en, kind: 'section', children };
}

const CHANNEL_PLAN: readonly ChannelPlan[] = [
  { no: 'Home', zh: '首页', en: 'Home', kind: 'home' },
  section('Survey', '博物馆概况', 'About', [
    list('Introduction', '本馆简介', 'Introduction', 'text', 10, 'intro'),
    list('Leader', '馆领导', 'Leadership', 'images', 6, 'leader'),
    list('Organization', '组织机构', 'Organization', 'text', 10, 'organization'),
    list('frzl', '法人治理', 'Governance', 'text', 10, 'governance'),
    list('Honor', '荣誉资质', 'Honors', 'text', 10, 'honor'),
    list('History', '历史沿革', 'History', 'images', 6, 'history'),
    // Hidden = unlisted, not private: a public page linked from press releases, out of menus,
    // sitemap, feeds and search. Nothing for staff only belongs in a public content service.
    { ...list('PressKit', '媒体资料', 'Press Kit', 'text', 10, 'pressKit', 3), hidden: true },
  ]),
  section('News', '新闻资讯', 'News', [
    list('SNews', '本馆新闻', 'Museum News', 'common', 6, 'news', 32),
    list('Media', '媒体报道', 'In the Media', 'common', 6, 'media', 20),
    list('Notice', '通知公告', 'Notices', 'text', 10, 'notice'),
  ]),
  section('Service', '参观服务', 'Visit', [
    section('OpenServies', '开放服务', 'Opening Services', [
      list('OpenTime', '开放时间', 'Opening Hours', 'text', 10, 'openTime'),
      list('Guide', '参观须知', 'Visitor Guidelines', 'text', 10, 'guide'),
      list('Traffic', '交通指南', 'Getting Here', 'text', 10, 'traffic'),
      list('LeaveWord', '观众留言', 'Visitor Messages', 'message', 10),
    ]),
    list('Shopping', '文创商店', 'Museum Shop', 'wc', 6, 'shop'),
    // The questionnaire screen has no page size: a short list, not paged.
    { no: 'Questionnaire', zh: '问卷调查', en: 'Surveys', kind: 'questionnaire' },
  ]),
  section('Exhibition', '展览', 'Exhibitions', [
    list('BaseExh', '基本陈列', 'Permanent Exhibitions', 'exhibitionBase', 6),
    list('TempExh', '临时展览', 'Temporary Exhibitions', 'exhibitionTemp', 6),
    list('DigitalExh', '数字展览', 'Digital Exhibitions', 'images', 6, 'digital'),
    { no: 'VRTour', zh: '全景展厅', en: 'Virtual Tour', kind: 'link', linkUrl: 'https://vr.example-museum.cn/' },
  ]),
  section('Collection', '典藏', 'Collections', [
    list('PreciousCol', '珍贵文物', 'Treasures', 'collectionTreasure', 12),
    list('GMWW', '革命文物', 'Revolutionary Relics', 'collectionGMWW', 12),
    list('ExcellentCol', '藏品精选', 'Selected Works', 'excellent', 12, 'excellent'),
    section('ColLevy', '文物征集', 'Acquisitions', [
      list('DonationSystem', '捐赠制度', 'Donation Policy', 'text', 6, 'donationRules'),
      list('DonationList', '捐赠名录', 'Donor Roll', 'text', 6, 'donationList'),
    ]),
  ]),
  section('Research', '学术研究', 'Research', [
    list('AcademicCommittee', '学术委员会', 'Academic Committee', 'text', 10, 'committee'),
    list('Achievements', '研究成果', 'Research Output', 'images', 6, 'achievements'),
    list('Read', '悦读', 'Reading', 'book', 8, 'reading'),
    list('PublishedBooks', '出版物', 'Publications', 'book', 8, 'books'),
  ]),
  section('Education', '社会教育', 'Learning', [
    list('Reception', '讲解接待', 'Guided Tours', 'images', 6, 'reception'),
    list('Activity', '社教活动', 'Activities', 'activity', 6),
    section('Volunteer', '志愿者', 'Volunteers', [
      list('VolAct', '志愿活动', 'Volunteer Activities', 'images', 6, 'volunteerActivity'),
      list('VolRecruit', '志愿招募', 'Volunteer Recruitment', 'images', 6, 'volunteerRecruit'),
    ]),
    list('Lecture', '公益讲座', 'Public Lectures', 'images', 6, 'lecture'),
  ]),
];

/** A channel number on a site: `EN_` + channelNo on the English site. */
function siteChannelNo(no: string, site: SiteLanguage): string {
  return site === 'EN' ? `EN_${no}` : no;
}

export interface PlannedChannel {
  plan: ChannelPlan;
  site: SiteLanguage;
  channel: DemoChannel;
  /** The top channel's number (the channel itself at the top). */
  top: string;
}

const banner = (no: string): string => imagePath(`banner-${no.toLowerCase()}`, 'CMS_CHANNEL_IMG');

/** Flattens the plan for one site, parents before children, with ids from `firstId` on. */
export function planChannels(site: SiteLanguage, firstId: number): PlannedChannel[] {
  const out: PlannedChannel[] = [];
  let id = firstId;
  const walk = (plans: readonly ChannelPlan[], parent: string, top: string | null): void => {
    plans.forEach((plan, index) => {
      const channelNo = siteChannelNo(plan.no, site);
      const isTop = top === null;
      const channel: DemoChannel = {
        channelId: id++,
        channelName: site === 'EN' ? plan.en : plan.zh,
        channelNo,
        linkUrl: plan.linkUrl ?? '/',
        description: site === 'EN' ? `${plan.en} — Yunxi Museum` : `云溪博物馆·${plan.zh}`,
        isVisible: !plan.hidden,
        bannerPhotoPath: isTop && plan.kind !== 'home' ? banner(plan.no) : null,
        parent,
        sort: index + 1,
        isHome: plan.no === 'Home',
        site,
      };
      out.push({ plan, site, channel, top: top ?? channelNo });
      if (plan.children) walk(plan.children, channelNo, top ?? channelNo);
    });
  };
  walk(CHANNEL_PLAN, '', null);
  return out;
}
