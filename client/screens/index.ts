// ScreenKind → the screen component module. Loaded on demand in the browser (each screen is its own
// chunk; the router resolves the current page's screen before hydrating) and all at once on the
// server. Screen authors add a row when their screen exists; until then a Portal II kind uses the
// generic screen of its family (SCREEN_FALLBACK in shared/route-table.ts).
import type { ComponentType } from 'react';
import { SCREEN_FALLBACK, type ScreenKind } from '../../shared/route-table.ts';

export type ScreenModule = { default: ComponentType };

export const SCREENS: Partial<Record<ScreenKind, () => Promise<ScreenModule>>> = {
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

/** The module loader of a screen kind: its own, its family's, or the not-found screen. */
export function screenModule(kind: ScreenKind): () => Promise<ScreenModule> {
  const fallback = SCREEN_FALLBACK[kind];
  return SCREENS[kind] ?? (fallback ? SCREENS[fallback] : undefined) ?? SCREENS.notFound!;
}
