// Writes are checked at the edge before they leave (the shared rules of shared/validation.ts), so a bad
// form never reaches the content service. One row per write endpoint; the API proxy calls checkWrite
// before it writes, and the page platform before an action's write leaves (admitPageWrite, below).
import { z } from 'zod';
import { RECORD_ID } from '../../shared/ids.ts';
import {
  fieldErrorMessage,
  normalizeMessage,
  validateMessage,
  validateQuestionnaireRecord,
  type FieldError,
} from '../../shared/validation.ts';
import type { MessageInput, QuestionnaireRecordInput, QuestionnaireWithDetails } from '../../shared/wire.ts';
import type { EndpointName } from '../../shared/endpoints.ts';
import type { ContentCall, ContentCaller } from '../content/content-api.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { WriteRefused } from './refused.ts';

export type Lang = 'zh' | 'en';

type WriteCheck = { ok: true; call: ContentCall } | { ok: false; status: number; msg: string; errors: Array<FieldError & { msg: string }> };

type Rule = (call: ContentCall, api: ContentCaller, lang: Lang) => Promise<WriteCheck>;

const MESSAGES = {
  invalid: { zh: '请检查填写的内容', en: 'Please check the highlighted fields' },
  notObject: { zh: '请求内容必须是 JSON 对象', en: 'The request body must be a JSON object' },
  badId: { zh: '编号格式不正确（只能包含字母、数字、- 和 _）', en: 'The id must be letters, digits, - or _ (at most 64)' },
  noQuestionnaire: { zh: '问卷不存在', en: 'There is no such questionnaire' },
} as const;

const idParam = z.string().regex(RECORD_ID);
/** Ids of answers arrive as strings (hex) or, from older clients, numbers. */
const recordId = z.union([z.string().regex(RECORD_ID), z.number().int().positive().transform(String)]);
const optionalText = z.union([z.string(), z.number().transform(String)]).nullish();
const messageShape = z.looseObject({
  content: z.string().nullish(),
  name: optionalText,
  phoneNumber: optionalText,
  email: optionalText,
  type: optionalText,
  source: optionalText,
  orgId: optionalText,
});
const recordShape = z.object({
  questionnaireId: recordId,
  answers: z
    .array(
      z.object({
        questionId: recordId,
        answerIds: z.array(recordId).max(200).default([]),
        otherText: z.string().max(2000).optional(),
      }),
    )
    .max(200),
});

const fail = (status: number, msg: string, errors: FieldError[] = [], lang: Lang = 'zh'): WriteCheck => ({
  ok: false,
  status,
  msg,
  errors: errors.map((e) => ({ ...e, msg: fieldErrorMessage(e, lang) })),
});

const starRule: Rule = async (call, _api, lang) =>
  idParam.safeParse(String(call.params?.id ?? '')).success ? { ok: true, call } : fail(400, MESSAGES.badId[lang]);

const WRITE_RULES: Partial<Record<EndpointName, Rule>> = {
  addMessage: async (call, _api, lang) => {
    const shape = messageShape.safeParse(call.body);
    if (!shape.success) return fail(400, MESSAGES.notObject[lang]);
    const errors = validateMessage(shape.data);
    if (errors.length > 0) return fail(400, MESSAGES.invalid[lang], errors, lang);
    return { ok: true, call: { ...call, body: normalizeMessage(shape.data as MessageInput) } };
  },
  addQuestionnaireRecord: async (call, api, lang) => {
    const shape = recordShape.safeParse(call.body);
    if (!shape.success) {
      return fail(400, `${MESSAGES.notObject[lang]}: {questionnaireId, answers: [{questionId, answerIds, otherText?}]}`);
    }
    const record: QuestionnaireRecordInput = shape.data;
    let questionnaire: QuestionnaireWithDetails;
    try {
      questionnaire = (
        await api.call<QuestionnaireWithDetails>('getQuestionnaireById', {
          params: { id: record.questionnaireId },
          requestId: call.requestId,
        })
      ).data;
    } catch (err) {
      if (err instanceof UpstreamError && err.isNotFound) return fail(404, MESSAGES.noQuestionnaire[lang]);
      throw err;
    }
    const errors = validateQuestionnaireRecord(questionnaire, record);
    if (errors.length > 0) return fail(400, MESSAGES.invalid[lang], errors, lang);
    return { ok: true, call: { ...call, body: record } };
  },
  doStarByArcId: starRule,
  cancelStarByActId: starRule,
};

/** Runs the row's rule (writes without a rule pass as they are). */
export async function checkWrite(name: EndpointName, call: ContentCall, api: ContentCaller, lang: Lang = 'zh'): Promise<WriteCheck> {
  const rule = WRITE_RULES[name];
  return rule ? rule(call, api, lang) : { ok: true, call };
}

// ---- The page platform's gate ----
// Before a form action's write leaves: the same rules the API proxy applies, and the soft write limit. A
// refused write never reaches the service; the action gets a WriteRefused and answers its form with the
// visitor's input kept. The action's own call goes out as it built it (its body is already normalised by
// the same shared rules).

interface PageWriteGate {
  /** Set when the client is over the write limit (the soft limit marked the request). */
  limitedForS: number | undefined;
  /** What a rule may read (a questionnaire's questions): the plain api, not the page's recording one. */
  api: ContentCaller;
  lang: Lang;
}

/** Resolves when the write may leave; throws WriteRefused when it may not. */
export async function admitPageWrite(name: EndpointName, call: ContentCall, gate: PageWriteGate): Promise<void> {
  if (gate.limitedForS !== undefined) throw WriteRefused.limited(name, gate.limitedForS);
  const check = await checkWrite(name, call, gate.api, gate.lang);
  if (!check.ok) throw WriteRefused.invalid(name, check.status, check.msg);
}
