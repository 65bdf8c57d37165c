// Paged lists, the one way every list loader reads them. A page parameter that is not a page number as
// written (`0`, `-1`, `2.5`, `abc`) shows page 1 and a page past the end shows the last page: either
// way the address is corrected with a redirect, so the address bar, the canonical link and the pager
// agree before any script runs.
import { redirect } from 'react-router';
import type { EndpointName } from '../../shared/endpoints.ts';
import { PAGE_PARAM, clampPage, correctedPageHref, pageHref, parsePageParam } from '../../shared/pager.ts';
import type { Paging } from '../../shared/view-parts.ts';
import type { ListResult } from '../../shared/wire.ts';
import type { LoaderContext } from './types.ts';

export function requestedPage(ctx: LoaderContext): number {
  const corrected = correctedPageHref(ctx.url.pathname, ctx.url.search);
  if (corrected !== null) throw redirect(corrected);
  return parsePageParam(ctx.url.searchParams.get(PAGE_PARAM));
}

export interface PageOf<T> extends Paging {
  records: T[];
}

/**
 * The page `page` of a list the service answered (null: no answer, an empty list). A page past the
 * end redirects to the last page; an empty list shows page 1.
 */
export function pageOf<T>(ctx: LoaderContext, page: number, list: Pick<ListResult<T>, 'records' | 'pages' | 'total'> | null | undefined): PageOf<T> {
  const pages = Math.max(0, Number(list?.pages) || 0);
  if (pages > 0 && page > pages) throw redirect(pageHref(ctx.url.pathname, ctx.url.search, clampPage(page, pages)));
  return {
    records: Array.isArray(list?.records) ? list.records : [],
    page: pages > 0 ? page : 1,
    pages,
    total: Math.max(0, Number(list?.total) || 0),
  };
}

/**
 * One page of a paged list call: the page `?page=` asks for (or `page`, when the loader read it before
 * other calls), `pageSize` records, `param` beside the paging parameters.
 */
export async function pagedCall<T>(
  ctx: LoaderContext,
  endpoint: EndpointName,
  entity: Record<string, unknown>,
  pageSize: number,
  param: Record<string, unknown> = {},
  page: number = requestedPage(ctx),
): Promise<PageOf<T>> {
  const { data } = await ctx.api.call<ListResult<T>>(endpoint, {
    body: { entity, param: { ...param, pageNum: page, pageSize } },
    requestId: ctx.requestId,
  });
  return pageOf(ctx, page, data);
}
