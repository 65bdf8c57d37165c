// Articles: lists by one or several channels, one by id (counts a visit), the newest of a channel,
// and likes (never below zero).
import { z } from 'zod';
import type { Article, ListResult } from '../../shared/wire.ts';
import { Where, pagedList } from '../db/query.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { listBody, parseInput, pathId, textFilter, toPaging } from '../http/input.ts';
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
  .transform((v) =>
    (Array.isArray(v) ? v : (v ?? '').split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
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

const where = (f: Omit<Filters, 'channelNo'>): Where =>
  new Where()
    .eq('channelId', f.channelId)
    .eq('parentChannelNo', f.parentChannelNo)
    .contains('title', f.title)
    .eq('flag', f.flag)
    .eq('label', f.label);

export function archiveHandlers(
  deps: HandlerDeps,
): HandlerGroup<'queryArchivesList' | 'queryArchivesListByMulNo' | 'queryArchivesById' | 'queryArchivesByNo' | 'doStarByArcId' | 'cancelStarByActId'> {
  const { db, prepare } = deps;
  const byId = (id: number): Record<string, unknown> => {
    const row = prepare('SELECT * FROM archives WHERE archivesId = ?').get(id) as Record<string, unknown> | undefined;
    if (!row) throw notFound(`No article with id ${id}`);
    return row;
  };
  const star = (id: number, delta: 1 | -1): { archivesId: number; starCount: number } => {
    byId(id);
    prepare('UPDATE archives SET starCount = MAX(starCount + ?, 0) WHERE archivesId = ?').run(delta, id);
    return prepare('SELECT archivesId, starCount FROM archives WHERE archivesId = ?').get(id) as {
      archivesId: number;
      starCount: number;
    };
  };
  const read = db.transaction((id: number, now: number, visitor: string) => {
    byId(id);
    prepare('UPDATE archives SET visitCount = visitCount + 1 WHERE archivesId = ?').run(id);
    recordVisit(prepare, now, visitor);
    return byId(id);
  });

  return {
    queryArchivesList: ({ body }): ListResult<Article> => {
      const { entity, param } = parseInput(listRequest, body);
      return pagedList(prepare, 'archives', where(entity).eq('channelNo', entity.channelNo), ORDER, toPaging(param), toArticle);
    },
    queryArchivesListByMulNo: ({ body }): ListResult<Article> => {
      const { entity, param } = parseInput(mulRequest, body);
      return pagedList(prepare, 'archives', where(entity).in('channelNo', entity.channelNo), ORDER, toPaging(param), toArticle);
    },
    queryArchivesById: ({ params, now, visitor }): Article => toDetail(read(pathId(params.id), now, visitor)),
    queryArchivesByNo: ({ params }): Article => {
      const channelNo = params.channelNo ?? '';
      if (!prepare('SELECT 1 FROM channels WHERE channelNo = ?').get(channelNo)) throw notFound(`No channel numbered ${channelNo}`);
      const row = prepare(`SELECT * FROM archives WHERE channelNo = ? ORDER BY ${ORDER} LIMIT 1`).get(channelNo) as
        | Record<string, unknown>
        | undefined;
      if (!row) throw notFound(`Channel ${channelNo} has no article`);
      return toDetail(row);
    },
    doStarByArcId: ({ params }) => star(pathId(params.id), 1),
    cancelStarByActId: ({ params }) => star(pathId(params.id), -1),
  };
}
