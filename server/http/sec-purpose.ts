// Sec-Purpose: what a browser says of a request it makes before the visitor asked for the page — a
// prefetch (`prefetch`), or a prerender (`prefetch;prerender`), whose subresources load too. The header
// is an RFC 8941 list of items with parameters; it is read loosely: a member whose item is `prefetch`
// makes the request speculative, and a `prerender` parameter (or item) that is not `?0` makes it a
// prerender.

interface Purpose {
  /** Asked for by the browser's guess, not by the visitor: the visitor may never see it. */
  speculative: boolean;
  /** A prerender: the page is rendered in the background, its images and scripts loaded. */
  prerender: boolean;
}

const NONE: Purpose = Object.freeze({ speculative: false, prerender: false });

/** Whether a parameter or item `name[=value]` says `prerender` (a boolean parameter is true unless `?0`). */
function saysPrerender(part: string): boolean {
  const eq = part.indexOf('=');
  const name = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
  return name === 'prerender' && (eq === -1 || part.slice(eq + 1).trim() !== '?0');
}

export function purposeOf(header: string | readonly string[] | undefined): Purpose {
  if (header === undefined || header.length === 0) return NONE;
  const text = typeof header === 'string' ? header : header.join(',');
  let speculative = false;
  let prerender = false;
  for (const member of text.split(',')) {
    const [item = '', ...params] = member.split(';');
    const name = item.trim().toLowerCase();
    if (name === 'prefetch') speculative = true;
    if (saysPrerender(item) || params.some(saysPrerender)) prerender = true;
  }
  // A prerender is speculative whatever else the header says.
  return speculative || prerender ? { speculative: true, prerender } : NONE;
}
