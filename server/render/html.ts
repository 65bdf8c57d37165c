// Escaping for the hand-written parts of the document (the head and the embedded JSON).

const ATTR: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&"<>']/g, (c) => ATTR[c]!);

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` (so no `</script>` or
 * `<!--`), and the two line separators JavaScript string literals once rejected.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
