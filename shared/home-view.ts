// What the home loader hands the home screen: every section already shaped, or null when the content
// service could not give it (the page then leaves that section out rather than failing).
import type { ExhibitionCard } from './exhibition-views.ts';
import type { ListItem, ViewLink } from './view-parts.ts';

export interface Slide {
  id: string;
  title: string;
  /** Short plain-text caption. */
  caption: string;
  /** Sources of the large picture, in the order to try. */
  image: string[];
  /** Sources of the thumbnail-strip picture. */
  thumb: string[];
  link: ViewLink | null;
}

export interface HomeSection<T> {
  items: T[];
  /** The section's list page ("All …" link). */
  more: string;
  /** The list's channel name for the "All …" link. */
  moreName: string;
}

export interface HomeActivity {
  id: string;
  title: string;
  href: string;
  /** `MM.DD` of the start, large on the card. */
  day: string;
  /** `YYYY` of the start. */
  year: string;
  /** `YYYY-MM-DD HH:mm – …`. */
  time: string;
  venue: string;
  /** The activity status word, '' when unknown. */
  status: string;
}

export interface HomeStats {
  total: number;
  today: number;
  /** The report's window in days (30). */
  days: number;
  pv: number;
  uv: number;
  /** Daily page views of the window, oldest first, for the small chart. */
  daily: Array<{ date: string; pv: number }>;
}

export interface HomeData {
  slides: Slide[];
  news: HomeSection<ListItem> | null;
  exhibitions: HomeSection<ExhibitionCard> | null;
  collections: HomeSection<ListItem> | null;
  activities: HomeSection<HomeActivity> | null;
  stats: HomeStats | null;
}
