// The shape of the prose a language provides: subjects (what an article is about) and topics (what
// kind of article a channel holds), as templates with `{slot}` placeholders.

export type SubjectKey = 'bronze' | 'ceramics' | 'painting' | 'jade' | 'silk' | 'revolution' | 'heritage' | 'archaeology';

export const SUBJECT_KEYS: readonly SubjectKey[] = [
  'bronze',
  'ceramics',
  'painting',
  'jade',
  'silk',
  'revolution',
  'heritage',
  'archaeology',
];

export interface SubjectText {
  /** e.g. 青铜器 */
  name: string;
  /** A two-character search keyword that appears in titles and bodies, e.g. 青铜. */
  kw2: string;
  /** The two-character keyword as it reads inside an English sentence (e.g. `bronze`). */
  kw2Lc?: string;
  /** A four-character search keyword, e.g. 青铜文明. */
  kw4: string;
  objects: string[];
  exhibitions: string[];
  dynasties: string[];
  facts: string[];
  pool: PoolName;
}

/**
 * A title template, or a title with its own opening sentence and more sentences that belong to it
 * (so that a body tells the story its title announces).
 */
export type TitleEntry = string | readonly [title: string, opening: string, ...sentences: string[]];

export interface TopicText {
  titles: TitleEntry[];
  openings: string[];
  sentences: string[];
  headings: string[];
  closings: string[];
  /** Subjects whose facts and names the topic borrows; empty for topics about the museum itself. */
  subjects: SubjectKey[];
  /** Where its pictures come from: a pool or the article's subject. */
  pool: PoolName | 'subject';
}

export interface Person {
  name: string;
  role: string;
  bio: string[];
}

export interface Lexicon {
  subjects: Record<SubjectKey, SubjectText>;
  topics: Record<TopicKey, TopicText>;
  /** Word lists for the other slots ({school}, {media}, {holiday}, …). */
  words: Record<string, string[]>;
  leaders: Person[];
  /** Joins sentences into a paragraph. */
  sentenceJoiner: string;
  /** Formats a date slot. */
  formatDay(year: number, month: number, day: number): string;
}

/** The subjects a channel's demo texts are about. */
export type TopicKey =
  | 'intro'
  | 'leader'
  | 'organization'
  | 'governance'
  | 'honor'
  | 'history'
  | 'pressKit'
  | 'news'
  | 'media'
  | 'notice'
  | 'openTime'
  | 'guide'
  | 'traffic'
  | 'shop'
  | 'digital'
  | 'excellent'
  | 'donationRules'
  | 'donationList'
  | 'committee'
  | 'achievements'
  | 'reading'
  | 'books'
  | 'reception'
  | 'volunteerActivity'
  | 'volunteerRecruit'
  | 'lecture';

/** Named groups of pictures the generators pick from (image-pool.ts POOLS). */
export type PoolName =
  | 'bronze'
  | 'ceramics'
  | 'painting'
  | 'jade'
  | 'silk'
  | 'revolution'
  | 'heritage'
  | 'archaeology'
  | 'museum'
  | 'activity'
  | 'volunteer'
  | 'lecture'
  | 'digital'
  | 'shop'
  | 'history'
  | 'portrait'
  | 'books'
  | 'sliders';
