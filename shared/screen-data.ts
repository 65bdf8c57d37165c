// The loader → screen contract: what each screen kind's loader returns and its screen reads, in one
// map. server/loaders/index.ts types every loader by it and client/page-data.ts (useScreenData) reads
// it with the screen's kind, so a loader and its screen cannot disagree without the compiler saying so.
import type { ArticleDetailData, ListData, SearchData } from './article-views.ts';
import type { CollectionListData, ExhibitDetailData, ExhibitionDetailData, ExhibitionListData } from './exhibition-views.ts';
import type { PageMeta } from './head.ts';
import type { HomeData } from './home-view.ts';
import type {
  ActivityDetailData,
  ActivityListData,
  MessageBoardData,
  QuestionnaireData,
  QuestionnaireListData,
  QuestionnaireResultData,
} from './visitor-views.ts';

/** A record's page also names its head (title, description, picture, structured data). */
type WithMeta<T> = T & { meta: PageMeta };

/** By screen kind (every ScreenWithLoader; server/loaders/index.ts does not compile without its row). */
export interface ScreenData {
  home: HomeData;
  list: ListData;
  detail: WithMeta<ArticleDetailData>;
  search: WithMeta<SearchData>;
  messageBoard: MessageBoardData;
  exhibitionList: ExhibitionListData;
  exhibitionDetail: WithMeta<ExhibitionDetailData>;
  collectionList: CollectionListData;
  exhibitDetail: WithMeta<ExhibitDetailData>;
  activityList: ActivityListData;
  activityDetail: WithMeta<ActivityDetailData>;
  questionnaireList: QuestionnaireListData;
  questionnaire: WithMeta<QuestionnaireData>;
  questionnaireResult: WithMeta<QuestionnaireResultData>;
}
