// The one content set of the page suites (screens, home/exhibitions/collections, activities,
// messages, questionnaires): the small cms fixture plus records whose every detail the page tests
// know.
// - Article lists that run to several pages in every layout: text (News/Notice, third-level
//   Collection/ColLevy/DonationSystem), common (News/SNews), images (Survey/History, third-level
//   Education/Volunteer/VolAct, ExcellentCol with external links), wc (Service/Shopping), book
//   (Research/Read), the generic exhibition cards (Exhibition/OnlineExh), an English text list, and
//   an empty channel (Survey/Honor).
// - Exhibitions on view, coming and past on two list pages, one with its own site; a base exhibition
//   with floor-plan coordinates; 16 precious relics of two types; revolutionary relics; English
//   twins; three home slides.
// - 12 published messages (two board pages) and one on the English board, an open, a closed and an English questionnaire, and
//   activities of two types on both sites — one far in the future, so the home page always has an
//   upcoming one, the rest over or soon.
// Where the parts once came from separate fixtures, one record now serves: the channels Service,
// ColLevy and DonationSystem exist once, DonationSystem holds the text-list series, and the
// activities and visitor records are those of the visitor pages.
//
// Records are in stored form: integer row numbers (ROWS), which the service sends as 32-hex-digit
// wire ids (IDS, what routes and answers hold), store paths relative to the file prefix, vendor
// dictionary codes, null for a missing value.
import type {
  DemoActivity,
  DemoContent,
  DemoExhibit,
  DemoExhibitionBase,
  DemoExhibitionTemp,
  DemoQuestion,
} from '../../cms/db/demo/types.ts';
import { FIXTURE, FIXTURE_FILES, MESSAGE_TYPE, article, channel, fixtureFile, wireId } from './cms-fixture.ts';

/** `count` articles of a channel, newest first by id: `${prefix}第N篇`, one a day back from 2025-06-28. */
function series(firstId: number, channelNo: string, prefix: string, count: number): ReturnType<typeof article>[] {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    const day = new Date(Date.UTC(2025, 5, 28 - i)).toISOString().slice(0, 10);
    const body = `<p>${prefix}第${n}篇的正文。${'文物保护与展示。'.repeat(20)}</p>`;
    return article(firstId + i, channelNo, `${prefix}第${n}篇`, body, `${day} 09:00:00`, {
      groupId: `g-p${firstId + i}`,
      thumbImg: FIXTURE_FILES.image,
      visitCount: 7,
    });
  });
}

/** Each paged article list: its path, layout, page size and how many records it holds. */
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

/** Row numbers of the exhibitions, exhibits and activities the tests name (the database's keys). */
export const ROWS = {
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
  /** The activity still to come whatever the date (2099); the home page shows it. */
  farLecture: 41,
} as const;

/** Their wire ids: what the service sends and what the portal's routes hold. */
export const IDS = {
  bronzeGallery: wireId('exhibitionBase', ROWS.bronzeGallery),
  ceramicsGallery: wireId('exhibitionBase', ROWS.ceramicsGallery),
  enGallery: wireId('exhibitionBase', ROWS.enGallery),
  silkRoad: wireId('exhibitionTemp', ROWS.silkRoad),
  pastPainting: wireId('exhibitionTemp', ROWS.pastPainting),
  futureJade: wireId('exhibitionTemp', ROWS.futureJade),
  ownSite: wireId('exhibitionTemp', ROWS.ownSite),
  enTemp: wireId('exhibitionTemp', ROWS.enTemp),
  ding: wireId('exhibit', ROWS.ding),
  lamp: wireId('exhibit', ROWS.lamp),
  enDing: wireId('exhibit', ROWS.enDing),
  farLecture: wireId('activity', ROWS.farLecture),
} as const;

export const OWN_SITE = 'https://exhibition.example-museum.cn/silk/';

/** Questionnaire row numbers (for reading the database) … */
export const OPEN_QUESTIONNAIRE_ROW = 31;
export const CLOSED_QUESTIONNAIRE_ROW = 32;
export const EN_QUESTIONNAIRE_ROW = 33;
/** … and their wire ids (routes, request bodies). */
export const OPEN_QUESTIONNAIRE = wireId('questionnaire', OPEN_QUESTIONNAIRE_ROW);
export const CLOSED_QUESTIONNAIRE = wireId('questionnaire', CLOSED_QUESTIONNAIRE_ROW);
export const EN_QUESTIONNAIRE = wireId('questionnaire', EN_QUESTIONNAIRE_ROW);
export const PUBLISHED_MESSAGES = 12;

/** Store paths of the fixture's pictures that have no bytes (the edge only links them). */
export const PAGE_FILES = {
  exhibit: (n: number): string => fixtureFile('CMS_EXHIBIT_INFO_IMG', `x${n}`),
  exhibitB: fixtureFile('CMS_EXHIBIT_INFO_IMG', 'x1b'),
  exhibitC: fixtureFile('CMS_EXHIBIT_INFO_DISPLAY', 'x1c'),
  tempGallery: fixtureFile('CMS_ARCHIVES_IMG', 't1'),
  slide: (n: number): string => fixtureFile('CMS_GALLERY_IMG', `s${n}`),
} as const;

const fileName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The fields exhibitions and activities share: no own site, the stand-in picture, the Chinese site. */
const LISTED = { linkUrl: null, thumb: FIXTURE_FILES.image, appThumb: null, label: null, languageType: 'CN' } as const;

const base = (exhibitionBaseId: number, baseName: string, extra: Partial<DemoExhibitionBase> = {}): DemoExhibitionBase => ({
  exhibitionBaseId,
  groupId: `g-b${exhibitionBaseId}`,
  baseName,
  description: `<p>${baseName}的介绍。</p>`,
  startTime: '2011-09-28 09:00:00',
  endTime: null,
  basePlace: '主楼一层 第1展厅',
  extension1: null,
  extension2: null,
  extension3: '1F',
  ...LISTED,
  ...extra,
});

const temp = (
  exhibitionTempId: number,
  tempName: string,
  startTime: string,
  endTime: string,
  extra: Partial<DemoExhibitionTemp> = {},
): DemoExhibitionTemp => ({
  exhibitionTempId,
  groupId: `g-t${exhibitionTempId}`,
  tempName,
  description: `<p>${tempName}的介绍。</p>`,
  startTime,
  endTime,
  tempPlace: '临时展厅一',
  // EXHIBITION_CATEGORY 原创展览.
  extension1: 'cms0701',
  isRecommend: false,
  ...LISTED,
  ...extra,
});

/** EXHIBIT_LEVEL codes: 一级文物, 二级文物, 三级文物. */
const LEVEL = { first: 'cms0801', second: 'cms0802', third: 'cms0803' } as const;
/** ACTIVITY_TYPE codes: 公益讲座, 手工体验. */
const ACTIVITY_TYPE = { lecture: 'TRM0301', handcraft: 'TRM0304' } as const;

const exhibit = (exhibitId: number, exhibitName: string, extra: Partial<DemoExhibit> = {}): DemoExhibit => ({
  exhibitId,
  exhibitName,
  exhibitType: 'QTQ',
  modelUrl: null,
  exhibitLevel: LEVEL.second,
  age: '西周',
  ageDetail: null,
  size: null,
  description: `<p>${exhibitName}。</p>`,
  groupId: `g-x${exhibitId}`,
  explanationWord: null,
  thumb: PAGE_FILES.exhibit(exhibitId),
  appThumb: null,
  collectionUnit: '云溪博物馆',
  extension6: null,
  isOwn: true,
  isTreasure: true,
  isRecommend: false,
  label: null,
  generalType: null,
  languageType: 'CN',
  ...extra,
});

const activity = (activityId: number, extra: Partial<DemoActivity>): DemoActivity => ({
  activityId,
  groupId: `g-act${activityId}`,
  activityName: `活动${activityId}`,
  activityType: ACTIVITY_TYPE.lecture,
  activityVenueName: '学术报告厅',
  description: '<p>活动介绍。</p>',
  startTime: '2026-12-05 09:30:00',
  endTime: '2026-12-05 11:00:00',
  reserveStartTime: '2026-11-20 09:00:00',
  reserveEndTime: '2026-12-04 17:00:00',
  reserveType: 1,
  reserveStatus: 1,
  activityStatus: 0,
  minAge: 0,
  maxAge: 0,
  ...LISTED,
  ...extra,
});

const question = (
  questionId: number,
  title: string,
  flags: Partial<DemoQuestion>,
  answers: Array<[number, string, number]>,
): DemoQuestion => ({
  questionnaireDetailId: questionId,
  questionId,
  title,
  isRequired: false,
  isSingle: true,
  isOther: false,
  sort: 1,
  ...flags,
  answers: answers.map(([answerId, t, sort]) => ({ answerId, title: t, sort, selectCount: 0, percent: 0 })),
});

/** 13 bronzes and 3 ceramics: two collection pages, and a type filter that itself spans two pages. */
const TREASURES: DemoExhibit[] = [
  exhibit(ROWS.ding, '兽面纹铜鼎', {
    age: '商',
    ageDetail: '商代晚期',
    size: '高40厘米',
    exhibitLevel: LEVEL.first,
    thumb: `${PAGE_FILES.exhibit(1)};${PAGE_FILES.exhibitB}`,
    modelUrl: 'https://3d.example-museum.cn/ding',
    extension6: '1953年征集',
    explanationWord: '<p>鼎腹饰兽面纹。</p>',
    description: `<p>鼎为礼器之首。<script>alert(1)</script><img src="${FIXTURE_FILES.image}" onerror="alert(2)"></p>`,
    isRecommend: true,
  }),
  ...Array.from({ length: 12 }, (_, i) => exhibit(2 + i, `青铜器${i + 2}号`, { isRecommend: i < 3 })),
  ...Array.from({ length: 3 }, (_, i) => exhibit(14 + i, `瓷器${i + 14}号`, { exhibitType: 'TCQ', age: '宋' })),
];

export const PAGE_FIXTURE: DemoContent = {
  ...FIXTURE,
  channels: [
    ...FIXTURE.channels,
    channel(16, 'DigitalExh', '数字展览', 'Exhibition'),
    // DonationSystem comes before DonationList: /Collection/ColLevy leads to it.
    channel(17, 'ColLevy', '文物征集', 'Collection'),
    channel(18, 'DonationSystem', '捐赠制度', 'ColLevy'),
    channel(19, 'DonationList', '捐赠名录', 'ColLevy'),
    channel(20, 'Service', '参观服务', ''),
    channel(21, 'OpenServies', '开放服务', 'Service'),
    channel(22, 'OpenTime', '开放时间', 'OpenServies'),
    channel(23, 'LeaveWord', '观众留言', 'OpenServies'),
    channel(24, 'Questionnaire', '问卷调查', 'Service'),
    channel(107, 'EN_Exhibition', 'Exhibitions', ''),
    channel(109, 'EN_BaseExh', 'Permanent Exhibitions', 'EN_Exhibition'),
    channel(110, 'EN_TempExh', 'Special Exhibitions', 'EN_Exhibition'),
    channel(111, 'EN_Collection', 'Collection', ''),
    channel(112, 'EN_PreciousCol', 'Treasures', 'EN_Collection'),
    channel(113, 'EN_GMWW', 'Revolutionary Relics', 'EN_Collection'),
    channel(114, 'EN_Education', 'Education', ''),
    channel(115, 'EN_Activity', 'Activities', 'EN_Education'),
    channel(120, 'EN_Service', 'Visit', ''),
    channel(121, 'EN_OpenServies', 'Services', 'EN_Service'),
    channel(123, 'EN_LeaveWord', 'Visitor Messages', 'EN_OpenServies'),
    channel(124, 'EN_Questionnaire', 'Questionnaires', 'EN_Service'),
    channel(200, 'Notice', '通知公告', 'News'),
    channel(201, 'History', '历史沿革', 'Survey'),
    channel(203, 'Shopping', '文创商店', 'Service'),
    channel(204, 'Research', '学术研究', ''),
    channel(205, 'Read', '悦读', 'Research'),
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
    article(40, 'DigitalExh', '数字青铜馆', '<p>数字青铜馆的正文。</p>', '2024-02-01 10:00:00', { thumbImg: FIXTURE_FILES.image }),
    ...series(1000, 'Notice', LISTS.notice.prefix, LISTS.notice.count),
    // The cms fixture has three SNews articles; these ten are newer (the newest: 本馆动态第10篇, id 1100).
    ...series(1100, 'SNews', '本馆动态', LISTS.snews.count - 3),
    ...series(1200, 'History', LISTS.history.prefix, LISTS.history.count),
    ...series(1300, 'Shopping', LISTS.shopping.prefix, LISTS.shopping.count),
    ...series(1400, 'Read', LISTS.read.prefix, LISTS.read.count),
    ...series(1500, 'DonationSystem', LISTS.donation.prefix, LISTS.donation.count),
    ...series(1600, 'VolAct', LISTS.volact.prefix, LISTS.volact.count),
    ...series(1700, 'OnlineExh', LISTS.online.prefix, LISTS.online.count),
    ...series(1800, 'EN_Notice', LISTS.enNotice.prefix, LISTS.enNotice.count),
    ...series(1900, 'ExcellentCol', '藏品精选', 3).map((a) => ({
      ...a,
      linkUrl: `https://collection.example-museum.cn/item/${a.archivesId}`,
    })),
  ],
  exhibitionBases: [
    base(ROWS.bronzeGallery, '吉金华章——商周青铜器陈列', { extension1: '25.5', extension2: '40', basePlace: '主楼一层 第2展厅' }),
    base(ROWS.ceramicsGallery, '瓷韵千年——历代陶瓷陈列', { startTime: '2012-05-18 09:00:00' }),
    base(ROWS.enGallery, 'Auspicious Metal: Shang and Zhou Bronzes', {
      languageType: 'EN',
      basePlace: 'Level 1, Gallery 2',
      extension1: '50',
      extension2: '50',
    }),
  ],
  exhibitionTemps: [
    temp(ROWS.silkRoad, '丝路瓷韵特展', '2020-01-01 09:00:00', '2099-12-31 17:00:00', {
      tempPlace: '临时展厅二（二层西侧）',
      isRecommend: true,
    }),
    temp(ROWS.pastPainting, '往届书画展', '2019-01-01 09:00:00', '2019-03-01 17:00:00'),
    temp(ROWS.futureJade, '玉润东方——古代玉器精品展', '2098-01-18 09:00:00', '2098-05-05 17:00:00'),
    temp(ROWS.ownSite, '丝绸之路文物精品展', '2021-07-01 09:00:00', '2099-06-30 17:00:00', { linkUrl: OWN_SITE }),
    ...[5, 6, 7, 8].map((id) => temp(id, `历年特展${id}`, `2018-0${id}-01 09:00:00`, `2018-0${id}-20 17:00:00`)),
    temp(ROWS.enTemp, 'Treasures of the Silk Road', '2020-01-01 09:00:00', '2099-12-31 17:00:00', {
      languageType: 'EN',
      tempPlace: 'Temporary Gallery 2',
    }),
  ],
  exhibitTypes: [
    { exhibitTypeId: 1, typeName: '青铜器', typeNo: 'QTQ', backGroundImg: null, languageType: 'CN' },
    { exhibitTypeId: 2, typeName: '陶瓷器', typeNo: 'TCQ', backGroundImg: null, languageType: 'CN' },
    { exhibitTypeId: 3, typeName: 'Bronzes', typeNo: 'QTQ', backGroundImg: null, languageType: 'EN' },
  ],
  exhibits: [
    ...TREASURES,
    exhibit(ROWS.lamp, '红军用过的马灯', {
      exhibitType: 'GMWW',
      age: '近代',
      isTreasure: false,
      generalType: 'GMWW',
      exhibitLevel: LEVEL.third,
    }),
    exhibit(21, '革命家书', { exhibitType: 'GMWW', age: '近代', isTreasure: false, generalType: 'GMWW', exhibitLevel: null }),
    exhibit(ROWS.enDing, 'Ding with taotie mask', { languageType: 'EN', age: 'Shang', collectionUnit: 'Yunxi Museum' }),
  ],
  tempExhibits: [
    { groupId: 'g-t1', exhibitId: ROWS.ding },
    { groupId: 'g-t1', exhibitId: ROWS.lamp },
  ],
  files: [
    ...FIXTURE.files,
    {
      fileInfoId: 10,
      objectId: 'g-x1',
      code: 'CMS_EXHIBIT_INFO_DISPLAY',
      fileOldname: 'x1c.jpg',
      fileSuffix: 'jpg',
      description: null,
      fileName: fileName(PAGE_FILES.exhibitC),
      filePath: PAGE_FILES.exhibitC,
    },
    {
      fileInfoId: 11,
      objectId: 'g-x1',
      code: 'CMS_EXHIBIT_INFO_DISPLAY',
      fileOldname: 'x1b.jpg',
      fileSuffix: 'jpg',
      description: null,
      fileName: fileName(PAGE_FILES.exhibitB),
      filePath: PAGE_FILES.exhibitB,
    },
    {
      fileInfoId: 12,
      objectId: 'g-x1',
      code: 'CMS_EXHIBIT_INFO_DISPLAY',
      fileOldname: 'report.pdf',
      fileSuffix: 'pdf',
      description: null,
      fileName: fileName(FIXTURE_FILES.pdf),
      filePath: FIXTURE_FILES.pdf,
    },
    {
      fileInfoId: 13,
      objectId: 'g-t1',
      code: 'CMS_ARCHIVES_IMG',
      fileOldname: 't1.jpg',
      fileSuffix: 'jpg',
      description: '展厅一角',
      fileName: fileName(PAGE_FILES.tempGallery),
      filePath: PAGE_FILES.tempGallery,
    },
  ],
  activities: [
    activity(ROWS.farLecture, {
      activityName: '青铜器里的中国',
      activityType: ACTIVITY_TYPE.lecture,
      startTime: '2099-03-01 14:00:00',
      endTime: '2099-03-01 16:00:00',
      minAge: 12,
      maxAge: 0,
      linkUrl: 'https://signup.example-museum.cn/41',
    }),
    activity(42, {
      activityName: '小小拓片师',
      activityType: ACTIVITY_TYPE.handcraft,
      startTime: '2026-11-28 14:00:00',
      endTime: '2026-11-28 16:30:00',
      minAge: 6,
      maxAge: 12,
      reserveType: 2,
      reserveStatus: 2,
      activityStatus: 1,
      activityVenueName: '社教活动室',
      description: '第一段。\n第二段 <不是标签> & 符号。',
    }),
    ...[43, 44, 45, 46, 47, 49, 50].map((id, i) =>
      activity(id, {
        activityName: `周末讲座第${i + 1}讲`,
        startTime: `2026-10-0${i + 1} 10:00:00`,
        endTime: `2026-10-0${i + 1} 11:30:00`,
        activityStatus: 2,
        reserveStatus: 3,
      }),
    ),
    activity(48, {
      activityName: 'Bronze Age Family Day',
      languageType: 'EN',
      activityVenueName: 'Education Room',
      reserveType: 0,
      reserveStatus: 1,
      activityStatus: 0,
    }),
  ],
  dictionaries: [
    // The base fixture's message types, then the rest of the pages' dictionaries.
    ...FIXTURE.dictionaries,
    {
      dictionaryId: 3,
      dictionaryCode: 'MESSAGE_TYPE',
      dictionaryName: '表扬',
      dictionaryValue: 'cms1103',
      dictionaryNameEn: 'Praise',
      sort: 3,
    },
    {
      dictionaryId: 4,
      dictionaryCode: 'MESSAGE_TYPE',
      dictionaryName: '投诉',
      dictionaryValue: 'cms1104',
      dictionaryNameEn: 'Complaint',
      sort: 4,
    },
    {
      dictionaryId: 11,
      dictionaryCode: 'ACTIVITY_TYPE',
      dictionaryName: '公益讲座',
      dictionaryValue: ACTIVITY_TYPE.lecture,
      dictionaryNameEn: 'Lectures',
      sort: 1,
    },
    {
      dictionaryId: 12,
      dictionaryCode: 'ACTIVITY_TYPE',
      dictionaryName: '手工体验',
      dictionaryValue: ACTIVITY_TYPE.handcraft,
      dictionaryNameEn: 'Crafts',
      sort: 2,
    },
    {
      dictionaryId: 21,
      dictionaryCode: 'EXHIBIT_LEVEL',
      dictionaryName: '一级文物',
      dictionaryValue: LEVEL.first,
      dictionaryNameEn: 'Grade I',
      sort: 1,
    },
    {
      dictionaryId: 22,
      dictionaryCode: 'EXHIBIT_LEVEL',
      dictionaryName: '二级文物',
      dictionaryValue: LEVEL.second,
      dictionaryNameEn: 'Grade II',
      sort: 2,
    },
    {
      dictionaryId: 23,
      dictionaryCode: 'EXHIBIT_LEVEL',
      dictionaryName: '三级文物',
      dictionaryValue: LEVEL.third,
      dictionaryNameEn: 'Grade III',
      sort: 3,
    },
    {
      dictionaryId: 31,
      dictionaryCode: 'EXHIBITION_CATEGORY',
      dictionaryName: '原创展览',
      dictionaryValue: 'cms0701',
      dictionaryNameEn: 'Original',
      sort: 1,
    },
  ],
  messages: [
    ...Array.from({ length: PUBLISHED_MESSAGES }, (_, i) => ({
      messageId: i + 1,
      source: 'web',
      content: `第${i + 1}条留言：请问周一开馆吗？`,
      createTime: `2026-10-${String(i + 10).padStart(2, '0')} 10:00:00`,
      email: 'visitor@example.com',
      name: i % 3 === 0 ? null : '张三',
      phoneNumber: '13812345678',
      type: MESSAGE_TYPE.consult,
      replyMessage: `第${i + 1}条回复：周一闭馆。`,
      replyTime: `2026-10-${String(i + 11).padStart(2, '0')} 09:00:00`,
      isPublished: true,
    })),
    // The English board's one message (the service files it by its text: English).
    {
      messageId: 98,
      source: 'web',
      content: 'Is there an audio guide in English?',
      createTime: '2026-10-25 10:00:00',
      email: null,
      name: 'Anna Smith',
      phoneNumber: null,
      type: MESSAGE_TYPE.consult,
      replyMessage: 'Yes, at the front desk.',
      replyTime: '2026-10-26 09:00:00',
      isPublished: true,
    },
    {
      messageId: 99,
      source: 'web',
      content: '未公开的留言',
      createTime: '2026-10-30 10:00:00',
      email: null,
      name: '李四',
      phoneNumber: null,
      type: MESSAGE_TYPE.suggest,
      replyMessage: null,
      replyTime: null,
      isPublished: false,
    },
  ],
  questionnaires: [
    {
      questionnaireId: OPEN_QUESTIONNAIRE_ROW,
      title: '观众满意度调查',
      subTitle: '您的意见帮助我们改进服务',
      createTime: '2026-01-01 10:00:00',
      startTime: '2026-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      languageType: 'CN',
      details: [
        question(302, '您从哪里了解到本馆？', { isSingle: false, isOther: true, sort: 2 }, [
          [3022, '微信', 2],
          [3021, '网站', 1],
        ]),
        question(301, '您对展览满意吗？', { isRequired: true, sort: 1 }, [
          [3011, '满意', 1],
          [3012, '一般', 2],
          [3013, '不满意', 3],
        ]),
      ],
    },
    {
      questionnaireId: CLOSED_QUESTIONNAIRE_ROW,
      title: '已结束的问卷',
      subTitle: null,
      createTime: '2019-01-01 10:00:00',
      startTime: '2019-01-01 00:00:00',
      endTime: '2019-02-01 00:00:00',
      languageType: 'CN',
      details: [question(321, '旧问题', { isRequired: true }, [[3211, '是', 1]])],
    },
    {
      questionnaireId: EN_QUESTIONNAIRE_ROW,
      title: 'Visitor survey',
      subTitle: null,
      createTime: '2026-01-01 10:00:00',
      startTime: '2026-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      languageType: 'EN',
      details: [
        question(331, 'Did you enjoy your visit?', { isRequired: true }, [
          [3311, 'Yes', 1],
          [3312, 'No', 2],
        ]),
      ],
    },
  ],
  sliders: [
    {
      id: 1,
      place: 'home',
      title: '青铜之光',
      filePath: PAGE_FILES.slide(1),
      content: '<p>商周青铜器陈列</p>',
      linkUrl: `/Exhibition/BaseExh/${IDS.bronzeGallery}`,
      sort: 1,
    },
    {
      id: 2,
      place: 'home',
      title: '全景展厅',
      filePath: PAGE_FILES.slide(2),
      content: null,
      linkUrl: 'https://vr.example-museum.cn/',
      sort: 2,
    },
    { id: 3, place: 'home', title: '园林春色', filePath: PAGE_FILES.slide(3), content: null, linkUrl: null, sort: 3 },
    {
      id: 4,
      place: 'EN_home',
      title: 'Light of Bronze',
      filePath: PAGE_FILES.slide(1),
      content: null,
      linkUrl: '/EN_Exhibition/EN_BaseExh',
      sort: 1,
    },
  ],
};
