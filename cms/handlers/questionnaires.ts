// Questionnaires: the list, one with its questions, answering (only while open), and results counted
// from the stored answers. A question's percentages are relative to the people who answered that
// question (one decimal), so a single-choice question's answers plus its "other" texts make 100 %.
import { z } from 'zod';
import { validateQuestionnaireRecord } from '../../shared/validation.ts';
import type {
  ListResult,
  Questionnaire,
  QuestionnaireDetail,
  QuestionnaireResult,
  QuestionnaireWithDetails,
} from '../../shared/wire.ts';
import { chinaDateTime } from '../china-time.ts';
import { Where, pagedList } from '../db/query.ts';
import { insertQuestionnaireRecord } from '../db/questionnaire-records.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { CmsError, invalidFields, notFound } from '../http/errors.ts';
import { languageFilter, listBody, parseInput, pathId, positiveId, toPaging } from '../http/input.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

/** "Other" texts returned per question, newest first. */
export const OTHER_TEXTS_SHOWN = 100;
const MAX_ANSWERS = 200;

const listRequest = listBody({ languageType: languageFilter });

const recordRequest = z.looseObject(
  {
    questionnaireId: positiveId,
    answers: z
      .array(
        z.looseObject(
          {
            questionId: positiveId,
            answerIds: z
              .array(positiveId, { error: 'must be a list of answer ids' })
              .max(MAX_ANSWERS)
              .nullish()
              .transform((v) => v ?? []),
            otherText: z.string({ error: 'must be a string' }).nullish().transform((v) => v ?? undefined),
          },
          { error: 'must be an object' },
        ),
        { error: 'must be a list of answers' },
      )
      .max(MAX_ANSWERS)
      .refine((list) => new Set(list.map((a) => a.questionId)).size === list.length, {
        error: 'answer each question at most once',
      }),
  },
  { error: 'the body must be a JSON object' },
);

const resultRequest = z.looseObject({ questionnaireId: positiveId }, { error: 'the body must be a JSON object' });

const percent = (count: number, of: number): number => (of > 0 ? Math.round((count * 1000) / of) / 10 : 0);

export function questionnaireHandlers(
  deps: HandlerDeps,
): HandlerGroup<'getQuestionnairePageList' | 'getQuestionnaireById' | 'addQuestionnaireRecord' | 'getQuestionnaireResultInfo'> {
  const { db, prepare } = deps;

  const head = (id: number): Questionnaire & { row: Record<string, unknown> } => {
    const row = prepare('SELECT * FROM questionnaires WHERE questionnaireId = ?').get(id) as Record<string, unknown> | undefined;
    if (!row) throw notFound(`No questionnaire with id ${id}`);
    return { ...fromRow<Questionnaire>(TABLES.questionnaires, row), row };
  };

  /** The questionnaire with its questions and answers, counted from stored records. */
  const withResults = (id: number): QuestionnaireResult => {
    const { row: _row, ...q } = head(id);
    const selected = new Map<string, number>();
    for (const r of prepare(
      `SELECT a.questionId, a.answerId, COUNT(*) AS n FROM questionnaire_record_answers a
       JOIN questionnaire_records r ON r.recordId = a.recordId
       WHERE r.questionnaireId = ? AND a.answerId IS NOT NULL GROUP BY a.questionId, a.answerId`,
    ).all(id) as Array<{ questionId: number; answerId: number; n: number }>) {
      selected.set(`${r.questionId}:${r.answerId}`, r.n);
    }
    const respondents = new Map(
      (
        prepare(
          `SELECT a.questionId, COUNT(DISTINCT a.recordId) AS n FROM questionnaire_record_answers a
           JOIN questionnaire_records r ON r.recordId = a.recordId
           WHERE r.questionnaireId = ? GROUP BY a.questionId`,
        ).all(id) as Array<{ questionId: number; n: number }>
      ).map((r) => [r.questionId, r.n]),
    );
    const otherTexts: Record<string, string[]> = {};
    for (const r of prepare(
      `SELECT questionId, otherText FROM (
         SELECT a.questionId, a.otherText,
                ROW_NUMBER() OVER (PARTITION BY a.questionId ORDER BY a.recordId DESC) AS n
         FROM questionnaire_record_answers a JOIN questionnaire_records r ON r.recordId = a.recordId
         WHERE r.questionnaireId = ? AND a.otherText IS NOT NULL)
       WHERE n <= ? ORDER BY questionId, n`,
    ).all(id, OTHER_TEXTS_SHOWN) as Array<{ questionId: number; otherText: string }>) {
      (otherTexts[String(r.questionId)] ??= []).push(r.otherText);
    }
    const questions = prepare('SELECT * FROM questionnaire_questions WHERE questionnaireId = ? ORDER BY sort, questionId').all(
      id,
    ) as Array<Record<string, unknown>>;
    const options = prepare(
      `SELECT o.* FROM questionnaire_options o JOIN questionnaire_questions q ON q.questionId = o.questionId
       WHERE q.questionnaireId = ? ORDER BY o.sort, o.answerId`,
    ).all(id) as Array<Record<string, unknown>>;
    const details = questions.map((qr): QuestionnaireDetail => {
      const question = fromRow<Omit<QuestionnaireDetail, 'answers'>>(TABLES.questions, qr);
      const answered = respondents.get(question.questionId) ?? 0;
      const answers = options
        .filter((o) => o.questionId === question.questionId)
        .map((o) => {
          const answerId = Number(o.answerId);
          const selectCount = selected.get(`${question.questionId}:${answerId}`) ?? 0;
          return { answerId, title: String(o.title), sort: Number(o.sort), selectCount, percent: percent(selectCount, answered) };
        });
      return { ...question, answers };
    });
    const { n: recordCount } = prepare('SELECT COUNT(*) AS n FROM questionnaire_records WHERE questionnaireId = ?').get(id) as {
      n: number;
    };
    return { ...q, details, recordCount, otherTexts };
  };

  const save = db.transaction((record: Parameters<typeof insertQuestionnaireRecord>[1]) => insertQuestionnaireRecord(prepare, record));

  return {
    getQuestionnairePageList: ({ body }): ListResult<Questionnaire> => {
      const { entity, param } = parseInput(listRequest, body);
      return pagedList(
        prepare,
        'questionnaires',
        new Where().eq('languageType', entity.languageType),
        'createTime DESC, questionnaireId DESC',
        toPaging(param),
        (r) => fromRow<Questionnaire>(TABLES.questionnaires, r),
      );
    },
    getQuestionnaireById: ({ params }): QuestionnaireWithDetails => {
      const { recordCount: _count, otherTexts: _texts, ...q } = withResults(pathId(params.id));
      return q;
    },
    addQuestionnaireRecord: ({ body, now }) => {
      const input = parseInput(recordRequest, body);
      const q = withResults(input.questionnaireId);
      const at = chinaDateTime(now);
      if (q.startTime && at < q.startTime) throw new CmsError(409, `Questionnaire ${q.questionnaireId} opens at ${q.startTime}`);
      if (q.endTime && at > q.endTime) throw new CmsError(409, `Questionnaire ${q.questionnaireId} closed at ${q.endTime}`);
      const errors = validateQuestionnaireRecord(q, input);
      if (errors.length > 0) {
        throw invalidFields('answer', errors);
      }
      return { recordId: save({ ...input, createTime: at }), questionnaireId: input.questionnaireId };
    },
    getQuestionnaireResultInfo: ({ body }): QuestionnaireResult =>
      withResults(parseInput(resultRequest, body).questionnaireId),
  };
}
