// What the deterministic demo-content generator hands the service to store: wire entities in their
// stored form — integer ids (the service encodes them on the wire, cms/wire-ids.ts), null for a
// missing optional value — plus the few columns the wire does not show (which site, which place,
// published or not, which dictionary) and the extra fields deployed services send.
import type {
  Activity,
  Article,
  Channel,
  DictionaryEntry,
  Exhibit,
  ExhibitType,
  ExhibitionBase,
  ExhibitionTemp,
  FileInfo,
  Message,
  Questionnaire,
  QuestionnaireAnswer,
  QuestionnaireDetail,
  SiteLanguage,
  SliderItem,
} from '../../../shared/wire.ts';

/**
 * A wire entity as stored: the id fields `K` are integers and the optional fields `N` may be
 * missing (null; the service stores '' and sends null). `N` matches each table's `optional` list in
 * db/tables.ts.
 */
export type Stored<T, K extends keyof T, N extends keyof T = never> = {
  [P in keyof T]: P extends K ? number : P extends N ? T[P] | null : T[P];
};

type Extensions = 'extension1' | 'extension2' | 'extension3' | 'extension4' | 'extension5' | 'extension6';

/** Fields deployed services send on content records beyond shared/wire.ts's types. */
export interface AuditFields {
  createBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
}

/** A channel without its nested children (the tree is rebuilt from `parent`). */
export type DemoChannel = Stored<Omit<Channel, 'subChannel'>, 'channelId', 'description' | 'bannerPhotoPath'> & { site: SiteLanguage };

export type DemoArticle = Stored<
  Omit<Article, 'excerpt'>,
  'archivesId' | 'channelId',
  'subTitle' | 'thumbImg' | 'thumbAppImg' | 'description' | 'source' | 'linkUrl' | 'flag' | Extensions | 'label'
> &
  AuditFields & { languageType?: SiteLanguage | null };

export type DemoExhibitionBase = Stored<
  ExhibitionBase,
  'exhibitionBaseId',
  'description' | 'endTime' | 'basePlace' | 'extension1' | 'extension2' | 'extension3' | 'linkUrl' | 'thumb' | 'appThumb' | 'label'
> &
  AuditFields & { clickCount?: number; portalId?: string | null };
export type DemoExhibitionTemp = Stored<
  ExhibitionTemp,
  'exhibitionTempId',
  'description' | 'endTime' | 'tempPlace' | 'linkUrl' | 'extension1' | 'thumb' | 'appThumb' | 'label'
> &
  AuditFields & { clickCount?: number; portalId?: string | null };
export type DemoExhibitType = Stored<ExhibitType, 'exhibitTypeId', 'backGroundImg'> & { languageType: SiteLanguage };
export type DemoExhibit = Stored<
  Exhibit,
  'exhibitId',
  | 'modelUrl'
  | 'exhibitLevel'
  | 'age'
  | 'ageDetail'
  | 'size'
  | 'description'
  | 'explanationWord'
  | 'thumb'
  | 'appThumb'
  | 'collectionUnit'
  | 'extension6'
  | 'label'
  | 'generalType'
> &
  AuditFields & { clickCount?: number };
export type DemoActivity = Stored<
  Activity,
  'activityId',
  'activityVenueName' | 'description' | 'reserveStartTime' | 'reserveEndTime' | 'linkUrl' | 'thumb' | 'appThumb' | 'label'
> &
  AuditFields & { clickCount?: number };
export type DemoFileInfo = Stored<FileInfo, 'fileInfoId', 'description'>;
export type DemoDictionaryEntry = Stored<DictionaryEntry, 'dictionaryId', 'dictionaryNameEn'> & { dictionaryCode: string; sort: number };
/** Published messages are listed by `queryMessageList`; some demo ones are not (awaiting moderation). */
export type DemoMessage = Stored<
  Message,
  'messageId',
  'source' | 'email' | 'name' | 'phoneNumber' | 'type' | 'replyMessage' | 'replyTime'
> & { isPublished: boolean; orgId?: string | null; languageType?: SiteLanguage };

export type DemoAnswer = Stored<QuestionnaireAnswer, 'answerId'>;
export type DemoQuestion = Stored<Omit<QuestionnaireDetail, 'answers'>, 'questionnaireDetailId' | 'questionId'> & { answers: DemoAnswer[] };
export type DemoQuestionnaire = Stored<Questionnaire, 'questionnaireId', 'subTitle'> & {
  details: DemoQuestion[];
  languageType: SiteLanguage;
};

/** Slider items per place (`queryGalleryList/:path`, e.g. `home`, `EN_home`). */
export type DemoSlider = Stored<SliderItem, 'id', 'content' | 'linkUrl'> & { place: string };

export interface DemoContent {
  channels: DemoChannel[];
  /** Article ids are unique across both sites; `excerpt` is left out (the service derives it). */
  articles: DemoArticle[];
  exhibitionBases: DemoExhibitionBase[];
  exhibitionTemps: DemoExhibitionTemp[];
  exhibitTypes: DemoExhibitType[];
  exhibits: DemoExhibit[];
  /** Which exhibits a temporary exhibition shows (`queryExhibitListByTemp` by the exhibition's groupId). */
  tempExhibits: Array<{ groupId: string; exhibitId: number }>;
  activities: DemoActivity[];
  files: DemoFileInfo[];
  dictionaries: DemoDictionaryEntry[];
  messages: DemoMessage[];
  questionnaires: DemoQuestionnaire[];
  sliders: DemoSlider[];
}

/** Every image and document the demo content refers to, relative to the files folder (= the file prefix). */
export interface DemoFile {
  /** e.g. `YUNXI_BWG/CMS/CMS_EXHIBIT_INFO_IMG/20191121/<32 hex>.jpg`; served at `/file/<path>`. */
  path: string;
  kind: 'image' | 'pdf' | 'video' | 'model';
}
