// The handler table: one function per catalogue row, keyed by the row's name; the router looks
// handlers up here, never by path. The table must cover the catalogue exactly: a row without a
// handler, or a handler without a row, stops the service at start-up.
import { ENDPOINTS, type EndpointName } from '../../shared/endpoints.ts';
import { statements } from '../db/query.ts';
import type { Database } from 'better-sqlite3';
import { activityHandlers } from './activities.ts';
import { archiveHandlers } from './archives.ts';
import { miscHandlers } from './catalogue-misc.ts';
import { channelHandlers } from './channels.ts';
import { exhibitHandlers } from './exhibits.ts';
import { exhibitionHandlers } from './exhibitions.ts';
import { messageHandlers } from './messages.ts';
import { questionnaireHandlers } from './questionnaires.ts';
import { searchHandlers } from './search.ts';
import type { Handler, HandlerDeps } from './types.ts';
import { visitHandlers } from './visits.ts';

export type HandlerTable = Readonly<Record<EndpointName, Handler>>;

export function createHandlers(db: Database): HandlerTable {
  const deps: HandlerDeps = { db, prepare: statements(db) };
  const table: HandlerTable = Object.freeze({
    ...channelHandlers(deps),
    ...archiveHandlers(deps),
    ...exhibitionHandlers(deps),
    ...exhibitHandlers(deps),
    ...activityHandlers(deps),
    ...miscHandlers(deps),
    ...searchHandlers(deps),
    ...messageHandlers(deps),
    ...questionnaireHandlers(deps),
    ...visitHandlers(deps),
  });
  const rows = new Set<string>(ENDPOINTS.map((e) => e.name));
  const missing = [...rows].filter((name) => !(name in table));
  const extra = Object.keys(table).filter((name) => !rows.has(name));
  if (missing.length || extra.length) {
    throw new Error(
      `handler table does not match the catalogue: missing ${missing.join(', ') || 'none'}; extra ${extra.join(', ') || 'none'}`,
    );
  }
  return table;
}

export type { Handler } from './types.ts';
