// The visitor message board (/Service/OpenServies/LeaveWord): published messages with the museum's
// replies, 10 a page, and the form to leave one. The action validates with the shared rules again
// (the browser's check is a courtesy), sends once per filled-in form, and answers like a plain form
// expects: 303 to the thank-you notice, or the same page (400, 429, 503) with the input kept.
import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import { formatDateTime } from '../../shared/format.ts';
import { t } from '../../shared/i18n.ts';
import {
  FORM_KEY_FIELD,
  MESSAGE_FORM_ANCHOR,
  SENT_PARAM,
  checkMessage,
  messageBody,
  messageTypeOptions,
  messageValuesFrom,
  type FormFailure,
  type MessageTypeOption,
} from '../../shared/message-form.ts';
import { PAGE_PARAM } from '../../shared/pager.ts';
import { SITE_CODE, withSiteQuery } from '../../shared/site.ts';
import type { MessageActionData, MessageBoardData, MessageView } from '../../shared/visitor-views.ts';
import type { ListResult, Message } from '../../shared/wire.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { DICTIONARY, dictionary } from './dictionary.ts';
import { pageOf, requestedPage } from './list.ts';
import type { ActionContext, LoaderContext } from './types.ts';
import { serviceRefusal, writeFailure } from '../writes/refused.ts';
import { WriteRefused } from '../writes/refused.ts';

const MESSAGE_PAGE_SIZE = 10;

function view(m: Message, types: readonly MessageTypeOption[], lang: LoaderContext['lang']): MessageView {
  return {
    id: m.messageId,
    name: (m.name ?? '').trim() || t(lang, 'msg.anonymous'),
    type: types.find((o) => o.value === m.type)?.label ?? '',
    time: formatDateTime(m.createTime),
    content: (m.content ?? '').trim(),
    reply: (m.replyMessage ?? '').trim(),
    replyTime: formatDateTime(m.replyTime),
  };
}

/**
 * A page of the site's published messages (each site has its own board: the English one lists the
 * English messages); null when the content service cannot be read right now.
 */
async function messagePage(ctx: LoaderContext, page: number, pageSize: number): Promise<ListResult<Message> | null> {
  try {
    const { data: list } = await ctx.api.call<ListResult<Message>>('queryMessageList', {
      body: { entity: { languageType: SITE_CODE[ctx.lang] }, param: { pageNum: page, pageSize } },
      requestId: ctx.requestId,
    });
    return list;
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.logger.warn({ requestId: ctx.requestId, err: err.code }, 'message list unavailable; showing the form alone');
    return null;
  }
}

export async function messageBoardLoader(ctx: LoaderContext) {
  const pageSize = ctx.route.pageSize ?? MESSAGE_PAGE_SIZE;
  const page = requestedPage(ctx);
  const [entries, list] = await Promise.all([dictionary(ctx, DICTIONARY.messageType), messagePage(ctx, page, pageSize)]);
  const { records, ...paging } = pageOf(ctx, page, list);
  const types = messageTypeOptions(entries, ctx.lang);
  const board: MessageBoardData = {
    ...paging,
    messages: records.map((m) => view(m, types, ctx.lang)),
    listFailed: list === null,
    types,
    sent: ctx.url.searchParams.get(SENT_PARAM) === '1',
    formKey: randomUUID(),
  };
  // The form stays usable (and a posted form keeps its input) while the list cannot be read.
  if (list === null) return data(board, { status: 503 });
  return board;
}

function rejected(values: MessageActionData['values'], status: number, failure?: FormFailure, detail?: string) {
  const body: MessageActionData = { errors: [], values, ...(failure ? { failure } : {}), ...(detail ? { detail } : {}) };
  return data(body, { status });
}

export async function messageAction(ctx: ActionContext) {
  const values = messageValuesFrom(ctx.form.entries());
  const errors = checkMessage(values);
  if (errors.length > 0) return data<MessageActionData>({ errors, values }, { status: 400 });

  const body = messageBody(values, ctx.site.orgId, SITE_CODE[ctx.lang]);
  const formKey = String(ctx.form.get(FORM_KEY_FIELD) ?? '');
  try {
    await ctx.writeOnce.run(['addMessage', formKey, body], () => ctx.api.call('addMessage', { body, requestId: ctx.requestId }));
  } catch (err) {
    if (err instanceof WriteRefused) return rejected(values, err.status, err.failure);
    if (!(err instanceof UpstreamError)) throw err;
    const refusal = serviceRefusal(err);
    if (refusal) {
      ctx.logger.info(
        { requestId: ctx.requestId, status: refusal.status, said: refusal.detail },
        'visitor message refused by the service; input kept',
      );
      // The service judges dictionary values: a refused type is the type field's error.
      if (values.type && /type|类型/i.test(refusal.detail)) {
        return data<MessageActionData>(
          { errors: [{ field: 'type', code: 'type_invalid' }], values, failure: 'refused', detail: refusal.detail },
          { status: 400 },
        );
      }
      return rejected(values, 400, 'refused', refusal.detail);
    }
    const { failure, status } = writeFailure(err);
    ctx.logger.warn({ requestId: ctx.requestId, err: err.code, status: err.httpStatus }, 'visitor message not sent; input kept');
    return rejected(values, status, failure);
  }
  const params = new URLSearchParams(ctx.url.search);
  params.delete(PAGE_PARAM);
  params.set(SENT_PARAM, '1');
  throw redirect(withSiteQuery(`${ctx.url.pathname}?${params.toString()}#${MESSAGE_FORM_ANCHOR}`, ctx), 303);
}
