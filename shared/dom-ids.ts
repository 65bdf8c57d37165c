// The document's element ids that both sides name: the server writes the document around the app
// (server/pages/document.ts, the error page), the browser hydrates into it and links to it. (A form's
// own anchor lives with its form's rules: LIKE_ANCHOR in like.ts, MESSAGE_FORM_ANCHOR in message-form.ts,
// so a screen does not fetch one more chunk for a constant.)

/** The element the app renders into and hydrates. */
export const APP_ELEMENT_ID = 'app';
/** The `<script type="application/json">` holding the router state for hydration. */
export const HYDRATION_ELEMENT_ID = '__rr-data';
/** The page's `<main>` (the skip link's target). */
export const MAIN_ID = 'main';

/**
 * The start of every id and `<a name>` in an article's HTML (server/loaders/article-html.ts), and of the
 * `#fragment` of the article's links to them: the editor's ids are the service's data, so none may take
 * an id the page relies on (the hydration data above, a form's anchor) or shadow a global of the page by
 * its name. No id of the page itself starts with it.
 */
export const ARTICLE_ID_PREFIX = 'art-';
