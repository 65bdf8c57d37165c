// The wire contract of the museum content service (docs/content-service.md): what travels between the
// content service, the edge and the browser. Dates are strings `YYYY-MM-DD HH:mm:ss` (China time).
// Ids are opaque strings (32 lowercase hex digits on deployed services): never numbers.
// These are the shapes inside the edge, after server/upstream/payloads.ts has read an answer: there
// every optional field may be null on the wire (read as ''), numbers may be numeric strings, and unknown
// fields (`clickCount`, `createBy`, `size`, `searchCount` …) are kept but not typed here.

export type SiteLanguage = 'CN' | 'EN';

/** A paged list (`pageSize` 0 with `pageNum` 0 means all). */
export interface ListResult<T> {
  records: T[];
  pages: number;
  current: number;
  total: number;
}

/** The search answer uses `page` where lists use `current`. */
export interface SearchResult<T> {
  records: T[];
  page: number;
  pages: number;
  total: number;
}

export interface Channel {
  channelId: string;
  channelName: string;
  /** The route segment, e.g. `News`, `EN_News`. */
  channelNo: string;
  /** `/` for an ordinary channel, an absolute path or an http(s) URL otherwise. */
  linkUrl: string;
  description: string;
  isVisible: boolean;
  bannerPhotoPath: string;
  /** The parent's channelNo, empty at the top. */
  parent: string;
  sort: number;
  isHome: boolean;
  subChannel: Channel[];
}

export interface ChannelTree {
  records: Channel[];
}

export interface Article {
  archivesId: string;
  groupId: string;
  channelId: string;
  channelNo: string;
  channelName: string;
  title: string;
  subTitle: string;
  /** `YYYY-MM-DD HH:mm:ss`; screens show the date part. */
  publishDate: string;
  /** When the article last changed (`YYYY-MM-DD HH:mm:ss`); '' when the service says it never did. */
  updateTime?: string;
  parentChannelNo: string;
  thumbImg: string;
  thumbAppImg: string;
  description: string;
  content: string;
  source: string;
  linkUrl: string;
  isShowTitle: boolean;
  visitCount: number;
  starCount: number;
  flag: string;
  extension1: string;
  extension2: string;
  extension3: string;
  extension4: string;
  extension5: string;
  extension6: string;
  label: string;
  /** Lists only: plain text of the content, 100 characters plus an ellipsis. */
  excerpt?: string;
}

export interface ExhibitionTemp {
  exhibitionTempId: string;
  groupId: string;
  tempName: string;
  description: string;
  startTime: string;
  endTime: string;
  tempPlace: string;
  linkUrl: string;
  extension1: string;
  thumb: string;
  appThumb: string;
  label: string;
  isRecommend: boolean;
  languageType: SiteLanguage;
}

export interface ExhibitionBase {
  exhibitionBaseId: string;
  groupId: string;
  baseName: string;
  description: string;
  startTime: string;
  endTime: string;
  basePlace: string;
  /** Map x. */
  extension1: string;
  /** Map y. */
  extension2: string;
  extension3: string;
  linkUrl: string;
  thumb: string;
  appThumb: string;
  label: string;
  languageType: SiteLanguage;
}

export interface FileInfo {
  fileInfoId: string;
  objectId: string;
  code: FileCode;
  fileOldname: string;
  fileSuffix: string;
  description: string;
  fileName: string;
  filePath: string;
}

export const FILE_CODES = ['CMS_ARCHIVES_IMG', 'CMS_ARCHIVES_FILE', 'CMS_EXHIBIT_INFO_DISPLAY'] as const;
export type FileCode = (typeof FILE_CODES)[number];

export interface Exhibit {
  exhibitId: string;
  exhibitName: string;
  exhibitType: string;
  modelUrl: string;
  exhibitLevel: string;
  age: string;
  ageDetail: string;
  size: string;
  description: string;
  groupId: string;
  explanationWord: string;
  /** Semicolon-separated image paths; the first is the thumbnail. */
  thumb: string;
  appThumb: string;
  collectionUnit: string;
  /** Source. */
  extension6: string;
  isOwn: boolean;
  isTreasure: boolean;
  isRecommend: boolean;
  label: string;
  generalType: string;
  languageType: SiteLanguage;
}

export interface ExhibitType {
  exhibitTypeId: string;
  typeName: string;
  typeNo: string;
  backGroundImg: string;
}

export interface Activity {
  activityId: string;
  groupId: string;
  activityName: string;
  activityType: string;
  activityVenueName: string;
  description: string;
  startTime: string;
  endTime: string;
  reserveStartTime: string;
  reserveEndTime: string;
  reserveType: number;
  reserveStatus: number;
  activityStatus: number;
  minAge: number;
  maxAge: number;
  linkUrl: string;
  thumb: string;
  appThumb: string;
  label: string;
  languageType: SiteLanguage;
}

export interface SearchHit {
  id: string;
  groupId: string;
  channelId: string;
  channelNo: string;
  channelName: string;
  type: string;
  title: string;
  img: string;
  thumb: string;
  description: string;
  content: string;
  linkUrl: string;
  extension1: string;
  extension2: string;
  flag: string;
}

export interface Message {
  messageId: string;
  source: string;
  content: string;
  createTime: string;
  email: string;
  name: string;
  phoneNumber: string;
  type: string;
  replyMessage: string;
  replyTime: string;
}

/** The body of `addMessage`. */
export interface MessageInput {
  content: string;
  name?: string;
  phoneNumber?: string;
  email?: string;
  type?: string;
  source?: string;
  orgId?: string;
  /** The site it was sent from: services keep one board per site (without it, they guess from the text). */
  languageType?: SiteLanguage;
}

export interface DictionaryEntry {
  dictionaryId: string;
  dictionaryName: string;
  dictionaryValue: string;
  dictionaryNameEn: string;
}

export interface Questionnaire {
  questionnaireId: string;
  title: string;
  subTitle: string;
  createTime: string;
  startTime: string;
  endTime: string;
}

export interface QuestionnaireAnswer {
  answerId: string;
  title: string;
  sort: number;
  selectCount: number;
  /** 0–100, one decimal. */
  percent: number;
}

export interface QuestionnaireDetail {
  questionnaireDetailId: string;
  questionId: string;
  title: string;
  isRequired: boolean;
  isSingle: boolean;
  isOther: boolean;
  sort: number;
  answers: QuestionnaireAnswer[];
}

export interface QuestionnaireWithDetails extends Questionnaire {
  details: QuestionnaireDetail[];
}

/** The results answer: the questionnaire with counted answers and the number of submissions. */
export interface QuestionnaireResult extends QuestionnaireWithDetails {
  recordCount: number;
  /** Free texts given for "other", newest first, per questionId. */
  otherTexts: Record<string, string[]>;
}

/** The body of `addQuestionnaireRecord` (services of this family fix no shape for it; this is ours). */
export interface QuestionnaireRecordInput {
  questionnaireId: string;
  answers: Array<{
    questionId: string;
    answerIds: string[];
    /** Text of the "other" choice, when the question allows it. */
    otherText?: string;
  }>;
}

export interface SliderItem {
  id: string;
  title: string;
  filePath: string;
  content: string;
  linkUrl: string;
  sort: number;
}

/** `getSiteVisitCount`: real counters kept by the service. */
export interface SiteVisitCount {
  total: number;
  today: number;
  articleVisits: number;
  messages: number;
}

/** `getBaiduReport/{number}`: a statistics report of the last `number` days. */
export interface StatisticsReport {
  days: number;
  pv: number;
  uv: number;
  daily: Array<{ date: string; pv: number; uv: number }>;
}
