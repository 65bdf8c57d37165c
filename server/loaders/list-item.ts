// An article as a list item (lists, the home page's news): its link by the rules of shared/links.ts,
// its date, its excerpt (100 characters plus an ellipsis) and its thumbnail sources.
import { formatDate } from '../../shared/format.ts';
import { firstImageSrc, imageSources } from '../../shared/image-sources.ts';
import { recordLink } from '../../shared/links.ts';
import type { ListItem } from '../../shared/view-parts.ts';
import { withSiteQuery } from '../../shared/site.ts';
import { excerpt, listExcerpt, plainText } from '../../shared/text.ts';
import type { Article } from '../../shared/wire.ts';

export interface ItemContext {
  /** The list's channel path: records link to it plus their id. */
  channelPath: string;
  channelNo: string;
  watermark: boolean;
  /** FILE_PREFIX: relative image paths resolve below it. */
  filePrefix: string;
  wx: boolean;
  care?: boolean;
}

export function articleItem(a: Article, ctx: ItemContext): ListItem {
  const link = recordLink({ id: a.archivesId, channelNo: a.channelNo || ctx.channelNo, linkUrl: a.linkUrl }, ctx.channelPath);
  return {
    id: a.archivesId,
    title: a.title,
    href: link.href && !link.external ? withSiteQuery(link.href, ctx) : link.href,
    external: link.external,
    date: formatDate(a.publishDate),
    range: '',
    place: '',
    subtitle: a.subTitle ?? '',
    excerpt: a.excerpt || listExcerpt(a.content) || excerpt(plainText(a.description)),
    images: imageSources(a.thumbImg || firstImageSrc(a.content), { watermark: ctx.watermark, filePrefix: ctx.filePrefix, thumb: true }),
    badge: '',
  };
}
