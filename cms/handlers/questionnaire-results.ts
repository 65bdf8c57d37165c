// A questionnaire with its questions and answers, counted from the stored records at request time.
// A question's percentages are relative to the people who answered that question (one decimal),
// so a single-choice question's answers plus its "other" texts make 100 %. Ids are read as the
// database keeps them and sent as wire ids (otherTexts are keyed by the wire questionId too).
import type { Statement } from 'better-sqlite3';
import type { Questionnaire, QuestionnaireDetail, QuestionnaireResult } from '../../shared/wire.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { encodeId } from '../wire-ids.ts';

/** "Other" texts returned per question, newest first. */
const OTHER_TEXTS_SHOWN = 100;

type Prepare = (sql: string) => Statement;

const percent = (count: number, of: number): number => (of > 0 ? Math.round((count * 1000) / of) / 10 : 0);

/** How often each answer was chosen (`question:answer` → count) and how many answered each question. */
function counts(prepare: Prepare, n: number): { selected: Map<string, number>; respondents: Map<number, number> } {
  const selected = new Map<string, number>();
  for (const r of prepare(
    `SELECT a.questionId, a.answerId, COUNT(*) AS n FROM questionnaire_record_answers a
     JOIN questionnaire_records r ON r.recordId = a.recordId
     WHERE r.questionnaireId = ? AND a.answerId IS NOT NULL GROUP BY a.questionId, a.answerId`,
  ).all(n) as Array<{ questionId: number; answerId: number; n: number }>) {
    selected.set(`${r.questionId}:${r.answerId}`, r.n);
  }
  const respondents = new Map(
    (
      prepare(
        `SELECT a.questionId, COUNT(DISTINCT a.recordId) AS n FROM questionnaire_record_answers a
         JOIN questionnaire_records r ON r.recordId = a.recordId
         WHERE r.questionnaireId = ? GROUP BY a.questionId`,
      ).all(n) as Array<{ questionId: number; n: number }>
    ).map((r) => [r.questionId, r.n]),
  );
  return { selected, respondents };
}

function otherTexts(prepare: Prepare, n: number): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of prepare(
    `SELECT questionId, otherText FROM (
       SELECT a.questionId, a.otherText,
              ROW_NUMBER() OVER (PARTITION BY a.questionId ORDER BY a.recordId DESC) AS n
       FROM questionnaire_record_answers a JOIN questionnaire_records r ON r.recordId = a.recordId
       WHERE r.questionnaireId = ? AND a.otherText IS NOT NULL)
     WHERE n <= ? ORDER BY questionId, n`,
  ).all(n, OTHER_TEXTS_SHOWN) as Array<{ questionId: number; otherText: string }>) {
    (out[encodeId('question', r.questionId)] ??= []).push(r.otherText);
  }
  return out;
}

function details(prepare: Prepare, n: number): QuestionnaireDetail[] {
  const { selected, respondents } = counts(prepare, n);
  const questions = prepare('SELECT * FROM questionnaire_questions WHERE questionnaireId = ? ORDER BY sort, questionId').all(n) as Array<
    Record<string, unknown>
  >;
  const options = prepare(
    `SELECT o.* FROM questionnaire_options o JOIN questionnaire_questions q ON q.questionId = o.questionId
     WHERE q.questionnaireId = ? ORDER BY o.sort, o.answerId`,
  ).all(n) as Array<{ questionId: number; answerId: number; title: string; sort: number }>;
  return questions.map((qr): QuestionnaireDetail => {
    const questionId = Number(qr.questionId);
    const answered = respondents.get(questionId) ?? 0;
    const answers = options
      .filter((o) => o.questionId === questionId)
      .map((o) => {
        const selectCount = selected.get(`${questionId}:${o.answerId}`) ?? 0;
        return {
          ...fromRow<{ answerId: string; title: string; sort: number }>(TABLES.options, o),
          selectCount,
          percent: percent(selectCount, answered),
        };
      });
    return { ...fromRow<Omit<QuestionnaireDetail, 'answers'>>(TABLES.questions, qr), answers };
  });
}

/** The questionnaire numbered `n` with counted answers; 404 naming `wireId` when there is none. */
export function questionnaireResults(prepare: Prepare, n: number, wireId: string): QuestionnaireResult {
  const row = prepare('SELECT * FROM questionnaires WHERE questionnaireId = ?').get(n) as Record<string, unknown> | undefined;
  if (!row) throw notFound(`No questionnaire with id ${wireId}`);
  const { n: recordCount } = prepare('SELECT COUNT(*) AS n FROM questionnaire_records WHERE questionnaireId = ?').get(n) as { n: number };
  return {
    ...fromRow<Questionnaire>(TABLES.questionnaires, row),
    details: details(prepare, n),
    recordCount,
    otherTexts: otherTexts(prepare, n),
  };
}
