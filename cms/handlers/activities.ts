// Education activities: by type ('' for all; a vendor code of dictionary ACTIVITY_TYPE) plus a few
// extra filters.
import type { Activity } from '../../shared/wire.ts';
import { Where, pagedList, type ListPage } from '../db/query.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { languageFilter, listBody, parseInput, pathRecord, textFilter, toPaging } from '../http/input.ts';
import type { HandlerDeps, HandlerGroup } from './types.ts';

const listRequest = listBody({
  activityType: textFilter,
  languageType: languageFilter,
  activityName: textFilter,
  activityStatus: textFilter,
  reserveStatus: textFilter,
  reserveType: textFilter,
});

const toActivity = (r: Record<string, unknown>): Activity => fromRow<Activity>(TABLES.activities, r);

export function activityHandlers({ prepare }: HandlerDeps): HandlerGroup<'queryActivityListByType' | 'queryActivityById'> {
  return {
    queryActivityListByType: ({ body }): ListPage<Activity> => {
      const { entity: e, param } = parseInput(listRequest, body);
      const where = new Where()
        .eq('languageType', e.languageType)
        .eq('activityType', e.activityType)
        .contains('activityName', e.activityName)
        .eq('activityStatus', e.activityStatus)
        .eq('reserveStatus', e.reserveStatus)
        .eq('reserveType', e.reserveType);
      return pagedList(prepare, 'activities', where, 'startTime DESC, activityId DESC', toPaging(param), toActivity, { searchCount: true });
    },
    queryActivityById: ({ params }): Activity => {
      const { n, id } = pathRecord('activity', params.id, 'activity');
      const row = prepare('SELECT * FROM activities WHERE activityId = ?').get(n) as Record<string, unknown> | undefined;
      if (!row) throw notFound(`No activity with id ${id}`);
      return toActivity(row);
    },
  };
}
