// The islands: the few parts of a page where script adds what a visitor wants. The server renders every
// page completely as HTML; an island is rendered inside it too, then hydrated in the browser on its own
// React root when its trigger fires. This table is the one list of them: which exist, when each wakes,
// and which page kinds may carry which (the build's script budget per page kind is computed from it,
// and a page that renders an island its kind does not list is a bug the engine logs).
import type { ScreenKind } from './route-table.ts';

/**
 * When an island is hydrated. Every island also wakes at the visitor's first touch of it (pointer,
 * focus, key), whatever its trigger says:
 * - `idle`: once the page has loaded and the browser is idle;
 * - `visible`: when it comes near the viewport;
 * - `touch`: only when the visitor touches it (what it adds is wanted only then).
 */
type IslandTrigger = 'idle' | 'visible' | 'touch';

/**
 * Each island's trigger, and the UI strings it takes with it (keys, or key prefixes ending in `.`): an
 * island's script carries no dictionary, so the server writes the strings it may show, in the page's
 * language, on the island's element. The build checks that every key an island's code names is covered.
 */
export const ISLANDS = {
  /** The home page's picture slider: autoplay with 500 ms transitions, arrows, thumbnails. */
  slider: { when: 'visible', texts: ['slider.'] },
  /** The visitor-message form: checks as the visitor types, the character count, one send at a time. */
  messageForm: { when: 'visible', texts: ['msg.', 'form.', 'state.loading'] },
  /** A questionnaire: the same checks before sending, "other" ticked by its text. */
  questionnaireForm: { when: 'visible', texts: ['qn.', 'form.', 'state.loading'] },
  /** The object's stage: deep zoom over the IIIF image service, the 3D model (their code loads on opening). */
  exhibitStage: { when: 'touch', texts: ['col.', 'frame.newTab', 'detail.close', 'state.loading'] },
  /** The spoken guide of an object's commentary (the browser's own speech synthesis). */
  listen: { when: 'touch', texts: [] },
  /** The reading mode's guide band that follows the pointer (only in the reading mode, 关怀模式). */
  readingGuide: { when: 'idle', texts: ['care.guide'] },
} as const satisfies Record<string, { when: IslandTrigger; texts: readonly string[] }>;

export type IslandName = keyof typeof ISLANDS;

/** Which islands a page of each kind may render (in the plain mode; the reading mode adds CARE_ISLANDS). */
export const SCREEN_ISLANDS: Readonly<Record<ScreenKind, readonly IslandName[]>> = {
  home: ['slider'],
  redirect: [],
  list: [],
  detail: [],
  search: [],
  messageBoard: ['messageForm'],
  exhibitionList: [],
  exhibitionDetail: [],
  collectionList: [],
  exhibitDetail: ['exhibitStage', 'listen'],
  activityList: [],
  activityDetail: [],
  questionnaireList: [],
  questionnaire: ['questionnaireForm'],
  questionnaireResult: [],
  notFound: [],
};

/** Islands every page of the reading mode carries. */
export const CARE_ISLANDS: readonly IslandName[] = ['readingGuide'];

/** The element an island lives in (an autonomous custom element: valid anywhere phrasing content is, `display: contents`). */
export const ISLAND_TAG = 'museum-island';

/** The island element's attributes: which island, its trigger, its React id prefix, its props, frame and strings (JSON). */
export const ISLAND_ATTR = {
  name: 'data-island',
  when: 'data-when',
  prefix: 'data-prefix',
  props: 'data-props',
  frame: 'data-frame',
  texts: 'data-texts',
  /** Set once the island is hydrated (tests and the audit wait for it). */
  hydrated: 'data-hydrated',
} as const;

/**
 * A part of an island that only script can make work (the listen button): hidden until the islands'
 * script runs, which marks the document with ISLANDS_RUNNING_ATTR (components.css).
 */
export const NEEDS_SCRIPT_ATTR = 'data-needs-script';
export const ISLANDS_RUNNING_ATTR = 'data-islands';

/**
 * An element inside an island that does something once the island is hydrated: a click on it before then
 * is held (a link is not followed) and given to it again once the island is live.
 */
export const ISLAND_ACTION_ATTR = 'data-action';
