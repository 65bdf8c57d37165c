// The small pieces several screens' data share (cards, links, filters, paging, gallery pictures):
// one module below every view file, so the view files never import each other.

/** A link the screen renders: internal (router link) or an own http(s) page (new tab, rel noopener). */
export interface ViewLink {
  href: string;
  external: boolean;
}

/** One choice of a filter row (`?type=`); the first is "all". */
export interface FilterLink {
  value: string;
  label: string;
  href: string;
  active: boolean;
}

/** Where a paged list is: the page shown (1 when the list is empty), the page count and the record count. */
export interface Paging {
  page: number;
  pages: number;
  total: number;
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

export interface GalleryImage {
  /** Grid thumbnail sources (thumbnail first). */
  thumbs: string[];
  /** The large picture the thumbnail opens. */
  full: string;
  alt: string;
}
