// The visitor message board. A new message is stored unpublished: the museum replies and publishes
// it (outside this API), and the board lists published messages only. Phone numbers and e-mail
// addresses are masked in the public list: the board is read by anyone. Each site has its own board:
// a message's language is the one it was sent with, or else the one it is written in.
import { z } from 'zod';
import { normalizeMessage, validateMessage } from '../../shared/validation.ts';
import type { ListResult, Message, MessageInput } from '../../shared/wire.ts';
import { messageLanguage } from '../message-language.ts';
import { chinaDateTime } from '../china-time.ts';
import { Where, pagedList } from '../db/query.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { invalidFields } from '../http/errors.ts';
import { languageFilter, listBody, parseInput, textFilter, toPaging } from '../http/input.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

const listRequest = listBody({ type: textFilter, source: textFilter, languageType: languageFilter });


const optionalText = z.union([z.string(), z.number().transform(String)], { error: 'must be a string' }).nullish();
const messageRequest = z.looseObject(
  {
    content: z.string({ error: 'must be a string' }).nullish(),
    name: optionalText,
    phoneNumber: optionalText,
    email: optionalText,
    type: optionalText,
    source: optionalText,
    orgId: optionalText,
    languageType: z.enum(['CN', 'EN', ''], { error: 'must be CN or EN' }).nullish(),
  },
  { error: 'the body must be a JSON object' },
);

export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone ? '****' : '';
}

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : email ? '***' : '';
}

const toPublic = (r: Record<string, unknown>): Message => {
  const m = fromRow<Message>(TABLES.messages, r);
  return { ...m, phoneNumber: maskPhone(m.phoneNumber), email: maskEmail(m.email) };
};

export function messageHandlers({ prepare }: HandlerDeps): HandlerGroup<'queryMessageList' | 'addMessage'> {
  return {
    queryMessageList: ({ body }): ListResult<Message> => {
      const { entity, param } = parseInput(listRequest, body);
      const where = new Where()
        .raw('isPublished = 1')
        .eq('languageType', entity.languageType)
        .eq('type', entity.type)
        .eq('source', entity.source);
      return pagedList(prepare, 'messages', where, 'createTime DESC, messageId DESC', toPaging(param), toPublic);
    },
    addMessage: ({ body, now }) => {
      const input = parseInput(messageRequest, body);
      const errors = validateMessage(input);
      if (errors.length > 0) {
        throw invalidFields('message', errors);
      }
      const m = normalizeMessage(input as MessageInput);
      const createTime = chinaDateTime(now);
      const { lastInsertRowid } = prepare(
        `INSERT INTO messages (source, content, createTime, email, name, phoneNumber, type, orgId, languageType, isPublished)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
      ).run(m.source, m.content, createTime, m.email, m.name, m.phoneNumber, m.type, m.orgId, input.languageType || messageLanguage(m.content));
      return { messageId: Number(lastInsertRowid), createTime, isPublished: false };
    },
  };
}
