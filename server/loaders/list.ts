// The generic list loader (spec §2 lists): the channel's records of the page `?page=` names, in the
// route's page size and layout. A page past the end redirects to the last page, so the address always
// names the page shown.
import { redirect } from 'react-router';
import { pathSegments } from '../../shared/channels.ts';
import { clampPage, pageHref } from '../../shared/pager.ts';
import { requestedPage } from './paging.ts';
import type { ListData } from '../../shared/screen-data.ts';
import { SITE_CODE } from '../../shared/site.ts';
import type { ListResult } from '../../shared/wire.ts';
import { listSource, type ItemContext } from './list-sources.ts';
import type { LoaderContext } from './types.ts';

/** Article items are shared with the home page's news section. */
export { articleItem } from './list-item.ts';
export type { ItemContext };

export const DEFAULT_PAGE_SIZE = 10;

export async function listLoader(ctx: LoaderContext): Promise<ListData> {
  const channelNo = ctx.channel?.no ?? pathSegments(ctx.url.pathname).at(-1) ?? '';
  const channelPath = ctx.channel?.path ?? ctx.url.pathname;
  const pageSize = ctx.route.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = requestedPage(ctx);
  const source = listSource(channelNo);

  const { data } = await ctx.api.call<ListResult<never>>(source.endpoint, {
    body: { entity: source.entity(channelNo, SITE_CODE[ctx.lang]), param: { pageNum: page, pageSize } },
    requestId: ctx.requestId,
  });
  const pages = Math.max(0, Number(data.pages) || 0);
  if (pages > 0 && page > pages) {
    throw redirect(pageHref(ctx.url.pathname, ctx.url.search, clampPage(page, pages)));
  }
  const itemCtx: ItemContext = { channelPath, channelNo, watermark: ctx.site.watermark, filePrefix: ctx.site.filePrefix, wx: ctx.wx, care: ctx.care };
  return {
    kind: 'list',
    channel: { channelNo, name: ctx.channel?.name ?? channelNo, path: channelPath },
    layout: ctx.route.layout ?? 'text',
    page: pages > 0 ? page : 1,
    pages,
    total: Math.max(0, Number(data.total) || 0),
    pageSize,
    items: (Array.isArray(data.records) ? data.records : []).map((r) => source.item(r, itemCtx)),
  };
}
