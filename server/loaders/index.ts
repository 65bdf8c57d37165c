// The loader and action registries by screen kind (conventions: one file per screen kind beside this
// one). The loader record is complete by type: a new screen kind does not compile without its loader,
// and each loader returns its screen's data as shared/screen-data.ts says (what the screen reads).
// The platform (server/pages/routes.ts) checks the route's channel segments, resolves the language and
// turns upstream failures into 404/502/503 before and around these.
import type { data } from 'react-router';
import type { ScreenKind, ScreenWithLoader } from '../../shared/route-table.ts';
import type { ScreenData } from '../../shared/screen-data.ts';
import type { Action, Loader, LoaderContext } from './types.ts';
import { detailLoader, likeAction } from './detail.ts';
import { listLoader } from './list.ts';
import { searchLoader } from './search.ts';
import { activityDetailLoader, activityListLoader } from './activity.ts';
import { messageAction, messageBoardLoader } from './message.ts';
import { questionnaireAction, questionnaireListLoader, questionnaireLoader, questionnaireResultLoader } from './questionnaire.ts';
import { homeLoader } from './home.ts';
import { exhibitionDetailLoader, exhibitionListLoader } from './exhibition.ts';
import { collectionListLoader, exhibitDetailLoader } from './collection.ts';

/** A screen kind's loader: its screen's data, or that data with a status (`data(value, { status })`). */
type ScreenLoader<K extends keyof ScreenData> = (ctx: LoaderContext) => Promise<ScreenData[K] | ReturnType<typeof data<ScreenData[K]>>>;

const LOADERS: { [K in ScreenWithLoader]: ScreenLoader<K> } = {
  list: listLoader,
  detail: detailLoader,
  search: searchLoader,
  activityList: activityListLoader,
  activityDetail: activityDetailLoader,
  messageBoard: messageBoardLoader,
  questionnaireList: questionnaireListLoader,
  questionnaire: questionnaireLoader,
  questionnaireResult: questionnaireResultLoader,
  home: homeLoader,
  exhibitionList: exhibitionListLoader,
  exhibitionDetail: exhibitionDetailLoader,
  collectionList: collectionListLoader,
  exhibitDetail: exhibitDetailLoader,
};

const ACTIONS: Partial<Record<ScreenKind, Action>> = {
  detail: likeAction,
  messageBoard: messageAction,
  questionnaire: questionnaireAction,
};

/** The loader of a screen kind; none for redirect and not-found rows (the platform answers those). */
export function loaderFor(kind: ScreenKind): Loader | undefined {
  return kind === 'redirect' || kind === 'notFound' ? undefined : LOADERS[kind];
}

export function actionFor(kind: ScreenKind): Action | undefined {
  return ACTIONS[kind];
}
