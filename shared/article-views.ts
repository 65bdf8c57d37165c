// What the list, detail and search loaders hand their screens: everything derived on the server
// (paths, formatted dates, excerpts, image sources), so the components only render.
import type { ListLayout } from './route-table.ts';
import type { GalleryImage, ListItem } from './view-parts.ts';

export interface ChannelRef {
  channelNo: string;
  name: string;
  path: string;
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
  /** Where the browser tells of a visit as it follows an external hit (`<a ping>`): absolute; null for other hits. */
  ping: string | null;
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
