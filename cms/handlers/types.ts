// What a handler gets and gives: the parsed parts of one catalogue call in, the envelope's `data`
// out (or a thrown CmsError). Handlers never see HTTP.
import type { Database, Statement } from 'better-sqlite3';
import type { EndpointName } from '../../shared/endpoints.ts';

export interface CallContext {
  /** `:param` values of the catalogue path, decoded. */
  params: Record<string, string>;
  /** Query-string values (first value of each name). */
  query: Record<string, string>;
  /** The parsed JSON body of POST calls ({} when empty); undefined for GET. */
  body: unknown;
  /** The service clock, epoch ms. */
  now: number;
  /** Who is calling, for unique-visitor counts: the first X-Forwarded-For address or the peer address. */
  visitor: string;
}

export type Handler = (ctx: CallContext) => unknown;

export interface HandlerDeps {
  db: Database;
  prepare: (sql: string) => Statement;
}

/** A domain's handlers: a part of the table keyed by catalogue names. */
export type HandlerGroup<K extends EndpointName> = Record<K, Handler>;
