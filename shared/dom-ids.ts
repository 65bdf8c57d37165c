// The document's element ids that both sides name: the server writes the document around the app
// (server/render/document.ts, the error page), the browser hydrates into it and links to it. (A form's
// own anchor lives with its form's rules: LIKE_ANCHOR in like.ts, MESSAGE_FORM_ANCHOR in message-form.ts,
// so a screen does not fetch one more chunk for a constant.)

/** The element the app renders into and hydrates. */
export const APP_ELEMENT_ID = 'app';
/** The `<script type="application/json">` holding the router state for hydration. */
export const HYDRATION_ELEMENT_ID = '__rr-data';
/** The page's `<main>` (the skip link's target). */
export const MAIN_ID = 'main';
