// The errors loaders throw on purpose. `notFound()` makes the page a 404 with the not-found screen
// (inside the site frame); an upstream outage makes it the friendly 502/503 page. Anything else that
// escapes a loader is a bug: the visitor is sent to `/` rather than shown a broken page.
import { data } from 'react-router';
import { UpstreamError } from '../upstream/upstream-error.ts';

type PageErrorCode = 'NOT_FOUND' | 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_BAD_GATEWAY';

interface PageErrorBody {
  code: PageErrorCode;
  message: string;
}

const pageError = (status: number, code: PageErrorCode, message: string) =>
  data<PageErrorBody>({ code, message }, { status, statusText: code });

/** `throw notFound()` when a known route names a thing that does not exist. */
export function notFound(message = 'Not found'): ReturnType<typeof pageError> {
  return pageError(404, 'NOT_FOUND', message);
}

/**
 * The page-level error for a failed content-service call: not found → 404; down, slow or aborted →
 * 503; answered with garbage or a server error → 502. The message is the edge's own words: what the
 * service said on failing (its router's "Not found: GET /…", a gateway's page) is logged with the
 * request id where the call failed (upstream/client.ts) and goes no further.
 */
function upstreamPageError(err: UpstreamError): ReturnType<typeof pageError> {
  if (err.isNotFound) return notFound(`The content service has nothing for ${err.endpoint}`);
  const unavailable = err.code === 'UPSTREAM_TIMEOUT' || err.code === 'UPSTREAM_NETWORK' || err.code === 'UPSTREAM_ABORTED';
  return unavailable
    ? pageError(503, 'UPSTREAM_UNAVAILABLE', `The content service is unavailable (${err.code} on ${err.endpoint})`)
    : pageError(502, 'UPSTREAM_BAD_GATEWAY', `The content service failed (${err.code} on ${err.endpoint})`);
}

/** Turns what a loader threw into what the router should see (thrown `Response`s pass through). */
export function toRouteError(err: unknown): unknown {
  if (err instanceof UpstreamError) return upstreamPageError(err);
  return err;
}
