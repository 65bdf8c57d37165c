// The view beacon: an article page that the browser fetched on a guess (Sec-Purpose: prefetch) counts
// its view when the visitor opens it, not when it was fetched. Such a request records a pending open
// for (client, article id) instead of counting; every article page ends with a 1×1 `<img>` of
// `/visit/<id>`, which a prefetched document loads only once it is shown. The beacon takes the pending
// open and counts one view (the call content/visits.ts repeats for a cached article); without one it
// counts nothing, because the page request itself counted the view. Its answer is the same GIF
// whatever happened, so it tells a caller nothing.
//
// The same address takes the hyperlink auditing ping (`POST`, `Content-Type: text/ping`) of a search
// hit whose page lives elsewhere: the visitor is leaving for it, and the service counts that view when
// the edge asks for the article, as the original front end did when such a hit was clicked.
import { Router, type RequestHandler } from 'express';
import { ENDPOINT_BY_NAME } from '../../shared/endpoints.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { VISIT_PREFIX, visitPath } from '../../shared/links.ts';
import { recentByCount } from '../cache/policies.ts';
import { visitedIdsOf, type VisitCounter } from '../content/visits.ts';
import { clientKeyOf } from '../http/client-address.ts';
import { sendJsonError } from '../http/error-answers.ts';
import { setRouteId } from '../http/request-log.ts';
import { purposeOf } from '../http/sec-purpose.ts';

/**
 * Pending opens kept per process. 10 minutes is longer than a browser keeps an unused prefetched
 * document (Chrome: 5 minutes), so the clock never drops an open the visitor can still make. 10,000
 * is far above the article prefetches a museum's visitors make in that time (about 17 a second), and
 * an entry is a 22-character client key and an id (about 2 MB at most); past it the oldest go, and
 * those opens are not counted — a bounded undercount, never a view counted twice.
 */
export const PENDING_OPENS = Object.freeze({ max: 10_000, ttlMs: 10 * 60_000 });

/** Opens the edge waits for: (client key, article id) of speculative answers that counted no view. */
export interface PendingOpens {
  add(client: string, id: string): void;
  /** Whether an open of `id` by `client` was pending; it is not afterwards. */
  take(client: string, id: string): boolean;
  size(): number;
}

export function createPendingOpens({ max, ttlMs, now }: { max: number; ttlMs: number; now: () => number }): PendingOpens {
  const opens = recentByCount<true>({ max, ttlMs, now });
  const keyOf = (client: string, id: string): string => `${client} ${id}`;
  return {
    add: (client, id) => void opens.set(keyOf(client, id), true),
    // An open past its time is still in the cache until looked at: `get` tells it apart.
    take: (client, id) => opens.get(keyOf(client, id)) !== undefined && opens.delete(keyOf(client, id)),
    size: () => opens.size,
  };
}

/** The end of an article page: one hidden beacon per article it shows (its `visit:` tags); '' for every other page. */
export function viewBeaconHtml(tags: Iterable<string>): string {
  return visitedIdsOf([...tags])
    .filter((id) => RECORD_ID.test(id))
    .map((id) => `<img src="${visitPath(id)}" alt="" width="1" height="1" hidden>`)
    .join('\n');
}

/** A transparent 1×1 GIF (43 bytes): the beacon's one answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const ID_MESSAGE = 'A view beacon is /visit/<article id>: letters, digits, - and _, 1 to 64 characters';
const PING_MESSAGE = 'A POST to /visit/<article id> is a hyperlink auditing ping: Content-Type text/ping';

/**
 * GET /visit/<id>: counts the view a speculative answer left pending for this client, once. A beacon
 * that is itself speculative (a prerendered page's image) counts nothing and leaves the open pending.
 */
export function viewBeaconRouter({ pending, visits }: { pending: PendingOpens; visits: Pick<VisitCounter, 'count'> }): RequestHandler {
  const article = ENDPOINT_BY_NAME.queryArchivesById!;
  const router = Router({ caseSensitive: true, strict: true });
  router.use(VISIT_PREFIX, (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return next();
    setRouteId(res, req.method === 'POST' ? 'visit-ping' : 'visit-beacon');
    const id = req.path.slice(1);
    if (!RECORD_ID.test(id)) return sendJsonError(res, { status: 400, code: 400, msg: ID_MESSAGE }, { error: 'VISIT_ID_INVALID' });
    if (req.method === 'POST') {
      if (!req.is('text/ping')) return sendJsonError(res, { status: 415, code: 415, msg: PING_MESSAGE }, { error: 'VISIT_NOT_A_PING' });
      // The ping's body ("PING") says nothing more: it is let go unread.
      if (!purposeOf(req.headers['sec-purpose']).speculative) visits.count(article, { params: { id } });
      res.status(204).set('Cache-Control', 'no-store').end();
      return;
    }
    const opened = req.method === 'GET' && req.ip !== undefined && !purposeOf(req.headers['sec-purpose']).speculative;
    if (opened && pending.take(clientKeyOf(req.ip!, req.get('user-agent')), id)) visits.count(article, { params: { id } });
    res.status(200).set({ 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL.length), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : PIXEL);
  });
  return router;
}
