// Questionnaires: the list, one with its questions (GET, or POST with an empty body as some clients
// send it), answering (only while open), and results counted from the stored answers
// (questionnaire-results.ts). Ids arrive as wire ids; answers are judged against the wire form of
// the questionnaire (so a field error names the question as the client knows it) and stored with
// the database's integers.
import { z } from 'zod';
import type { Questionnaire, QuestionnaireResult, QuestionnaireWithDetails } from '../../shared/wire.ts';
import { chinaDateTime } from '../china-time.ts';
import { Where, pagedList, type ListPage } from '../db/query.ts';
import { answerErrors, insertQuestionnaireRecord, type StoredRecord } from '../db/questionnaire-records.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { CmsError, invalidFields, notFound } from '../http/errors.ts';
import { idToken, languageFilter, listBody, parseInput, pathRecord, toPaging } from '../http/input.ts';
import { decodeId, encodeId } from '../wire-ids.ts';
import { questionnaireResults } from './questionnaire-results.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

const MAX_ANSWERS = 200;

const listRequest = listBody({ languageType: languageFilter });

/** Ids compare as the service writes them (lowercase hex). */
const answerId = idToken.transform((id) => id.toLowerCase());

const recordRequest = z.looseObject(
  {
    questionnaireId: idToken,
    answers: z
      .array(
        z.looseObject(
          {
            questionId: answerId,
            answerIds: z
              .array(answerId, { error: 'must be a list of answer ids' })
              .max(MAX_ANSWERS)
              .nullish()
              .transform((v) => v ?? []),
            otherText: z
              .string({ error: 'must be a string' })
              .nullish()
              .transform((v) => v ?? undefined),
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

const resultRequest = z.looseObject({ questionnaireId: idToken }, { error: 'the body must be a JSON object' });

/** The questionnaire a body names: 404 when the id names none. */
function bodyQuestionnaire(id: string): number {
  const n = decodeId('questionnaire', id);
  if (n === null) throw notFound(`No questionnaire with id ${id}`);
  return n;
}

/** The stored form of answers already judged valid (every id is one of the questionnaire's). */
const toStored = (answers: z.output<typeof recordRequest>['answers']): StoredRecord['answers'] =>
  answers.map((a) => ({
    questionId: decodeId('question', a.questionId) ?? -1,
    answerIds: a.answerIds.map((id) => decodeId('answer', id) ?? -1),
    ...(a.otherText !== undefined ? { otherText: a.otherText } : {}),
  }));

export function questionnaireHandlers(
  deps: HandlerDeps,
): HandlerGroup<'getQuestionnairePageList' | 'getQuestionnaireById' | 'addQuestionnaireRecord' | 'getQuestionnaireResultInfo'> {
  const { db, prepare } = deps;
  const save = db.transaction((record: StoredRecord) => insertQuestionnaireRecord(prepare, record));

  return {
    getQuestionnairePageList: ({ body }): ListPage<Questionnaire> => {
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
      const { n, id } = pathRecord('questionnaire', params.id, 'questionnaire');
      const { recordCount: _count, otherTexts: _texts, ...q } = questionnaireResults(prepare, n, id);
      return q;
    },
    addQuestionnaireRecord: ({ body, now }) => {
      const input = parseInput(recordRequest, body);
      const n = bodyQuestionnaire(input.questionnaireId);
      const q = questionnaireResults(prepare, n, input.questionnaireId);
      const at = chinaDateTime(now);
      if (q.startTime && at < q.startTime) throw new CmsError(409, `Questionnaire ${q.questionnaireId} opens at ${q.startTime}`);
      if (q.endTime && at > q.endTime) throw new CmsError(409, `Questionnaire ${q.questionnaireId} closed at ${q.endTime}`);
      const errors = answerErrors<string>(q.details, input.answers);
      if (errors.length > 0) throw invalidFields('answer', errors);
      const recordId = save({ questionnaireId: n, createTime: at, answers: toStored(input.answers) });
      return { recordId: encodeId('questionnaireRecord', recordId), questionnaireId: q.questionnaireId };
    },
    getQuestionnaireResultInfo: ({ body }): QuestionnaireResult => {
      const { questionnaireId } = parseInput(resultRequest, body);
      return questionnaireResults(prepare, bodyQuestionnaire(questionnaireId), questionnaireId);
    },
  };
}
