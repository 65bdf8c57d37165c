// What the deterministic demo-content generator hands the service to store: wire entities plus the
// few columns the wire does not show (which site, which place, published or not, which dictionary).
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
  QuestionnaireWithDetails,
  SiteLanguage,
  SliderItem,
} from '../../../shared/wire.ts';

/** A channel without its nested children (the tree is rebuilt from `parent`). */
export type DemoChannel = Omit<Channel, 'subChannel'> & { site: SiteLanguage };

export interface DemoContent {
  channels: DemoChannel[];
  /** Article ids are unique across both sites; `excerpt` is left out (the service derives it). */
  articles: Array<Omit<Article, 'excerpt'>>;
  exhibitionBases: ExhibitionBase[];
  exhibitionTemps: ExhibitionTemp[];
  exhibitTypes: Array<ExhibitType & { languageType: SiteLanguage }>;
  exhibits: Exhibit[];
  /** Which exhibits a temporary exhibition shows (`queryExhibitListByTemp` by the exhibition's groupId). */
  tempExhibits: Array<{ groupId: string; exhibitId: number }>;
  activities: Activity[];
  files: FileInfo[];
  dictionaries: Array<DictionaryEntry & { dictionaryCode: string; sort: number }>;
  /** Published messages are listed by `queryMessageList`; three demo ones are not (awaiting moderation). */
  messages: Array<Message & { isPublished: boolean }>;
  questionnaires: Array<QuestionnaireWithDetails & { languageType: SiteLanguage }>;
  /** Slider items per place (`queryGalleryList/:path`, e.g. `home`, `EN_home`). */
  sliders: Array<SliderItem & { place: string }>;
}

/** Every image and document the demo content refers to, relative to the files folder (no `/file`). */
export interface DemoFile {
  /** e.g. `upload/2024/05/bronze-ding.jpg`; records refer to it as `/file/upload/2024/05/bronze-ding.jpg`. */
  path: string;
  kind: 'image' | 'pdf' | 'video';
}
