// shared/message-form.ts: reading a visitor message form, checking it with the shared field rules, and
// the type choices offered from the MESSAGE_TYPE dictionary.
import { describe, expect, it } from 'vitest';
import { checkMessage, errorsByField, messageBody, messageTypeOptions, messageValuesFrom } from '../../shared/message-form.ts';

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
    expect(
      checkMessage(
        messageValuesFrom([
          ['content', 'x'],
          ['type', 'spam'],
        ]),
      ),
    ).toEqual([]);
    const errors = checkMessage(
      messageValuesFrom([
        ['content', ''],
        ['email', 'a@'],
        ['phoneNumber', '123'],
        ['type', 'no way!'],
      ]),
    );
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
