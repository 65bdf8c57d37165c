// Text rules: the plain text of an HTML body, the list excerpt (100 characters plus
// an ellipsis), the search abstract (200), and the gallery markers that article bodies carry and
// screens strip. Lengths count characters (code points), so a Chinese character or an emoji is one.

const EXCERPT_LIST = 100;
const EXCERPT_SEARCH = 200;
const ELLIPSIS = '…';

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  middot: '·',
  copy: '©',
  ensp: ' ',
  emsp: ' ',
};

/** Decodes the entities an editor's HTML commonly holds; unknown ones stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * Gallery markers in article bodies: placeholders where an editor's page showed the gallery. The
 * portal renders the gallery itself, so the markers are stripped. Shapes accepted:
 * `<!-- gallery -->`, `<!--gallery:anything-->`, `[gallery]`, `[gallery id=3]`, `{{gallery}}`.
 * The demo-content generator writes `<p>[gallery]</p>` (test/unit/demo-content.test.ts holds the two together).
 */
const GALLERY_MARKER = /<!--\s*gallery\b[^>]*?-->|\[gallery\b[^\]]*\]|\{\{\s*gallery\b[^}]*\}\}/gi;

/** The body without gallery markers; a paragraph left holding only a marker goes with it. */
export function stripGalleryMarkers(html: string): string {
  const marker = GALLERY_MARKER.source;
  const wrapped = new RegExp(`<p\\b[^>]*>\\s*(?:${marker})\\s*</p>`, 'gi');
  return html.replace(wrapped, '').replace(new RegExp(marker, 'gi'), '');
}

/** The visible text of an HTML fragment: tags, scripts, styles and markers removed, spaces collapsed. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const text = stripGalleryMarkers(html)
    .replace(/<(script|style|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(?:p|div|br|li|tr|h[1-6]|section|article|blockquote|figure|figcaption|table)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[\s\u00a0\u3000]+/g, ' ')
    .trim();
}

/** Cuts `text` to `max` characters, adding an ellipsis only when something was cut. */
export function excerpt(text: string | null | undefined, max: number = EXCERPT_LIST): string {
  const chars = Array.from((text ?? '').trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('').trimEnd()}${ELLIPSIS}`;
}

/** A list item's excerpt: the plain text of the body, 100 characters plus an ellipsis. */
export function listExcerpt(html: string | null | undefined): string {
  return excerpt(plainText(html), EXCERPT_LIST);
}

/**
 * A search hit's abstract, cut to 200: its description, or the plain text of its content when the
 * description is empty or when only the content holds the keyword (the visitor should see why it hit).
 */
export function searchAbstract(description: string | null | undefined, content: string | null | undefined, keyword = ''): string {
  const desc = plainText(description);
  const body = plainText(content);
  const key = keyword.trim().toLowerCase();
  const useBody = !desc || (key !== '' && !desc.toLowerCase().includes(key) && body.toLowerCase().includes(key));
  return excerpt(useBody ? body : desc, EXCERPT_SEARCH);
}

interface HighlightPart {
  text: string;
  /** True for the parts that match the keyword (rendered as <mark>). */
  match: boolean;
}

/**
 * Splits `text` around every case-insensitive occurrence of `keyword`, for rendering as text nodes
 * and <mark> elements (never as HTML). An empty keyword gives the text as one part.
 */
export function highlightParts(text: string, keyword: string): HighlightPart[] {
  const key = keyword.trim();
  if (!key || !text) return text ? [{ text, match: false }] : [];
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts: HighlightPart[] = [];
  let last = 0;
  for (const m of text.matchAll(new RegExp(escaped, 'giu'))) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at), match: false });
    parts.push({ text: m[0], match: true });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
