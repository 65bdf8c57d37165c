// Storing one questionnaire submission: a record, one row per chosen answer, one row for an "other"
// text. Visitors' answers and the demo answers go through here alike, with the integer ids the
// database keeps (the wire's hex ids are decoded before this point).
import type { Statement } from 'better-sqlite3';
import { validateQuestionnaireRecord, type FieldError } from '../../shared/validation.ts';

export interface StoredAnswer<Id extends number | string = number> {
  questionId: Id;
  answerIds: Id[];
  /** Text of the "other" choice, when the question allows it. */
  otherText?: string;
}

/** One submission in stored form. */
export interface StoredRecord {
  questionnaireId: number;
  createTime: string;
  answers: Array<StoredAnswer<number>>;
}

interface RuleQuestion<Id> {
  questionId: Id;
  isRequired: boolean;
  isSingle: boolean;
  isOther: boolean;
  answers: ReadonlyArray<{ answerId: Id }>;
}

/**
 * The answering rules of shared/validation.ts (the same the browser and the edge run) for ids of
 * either form: the rules only compare ids, so they hold for stored integers and wire strings alike.
 */
export function answerErrors<Id extends number | string>(
  details: ReadonlyArray<RuleQuestion<Id>>,
  answers: ReadonlyArray<StoredAnswer<Id>>,
): FieldError[] {
  type Rules = Parameters<typeof validateQuestionnaireRecord>;
  return validateQuestionnaireRecord({ details } as unknown as Rules[0], { answers } as unknown as Rules[1]);
}

export function insertQuestionnaireRecord(prepare: (sql: string) => Statement, record: StoredRecord): number {
  const { lastInsertRowid } = prepare('INSERT INTO questionnaire_records (questionnaireId, createTime) VALUES (?, ?)').run(
    record.questionnaireId,
    record.createTime,
  );
  const add = prepare('INSERT INTO questionnaire_record_answers (recordId, questionId, answerId, otherText) VALUES (?, ?, ?, ?)');
  for (const a of record.answers) {
    for (const answerId of a.answerIds) add.run(lastInsertRowid, a.questionId, answerId, null);
    const other = a.otherText?.trim();
    if (other) add.run(lastInsertRowid, a.questionId, null, other);
  }
  return Number(lastInsertRowid);
}
