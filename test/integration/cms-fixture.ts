// A tiny hand-written content set for tests that need to know every record (the search, results
// and paging tests assert exact counts against it). The real demo content is used elsewhere.
// Records are in stored form (integer ids; the service sends 32-hex-digit ids: `wireId` below) and
// carry what deployed services send: store paths relative to the file prefix, vendor dictionary
// codes, null for a missing value.
import { createHash } from 'node:crypto';
import type { DemoArticle, DemoChannel, DemoContent } from '../../cms/db/demo/types.ts';
import { encodeId, type IdKind } from '../../cms/wire-ids.ts';

/** The wire id of a fixture record (what the service sends and accepts for it). */
export const wireId = (kind: IdKind, n: number): string => encodeId(kind, n);

/**
 * A store path shaped like a deployed service's (`YUNXI_BWG/CMS/<folder>/<day>/<32 hex>.<ext>`),
 * named after `name` so a test can build the same path again.
 */
export function fixtureFile(dir: string, name: string, ext = 'jpg'): string {
  const hex = createHash('md5').update(`${dir}/${name}`).digest('hex');
  return `YUNXI_BWG/CMS/${dir}/20240501/${hex}.${ext}`;
}

/** The fixture's files; the harness writes bytes for `image` (with THUMB and WATER), `pdf` and `video`. */
export const FIXTURE_FILES = {
  image: fixtureFile('CMS_ARCHIVES_IMG', 'a'),
  pdf: fixtureFile('CMS_ARCHIVES_FILE', 'a', 'pdf'),
  video: fixtureFile('CMS_ARCHIVES_VIDEO', 'clip', 'mp4'),
  base: fixtureFile('CMS_EXHIBITION_BASE_IMG', 'b1'),
  exhibit: fixtureFile('CMS_EXHIBIT_INFO_IMG', 'x1'),
  exhibit2: fixtureFile('CMS_EXHIBIT_INFO_IMG', 'x1b'),
  slider: fixtureFile('CMS_GALLERY_IMG', 's1'),
} as const;

/** MESSAGE_TYPE codes of the fixture's dictionary. */
export const MESSAGE_TYPE = { consult: 'cms1101', suggest: 'cms1102' } as const;

/** A channel row with the defaults every fixture uses (visible, sorted by id, site from the `EN_` prefix). */
export const channel = (channelId: number, channelNo: string, channelName: string, parent: string, extra: Partial<DemoChannel> = {}): DemoChannel => ({
  channelId,
  channelNo,
  channelName,
  parent,
  site: channelNo.startsWith('EN_') ? 'EN' : 'CN',
  linkUrl: '/',
  description: null,
  isVisible: true,
  bannerPhotoPath: null,
  sort: channelId,
  isHome: channelNo === 'Home' || channelNo === 'EN_Home',
  ...extra,
});

/** An article row with its optional fields missing. */
export const article = (archivesId: number, channelNo: string, title: string, content: string, publishDate: string, extra: Partial<DemoArticle> = {}): DemoArticle => ({
  archivesId,
  groupId: `g-a${archivesId}`,
  channelId: 0,
  channelNo,
  channelName: '',
  title,
  subTitle: null,
  publishDate,
  parentChannelNo: '',
  thumbImg: null,
  thumbAppImg: null,
  description: null,
  content,
  source: null,
  linkUrl: null,
  isShowTitle: true,
  visitCount: 0,
  starCount: 0,
  flag: null,
  extension1: null,
  extension2: null,
  extension3: null,
  extension4: null,
  extension5: null,
  extension6: null,
  label: null,
  ...extra,
});

const LONG = '馆藏青铜器以商周时期的礼器为大宗，器类齐全，铭文丰富。'.repeat(8);
const F = FIXTURE_FILES;

export const FIXTURE: DemoContent = {
  channels: [
    channel(1, 'Home', '首页', ''),
    channel(2, 'News', '新闻资讯', ''),
    channel(3, 'SNews', '本馆新闻', 'News'),
    channel(4, 'Media', '媒体报道', 'News'),
    channel(5, 'Survey', '博物馆概况', ''),
    channel(6, 'Internal', '内部资料', 'Survey', { isVisible: false }),
    channel(7, 'Exhibition', '展览', ''),
    channel(8, 'VRTour', '全景展厅', 'Exhibition', { linkUrl: 'https://vr.example-museum.cn/' }),
    channel(9, 'BaseExh', '基本陈列', 'Exhibition'),
    channel(10, 'TempExh', '临时展览', 'Exhibition'),
    channel(11, 'Collection', '典藏', ''),
    channel(12, 'PreciousCol', '珍贵文物', 'Collection'),
    channel(13, 'GMWW', '革命文物', 'Collection'),
    channel(14, 'Education', '社会教育', ''),
    channel(15, 'Activity', '社教活动', 'Education'),
    channel(101, 'EN_Home', 'Home', ''),
    channel(102, 'EN_News', 'News', ''),
    channel(103, 'EN_SNews', 'Museum News', 'EN_News'),
  ],
  articles: [
    article(1, 'SNews', '青铜器修复成果展开幕', `<p>${LONG}</p><img src="${F.image}">`, '2024-05-01 10:00:00'),
    article(2, 'SNews', '瓷器专题讲座举行', '<p>本次讲座介绍宋代瓷器的烧造工艺与审美。</p>', '2024-04-01 10:00:00', { starCount: 1 }),
    article(3, 'SNews', '馆长接待来访学者', '<p>双方就<b>青铜</b>文化研究交换了意见；50%_的资料将数字化。</p>', '2023-12-01 10:00:00'),
    article(4, 'Media', '媒体聚焦博物馆夜场', '<p>夜场开放吸引了众多观众。</p>', '2024-06-01 10:00:00'),
    article(5, 'Internal', '内部青铜器档案', '<p>内部资料，不对外检索。</p>', '2024-01-01 10:00:00'),
    article(6, 'EN_SNews', 'Bronze restoration exhibition opens', '<p>The bronze vessels of the Shang and Zhou.</p>', '2024-05-01 10:00:00'),
  ],
  exhibitionBases: [
    {
      exhibitionBaseId: 1, groupId: 'g-b1', baseName: '古代青铜艺术陈列', description: '<p>青铜礼器与兵器。</p>', startTime: '2020-01-01 09:00:00',
      endTime: null, basePlace: '一号展厅', extension1: '120', extension2: '80', extension3: null, linkUrl: null, thumb: F.base, appThumb: null, label: null, languageType: 'CN',
    },
  ],
  exhibitionTemps: [
    {
      exhibitionTempId: 1, groupId: 'g-t1', tempName: '丝路瓷韵特展', description: '<p>瓷器沿丝路西传。</p>', startTime: '2020-01-01 09:00:00', endTime: '2099-12-31 17:00:00',
      tempPlace: '临展厅', linkUrl: null, extension1: 'cms0701', thumb: null, appThumb: null, label: null, isRecommend: true, languageType: 'CN',
    },
    {
      exhibitionTempId: 2, groupId: 'g-t2', tempName: '往届书画展', description: '<p>书画。</p>', startTime: '2019-01-01 09:00:00', endTime: '2019-03-01 17:00:00',
      tempPlace: '临展厅', linkUrl: null, extension1: null, thumb: null, appThumb: null, label: null, isRecommend: false, languageType: 'CN',
    },
  ],
  exhibitTypes: [{ exhibitTypeId: 1, typeName: '青铜器', typeNo: 'QTQ', backGroundImg: null, languageType: 'CN' }],
  exhibits: [
    {
      exhibitId: 1, exhibitName: '兽面纹铜鼎', exhibitType: 'QTQ', modelUrl: fixtureFile('CMS_EXHIBIT_MODEL', '1', 'glb'), exhibitLevel: 'cms0801', age: '商', ageDetail: '商代晚期', size: '高40厘米',
      description: '<p>鼎为礼器之首。</p>', groupId: 'g-x1', explanationWord: null, thumb: `${F.exhibit};${F.exhibit2}`, appThumb: null, collectionUnit: '本馆',
      extension6: null, isOwn: true, isTreasure: true, isRecommend: false, label: null, generalType: null, languageType: 'CN',
    },
    {
      exhibitId: 2, exhibitName: '红军用过的马灯', exhibitType: 'GMWW', modelUrl: null, exhibitLevel: null, age: '近代', ageDetail: '1935年', size: '高30厘米',
      description: '<p>革命文物。</p>', groupId: 'g-x2', explanationWord: null, thumb: null, appThumb: null, collectionUnit: null,
      extension6: null, isOwn: true, isTreasure: false, isRecommend: false, label: null, generalType: 'GMWW', languageType: 'CN',
    },
  ],
  tempExhibits: [{ groupId: 'g-t1', exhibitId: 1 }],
  activities: [
    {
      activityId: 1, groupId: 'g-c1', activityName: '青铜拓片体验', activityType: 'TRM0304', activityVenueName: '社教室', description: '<p>动手拓印。</p>',
      startTime: '2024-07-01 09:00:00', endTime: '2024-07-01 11:00:00', reserveStartTime: '2024-06-20 09:00:00', reserveEndTime: '2024-06-30 17:00:00',
      reserveType: 1, reserveStatus: 2, activityStatus: 3, minAge: 6, maxAge: 12, linkUrl: null, thumb: null, appThumb: null, label: null, languageType: 'CN',
    },
  ],
  files: [
    { fileInfoId: 1, objectId: 'g-a1', code: 'CMS_ARCHIVES_IMG', fileOldname: '修复现场.jpg', fileSuffix: 'jpg', description: null, fileName: F.image.split('/').pop()!, filePath: F.image },
    { fileInfoId: 2, objectId: 'g-a1', code: 'CMS_ARCHIVES_FILE', fileOldname: '修复报告.pdf', fileSuffix: 'pdf', description: null, fileName: F.pdf.split('/').pop()!, filePath: F.pdf },
  ],
  dictionaries: [
    { dictionaryId: 1, dictionaryCode: 'MESSAGE_TYPE', dictionaryName: '咨询', dictionaryValue: MESSAGE_TYPE.consult, dictionaryNameEn: 'Enquiry', sort: 1 },
    { dictionaryId: 2, dictionaryCode: 'MESSAGE_TYPE', dictionaryName: '建议', dictionaryValue: MESSAGE_TYPE.suggest, dictionaryNameEn: 'Suggestion', sort: 2 },
  ],
  messages: [
    {
      messageId: 1, source: 'web', content: '请问周一开馆吗？', createTime: '2024-05-01 10:00:00', email: 'visitor@example.com', name: '张三',
      phoneNumber: '13812345678', type: MESSAGE_TYPE.consult, replyMessage: '周一闭馆。', replyTime: '2024-05-02 10:00:00', isPublished: true,
    },
    {
      messageId: 2, source: 'web', content: '未审核的留言', createTime: '2024-05-03 10:00:00', email: null, name: null,
      phoneNumber: null, type: MESSAGE_TYPE.suggest, replyMessage: null, replyTime: null, isPublished: false,
    },
    {
      messageId: 3, source: 'web', content: 'Is there an audio guide in English?', createTime: '2024-05-04 10:00:00', email: null, name: 'Anna Smith',
      phoneNumber: null, type: MESSAGE_TYPE.consult, replyMessage: 'Yes, at the front desk.', replyTime: '2024-05-05 10:00:00', isPublished: true,
    },
  ],
  questionnaires: [
    {
      questionnaireId: 1, title: '观众满意度调查', subTitle: null, createTime: '2024-01-01 10:00:00', startTime: '2024-01-01 00:00:00', endTime: '2099-12-31 23:59:59', languageType: 'CN',
      details: [
        { questionnaireDetailId: 1, questionId: 11, title: '您对展览满意吗？', isRequired: true, isSingle: true, isOther: false, sort: 1,
          answers: [{ answerId: 111, title: '满意', sort: 1, selectCount: 0, percent: 0 }, { answerId: 112, title: '一般', sort: 2, selectCount: 0, percent: 0 }, { answerId: 113, title: '不满意', sort: 3, selectCount: 0, percent: 0 }] },
        { questionnaireDetailId: 2, questionId: 12, title: '您参观了哪些展厅？', isRequired: false, isSingle: false, isOther: true, sort: 2,
          answers: [{ answerId: 121, title: '青铜', sort: 1, selectCount: 0, percent: 0 }, { answerId: 122, title: '瓷器', sort: 2, selectCount: 0, percent: 0 }] },
      ],
    },
    {
      questionnaireId: 2, title: '已结束的问卷', subTitle: null, createTime: '2019-01-01 10:00:00', startTime: '2019-01-01 00:00:00', endTime: '2019-02-01 00:00:00', languageType: 'CN',
      details: [
        { questionnaireDetailId: 3, questionId: 21, title: '旧问题', isRequired: true, isSingle: true, isOther: false, sort: 1,
          answers: [{ answerId: 211, title: '是', sort: 1, selectCount: 0, percent: 0 }] },
      ],
    },
  ],
  sliders: [
    { id: 1, place: 'home', title: '青铜之光', filePath: F.slider, content: null, linkUrl: '/Exhibition/BaseExh', sort: 1 },
    { id: 2, place: 'EN_home', title: 'Light of Bronze', filePath: F.slider, content: null, linkUrl: '/EN_Exhibition/EN_BaseExh', sort: 1 },
  ],
};
