// The edge in front of a real reference service for the home, exhibition and collection tests: a
// fixture whose every record the tests know (exhibitions on view, coming and past on two list pages,
// one with its own site; a base exhibition with floor-plan coordinates; 16 precious relics of two
// types; revolutionary relics; English twins; three home slides), the service on port 0 with its own
// database, and createApp driven by supertest. The edge reaches the service over a real socket.
import type { EdgeApp } from '../../server/app.ts';
import type { DemoChannel, DemoContent } from '../../cms/db/demo/types.ts';
import type { Article, Exhibit, ExhibitionBase, ExhibitionTemp } from '../../shared/wire.ts';
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
  isHome: channelNo === 'Home' || channelNo === 'EN_Home',
});

const base = (exhibitionBaseId: number, baseName: string, extra: Partial<ExhibitionBase> = {}): ExhibitionBase => ({
  exhibitionBaseId,
  groupId: `g-b${exhibitionBaseId}`,
  baseName,
  description: `<p>${baseName}的介绍。</p>`,
  startTime: '2011-09-28 09:00:00',
  endTime: '',
  basePlace: '主楼一层 第1展厅',
  extension1: '',
  extension2: '',
  extension3: '1F',
  linkUrl: '',
  thumb: '/file/upload/a.jpg',
  appThumb: '',
  label: '',
  languageType: 'CN',
  ...extra,
});

const temp = (exhibitionTempId: number, tempName: string, startTime: string, endTime: string, extra: Partial<ExhibitionTemp> = {}): ExhibitionTemp => ({
  exhibitionTempId,
  groupId: `g-t${exhibitionTempId}`,
  tempName,
  description: `<p>${tempName}的介绍。</p>`,
  startTime,
  endTime,
  tempPlace: '临时展厅一',
  linkUrl: '',
  extension1: '原创展览',
  thumb: '/file/upload/a.jpg',
  appThumb: '',
  label: '',
  isRecommend: false,
  languageType: 'CN',
  ...extra,
});

const exhibit = (exhibitId: number, exhibitName: string, extra: Partial<Exhibit> = {}): Exhibit => ({
  exhibitId,
  exhibitName,
  exhibitType: 'QTQ',
  modelUrl: '',
  exhibitLevel: '二级',
  age: '西周',
  ageDetail: '',
  size: '',
  description: `<p>${exhibitName}。</p>`,
  groupId: `g-x${exhibitId}`,
  explanationWord: '',
  thumb: `/file/upload/x${exhibitId}.jpg`,
  appThumb: '',
  collectionUnit: '云溪博物馆',
  extension6: '',
  isOwn: true,
  isTreasure: true,
  isRecommend: false,
  label: '',
  generalType: '',
  languageType: 'CN',
  ...extra,
});

const article = (archivesId: number, channelNo: string, title: string, publishDate: string): Omit<Article, 'excerpt'> => ({
  ...FIXTURE.articles[0]!,
  archivesId,
  groupId: `g-a${archivesId}`,
  channelNo,
  title,
  content: `<p>${title}的正文。</p>`,
  publishDate,
  thumbImg: '/file/upload/a.jpg',
});

/** Ids the tests name. */
export const IDS = {
  bronzeGallery: 1,
  ceramicsGallery: 2,
  enGallery: 3,
  silkRoad: 1,
  pastPainting: 2,
  futureJade: 3,
  ownSite: 4,
  enTemp: 9,
  ding: 1,
  lamp: 20,
  enDing: 30,
} as const;

export const OWN_SITE = 'https://exhibition.example-museum.cn/silk/';

/** 13 bronzes and 3 ceramics: two collection pages, and a type filter that itself spans two pages. */
const TREASURES: Exhibit[] = [
  exhibit(IDS.ding, '兽面纹铜鼎', {
    age: '商',
    ageDetail: '商代晚期',
    size: '高40厘米',
    exhibitLevel: '一级',
    thumb: '/file/upload/x1.jpg;/file/upload/x1b.jpg',
    modelUrl: 'https://3d.example-museum.cn/ding',
    extension6: '1953年征集',
    explanationWord: '<p>鼎腹饰兽面纹。</p>',
    description: '<p>鼎为礼器之首。<script>alert(1)</script><img src="/file/upload/a.jpg" onerror="alert(2)"></p>',
    isRecommend: true,
  }),
  ...Array.from({ length: 12 }, (_, i) => exhibit(2 + i, `青铜器${i + 2}号`, { isRecommend: i < 3 })),
  ...Array.from({ length: 3 }, (_, i) => exhibit(14 + i, `瓷器${i + 14}号`, { exhibitType: 'TCQ', age: '宋' })),
];

export const EXHIBITION_FIXTURE: DemoContent = {
  ...FIXTURE,
  channels: [
    ...FIXTURE.channels,
    channel(16, 'DigitalExh', '数字展览', 'Exhibition'),
    channel(17, 'ColLevy', '文物征集', 'Collection'),
    channel(18, 'DonationSystem', '捐赠制度', 'ColLevy'),
    channel(19, 'DonationList', '捐赠名录', 'ColLevy'),
    channel(107, 'EN_Exhibition', 'Exhibitions', ''),
    channel(109, 'EN_BaseExh', 'Permanent Exhibitions', 'EN_Exhibition'),
    channel(110, 'EN_TempExh', 'Special Exhibitions', 'EN_Exhibition'),
    channel(111, 'EN_Collection', 'Collection', ''),
    channel(112, 'EN_PreciousCol', 'Treasures', 'EN_Collection'),
    channel(113, 'EN_GMWW', 'Revolutionary Relics', 'EN_Collection'),
  ],
  articles: [
    ...FIXTURE.articles,
    article(40, 'DigitalExh', '数字青铜馆', '2024-02-01 10:00:00'),
    ...Array.from({ length: 7 }, (_, i) => article(41 + i, 'DonationSystem', `捐赠制度第${i + 1}条`, `2024-01-0${i + 1} 10:00:00`)),
  ],
  exhibitionBases: [
    base(IDS.bronzeGallery, '吉金华章——商周青铜器陈列', { extension1: '25.5', extension2: '40', basePlace: '主楼一层 第2展厅' }),
    base(IDS.ceramicsGallery, '瓷韵千年——历代陶瓷陈列', { startTime: '2012-05-18 09:00:00' }),
    base(IDS.enGallery, 'Auspicious Metal: Shang and Zhou Bronzes', { languageType: 'EN', basePlace: 'Level 1, Gallery 2', extension1: '50', extension2: '50' }),
  ],
  exhibitionTemps: [
    temp(IDS.silkRoad, '丝路瓷韵特展', '2020-01-01 09:00:00', '2099-12-31 17:00:00', { tempPlace: '临时展厅二（二层西侧）', isRecommend: true }),
    temp(IDS.pastPainting, '往届书画展', '2019-01-01 09:00:00', '2019-03-01 17:00:00'),
    temp(IDS.futureJade, '玉润东方——古代玉器精品展', '2098-01-18 09:00:00', '2098-05-05 17:00:00'),
    temp(IDS.ownSite, '丝绸之路文物精品展', '2021-07-01 09:00:00', '2099-06-30 17:00:00', { linkUrl: OWN_SITE }),
    ...[5, 6, 7, 8].map((id) => temp(id, `历年特展${id}`, `2018-0${id}-01 09:00:00`, `2018-0${id}-20 17:00:00`)),
    temp(IDS.enTemp, 'Treasures of the Silk Road', '2020-01-01 09:00:00', '2099-12-31 17:00:00', { languageType: 'EN', tempPlace: 'Temporary Gallery 2' }),
  ],
  exhibitTypes: [
    { exhibitTypeId: 1, typeName: '青铜器', typeNo: 'QTQ', backGroundImg: '', languageType: 'CN' },
    { exhibitTypeId: 2, typeName: '陶瓷器', typeNo: 'TCQ', backGroundImg: '', languageType: 'CN' },
    { exhibitTypeId: 3, typeName: 'Bronzes', typeNo: 'QTQ', backGroundImg: '', languageType: 'EN' },
  ],
  exhibits: [
    ...TREASURES,
    exhibit(IDS.lamp, '红军用过的马灯', { exhibitType: 'GMWW', age: '近代', isTreasure: false, generalType: 'GMWW', exhibitLevel: '三级' }),
    exhibit(21, '革命家书', { exhibitType: 'GMWW', age: '近代', isTreasure: false, generalType: 'GMWW' }),
    exhibit(IDS.enDing, 'Ding with taotie mask', { languageType: 'EN', age: 'Shang', collectionUnit: 'Yunxi Museum' }),
  ],
  tempExhibits: [
    { groupId: 'g-t1', exhibitId: IDS.ding },
    { groupId: 'g-t1', exhibitId: IDS.lamp },
  ],
  files: [
    ...FIXTURE.files,
    { fileInfoId: 10, objectId: 'g-x1', code: 'CMS_EXHIBIT_INFO_DISPLAY', fileOldname: 'x1c.jpg', fileSuffix: 'jpg', description: '', fileName: 'x1c.jpg', filePath: '/file/upload/x1c.jpg' },
    { fileInfoId: 11, objectId: 'g-x1', code: 'CMS_EXHIBIT_INFO_DISPLAY', fileOldname: 'x1b.jpg', fileSuffix: 'jpg', description: '', fileName: 'x1b.jpg', filePath: '/file/upload/x1b.jpg' },
    { fileInfoId: 12, objectId: 'g-x1', code: 'CMS_EXHIBIT_INFO_DISPLAY', fileOldname: 'report.pdf', fileSuffix: 'pdf', description: '', fileName: 'report.pdf', filePath: '/file/upload/a.pdf' },
    { fileInfoId: 13, objectId: 'g-t1', code: 'CMS_ARCHIVES_IMG', fileOldname: 't1.jpg', fileSuffix: 'jpg', description: '展厅一角', fileName: 't1.jpg', filePath: '/file/upload/t1.jpg' },
  ],
  activities: [
    ...FIXTURE.activities,
    {
      ...FIXTURE.activities[0]!,
      activityId: 2,
      groupId: 'g-c2',
      activityName: '青铜器里的中国',
      activityType: 'lecture',
      activityVenueName: '学术报告厅',
      startTime: '2099-03-01 14:00:00',
      endTime: '2099-03-01 16:00:00',
      activityStatus: 0,
    },
  ],
  sliders: [
    { id: 1, place: 'home', title: '青铜之光', filePath: '/file/upload/s1.jpg', content: '<p>商周青铜器陈列</p>', linkUrl: '/Exhibition/BaseExh/1', sort: 1 },
    { id: 2, place: 'home', title: '全景展厅', filePath: '/file/upload/s2.jpg', content: '', linkUrl: 'https://vr.example-museum.cn/', sort: 2 },
    { id: 3, place: 'home', title: '园林春色', filePath: '/file/upload/s3.jpg', content: '', linkUrl: '', sort: 3 },
    { id: 4, place: 'EN_home', title: 'Light of Bronze', filePath: '/file/upload/s1.jpg', content: '', linkUrl: '/EN_Exhibition/EN_BaseExh', sort: 1 },
  ],
};

export interface ExhibitionEdge {
  /** The edge's Express app (supertest drives it; the content service behind it is a real socket). */
  app: EdgeApp['app'];
  cms: RunningCms;
  close(): Promise<void>;
}

export async function startExhibitionEdge(env: Record<string, string> = {}): Promise<ExhibitionEdge> {
  const { edge, cms, close } = await edgeOnContent(EXHIBITION_FIXTURE, { UPSTREAM_TIMEOUT_MS: '3000', ...env });
  return { app: edge.app, cms, close };
}
