// ScreenKind → the screen component. The record is complete by type: a new screen kind does not compile
// without its screen. Only the server renders screens (the browser hydrates islands alone).
import type { ComponentType } from 'react';
import type { ScreenKind, ScreenWithComponent } from '../../shared/route-table.ts';
import ActivityDetail from './ActivityDetail.tsx';
import ActivityList from './ActivityList.tsx';
import ArticleDetail from './ArticleDetail.tsx';
import CollectionList from './CollectionList.tsx';
import ExhibitDetail from './ExhibitDetail.tsx';
import ExhibitionDetail from './ExhibitionDetail.tsx';
import ExhibitionList from './ExhibitionList.tsx';
import Home from './Home.tsx';
import List from './List.tsx';
import MessageBoard from './MessageBoard.tsx';
import NotFound from './NotFound.tsx';
import Questionnaire from './Questionnaire.tsx';
import QuestionnaireList from './QuestionnaireList.tsx';
import QuestionnaireResult from './QuestionnaireResult.tsx';
import Search from './Search.tsx';

const SCREENS: Record<ScreenWithComponent, ComponentType> = {
  list: List,
  detail: ArticleDetail,
  search: Search,
  activityList: ActivityList,
  activityDetail: ActivityDetail,
  messageBoard: MessageBoard,
  questionnaireList: QuestionnaireList,
  questionnaire: Questionnaire,
  questionnaireResult: QuestionnaireResult,
  home: Home,
  exhibitionList: ExhibitionList,
  exhibitionDetail: ExhibitionDetail,
  collectionList: CollectionList,
  exhibitDetail: ExhibitDetail,
  notFound: NotFound,
};

/** The screen of a kind (a redirect row never renders; it gets the not-found screen). */
export function screenOf(kind: ScreenKind): ComponentType {
  return kind === 'redirect' ? SCREENS.notFound : SCREENS[kind];
}
