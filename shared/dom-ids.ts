// The document's element ids that the server's documents and the screens both name (server/pages/document.ts
// writes the error page around the same main). A form's own anchor lives with its form's rules:
// LIKE_ANCHOR in like.ts, MESSAGE_FORM_ANCHOR in message-form.ts.

/** The page's `<main>` (the skip link's target). */
export const MAIN_ID = 'main';

/**
 * The start of every id and `<a name>` in an article's HTML (server/loaders/article-html.ts), and of the
 * `#fragment` of the article's links to them: the editor's ids are the service's data, so none may take
 * an id the page relies on (the main, a form's anchor, a gallery's viewer) or shadow a global of the page
 * by its name. No id of the page itself starts with it.
 */
export const ARTICLE_ID_PREFIX = 'art-';
