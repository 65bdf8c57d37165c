// The JSON the list, detail and search loaders hand their screens: everything derived on the
// server (paths, formatted dates, excerpts, image sources), so the components only render.
import type { ListLayout } from './route-table.ts';

export interface ChannelRef {
  channelNo: string;
  name: string;
  path: string;
}

export interface ListItem {
  id: string;
  title: string;
  /** null: shown without a link (e.g. ExcellentCol without its external address). */
  href: string | null;
  external: boolean;
  /** `YYYY-MM-DD`, or '' when the layout shows none. */
  date: string;
  /** Dotted `YYYY.MM.DD - YYYY.MM.DD` or `YYYY-MM-DD HH:mm` range for exhibitions and activities. */
  range: string;
  place: string;
  subtitle: string;
  /** Plain text, already cut (100 characters plus an ellipsis). */
  excerpt: string;
  /** Image sources in the order to try (thumbnail, original / watermark); empty when none. */
  images: string[];
  /** Short status word (activities), '' when none. */
  badge: string;
}

export interface ListData {
  kind: 'list';
  channel: ChannelRef;
  layout: ListLayout;
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  items: ListItem[];
}

export interface GalleryImage {
  /** Grid thumbnail sources (thumbnail first). */
  thumbs: string[];
  /** The large picture the thumbnail opens. */
  full: string;
  alt: string;
}

export interface Attachment {
  name: string;
  url: string;
  isPdf: boolean;
}

export interface ArticleDetailData {
  kind: 'detail';
  channel: ChannelRef;
  id: string;
  title: string;
  subTitle: string;
  showTitle: boolean;
  date: string;
  source: string;
  visits: number;
  likes: number;
  /** Sanitized HTML (gallery markers stripped). */
  html: string;
  gallery: GalleryImage[];
  /** The embedded viewer's PDF when the first attachment is a PDF. */
  pdf: Attachment | null;
  attachments: Attachment[];
  /** Whether like/unlike is offered (articles only). */
  likeable: boolean;
  /** What a like without JavaScript just did (`?liked=1` / `?unliked=1` after its redirect); null otherwise. */
  liked: boolean | null;
}

export interface SearchHitView {
  id: string;
  channelName: string;
  title: string;
  /** Plain text cut to 200 characters; the screen highlights the keyword in it. */
  abstract: string;
  href: string | null;
  external: boolean;
  images: string[];
  date: string;
}

export interface SearchData {
  kind: 'search';
  /** The committed search word ('' before a search). */
  key: string;
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  hits: SearchHitView[];
}

/**
 * Like without JavaScript: post/redirect/get. The action answers 303 to the article with one of these
 * set (so reload and Back do not post again), and the article shows the like as done.
 */
export const LIKED_PARAM = { like: 'liked', unlike: 'unliked' } as const;
/** The like form's anchor: the redirect comes back to it. */
export const LIKE_ANCHOR = 'like';
/** Hidden field the like button adds once its script runs: the answer then comes as data, not a redirect. */
export const LIKE_REPLY_FIELD = 'reply';
export const LIKE_REPLY_INLINE = 'inline';

/** What a like/unlike action answers. */
export interface LikeResult {
  ok: boolean;
  liked: boolean;
  likes: number;
}
