// The generic list loader (spec §2 lists): the channel's records of the page `?page=` names, in the
// route's page size and layout. A page past the end redirects to the last page, so the address always
// names the page shown.
import type { ListData } from '../../shared/article-views.ts';
import { pathSegments } from '../../shared/channels.ts';
import { SITE_CODE } from '../../shared/site.ts';
import type { ItemContext } from './list-item.ts';
import { listSource } from './list-sources.ts';
import { pagedCall } from './paging.ts';
import type { LoaderContext } from './types.ts';

export const DEFAULT_PAGE_SIZE = 10;

export async function listLoader(ctx: LoaderContext): Promise<ListData> {
  const channelNo = ctx.channel?.no ?? pathSegments(ctx.url.pathname).at(-1) ?? '';
  const channelPath = ctx.channel?.path ?? ctx.url.pathname;
  const pageSize = ctx.route.pageSize ?? DEFAULT_PAGE_SIZE;
  const source = listSource(channelNo);
  const { records, ...paging } = await pagedCall<never>(ctx, source.endpoint, source.entity(channelNo, SITE_CODE[ctx.lang]), pageSize);
  const itemCtx: ItemContext = { channelPath, channelNo, watermark: ctx.site.watermark, filePrefix: ctx.site.filePrefix, wx: ctx.wx, care: ctx.care };
  return {
    kind: 'list',
    channel: { channelNo, name: ctx.channel?.name ?? channelNo, path: channelPath },
    layout: ctx.route.layout ?? 'text',
    ...paging,
    pageSize,
    items: records.map((r) => source.item(r, itemCtx)),
  };
}
