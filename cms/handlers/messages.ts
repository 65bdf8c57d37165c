// The visitor message board. A new message is stored unpublished: the museum replies and publishes
// it (outside this API), and the board lists published messages only. Phone numbers and e-mail
// addresses are masked in the public list: the board is read by anyone. Each site has its own board:
// a message's language is the one it was sent with, or else the one it is written in. The message
// type is judged here, against the service's own MESSAGE_TYPE dictionary (vendor codes such as
// cms1101): a client cannot know the list, so the service refuses a type it does not have.
import { z } from 'zod';
import { normalizeMessage, validateMessage, type FieldError } from '../../shared/validation.ts';
import type { Message, MessageInput } from '../../shared/wire.ts';
import { messageLanguage } from '../message-language.ts';
import { chinaDateTime } from '../china-time.ts';
import { Where, pagedList, type ListPage } from '../db/query.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { invalidFields } from '../http/errors.ts';
import { languageFilter, listBody, parseInput, textFilter, toPaging } from '../http/input.ts';
import { encodeId } from '../wire-ids.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

const listRequest = listBody({ type: textFilter, source: textFilter, languageType: languageFilter });

/** The dictionary whose values a message's `type` must be. */
const MESSAGE_TYPE_DICTIONARY = 'MESSAGE_TYPE';

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

/** A missing value stays missing (null); a present one keeps its first three and last four digits. */
function maskPhone(phone: string | null): string | null {
  if (!phone) return phone === '' ? '' : null;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

function maskEmail(email: string | null): string | null {
  if (!email) return email === '' ? '' : null;
  const at = email.indexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

type WireMessage = Omit<Message, 'phoneNumber' | 'email'> & { phoneNumber: string | null; email: string | null };

const toPublic = (r: Record<string, unknown>): WireMessage => {
  const m = fromRow<WireMessage>(TABLES.messages, r);
  return { ...m, phoneNumber: maskPhone(m.phoneNumber), email: maskEmail(m.email) };
};

export function messageHandlers({ prepare }: HandlerDeps): HandlerGroup<'queryMessageList' | 'addMessage'> {
  const types = (): string[] =>
    (
      prepare('SELECT dictionaryValue FROM dictionaries WHERE dictionaryCode = ? ORDER BY sort, dictionaryId').all(
        MESSAGE_TYPE_DICTIONARY,
      ) as Array<{
        dictionaryValue: string;
      }>
    ).map((r) => r.dictionaryValue);

  /** The shared form rules, then the type against the dictionary (its first value when none is given). */
  const judge = (input: z.output<typeof messageRequest>): { errors: FieldError[]; type: string } => {
    const errors = validateMessage(input);
    const known = types();
    const given = (input.type ?? '').trim();
    if (given && !known.includes(given) && !errors.some((e) => e.field === 'type')) errors.push({ field: 'type', code: 'type_invalid' });
    return { errors, type: given || (known[0] ?? '') };
  };

  return {
    queryMessageList: ({ body }): ListPage<WireMessage> => {
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
      const { errors, type } = judge(input);
      if (errors.length > 0) throw invalidFields('message', errors);
      const m = normalizeMessage(input as MessageInput);
      const createTime = chinaDateTime(now);
      const { lastInsertRowid } = prepare(
        `INSERT INTO messages (source, content, createTime, email, name, phoneNumber, type, orgId, languageType, isPublished)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
      ).run(
        m.source,
        m.content,
        createTime,
        m.email,
        m.name,
        m.phoneNumber,
        type,
        m.orgId,
        input.languageType || messageLanguage(m.content),
      );
      return { messageId: encodeId('message', Number(lastInsertRowid)), createTime, isPublished: false };
    },
  };
}
