// The visitor-message form as data: its fields, how a submitted form becomes a message, and what
// goes back to the page when it cannot be sent. The browser (before sending) and the edge's action
// (after receiving) both read a form through these functions, then validate with shared/validation.ts.
import { DICTIONARY_CODE, normalizeMessage, validateMessage, type FieldError } from './validation.ts';
import type { DictionaryEntry, MessageInput, SiteLanguage } from './wire.ts';

/** The inputs, in the order the form shows them. */
export const MESSAGE_FIELDS = ['name', 'phoneNumber', 'email', 'type', 'content'] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];
export type MessageValues = Record<MessageField, string>;

/** Hidden input with a per-form key: a repeated submission of one filled-in form is sent once. */
export const FORM_KEY_FIELD = 'formKey';
/** `?sent=1` on the board: the thank-you notice after the message was sent. */
export const SENT_PARAM = 'sent';
/** The form's id: a no-JavaScript answer comes back scrolled to the form. */
export const MESSAGE_FORM_ANCHOR = 'leave-message';

/**
 * Why a valid form could not be sent (the visitor's input is kept in every case): the service was
 * unreachable, the write limit, or the service refused it (its own words in `detail`).
 */
export type FormFailure = 'upstream' | 'rate_limited' | 'refused';

/** What an action answers when it did not send: shown next to the fields and above the button. */
export interface FormRejection<V> {
  errors: FieldError[];
  values: V;
  failure?: FormFailure;
  /** With `refused`: what the content service said, shown to the visitor. */
  detail?: string;
}

export const EMPTY_MESSAGE: MessageValues = { name: '', phoneNumber: '', email: '', type: '', content: '' };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Reads the message fields of a submitted form (FormData entries, URLSearchParams, a plain list). */
export function messageValuesFrom(entries: Iterable<[string, unknown]>): MessageValues {
  const values = { ...EMPTY_MESSAGE };
  for (const [name, value] of entries) {
    if ((MESSAGE_FIELDS as readonly string[]).includes(name)) values[name as MessageField] = text(value);
  }
  return values;
}

/** The checks of shared/validation.ts on the form's values. */
export function checkMessage(values: MessageValues): FieldError[] {
  return validateMessage(values);
}

/**
 * The body of `addMessage` for valid values (trimmed, blank optional fields empty, source `web`), with
 * the site's board when known (an English message written in Chinese still belongs on the English board).
 */
export function messageBody(values: MessageValues, orgId = '', languageType?: SiteLanguage): MessageInput {
  const n = normalizeMessage({ ...values, source: 'web' });
  const body: MessageInput = { content: n.content, name: n.name, phoneNumber: n.phoneNumber, email: n.email, source: n.source };
  if (n.type) body.type = n.type;
  if (orgId) body.orgId = orgId;
  if (languageType) body.languageType = languageType;
  return body;
}

/** The first error of each field, by field name (one message next to each input). */
export function errorsByField(errors: readonly FieldError[]): Partial<Record<string, FieldError>> {
  const out: Partial<Record<string, FieldError>> = {};
  for (const e of errors) out[e.field] ??= e;
  return out;
}

export interface MessageTypeOption {
  value: string;
  label: string;
}

/**
 * The type choices: exactly the `MESSAGE_TYPE` dictionary's entries, in its order, with its names in
 * the page's language (the other language's name when one is missing). No dictionary, no choices: the
 * form then sends no type and the service applies its own default.
 */
export function messageTypeOptions(dictionary: readonly DictionaryEntry[] | null, lang: 'zh' | 'en'): MessageTypeOption[] {
  const seen = new Set<string>();
  const options: MessageTypeOption[] = [];
  for (const d of dictionary ?? []) {
    if (!DICTIONARY_CODE.test(d.dictionaryValue) || seen.has(d.dictionaryValue)) continue;
    seen.add(d.dictionaryValue);
    const label = (lang === 'en' ? d.dictionaryNameEn || d.dictionaryName : d.dictionaryName || d.dictionaryNameEn) || d.dictionaryValue;
    options.push({ value: d.dictionaryValue, label });
  }
  return options;
}
