// The edge (createApp) in front of the real reference service, seeded with a fixture whose lists run
// to several pages in every article layout: text (News/Notice, third-level Collection/ColLevy/
// DonationSystem), common (News/SNews), images (Survey/History, third-level Education/Volunteer/VolAct,
// ExcellentCol with external links), wc (Service/Shopping), book (Research/Read), the generic
// exhibition cards (Exhibition/OnlineExh), and an English text list.
import type { EdgeApp } from '../../server/app.ts';
import type { DemoChannel, DemoContent } from '../../cms/db/demo/types.ts';
import type { Article } from '../../shared/wire.ts';
import type { RunningCms } from './cms-harness.ts';
import { edgeOnContent } from './edge-harness.ts';
import { FIXTURE } from './cms-fixture.ts';

const channel = (channelId: number, channelNo: string, channelName: string, parent: string): DemoChannel => ({
  channelId,
  channelNo,
  channelName,
  parent,
  site: channelNo.startsWith('EN_') ? 'EN' : 'CN',
  linkUrl: '/',
  description: '',
  isVisible: true,
  bannerPhotoPath: '',
  sort: channelId,
  isHome: false,
});

const pad = (n: number): string => String(n).padStart(2, '0');

/** `count` articles of a channel, newest first by id: `${prefix}第N篇`, one a day back from 2025-06-28. */
function articles(firstId: number, channelNo: string, prefix: string, count: number, extra: Partial<Article> = {}): Array<Omit<Article, 'excerpt'>> {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    const day = new Date(Date.UTC(2025, 5, 28 - i));
    return {
      archivesId: firstId + i,
      groupId: `g-p${firstId + i}`,
      channelId: 0,
      channelNo,
      channelName: '',
      title: `${prefix}第${n}篇`,
      subTitle: '',
      publishDate: `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())} 09:00:00`,
      parentChannelNo: '',
      thumbImg: '/file/upload/a.jpg',
      thumbAppImg: '',
      description: '',
      content: `<p>${prefix}第${n}篇的正文。${'文物保护与展示。'.repeat(20)}</p>`,
      source: '',
      linkUrl: '',
      isShowTitle: true,
      visitCount: 7,
      starCount: 0,
      flag: '',
      extension1: '',
      extension2: '',
      extension3: '',
      extension4: '',
      extension5: '',
      extension6: '',
      label: '',
      ...extra,
    };
  });
}

/** Each list: its path, layout, page size and how many records it holds. */
export const LISTS = {
  notice: { path: '/News/Notice', layout: 'text', pageSize: 10, count: 23, prefix: '通知公告' },
  snews: { path: '/News/SNews', layout: 'common', pageSize: 6, count: 13, prefix: '' },
  history: { path: '/Survey/History', layout: 'images', pageSize: 6, count: 14, prefix: '历史沿革' },
  shopping: { path: '/Service/Shopping', layout: 'wc', pageSize: 6, count: 8, prefix: '文创商品' },
  read: { path: '/Research/Read', layout: 'book', pageSize: 8, count: 17, prefix: '悦读书目' },
  donation: { path: '/Collection/ColLevy/DonationSystem', layout: 'text', pageSize: 6, count: 8, prefix: '捐赠制度' },
  volact: { path: '/Education/Volunteer/VolAct', layout: 'images', pageSize: 6, count: 7, prefix: '志愿活动' },
  online: { path: '/Exhibition/OnlineExh', layout: 'exhibition', pageSize: 6, count: 7, prefix: '线上展览' },
  enNotice: { path: '/EN_News/EN_Notice', layout: 'text', pageSize: 10, count: 12, prefix: 'Notice ' },
} as const;

export const PORTAL_FIXTURE: DemoContent = {
  ...FIXTURE,
  channels: [
    ...FIXTURE.channels,
    channel(200, 'Notice', '通知公告', 'News'),
    channel(201, 'History', '历史沿革', 'Survey'),
    channel(202, 'Service', '参观服务', ''),
    channel(203, 'Shopping', '文创商店', 'Service'),
    channel(204, 'Research', '学术研究', ''),
    channel(205, 'Read', '悦读', 'Research'),
    channel(206, 'ColLevy', '文物征集', 'Collection'),
    channel(207, 'DonationSystem', '捐赠制度', 'ColLevy'),
    channel(208, 'ExcellentCol', '藏品精选', 'Collection'),
    channel(209, 'Volunteer', '志愿者', 'Education'),
    channel(210, 'VolAct', '志愿活动', 'Volunteer'),
    channel(211, 'OnlineExh', '线上展览', 'Exhibition'),
    channel(212, 'EN_Notice', 'Notices', 'EN_News'),
    // No articles: the empty state.
    channel(213, 'Honor', '荣誉资质', 'Survey'),
  ],
  articles: [
    ...FIXTURE.articles,
    ...articles(1000, 'Notice', LISTS.notice.prefix, LISTS.notice.count),
    ...articles(1100, 'SNews', '本馆动态', LISTS.snews.count - 3),
    ...articles(1200, 'History', LISTS.history.prefix, LISTS.history.count),
    ...articles(1300, 'Shopping', LISTS.shopping.prefix, LISTS.shopping.count),
    ...articles(1400, 'Read', LISTS.read.prefix, LISTS.read.count),
    ...articles(1500, 'DonationSystem', LISTS.donation.prefix, LISTS.donation.count),
    ...articles(1600, 'VolAct', LISTS.volact.prefix, LISTS.volact.count),
    ...articles(1700, 'OnlineExh', LISTS.online.prefix, LISTS.online.count),
    ...articles(1800, 'EN_Notice', LISTS.enNotice.prefix, LISTS.enNotice.count),
    ...articles(1900, 'ExcellentCol', '藏品精选', 3).map((a) => ({ ...a, linkUrl: `https://collection.example-museum.cn/item/${a.archivesId}` })),
  ],
};

export interface PortalWorld {
  app: EdgeApp['app'];
  cms: RunningCms;
  close(): Promise<void>;
}

export async function portalWorld(env: Record<string, string> = {}): Promise<PortalWorld> {
  const { edge, cms, close } = await edgeOnContent(PORTAL_FIXTURE, { RATE_LIMIT_WRITES: '1000', ...env });
  return { app: edge.app, cms, close };
}
