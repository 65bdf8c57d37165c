// The article detail: one article by the route's id, or — without an
// id — the article of the channel named by the last path segment (queryArchivesByNo). The body is
// sanitized, the gallery and the first-attachment PDF come from the file service, and the like
// action counts a like or takes it back (post/redirect/get without JavaScript, data with it).
import { redirect } from 'react-router';
import { pathSegments } from '../../shared/channels.ts';
import { fileUrl } from '../../shared/file-url.ts';
import { displayVisitCount, formatDate } from '../../shared/format.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { firstImageSrc } from '../../shared/image-sources.ts';
import type { ArticleDetailData, Attachment } from '../../shared/article-views.ts';
import { LIKE_ANCHOR, LIKED_PARAM, type LikeResult } from '../../shared/like.ts';
import { withSiteQuery } from '../../shared/site.ts';
import { excerpt, plainText } from '../../shared/text.ts';
import type { Article, FileInfo } from '../../shared/wire.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { articleHtml } from './article-html.ts';
import { notFound } from './page-errors.ts';
import { fileList, galleryImage, isPdf } from './attachments.ts';
import type { ActionContext, LoaderContext, PageMeta } from './types.ts';

/** Which call finds the article: by id, or the channel's own article when the path ends in a channel. */
function articleCall(ctx: LoaderContext): { name: 'queryArchivesById'; id: string } | { name: 'queryArchivesByNo'; channelNo: string } {
  const id = ctx.params.id;
  const last = id ?? pathSegments(ctx.url.pathname).at(-1) ?? '';
  // A last segment naming the channel itself or one of its children is that channel's own article;
  // anything else is a record id (opaque: hex on deployed services), checked before any call.
  const namesChannel = ctx.channel && (ctx.channel.no === last || ctx.channel.children.some((c) => c.no === last));
  if (namesChannel) return { name: 'queryArchivesByNo', channelNo: last };
  if (id !== undefined && RECORD_ID.test(id)) return { name: 'queryArchivesById', id };
  throw notFound(`No article at ${ctx.url.pathname}`);
}

function attachment(file: FileInfo, filePrefix: string): Attachment {
  return { name: file.fileOldname || file.fileName || 'file', url: fileUrl(file.filePath, filePrefix), isPdf: isPdf(file) };
}

/**
 * What a like without JavaScript just did, from the address its redirect gave. Such a page is this
 * visitor's alone: the page cache does not keep it.
 */
function likedByRedirect(ctx: LoaderContext): boolean | null {
  const liked =
    ctx.url.searchParams.get(LIKED_PARAM.like) === '1' ? true : ctx.url.searchParams.get(LIKED_PARAM.unlike) === '1' ? false : null;
  if (liked !== null) ctx.cacheUntil(ctx.now());
  return liked;
}

/** The article's address after a like without JavaScript: its own, saying what was done, at the button. */
function afterLikeHref(ctx: ActionContext, liked: boolean): string {
  const params = new URLSearchParams(ctx.url.search);
  params.delete(LIKED_PARAM.like);
  params.delete(LIKED_PARAM.unlike);
  params.set(liked ? LIKED_PARAM.like : LIKED_PARAM.unlike, '1');
  return withSiteQuery(`${ctx.url.pathname}?${params.toString()}#${LIKE_ANCHOR}`, ctx);
}

export async function detailLoader(ctx: LoaderContext): Promise<ArticleDetailData & { meta: PageMeta }> {
  const call = articleCall(ctx);
  const { data: article } = await ctx.api.call<Article>(call.name, {
    params: call.name === 'queryArchivesById' ? { id: call.id } : { channelNo: call.channelNo },
    requestId: ctx.requestId,
  });
  if (!article) throw notFound(`No article at ${ctx.url.pathname}`);
  // An id that belongs to another channel (or the other site) is not a page of this address.
  if (call.name === 'queryArchivesById' && ctx.channel && article.channelNo && article.channelNo !== ctx.channel.no) {
    throw notFound(`Article ${article.archivesId} is not in ${ctx.channel.no}`);
  }

  const { filePrefix } = ctx.site;
  const [images, files] = await Promise.all([
    fileList(ctx, article.groupId, 'CMS_ARCHIVES_IMG'),
    fileList(ctx, article.groupId, 'CMS_ARCHIVES_FILE'),
  ]);
  const attachments = files.map((f) => attachment(f, filePrefix));
  const first = attachments[0];
  const channel = ctx.channel;

  return {
    kind: 'detail',
    channel: { channelNo: channel?.no ?? article.channelNo, name: channel?.name ?? article.channelName, path: channel?.path ?? '' },
    id: article.archivesId,
    title: article.title,
    subTitle: article.subTitle ?? '',
    showTitle: article.isShowTitle !== false,
    date: formatDate(article.publishDate),
    source: (article.source ?? '').trim(),
    visits: displayVisitCount(article.visitCount, article.publishDate),
    likes: Math.max(0, Number(article.starCount) || 0),
    html: articleHtml(article.content, filePrefix),
    gallery: images.map((f) => galleryImage(f.filePath, f.description || '', ctx.site)),
    pdf: first?.isPdf ? first : null,
    attachments,
    likeable: true,
    liked: likedByRedirect(ctx),
    meta: {
      title: article.title,
      description: excerpt(plainText(article.description) || plainText(article.content), 120),
      image: fileUrl(article.thumbImg || firstImageSrc(article.content), filePrefix) || undefined,
      type: 'article',
      entity: {
        kind: 'article',
        headline: article.title,
        published: article.publishDate ?? '',
        modified: article.updateTime || undefined,
        // The News section's articles are news; the rest (introductions, research, services) articles.
        news: (ctx.route.section || channel?.path.split('/')[1] || '').replace(/^EN_/, '') === 'News',
        source: (article.source ?? '').trim() || undefined,
      },
    },
  };
}

const LIKE_INTENTS = ['like', 'unlike'] as const;

/**
 * Like or unlike the article of the page (a POST form with `intent` and `id`): 303 to the article, which
 * reads its count afresh (the like purged its cached copy) and says what was done, so reloading or going
 * Back does not like it again. A like the service refused comes back as the page with its failure said.
 */
export async function likeAction(ctx: ActionContext): Promise<LikeResult> {
  const intent = String(ctx.form.get('intent') ?? '');
  const id = String(ctx.form.get('id') ?? ctx.params.id ?? '');
  if (!(LIKE_INTENTS as readonly string[]).includes(intent) || !RECORD_ID.test(id)) return { ok: false, liked: false };
  const liked = intent === 'like';
  try {
    await ctx.api.call(liked ? 'doStarByArcId' : 'cancelStarByActId', { params: { id }, requestId: ctx.requestId });
  } catch (err) {
    if (err instanceof UpstreamError && err.isNotFound) throw notFound(`No article ${id}`);
    ctx.logger.warn({ err, requestId: ctx.requestId, id, intent }, 'like action failed');
    return { ok: false, liked: !liked };
  }
  throw redirect(afterLikeHref(ctx, liked), 303);
}
