// The shared field patterns, and the rules for the two things visitors write (a message, a
// questionnaire answer). The browser, the edge and the reference service all run these same rules.
import type { MessageInput, QuestionnaireRecordInput, QuestionnaireWithDetails } from './wire.ts';

export const PATTERNS = {
  /** Mainland China resident ID: 18 digits, the last may be X. */
  residentId: /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  /** Mainland China mobile number, optional +86 or 86 prefix. */
  mobile: /^(?:\+?86)?1[3-9]\d{9}$/,
  /** 2–18 characters, starting with a letter or underscore, then letters, digits or underscores. */
  username: /^[A-Za-z_][A-Za-z0-9_]{1,17}$/,
  /** 6–16 word characters. */
  password: /^\w{6,16}$/,
  /** Full name: 2–5 Chinese characters with an optional middle-dot part. */
  chineseName: /^[\u4e00-\u9fa5]{2,5}(?:·[\u4e00-\u9fa5]{2,5})?$/,
  /** Any HTML tag (content must not contain one). */
  htmlTag: /<\/?[a-zA-Z][^>]*>/,
  /** Contains a Chinese character. */
  chinese: /[\u4e00-\u9fa5]/,
  /** Only Chinese characters, letters, digits and underscore. */
  chineseWord: /^[\u4e00-\u9fa5A-Za-z0-9_]+$/,
  /** General e-mail. */
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  /** A Latin-script name for the English site: letters, spaces, dots, hyphens, apostrophes. */
  latinName: /^[A-Za-z][A-Za-z .'-]{0,38}[A-Za-z.]$/,
} as const;

export const MESSAGE_LIMITS = {
  contentMax: 500,
  emailMax: 64,
} as const;

/**
 * A dictionary value as services of this family use them (vendor codes such as `cms1101`): the edge
 * checks only its form; which codes exist is the service's dictionary's business.
 */
export const DICTIONARY_CODE = /^[A-Za-z0-9_.-]{1,32}$/;

export type FieldErrorCode =
  | 'content_required'
  | 'content_too_long'
  | 'content_html'
  | 'name_invalid'
  | 'phone_invalid'
  | 'email_invalid'
  | 'type_invalid'
  | 'answer_required'
  | 'answer_single'
  | 'answer_unknown'
  | 'other_text_required'
  | 'other_text_too_long'
  | 'other_text_html';

export interface FieldError {
  /** The input's name (`content`, `phoneNumber`, …) or `q{questionId}` for a questionnaire question. */
  field: string;
  code: FieldErrorCode;
}

/** Person-readable messages for every field error, in both site languages. */
const FIELD_ERROR_MESSAGES: Record<FieldErrorCode, { zh: string; en: string }> = {
  content_required: { zh: '请填写留言内容', en: 'Please write your message' },
  content_too_long: {
    zh: `留言内容不能超过${MESSAGE_LIMITS.contentMax}个字`,
    en: `Your message must be at most ${MESSAGE_LIMITS.contentMax} characters`,
  },
  content_html: { zh: '留言内容不能包含HTML标签', en: 'Your message must not contain HTML tags' },
  name_invalid: { zh: '请填写2至5个汉字的姓名', en: 'Please enter a name of 2 to 40 letters' },
  phone_invalid: { zh: '请填写正确的手机号码', en: 'Please enter a valid mainland China mobile number' },
  email_invalid: { zh: '请填写正确的电子邮箱', en: 'Please enter a valid e-mail address' },
  type_invalid: { zh: '请选择留言类型', en: 'Please choose a message type' },
  answer_required: { zh: '此题为必答题', en: 'This question needs an answer' },
  answer_single: { zh: '此题只能选择一项', en: 'Choose only one answer for this question' },
  answer_unknown: { zh: '所选答案不存在', en: 'The chosen answer does not exist' },
  other_text_required: { zh: '请填写“其他”的内容', en: 'Please fill in your "other" answer' },
  other_text_too_long: { zh: '“其他”的内容不能超过200个字', en: 'Your "other" answer must be at most 200 characters' },
  other_text_html: { zh: '“其他”的内容不能包含HTML标签', en: 'Your "other" answer must not contain HTML tags' },
};

export function fieldErrorMessage(error: FieldError, lang: 'zh' | 'en'): string {
  return FIELD_ERROR_MESSAGES[error.code][lang];
}

const blank = (v: unknown): boolean => v === undefined || v === null || String(v).trim() === '';

/** Validates a visitor message; an empty list means it may be sent. */
export function validateMessage(input: Partial<Record<keyof MessageInput, unknown>>): FieldError[] {
  const errors: FieldError[] = [];
  const content = typeof input.content === 'string' ? input.content.trim() : '';
  if (!content) errors.push({ field: 'content', code: 'content_required' });
  else if ([...content].length > MESSAGE_LIMITS.contentMax) errors.push({ field: 'content', code: 'content_too_long' });
  else if (PATTERNS.htmlTag.test(content)) errors.push({ field: 'content', code: 'content_html' });

  if (!blank(input.name)) {
    const name = String(input.name).trim();
    if (!(PATTERNS.chineseName.test(name) || PATTERNS.latinName.test(name))) errors.push({ field: 'name', code: 'name_invalid' });
  }
  if (!blank(input.phoneNumber) && !PATTERNS.mobile.test(String(input.phoneNumber).replace(/[\s-]/g, ''))) {
    errors.push({ field: 'phoneNumber', code: 'phone_invalid' });
  }
  if (!blank(input.email)) {
    const email = String(input.email).trim();
    if (email.length > MESSAGE_LIMITS.emailMax || !PATTERNS.email.test(email)) errors.push({ field: 'email', code: 'email_invalid' });
  }
  if (!blank(input.type) && !DICTIONARY_CODE.test(String(input.type).trim())) {
    errors.push({ field: 'type', code: 'type_invalid' });
  }
  return errors;
}

/** Trims a message to what is stored: blank optional fields become empty strings. */
export function normalizeMessage(
  input: MessageInput,
): Required<Omit<MessageInput, 'orgId' | 'languageType' | 'type'>> & Pick<MessageInput, 'languageType' | 'type'> & { orgId: string } {
  const type = (input.type ?? '').trim();
  return {
    content: input.content.trim(),
    name: (input.name ?? '').trim(),
    phoneNumber: (input.phoneNumber ?? '').replace(/[\s-]/g, ''),
    email: (input.email ?? '').trim(),
    // No type chosen: none sent (the service's dictionary decides what a type may be, and its default;
    // an empty string is not a dictionary value and may be refused).
    ...(type ? { type } : {}),
    source: (input.source ?? '').trim() || 'web',
    orgId: (input.orgId ?? '').trim(),
    // The board it belongs on, kept only when it names one.
    ...(input.languageType === 'CN' || input.languageType === 'EN' ? { languageType: input.languageType } : {}),
  };
}

export const OTHER_TEXT_MAX = 200;

/** Validates an answer against its questionnaire: required, single choice, known answers, "other" text. */
export function validateQuestionnaireRecord(
  questionnaire: Pick<QuestionnaireWithDetails, 'details'>,
  record: Pick<QuestionnaireRecordInput, 'answers'>,
): FieldError[] {
  const errors: FieldError[] = [];
  const byQuestion = new Map(record.answers.map((a) => [a.questionId, a]));
  for (const q of questionnaire.details) {
    const field = `q${q.questionId}`;
    const answer = byQuestion.get(q.questionId);
    const ids = answer?.answerIds ?? [];
    const other = (answer?.otherText ?? '').trim();
    const answered = ids.length > 0 || (q.isOther && other !== '');
    if (!answered) {
      if (q.isRequired) errors.push({ field, code: 'answer_required' });
      continue;
    }
    const known = new Set(q.answers.map((a) => a.answerId));
    if (ids.some((id) => !known.has(id))) errors.push({ field, code: 'answer_unknown' });
    else if (q.isSingle && ids.length + (q.isOther && other ? 1 : 0) > 1) errors.push({ field, code: 'answer_single' });
    else if (other && !q.isOther) errors.push({ field, code: 'answer_unknown' });
    else if (other && [...other].length > OTHER_TEXT_MAX) errors.push({ field, code: 'other_text_too_long' });
    else if (other && PATTERNS.htmlTag.test(other)) errors.push({ field, code: 'other_text_html' });
  }
  const knownQuestions = new Set(questionnaire.details.map((q) => q.questionId));
  for (const a of record.answers) {
    if (!knownQuestions.has(a.questionId)) errors.push({ field: `q${a.questionId}`, code: 'answer_unknown' });
  }
  return errors;
}
