// The search page's loader: the keyword in `key`, the page in `page`; an empty keyword makes no
// call (there is nothing to search for). Hits link by the rules of shared/links.ts. Hits in hidden channels
// are left out: a service may index them, but the site lists them nowhere (shared/channels.ts).
import type { ChannelNode } from '../../shared/channels.ts';
import { imageSources } from '../../shared/image-sources.ts';
import { recordLink, visitPath } from '../../shared/links.ts';
import type { SearchData, SearchHitView } from '../../shared/article-views.ts';
import { SITE_CODE, withSiteQuery } from '../../shared/site.ts';
import { t } from '../../shared/i18n.ts';
import { searchAbstract } from '../../shared/text.ts';
import type { SearchHit, SearchResult } from '../../shared/wire.ts';
import { pageOf, requestedPage } from './list.ts';
import { siteUrl, type LoaderContext, type PageMeta } from './types.ts';

const SEARCH_PAGE_SIZE = 10;
/** Longest keyword sent upstream (anything longer is cut). */
const MAX_KEY_LENGTH = 50;

/** Every channel by number, flagged `visible: false` when it or a channel above it is hidden. */
function channelIndex(nodes: readonly ChannelNode[], into = new Map<string, ChannelNode>(), listed = true): Map<string, ChannelNode> {
  for (const n of nodes) {
    const shown = listed && n.visible;
    into.set(n.no, shown === n.visible ? n : { ...n, visible: shown });
    channelIndex(n.children, into, shown);
  }
  return into;
}

function searchKey(url: URL): string {
  return Array.from((url.searchParams.get('key') ?? '').trim())
    .slice(0, MAX_KEY_LENGTH)
    .join('');
}

export async function searchLoader(ctx: LoaderContext): Promise<SearchData & { meta: PageMeta }> {
  const key = searchKey(ctx.url);
  const page = requestedPage(ctx);
  const pageSize = ctx.route.pageSize ?? SEARCH_PAGE_SIZE;
  const meta: PageMeta = { title: key ? `${t(ctx.lang, 'search.title')}：${key}` : t(ctx.lang, 'search.title') };
  if (!key) return { kind: 'search', key: '', page: 1, pages: 0, total: 0, pageSize, hits: [], meta };

  const [{ data }, channels] = await Promise.all([
    ctx.api.call<SearchResult<SearchHit>>('querySearchList', {
      // Both paging spellings: the search call's own paging is {size, page}, list calls of deployed
      // services read {pageSize, pageNum}; a service reads the one it knows.
      body: { entity: { title: key, channelNo: SITE_CODE[ctx.lang] }, param: { size: pageSize, page, pageSize, pageNum: page } },
      requestId: ctx.requestId,
    }),
    ctx.channels(),
  ]);
  const { records, ...paging } = pageOf(ctx, page, data);
  const byNo = channelIndex(channels);
  const listed = records.filter((hit) => byNo.get(hit.channelNo)?.visible !== false);
  const hits = listed.map((hit): SearchHitView => {
    const channel = byNo.get(hit.channelNo);
    const l = recordLink({ id: hit.id, channelNo: hit.channelNo, linkUrl: hit.linkUrl }, channel?.path);
    return {
      id: hit.id,
      channelName: hit.channelName || channel?.name || '',
      title: hit.title,
      abstract: searchAbstract(hit.description, hit.content, key),
      href: l.href && !l.external ? withSiteQuery(l.href, ctx) : l.href,
      external: l.external,
      // A visit of a page elsewhere is told as the browser follows the link (HTML wants the ping absolute).
      ping: l.external ? siteUrl(ctx, visitPath(hit.id)) : null,
      images: imageSources(hit.img || hit.thumb, { watermark: ctx.site.watermark, filePrefix: ctx.site.filePrefix, thumb: true }),
      date: '',
    };
  });
  return { kind: 'search', key, ...paging, pageSize, hits, meta };
}
