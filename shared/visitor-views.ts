// What the activity, visitor-message and questionnaire loaders and actions hand their screens: plain
// JSON with every date formatted, every word chosen for the page's language and every link derived,
// so the components only render.
import type { CodeWord } from './activity.ts';
import type { FormRejection, MessageTypeOption, MessageValues } from './message-form.ts';
import type { QuestionnaireState, QuestionnaireValues } from './questionnaire.ts';
import type { FilterLink, Paging, ViewLink } from './view-parts.ts';

export interface ActivityCard {
  id: string;
  title: string;
  href: string;
  /** Image sources in the order to try; empty when there is none. */
  image: string[];
  /** `YYYY-MM-DD HH:mm – YYYY-MM-DD HH:mm`. */
  time: string;
  venue: string;
  /** The type's dictionary name, '' when unknown. */
  type: string;
  status: CodeWord | null;
  reserve: CodeWord | null;
}

export interface ActivityListData extends Paging {
  types: FilterLink[];
  /** The type filter in force ('' for all). */
  activeType: string;
  items: ActivityCard[];
}

export interface ActivityDetailData {
  id: string;
  title: string;
  image: string[];
  type: string;
  /** `YYYY-MM-DD HH:mm` each; '' when missing. */
  start: string;
  end: string;
  venue: string;
  /** Does it take reservations (not 无需预约)? The booking window is shown only then. */
  booking: boolean;
  /** The reservation window, `YYYY-MM-DD HH:mm` each; '' when missing. */
  reserveStart: string;
  reserveEnd: string;
  age: string;
  reserveType: CodeWord | null;
  reserveStatus: CodeWord | null;
  status: CodeWord | null;
  /** The activity's own sign-up page (external: new tab). */
  signUp: ViewLink | null;
  /** Sanitized HTML. */
  html: string;
  backHref: string;
}

export interface MessageView {
  id: string;
  name: string;
  type: string;
  /** `YYYY-MM-DD HH:mm`. */
  time: string;
  content: string;
  reply: string;
  replyTime: string;
}

export interface MessageBoardData extends Paging {
  messages: MessageView[];
  /** The list could not be read (the form still works). */
  listFailed: boolean;
  types: MessageTypeOption[];
  /** The thank-you notice after a message was sent (`?sent=1`). */
  sent: boolean;
  /** Hidden form key: a repeated submission of one filled-in form is sent once. */
  formKey: string;
}

export type MessageActionData = FormRejection<MessageValues>;

export interface QuestionnaireCard {
  id: string;
  title: string;
  subTitle: string;
  /** `YYYY-MM-DD – YYYY-MM-DD`. */
  period: string;
  state: QuestionnaireState;
  /** The answer page while open, the results otherwise. */
  href: string;
  resultsHref: string;
}

export interface QuestionnaireListData extends Paging {
  items: QuestionnaireCard[];
}

export interface QuestionView {
  questionId: string;
  title: string;
  isRequired: boolean;
  isSingle: boolean;
  isOther: boolean;
  answers: Array<{ answerId: string; title: string }>;
}

export interface QuestionnaireData {
  id: string;
  title: string;
  subTitle: string;
  period: string;
  questions: QuestionView[];
  formKey: string;
  resultsHref: string;
  listHref: string;
}

export type QuestionnaireActionData = FormRejection<QuestionnaireValues>;

interface AnswerResultView {
  answerId: string;
  title: string;
  count: number;
  /** 0–100, one decimal. */
  percent: number;
}

export interface QuestionResultView {
  questionId: string;
  title: string;
  isSingle: boolean;
  answers: AnswerResultView[];
  /** Free texts given for "other", newest first (at most a few). */
  otherTexts: string[];
}

export type ResultNotice = 'thanks' | 'closed' | 'upcoming' | null;

export interface QuestionnaireResultData {
  id: string;
  title: string;
  subTitle: string;
  period: string;
  /** The questionnaire's start, for the "opens on" notice. */
  start: string;
  state: QuestionnaireState;
  responses: number;
  questions: QuestionResultView[];
  notice: ResultNotice;
  /** The answer page while the questionnaire is open; null otherwise. */
  answerHref: string | null;
  listHref: string;
}
