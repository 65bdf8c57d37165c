// Escaping for the hand-written parts of the document (the head and the embedded JSON).

const ATTR: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&"<>']/g, (c) => ATTR[c]!);

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` (so no `</script>` or
 * `<!--`), and the two line separators JavaScript string literals once rejected. One pass over the
 * text (a page's router state is 10–30 KB; five passes were 2 % of a render).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}
