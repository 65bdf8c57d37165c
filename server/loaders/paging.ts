// The page a list address asks for. A page parameter that is not a page number as written (`0`, `-1`,
// `2.5`, `abc`) shows page 1; the address is corrected with a redirect, as one past the end is, so the
// address bar, the canonical link and the pager agree before any script runs.
import { redirect } from 'react-router';
import { PAGE_PARAM, correctedPageHref, parsePageParam } from '../../shared/pager.ts';
import type { LoaderContext } from './types.ts';

export function requestedPage(ctx: LoaderContext): number {
  const corrected = correctedPageHref(ctx.url.pathname, ctx.url.search);
  if (corrected !== null) throw redirect(corrected);
  return parsePageParam(ctx.url.searchParams.get(PAGE_PARAM));
}
