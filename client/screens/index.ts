// ScreenKind → the screen component module. Loaded on demand in the browser (each screen is its own
// chunk; the router resolves the current page's screen before hydrating) and all at once on the
// server. The record is complete by type: a new screen kind does not compile without its screen.
import type { ComponentType } from 'react';
import type { ScreenKind, ScreenWithComponent } from '../../shared/route-table.ts';

export type ScreenModule = { default: ComponentType };

export const SCREENS: Record<ScreenWithComponent, () => Promise<ScreenModule>> = {
  list: () => import('./List.tsx'),
  detail: () => import('./ArticleDetail.tsx'),
  search: () => import('./Search.tsx'),
  activityList: () => import('./ActivityList.tsx'),
  activityDetail: () => import('./ActivityDetail.tsx'),
  messageBoard: () => import('./MessageBoard.tsx'),
  questionnaireList: () => import('./QuestionnaireList.tsx'),
  questionnaire: () => import('./Questionnaire.tsx'),
  questionnaireResult: () => import('./QuestionnaireResult.tsx'),
  home: () => import('./Home.tsx'),
  exhibitionList: () => import('./ExhibitionList.tsx'),
  exhibitionDetail: () => import('./ExhibitionDetail.tsx'),
  collectionList: () => import('./CollectionList.tsx'),
  exhibitDetail: () => import('./ExhibitDetail.tsx'),
  notFound: () => import('./NotFound.tsx'),
};

/** The module loader of a screen kind (a redirect row never renders; it gets the not-found screen). */
export function screenModule(kind: ScreenKind): () => Promise<ScreenModule> {
  return kind === 'redirect' ? SCREENS.notFound : SCREENS[kind];
}
