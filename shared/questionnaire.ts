// Questionnaire rules shared by the answer page (browser) and the edge's action: whether one is open,
// the order questions and answers show in, and how a submitted form becomes an answer record.
import { compareIds, RECORD_ID } from './ids.ts';
import { validateQuestionnaireRecord, type FieldError } from './validation.ts';
import type { Questionnaire, QuestionnaireDetail, QuestionnaireRecordInput, QuestionnaireWithDetails } from './wire.ts';

/** Value of the "other" choice among a question's inputs. */
export const OTHER_VALUE = 'other';

export type QuestionnaireState = 'upcoming' | 'open' | 'closed';

/** A wire date made comparable as text: a date alone means the whole day (start 00:00:00 / end 23:59:59). */
function bound(value: string, edge: 'start' | 'end'): string {
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(v)) return '';
  if (v.length <= 10) return `${v.slice(0, 10)} ${edge === 'start' ? '00:00:00' : '23:59:59'}`;
  return v.replace('T', ' ');
}

/** Open between start and end (both included); a missing bound does not limit. */
export function questionnaireState(q: Pick<Questionnaire, 'startTime' | 'endTime'>, now: string): QuestionnaireState {
  const start = bound(q.startTime ?? '', 'start');
  const end = bound(q.endTime ?? '', 'end');
  if (start && now < start) return 'upcoming';
  if (end && now > end) return 'closed';
  return 'open';
}

const bySort =
  <T extends { sort: number }>(idOf: (t: T) => string) =>
  (a: T, b: T): number =>
    a.sort - b.sort || compareIds(idOf(a), idOf(b));

/** Questions by `sort`, each question's answers by `sort` (ties by id, so the order is stable). */
export function sortedQuestions<Q extends QuestionnaireDetail>(details: readonly Q[]): Q[] {
  return [...details].sort(bySort<Q>((q) => q.questionId)).map((q) => ({ ...q, answers: [...q.answers].sort(bySort((a) => a.answerId)) }));
}

/** The input name of a question's choices, and of its "other" text. */
export const questionField = (questionId: string): string => `q${questionId}`;
export const otherField = (questionId: string): string => `q${questionId}_other`;

/** What the visitor chose, per input name (checked values and typed texts), to fill the form again. */
export type QuestionnaireValues = Record<string, string[]>;

/** Collects a submitted form's entries by name (repeated names — checkboxes — keep every value). */
export function questionnaireValuesFrom(entries: Iterable<[string, unknown]>): QuestionnaireValues {
  const values: QuestionnaireValues = {};
  for (const [name, value] of entries) {
    // `q` + a question id (questionField), or + `<id>_other` (otherField): the id pattern after the `q`.
    if (!name.startsWith('q') || !RECORD_ID.test(name.slice(1)) || typeof value !== 'string') continue;
    (values[name] ??= []).push(value);
  }
  return values;
}

interface ReadAnswers {
  record: QuestionnaireRecordInput;
  errors: FieldError[];
}

/**
 * Turns the form's values into an answer record and checks it. Typed "other" text counts as choosing
 * "other" (a visitor without JavaScript may type without ticking it); "other" ticked with no text is
 * `other_text_required`. Everything else is validateQuestionnaireRecord's rules.
 */
export function readAnswers(q: QuestionnaireWithDetails, values: QuestionnaireValues): ReadAnswers {
  const errors: FieldError[] = [];
  const answers: QuestionnaireRecordInput['answers'] = [];
  for (const question of q.details) {
    const field = questionField(question.questionId);
    const chosen = values[field] ?? [];
    const text = (values[otherField(question.questionId)] ?? []).join(' ').trim();
    const otherTicked = chosen.includes(OTHER_VALUE);
    const answerIds = chosen.filter((v) => v !== OTHER_VALUE).map((v) => (RECORD_ID.test(v) ? v : ''));
    if (otherTicked && text === '' && question.isOther) {
      errors.push({ field, code: 'other_text_required' });
      continue;
    }
    if (answerIds.length === 0 && !(question.isOther && text)) {
      if (question.isRequired) errors.push({ field, code: 'answer_required' });
      continue;
    }
    answers.push({ questionId: question.questionId, answerIds, ...(text && question.isOther ? { otherText: text } : {}) });
  }
  const checked = validateQuestionnaireRecord(q, { answers });
  const seen = new Set(errors.map((e) => e.field));
  return { record: { questionnaireId: q.questionnaireId, answers }, errors: [...errors, ...checked.filter((e) => !seen.has(e.field))] };
}
