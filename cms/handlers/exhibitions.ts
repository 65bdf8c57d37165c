// Long-term (base) and temporary exhibitions. Temporary ones can be filtered by their state relative
// to the service clock: param.type current | upcoming | past. Multi-site services scope these lists
// by `portalId`; the demo is one site, so a portalId is accepted and does not narrow the list.
import { z } from 'zod';
import type { ExhibitionBase, ExhibitionTemp } from '../../shared/wire.ts';
import { chinaDateTime } from '../china-time.ts';
import { Where, pagedList, type ListPage } from '../db/query.ts';
import { TABLES, fromRow, type TableSpec } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { boolFilter, languageFilter, listBody, parseInput, pathRecord, textFilter, toPaging } from '../http/input.ts';
import type { IdKind } from '../wire-ids.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

const baseRequest = listBody({ languageType: languageFilter, linkUrl: textFilter, portalId: textFilter });

const TEMP_STATES = ['current', 'upcoming', 'past'] as const;
const tempRequest = listBody(
  { isRecommend: boolFilter, languageType: languageFilter, linkUrl: textFilter, extension1: textFilter, portalId: textFilter },
  {
    type: z.enum([...TEMP_STATES, 'all', ''], { error: `must be one of ${TEMP_STATES.join(', ')} (or empty for all)` }).nullish(),
    str: textFilter,
  },
);

export function exhibitionHandlers({
  prepare,
}: HandlerDeps): HandlerGroup<
  'queryExhibitionBaseList' | 'queryExhibitionBaseById' | 'queryExhibitionTempList' | 'queryExhibitionTempById'
> {
  const one = <T>(table: TableSpec, idColumn: string, kind: IdKind, what: string, raw: string | undefined): T => {
    const { n, id } = pathRecord(kind, raw, what);
    const row = prepare(`SELECT * FROM ${table.name} WHERE ${idColumn} = ?`).get(n) as Record<string, unknown> | undefined;
    if (!row) throw notFound(`No ${what} with id ${id}`);
    return fromRow<T>(table, row);
  };
  return {
    queryExhibitionBaseList: ({ body }): ListPage<ExhibitionBase> => {
      const { entity, param } = parseInput(baseRequest, body);
      const where = new Where().eq('languageType', entity.languageType).eq('linkUrl', entity.linkUrl);
      return pagedList(
        prepare,
        TABLES.exhibitionBases.name,
        where,
        'startTime DESC, exhibitionBaseId DESC',
        toPaging(param),
        (r) => fromRow<ExhibitionBase>(TABLES.exhibitionBases, r),
        { searchCount: true },
      );
    },
    queryExhibitionBaseById: ({ params }) =>
      one<ExhibitionBase>(TABLES.exhibitionBases, 'exhibitionBaseId', 'exhibitionBase', 'long-term exhibition', params.id),
    queryExhibitionTempList: ({ body, now }): ListPage<ExhibitionTemp> => {
      const { entity, param } = parseInput(tempRequest, body);
      const where = new Where()
        .eq('languageType', entity.languageType)
        .eq('isRecommend', entity.isRecommend)
        .eq('linkUrl', entity.linkUrl)
        .eq('extension1', entity.extension1)
        .contains('tempName', param.str);
      const at = chinaDateTime(now);
      if (param.type === 'current') where.raw(`startTime <= ? AND (endTime = '' OR endTime >= ?)`, at, at);
      else if (param.type === 'upcoming') where.raw('startTime > ?', at);
      else if (param.type === 'past') where.raw(`endTime <> '' AND endTime < ?`, at);
      return pagedList(
        prepare,
        TABLES.exhibitionTemps.name,
        where,
        'startTime DESC, exhibitionTempId DESC',
        toPaging(param),
        (r) => fromRow<ExhibitionTemp>(TABLES.exhibitionTemps, r),
        { searchCount: true },
      );
    },
    queryExhibitionTempById: ({ params }) =>
      one<ExhibitionTemp>(TABLES.exhibitionTemps, 'exhibitionTempId', 'exhibitionTemp', 'temporary exhibition', params.id),
  };
}
