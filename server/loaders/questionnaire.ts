// Questionnaires (channel Service/Questionnaire): the list, the answer page (questions and
// answers by `sort`), the answer action (the shared rules again at the edge, one record per filled-in
// form, 303 to the results) and the results (counts and percentages). Outside its start/end a
// questionnaire shows its results only: the answer page and the action send the visitor there.
import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import { chinaNow } from '../../shared/china-time.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { FORM_KEY_FIELD } from '../../shared/message-form.ts';
import {
  questionnaireState,
  questionnaireValuesFrom,
  readAnswers,
  sortedQuestions,
  type QuestionnaireState,
} from '../../shared/questionnaire.ts';
import { SITE_CODE, withSiteQuery } from '../../shared/site.ts';
import type {
  QuestionnaireActionData,
  QuestionnaireCard,
  QuestionnaireData,
  QuestionnaireListData,
  QuestionnaireResultData,
  ResultNotice,
} from '../../shared/visitor-views.ts';
import type { Questionnaire, QuestionnaireResult, QuestionnaireWithDetails } from '../../shared/wire.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { notFound } from './page-errors.ts';
import { pagedCall } from './list.ts';
import type { ActionContext, LoaderContext, PageMeta } from './types.ts';
import { writeFailure } from '../writes/refused.ts';
import { WriteRefused } from '../writes/refused.ts';

const QUESTIONNAIRE_PAGE_SIZE = 10;
/** The results path segment (route table: `/Service/Questionnaire/:id/result`). */
const RESULT_SEGMENT = 'result';
/** `?done=1` on the results: the visitor has just answered. */
const DONE_PARAM = 'done';
/** "Other" texts shown per question on the results page. */
const OTHER_TEXTS_SHOWN = 5;

/** `YYYY-MM-DD – YYYY-MM-DD`, one side when the other is missing. */
const period = (q: Pick<Questionnaire, 'startTime' | 'endTime'>): string => {
  const a = formatDate(q.startTime);
  const b = formatDate(q.endTime);
  return a && b ? `${a} – ${b}` : a || b;
};

/** The list's path (`/Service/Questionnaire`, `/EN_Service/EN_Questionnaire`) from the route's channels. */
function listPath(ctx: LoaderContext): string {
  return ctx.channel?.path ?? ctx.url.pathname.split('/').slice(0, 3).join('/');
}

const answerPath = (ctx: LoaderContext, id: string): string => `${listPath(ctx)}/${id}`;
const resultPath = (ctx: LoaderContext, id: string): string => `${answerPath(ctx, id)}/${RESULT_SEGMENT}`;

const stateNow = (ctx: LoaderContext, q: Pick<Questionnaire, 'startTime' | 'endTime'>): QuestionnaireState =>
  questionnaireState(q, chinaNow(ctx.now()));

function idParam(ctx: LoaderContext): string {
  const id = ctx.params.id ?? '';
  if (!RECORD_ID.test(id)) throw notFound(`No questionnaire ${id}`);
  return id;
}

export async function questionnaireListLoader(ctx: LoaderContext): Promise<QuestionnaireListData> {
  const pageSize = ctx.route.pageSize ?? QUESTIONNAIRE_PAGE_SIZE;
  const { records, ...paging } = await pagedCall<Questionnaire>(
    ctx,
    'getQuestionnairePageList',
    { languageType: SITE_CODE[ctx.lang] },
    pageSize,
  );
  const items = records.map((q): QuestionnaireCard => {
    const state = stateNow(ctx, q);
    const results = withSiteQuery(resultPath(ctx, q.questionnaireId), ctx);
    return {
      id: q.questionnaireId,
      title: q.title,
      subTitle: (q.subTitle ?? '').trim(),
      period: period(q),
      state,
      href: state === 'open' ? withSiteQuery(answerPath(ctx, q.questionnaireId), ctx) : results,
      resultsHref: results,
    };
  });
  return { ...paging, items };
}

async function questionnaireOf(ctx: LoaderContext, id: string): Promise<QuestionnaireWithDetails> {
  const { data: q } = await ctx.api.call<QuestionnaireWithDetails>('getQuestionnaireById', { params: { id }, requestId: ctx.requestId });
  if (!q) throw notFound(`No questionnaire ${id}`);
  return { ...q, details: Array.isArray(q.details) ? q.details : [] };
}

/** Outside start/end only the results are shown. */
function resultsInstead(ctx: LoaderContext, id: string, status = 302): Response {
  return redirect(withSiteQuery(resultPath(ctx, id), ctx), status);
}

export async function questionnaireLoader(ctx: LoaderContext): Promise<QuestionnaireData & { meta: PageMeta }> {
  const id = idParam(ctx);
  const q = await questionnaireOf(ctx, id);
  if (stateNow(ctx, q) !== 'open') throw resultsInstead(ctx, id);
  return {
    id,
    title: q.title,
    subTitle: (q.subTitle ?? '').trim(),
    period: period(q),
    questions: sortedQuestions(q.details).map((d) => ({
      questionId: d.questionId,
      title: d.title,
      isRequired: d.isRequired === true,
      isSingle: d.isSingle === true,
      isOther: d.isOther === true,
      answers: d.answers.map((a) => ({ answerId: a.answerId, title: a.title })),
    })),
    formKey: randomUUID(),
    resultsHref: withSiteQuery(resultPath(ctx, id), ctx),
    listHref: withSiteQuery(listPath(ctx), ctx),
    meta: { title: q.title, description: (q.subTitle ?? '').trim() || undefined },
  };
}

export async function questionnaireAction(ctx: ActionContext) {
  const id = idParam(ctx);
  const q = await questionnaireOf(ctx, id);
  if (stateNow(ctx, q) !== 'open') throw resultsInstead(ctx, id, 303);

  const values = questionnaireValuesFrom(ctx.form.entries());
  const { record, errors } = readAnswers(q, values);
  if (errors.length > 0) return data<QuestionnaireActionData>({ errors, values }, { status: 400 });

  const formKey = String(ctx.form.get(FORM_KEY_FIELD) ?? '');
  try {
    await ctx.writeOnce.run(['addQuestionnaireRecord', formKey, record], () =>
      ctx.api.call('addQuestionnaireRecord', { body: record, requestId: ctx.requestId }),
    );
  } catch (err) {
    if (err instanceof WriteRefused)
      return data<QuestionnaireActionData>({ errors: [], values, failure: err.failure }, { status: err.status });
    if (!(err instanceof UpstreamError)) throw err;
    // The service closed it between our check and the write (its clock decides): show the results.
    if ((err.httpStatus ?? err.appCode) === 409) throw resultsInstead(ctx, id, 303);
    const { failure, status } = writeFailure(err);
    ctx.logger.warn({ requestId: ctx.requestId, err: err.code, status: err.httpStatus }, 'questionnaire answer not sent; input kept');
    return data<QuestionnaireActionData>({ errors: [], values, failure }, { status });
  }
  throw redirect(withSiteQuery(`${resultPath(ctx, id)}?${DONE_PARAM}=1`, ctx), 303);
}

function notice(ctx: LoaderContext, state: QuestionnaireState): ResultNotice {
  if (state === 'closed') return 'closed';
  if (state === 'upcoming') return 'upcoming';
  return ctx.url.searchParams.get(DONE_PARAM) === '1' ? 'thanks' : null;
}

export async function questionnaireResultLoader(ctx: LoaderContext): Promise<QuestionnaireResultData & { meta: PageMeta }> {
  const id = idParam(ctx);
  const { data: r } = await ctx.api.call<QuestionnaireResult>('getQuestionnaireResultInfo', {
    body: { questionnaireId: id },
    requestId: ctx.requestId,
  });
  if (!r) throw notFound(`No questionnaire ${id}`);
  const state = stateNow(ctx, r);
  const texts = r.otherTexts ?? {};
  return {
    id,
    title: r.title,
    subTitle: (r.subTitle ?? '').trim(),
    period: period(r),
    start: formatDateTime(r.startTime),
    state,
    responses: Math.max(0, Number(r.recordCount) || 0),
    questions: sortedQuestions(Array.isArray(r.details) ? r.details : []).map((d) => ({
      questionId: d.questionId,
      title: d.title,
      isSingle: d.isSingle === true,
      answers: d.answers.map((a) => ({
        answerId: a.answerId,
        title: a.title,
        count: Math.max(0, Number(a.selectCount) || 0),
        percent: Math.min(100, Math.max(0, Number(a.percent) || 0)),
      })),
      otherTexts: (texts[String(d.questionId)] ?? []).slice(0, OTHER_TEXTS_SHOWN),
    })),
    notice: notice(ctx, state),
    answerHref: state === 'open' ? withSiteQuery(answerPath(ctx, id), ctx) : null,
    listHref: withSiteQuery(listPath(ctx), ctx),
    meta: { title: r.title, description: (r.subTitle ?? '').trim() || undefined },
  };
}
