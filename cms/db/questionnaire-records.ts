// Storing one questionnaire submission: a record, one row per chosen answer, one row for an "other"
// text. Visitors' answers and the demo answers go through here alike.
import type { Statement } from 'better-sqlite3';
import type { QuestionnaireRecordInput } from '../../shared/wire.ts';

export function insertQuestionnaireRecord(
  prepare: (sql: string) => Statement,
  record: QuestionnaireRecordInput & { createTime: string },
): number {
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
