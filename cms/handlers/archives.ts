// Articles: lists by one or several channels, one by id (counts a visit on every call, whatever
// extra query parameters come with it), the newest of a channel, and likes (never below zero).
import { z } from 'zod';
import type { Article } from '../../shared/wire.ts';
import { Where, pagedList, type ListPage } from '../db/query.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { listBody, parseInput, pathRecord, textFilter, toPaging } from '../http/input.ts';
import { decodeId, encodeId } from '../wire-ids.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';
import { recordVisit } from './visits.ts';

const filters = {
  channelNo: textFilter,
  channelId: textFilter,
  parentChannelNo: textFilter,
  title: textFilter,
  flag: textFilter,
  label: textFilter,
};

const listRequest = listBody(filters);

/** Several channel numbers: an array, or one string separated by commas. */
const channelNos = z
  .union([z.string(), z.array(z.string({ error: 'must be a list of channel numbers' }))], {
    error: 'must be a channel number, a comma-separated list or an array',
  })
  .nullish()
  .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean))
  .refine((list) => list.length > 0, { error: 'give one or more channel numbers' });

const mulRequest = listBody({ ...filters, channelNo: channelNos });

const ORDER = 'publishDate DESC, archivesId DESC';
const toArticle = (row: Record<string, unknown>): Article => fromRow<Article>(TABLES.archives, row);
/** A detail carries the whole body, so no excerpt. */
const toDetail = (row: Record<string, unknown>): Article => {
  const { excerpt: _excerpt, ...article } = toArticle(row);
  return article;
};

type Filters = { [K in keyof typeof filters]?: string | undefined };

/** A channel id filter names no channel when it does not decode: it then matches nothing (-1). */
const channelKey = (id: string | undefined): number | undefined => (id === undefined ? undefined : (decodeId('channel', id) ?? -1));

const where = (f: Omit<Filters, 'channelNo'>): Where =>
  new Where()
    .eq('channelId', channelKey(f.channelId))
    .eq('parentChannelNo', f.parentChannelNo)
    .contains('title', f.title)
    .eq('flag', f.flag)
    .eq('label', f.label);

export function archiveHandlers(
  deps: HandlerDeps,
): HandlerGroup<
  'queryArchivesList' | 'queryArchivesListByMulNo' | 'queryArchivesById' | 'queryArchivesByNo' | 'doStarByArcId' | 'cancelStarByActId'
> {
  const { db, prepare } = deps;
  const article = (raw: string | undefined): number => pathRecord('archives', raw, 'article').n;
  const byId = (n: number): Record<string, unknown> => {
    const row = prepare('SELECT * FROM archives WHERE archivesId = ?').get(n) as Record<string, unknown> | undefined;
    if (!row) throw notFound(`No article with id ${encodeId('archives', n)}`);
    return row;
  };
  const star = (n: number, delta: 1 | -1): { archivesId: string; starCount: number } => {
    byId(n);
    prepare('UPDATE archives SET starCount = MAX(starCount + ?, 0) WHERE archivesId = ?').run(delta, n);
    const { starCount } = prepare('SELECT starCount FROM archives WHERE archivesId = ?').get(n) as { starCount: number };
    return { archivesId: encodeId('archives', n), starCount };
  };
  const read = db.transaction((n: number, now: number, visitor: string) => {
    byId(n);
    prepare('UPDATE archives SET visitCount = visitCount + 1 WHERE archivesId = ?').run(n);
    recordVisit(prepare, now, visitor);
    return byId(n);
  });

  return {
    queryArchivesList: ({ body }): ListPage<Article> => {
      const { entity, param } = parseInput(listRequest, body);
      return pagedList(prepare, 'archives', where(entity).eq('channelNo', entity.channelNo), ORDER, toPaging(param), toArticle);
    },
    queryArchivesListByMulNo: ({ body }): ListPage<Article> => {
      const { entity, param } = parseInput(mulRequest, body);
      return pagedList(prepare, 'archives', where(entity).in('channelNo', entity.channelNo), ORDER, toPaging(param), toArticle);
    },
    // Extra query parameters (the original front end's `{path}/{id}?…`) are accepted and not needed.
    queryArchivesById: ({ params, now, visitor }): Article => toDetail(read(article(params.id), now, visitor)),
    queryArchivesByNo: ({ params }): Article => {
      const channelNo = params.channelNo ?? '';
      if (!prepare('SELECT 1 FROM channels WHERE channelNo = ?').get(channelNo)) throw notFound(`No channel numbered ${channelNo}`);
      const row = prepare(`SELECT * FROM archives WHERE channelNo = ? ORDER BY ${ORDER} LIMIT 1`).get(channelNo) as
        Record<string, unknown> | undefined;
      if (!row) throw notFound(`Channel ${channelNo} has no article`);
      return toDetail(row);
    },
    doStarByArcId: ({ params }) => star(article(params.id), 1),
    cancelStarByActId: ({ params }) => star(article(params.id), -1),
  };
}
