import { describe, expect, it } from 'vitest';
import { PATTERNS, fieldErrorMessage, validateMessage, validateQuestionnaireRecord } from '../../shared/validation.ts';
import type { QuestionnaireDetail } from '../../shared/wire.ts';

describe('shared field patterns', () => {
  it.each([
    ['residentId', '11010519491231002X', true],
    ['residentId', '110105194912310021', true],
    ['residentId', '11010519491231002', false],
    ['mobile', '13812345678', true],
    ['mobile', '+8613812345678', true],
    ['mobile', '8613812345678', true],
    ['mobile', '12812345678', false],
    ['username', '_ab', true],
    ['username', 'a', false],
    ['username', '9abc', false],
    ['password', 'abc123', true],
    ['password', 'abc12', false],
    ['chineseName', '张三', true],
    ['chineseName', '阿卜杜·热合曼', true],
    ['chineseName', '张', false],
    ['chineseWord', '青铜_ding1', true],
    ['chineseWord', '青铜 鼎', false],
    ['email', 'visitor@example.cn', true],
    ['email', 'visitor@', false],
  ] as const)('%s %s → %s', (name, value, ok) => {
    expect(PATTERNS[name].test(value)).toBe(ok);
  });

  it('finds HTML tags but not comparison signs', () => {
    expect(PATTERNS.htmlTag.test('<b>hi</b>')).toBe(true);
    expect(PATTERNS.htmlTag.test('<script src=x>')).toBe(true);
    expect(PATTERNS.htmlTag.test('票价 < 50 元')).toBe(false);
  });
});

describe('visitor message rules', () => {
  it('accepts a message with only content, and a complete one', () => {
    expect(validateMessage({ content: '希望增加夜场开放' })).toEqual([]);
    expect(validateMessage({ content: '讲解很好', name: '李四', phoneNumber: '138 1234 5678', email: 'a@b.cn', type: 'cms1103' })).toEqual(
      [],
    );
  });

  it('names every bad field with a message in both languages', () => {
    // The type's form only: which codes exist is the service's dictionary's business.
    const errors = validateMessage({ content: ' ', name: 'x', phoneNumber: '123', email: 'no', type: 'not a code!' });
    expect(errors.map((e) => e.field)).toEqual(['content', 'name', 'phoneNumber', 'email', 'type']);
    expect(fieldErrorMessage(errors[0]!, 'zh')).toBe('请填写留言内容');
    expect(fieldErrorMessage(errors[2]!, 'en')).toMatch(/mobile number/);
  });

  it('refuses HTML and over-long content', () => {
    expect(validateMessage({ content: '<img src=x onerror=alert(1)>' })).toEqual([{ field: 'content', code: 'content_html' }]);
    expect(validateMessage({ content: '字'.repeat(501) })).toEqual([{ field: 'content', code: 'content_too_long' }]);
  });
});

describe('questionnaire answer rules', () => {
  // Opaque string ids, as the wire carries them (the rules only compare them).
  const q = (id: number, opts: Partial<QuestionnaireDetail>): QuestionnaireDetail => ({
    questionnaireDetailId: `d${id}`,
    questionId: String(id),
    title: `Q${id}`,
    isRequired: true,
    isSingle: true,
    isOther: false,
    sort: id,
    answers: [1, 2, 3].map((a) => ({ answerId: String(id * 100 + a), title: `A${a}`, sort: a, selectCount: 0, percent: 0 })),
    ...opts,
  });
  const questionnaire = { details: [q(1, {}), q(2, { isSingle: false, isRequired: false }), q(3, { isOther: true })] };

  it('accepts a complete answer, with "other" text standing for a choice', () => {
    expect(
      validateQuestionnaireRecord(questionnaire, {
        answers: [
          { questionId: '1', answerIds: ['101'] },
          { questionId: '2', answerIds: ['201', '203'] },
          { questionId: '3', answerIds: [], otherText: '朋友推荐' },
        ],
      }),
    ).toEqual([]);
  });

  it('reports required, single-choice and unknown answers per question', () => {
    const errors = validateQuestionnaireRecord(questionnaire, {
      answers: [
        { questionId: '1', answerIds: ['101', '102'] },
        { questionId: '2', answerIds: ['999'] },
        { questionId: '7', answerIds: ['1'] },
      ],
    });
    expect(errors).toEqual([
      { field: 'q1', code: 'answer_single' },
      { field: 'q2', code: 'answer_unknown' },
      { field: 'q3', code: 'answer_required' },
      { field: 'q7', code: 'answer_unknown' },
    ]);
  });
});
