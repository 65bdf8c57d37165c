import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CODES,
  ACTIVITY_STATUS,
  RESERVE_STATUS,
  RESERVE_TYPE,
  activityCodeWord,
  activityState,
  ageRangeWords,
  timeRange,
  type ActivityClock,
} from '../../shared/activity.ts';
import { checkMessage, errorsByField, messageBody, messageTypeOptions, messageValuesFrom } from '../../shared/message-form.ts';
import {
  chinaNow,
  questionnaireState,
  questionnaireValuesFrom,
  readAnswers,
  sortedQuestions,
} from '../../shared/questionnaire.ts';
import type { QuestionnaireWithDetails } from '../../shared/wire.ts';

describe('activity status words', () => {
  it('maps every kind 0..3 to a word in both languages', () => {
    for (const kind of ['reserveType', 'reserveStatus', 'activityStatus'] as const) {
      expect(ACTIVITY_CODES[kind]).toHaveLength(4);
      for (let v = 0; v <= 3; v += 1) {
        expect(activityCodeWord(kind, v, 'zh')?.text).toMatch(/[\u4e00-\u9fa5]/);
        expect(activityCodeWord(kind, v, 'en')?.text).toMatch(/^[A-Z]/);
      }
    }
    expect(activityCodeWord('reserveStatus', 1, 'zh')).toEqual({ text: '预约中', tone: 'open' });
    expect(activityCodeWord('activityStatus', 2, 'en')).toEqual({ text: 'Ended', tone: 'closed' });
    expect(activityCodeWord('reserveType', 0, 'zh')?.text).toBe('无需预约');
  });

  it('shows no word for a value outside the table', () => {
    expect(activityCodeWord('reserveType', 7, 'zh')).toBeNull();
    expect(activityCodeWord('reserveType', -1, 'zh')).toBeNull();
    expect(activityCodeWord('reserveType', 1.5, 'zh')).toBeNull();
    expect(activityCodeWord('reserveType', '1', 'zh')).toBeNull();
  });

  it('says the age range in words', () => {
    expect(ageRangeWords(6, 12, 'zh')).toBe('6–12 岁');
    expect(ageRangeWords(6, 0, 'en')).toBe('Ages 6+');
    expect(ageRangeWords(0, 12, 'zh')).toBe('12 岁以下');
    expect(ageRangeWords(0, 0, 'zh')).toBe('不限');
    expect(ageRangeWords(undefined, null, 'en')).toBe('All ages');
  });

  it('joins a time range, either side alone', () => {
    expect(timeRange('2026-11-08 09:30', '2026-11-08 11:30')).toBe('2026-11-08 09:30 – 2026-11-08 11:30');
    expect(timeRange('2026-11-08 09:30', '')).toBe('2026-11-08 09:30');
    expect(timeRange('', '')).toBe('');
  });
});

describe('activity statuses by the clock (issue 13 item 1)', () => {
  /** A China-time wall clock reading as an instant. */
  const at = (time: string): number => Date.parse(`${time.replace(' ', 'T')}:00+08:00`);
  /** The camp: 11-01 to 11-08, booking 10-20 to 10-31, its codes frozen at "upcoming / open". */
  const camp: ActivityClock = {
    startTime: '2026-11-01 09:30:00',
    endTime: '2026-11-08 16:30:00',
    reserveStartTime: '2026-10-20 09:00:00',
    reserveEndTime: '2026-10-31 17:00:00',
    reserveType: RESERVE_TYPE.online,
    reserveStatus: RESERVE_STATUS.open,
    activityStatus: ACTIVITY_STATUS.upcoming,
  };

  it('follows the times, not the stored codes, and names the next change', () => {
    expect(activityState(camp, at('2026-10-10 12:00'))).toEqual({ status: 0, reserve: 0, booking: true, nextChangeMs: at('2026-10-20 09:00') });
    expect(activityState(camp, at('2026-10-25 12:00'))).toEqual({ status: 0, reserve: 1, booking: true, nextChangeMs: at('2026-10-31 17:00') });
    expect(activityState(camp, at('2026-11-01 08:00'))).toMatchObject({ status: 0, reserve: 3, nextChangeMs: at('2026-11-01 09:30') });
    expect(activityState(camp, at('2026-11-01 09:30'))).toMatchObject({ status: 1, reserve: 3, nextChangeMs: at('2026-11-08 16:30') });
    // The camp that "ended 11-08 but says 进行中": over, whatever the service stored.
    expect(activityState({ ...camp, activityStatus: ACTIVITY_STATUS.ongoing }, at('2026-11-25 10:00'))).toEqual({ status: 2, reserve: 3, booking: true, nextChangeMs: null });
  });

  it('keeps what no clock can tell: a cancellation and a full booking', () => {
    const cancelled = activityState({ ...camp, activityStatus: ACTIVITY_STATUS.cancelled }, at('2026-10-25 12:00'));
    expect(cancelled).toEqual({ status: 3, reserve: 3, booking: true, nextChangeMs: null });
    expect(activityState({ ...camp, reserveStatus: RESERVE_STATUS.full }, at('2026-10-25 12:00')).reserve).toBe(2);
    expect(activityState({ ...camp, reserveStatus: RESERVE_STATUS.full }, at('2026-10-10 12:00')).reserve).toBe(0);
  });

  it('shows no booking and no booking status for 无需预约', () => {
    const walkIn = activityState({ ...camp, reserveType: RESERVE_TYPE.none, reserveStatus: RESERVE_STATUS.notOpen }, at('2026-10-10 12:00'));
    expect(walkIn).toEqual({ status: 0, reserve: null, booking: false, nextChangeMs: at('2026-11-01 09:30') });
  });

  it('uses the service’s codes only where times are missing', () => {
    const bare = { ...camp, startTime: '', endTime: '', reserveStartTime: '', reserveEndTime: '', activityStatus: 1, reserveStatus: 2 };
    expect(activityState(bare, at('2026-10-10 12:00'))).toEqual({ status: 1, reserve: 2, booking: true, nextChangeMs: null });
    expect(activityState({ ...bare, activityStatus: 9, reserveStatus: -1 }, at('2026-10-10 12:00'))).toMatchObject({ status: null, reserve: null });
    // Without an end it runs to the end of its day; without a booking end, booking closes at the start.
    const open = { ...camp, endTime: '', reserveEndTime: '' };
    expect(activityState(open, at('2026-11-01 23:00'))).toMatchObject({ status: 1, reserve: 3, nextChangeMs: at('2026-11-02 00:00') });
    expect(activityState(open, at('2026-10-31 23:00'))).toMatchObject({ status: 0, reserve: 1, nextChangeMs: at('2026-11-01 09:30') });
  });
});

describe('message form', () => {
  it('reads only its own fields and validates with the shared rules', () => {
    const values = messageValuesFrom([
      ['content', '  希望增加夜场  '],
      ['name', '张三'],
      ['phoneNumber', '138 1234 5678'],
      ['email', ''],
      ['type', 'suggest'],
      ['formKey', 'k1'],
      ['evil', 'x'],
    ]);
    expect(values).toEqual({ content: '  希望增加夜场  ', name: '张三', phoneNumber: '138 1234 5678', email: '', type: 'suggest' });
    expect(checkMessage(values)).toEqual([]);
    expect(messageBody(values)).toEqual({
      content: '希望增加夜场',
      name: '张三',
      phoneNumber: '13812345678',
      email: '',
      type: 'suggest',
      source: 'web',
    });
  });

  it('gives one error per wrong field', () => {
    // A type is checked only as a code (the service's dictionary judges the rest): `spam` passes, `no way!` does not.
    expect(checkMessage(messageValuesFrom([['content', 'x'], ['type', 'spam']]))).toEqual([]);
    const errors = checkMessage(messageValuesFrom([['content', ''], ['email', 'a@'], ['phoneNumber', '123'], ['type', 'no way!']]));
    expect(Object.keys(errorsByField(errors)).sort()).toEqual(['content', 'email', 'phoneNumber', 'type']);
    expect(errorsByField(errors).content?.code).toBe('content_required');
  });

  it('offers exactly the dictionary’s types (vendor codes), none without a dictionary', () => {
    const dict = [
      { dictionaryId: '1', dictionaryName: '建议', dictionaryValue: 'cms1102', dictionaryNameEn: 'Suggestion' },
      { dictionaryId: '2', dictionaryName: '其他', dictionaryValue: 'cms1109', dictionaryNameEn: '' },
    ];
    expect(messageTypeOptions(dict, 'en')).toEqual([
      { value: 'cms1102', label: 'Suggestion' },
      { value: 'cms1109', label: '其他' },
    ]);
    expect(messageTypeOptions([], 'zh')).toEqual([]);
    expect(messageTypeOptions(null, 'zh')).toEqual([]);
  });
});

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
    expect(readAnswers(survey, { q10: ['101'], q20: ['other'] }).errors).toEqual([
      { field: 'q20', code: 'other_text_required' },
    ]);
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
