// Writes are checked at the edge before they leave (spec §5 rules from shared/validation.ts), so a bad
// form never reaches the content service. One row per write endpoint; the API proxy calls checkWrite
// before it writes, and the page platform before an action's write leaves (server/writes/page-writes.ts).
import { z } from 'zod';
import { RECORD_ID } from '../../shared/ids.ts';
import { fieldErrorMessage, normalizeMessage, validateMessage, validateQuestionnaireRecord, type FieldError } from '../../shared/validation.ts';
import type { MessageInput, QuestionnaireRecordInput, QuestionnaireWithDetails } from '../../shared/wire.ts';
import type { EndpointName } from '../../shared/endpoints.ts';
import type { UpstreamApi, UpstreamCall } from '../upstream/api.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';

export type Lang = 'zh' | 'en';

export type WriteCheck =
  | { ok: true; call: UpstreamCall }
  | { ok: false; status: number; msg: string; errors: Array<FieldError & { msg: string }> };

type Rule = (call: UpstreamCall, api: UpstreamApi, lang: Lang) => Promise<WriteCheck>;

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

export const WRITE_RULES: Partial<Record<EndpointName, Rule>> = {
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
export async function checkWrite(name: EndpointName, call: UpstreamCall, api: UpstreamApi, lang: Lang = 'zh'): Promise<WriteCheck> {
  const rule = WRITE_RULES[name];
  return rule ? rule(call, api, lang) : { ok: true, call };
}
