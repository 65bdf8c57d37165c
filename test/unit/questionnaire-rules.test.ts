// shared/questionnaire.ts: when a questionnaire is open (China time), the order of its questions and
// answers, and turning an answer form into a record with one error per wrong question.
import { describe, expect, it } from 'vitest';
import { chinaNow } from '../../shared/china-time.ts';
import { questionnaireState, questionnaireValuesFrom, readAnswers, sortedQuestions } from '../../shared/questionnaire.ts';
import type { QuestionnaireWithDetails } from '../../shared/wire.ts';

const survey: QuestionnaireWithDetails = {
  questionnaireId: '9',
  title: '观众满意度调查',
  subTitle: '',
  createTime: '2026-10-01 10:00:00',
  startTime: '2026-10-01 00:00:00',
  endTime: '2026-12-31 23:59:59',
  details: [
    {
      questionnaireDetailId: '2',
      questionId: '20',
      title: '您从哪里了解到本馆？',
      isRequired: false,
      isSingle: false,
      isOther: true,
      sort: 2,
      answers: [
        { answerId: '202', title: '微信', sort: 2, selectCount: 0, percent: 0 },
        { answerId: '201', title: '网站', sort: 1, selectCount: 0, percent: 0 },
      ],
    },
    {
      questionnaireDetailId: '1',
      questionId: '10',
      title: '总体满意度',
      isRequired: true,
      isSingle: true,
      isOther: false,
      sort: 1,
      answers: [
        { answerId: '101', title: '满意', sort: 1, selectCount: 0, percent: 0 },
        { answerId: '102', title: '一般', sort: 2, selectCount: 0, percent: 0 },
      ],
    },
  ],
};

describe('questionnaire rules', () => {
  it('is open between start and end, both included; a bare date means the whole day', () => {
    expect(questionnaireState(survey, '2026-09-30 23:59:59')).toBe('upcoming');
    expect(questionnaireState(survey, '2026-10-01 00:00:00')).toBe('open');
    expect(questionnaireState(survey, '2026-12-31 23:59:59')).toBe('open');
    expect(questionnaireState(survey, '2027-01-01 00:00:00')).toBe('closed');
    expect(questionnaireState({ startTime: '', endTime: '2026-11-01' }, '2026-11-01 20:00:00')).toBe('open');
    expect(questionnaireState({ startTime: '', endTime: '' }, '2030-01-01 00:00:00')).toBe('open');
  });

  it('reads now in China time', () => {
    expect(chinaNow(Date.UTC(2026, 10, 1, 16, 30, 5))).toBe('2026-11-02 00:30:05');
  });

  it('sorts questions and answers by sort', () => {
    const sorted = sortedQuestions(survey.details);
    expect(sorted.map((q) => q.questionId)).toEqual(['10', '20']);
    expect(sorted[1]!.answers.map((a) => a.answerId)).toEqual(['201', '202']);
    expect(survey.details[0]!.questionId).toBe('20');
  });

  it('turns a form into a record', () => {
    const values = questionnaireValuesFrom([
      ['q10', '101'],
      ['q20', '201'],
      ['q20', 'other'],
      ['q20_other', ' 朋友推荐 '],
      ['formKey', 'x'],
    ]);
    expect(values).toEqual({ q10: ['101'], q20: ['201', 'other'], q20_other: [' 朋友推荐 '] });
    expect(readAnswers(survey, values)).toEqual({
      record: {
        questionnaireId: '9',
        answers: [
          { questionId: '20', answerIds: ['201'], otherText: '朋友推荐' },
          { questionId: '10', answerIds: ['101'] },
        ],
      },
      errors: [],
    });
  });

  it('gives one error per question: required, other without text, single, unknown', () => {
    expect(readAnswers(survey, {}).errors).toEqual([{ field: 'q10', code: 'answer_required' }]);
    expect(readAnswers(survey, { q10: ['101'], q20: ['other'] }).errors).toEqual([{ field: 'q20', code: 'other_text_required' }]);
    expect(readAnswers(survey, { q10: ['101', '102'] }).errors).toEqual([{ field: 'q10', code: 'answer_single' }]);
    expect(readAnswers(survey, { q10: ['999'] }).errors).toEqual([{ field: 'q10', code: 'answer_unknown' }]);
    expect(readAnswers(survey, { q10: ['abc'] }).errors).toEqual([{ field: 'q10', code: 'answer_unknown' }]);
  });

  it('counts typed "other" text as choosing other', () => {
    const { record, errors } = readAnswers(survey, { q10: ['102'], q20_other: ['展览海报'] });
    expect(errors).toEqual([]);
    expect(record.answers[0]).toEqual({ questionId: '20', answerIds: [], otherText: '展览海报' });
  });
});
