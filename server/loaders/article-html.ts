// The article body as the portal shows it: the editor's HTML, sanitized (sanitize-html) so no script,
// event handler or javascript: address survives, with gallery markers stripped, videos given their
// controls with download disabled (the museum shows its videos, it does not hand them out), and
// pictures without alt text marked decorative (alt="", or screen readers read out file names). File
// references are resolved like every file field (shared/file-url.ts): the service's editors store
// pictures, videos and attachments as paths relative to its file prefix. Every id and `<a name>` is
// given ARTICLE_ID_PREFIX, and so are the article's own `#fragment` links, which keep reaching their
// targets: an id in the service's HTML can never be one the page relies on (`main` would take the skip
// link, `like` the like form's anchor, a gallery viewer's id its picture). Nothing else is rewritten.
import sanitizeHtml from 'sanitize-html';
import { ARTICLE_ID_PREFIX } from '../../shared/dom-ids.ts';
import { fileUrl } from '../../shared/file-url.ts';
import { stripGalleryMarkers } from '../../shared/text.ts';

/** A scheme (`https:`, `data:`, `javascript:` — the last filtered later) or `//host`: not a file path. */
const HAS_SCHEME = /^\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** A bare relative link to a file (`MUSEUM/CMS/…/x.pdf`): not `/page`, `#anchor` or `?query`. */
const RELATIVE_FILE = /^[A-Za-z0-9_][^?#\s]*\.[A-Za-z0-9]{2,5}$/;

const MEDIA = ['src', 'poster', 'width', 'height', 'preload', 'muted', 'loop', 'playsinline'];

function withFiles(attribs: sanitizeHtml.Attributes, names: readonly string[], filePrefix: string): sanitizeHtml.Attributes {
  const out = { ...attribs };
  for (const name of names) {
    const value = out[name];
    if (value && !HAS_SCHEME.test(value)) out[name] = fileUrl(value, filePrefix);
  }
  return out;
}

/** An id or anchor name of the article, made its own; null for an empty one (it names nothing). */
function ownName(value: string | undefined): string | null {
  return value && value.trim() ? `${ARTICLE_ID_PREFIX}${value}` : null;
}

/**
 * A link to a place in the article (`#part-2`) follows its target's new id. `#top` is left as it is: the
 * browser's own name for the top of the page, which editors use for "back to top".
 */
function ownFragment(href: string | undefined): string | undefined {
  if (!href || !href.startsWith('#') || href.length === 1 || href.slice(1).toLowerCase() === 'top') return href;
  return `#${ARTICLE_ID_PREFIX}${href.slice(1)}`;
}

/** The attributes with `name` (when the tag has it) made the article's own, or dropped when empty. */
function withOwnName(attribs: sanitizeHtml.Attributes, name: 'id' | 'name'): sanitizeHtml.Attributes {
  if (!(name in attribs)) return attribs;
  const { [name]: value, ...rest } = attribs;
  const own = ownName(value);
  return own === null ? rest : { ...rest, [name]: own };
}

/** `600` or `600px` → `600`; anything else (`100%`, `auto`) is dropped: width/height must be whole pixels. */
function pixels(value: string | undefined): string | undefined {
  const m = /^\s*(\d{1,5})(?:\.\d+)?\s*(?:px)?\s*$/i.exec(value ?? '');
  return m && Number(m[1]) > 0 ? String(Number(m[1])) : undefined;
}

function withSize(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { width, height, ...rest } = attribs;
  const w = pixels(width);
  const h = pixels(height);
  return { ...rest, ...(w ? { width: w } : {}), ...(h ? { height: h } : {}) };
}

const options = (filePrefix: string): sanitizeHtml.IOptions => ({
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'picture',
    'figure',
    'figcaption',
    'video',
    'audio',
    'source',
    'track',
    'center',
    'font',
  ],
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'lang', 'dir', 'align'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading'],
    video: [...MEDIA, 'controls', 'controlslist', 'disablepictureinpicture'],
    audio: ['src', 'preload', 'loop', 'muted', 'controls', 'controlslist'],
    source: ['src', 'srcset', 'type', 'media', 'sizes'],
    track: ['src', 'kind', 'srclang', 'label', 'default'],
    table: ['border', 'cellpadding', 'cellspacing', 'summary', 'width'],
    td: ['colspan', 'rowspan', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'valign', 'width', 'scope'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    ol: ['start', 'type', 'reversed'],
    li: ['value'],
    time: ['datetime'],
    font: ['color', 'size'],
  },
  // <source> and <track> are void elements: `</source>` is invalid HTML.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'source', 'track'],
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // Playback controls on, download and picture-in-picture off (videos are shown, not handed out).
    video: (tagName, attribs) => {
      const { download: _download, autoplay: _autoplay, ...rest } = withFiles(attribs, ['src', 'poster'], filePrefix);
      return {
        tagName,
        attribs: { ...rest, controls: '', controlslist: 'nodownload', disablepictureinpicture: '', preload: rest.preload ?? 'metadata' },
      };
    },
    audio: (tagName, attribs) => ({
      tagName,
      attribs: { ...withFiles(attribs, ['src'], filePrefix), controls: '', controlslist: 'nodownload' },
    }),
    source: (tagName, attribs) => ({ tagName, attribs: withFiles(attribs, ['src'], filePrefix) }),
    // An editor's picture without alt text is announced by its file name; alt="" marks it decorative.
    // Width and height are kept only when the editor gave them in pixels (the box then keeps its
    // place while loading; detail.css reserves a 4:3 box for the others).
    img: (tagName, attribs) => {
      const resolved = withSize(withFiles(attribs, ['src'], filePrefix));
      return { tagName, attribs: 'alt' in resolved ? resolved : { ...resolved, alt: '' } };
    },
    a: (tagName, attribs) => {
      const href = attribs.href && RELATIVE_FILE.test(attribs.href) ? fileUrl(attribs.href, filePrefix) : ownFragment(attribs.href);
      const resolved = withOwnName(href === undefined ? attribs : { ...attribs, href }, 'name');
      // A link that opens a new window must not hand that window a handle on this page.
      return { tagName, attribs: resolved.target === '_blank' ? { ...resolved, rel: 'noopener noreferrer' } : resolved };
    },
    // Runs after the tag's own transform, on every tag.
    '*': (tagName, attribs) => ({ tagName, attribs: withOwnName(attribs, 'id') }),
  },
});

/** Sanitizers per file prefix (one in practice): the options object is built once. */
const byPrefix = new Map<string, sanitizeHtml.IOptions>();

export function articleHtml(content: string | null | undefined, filePrefix: string): string {
  if (!content) return '';
  let opts = byPrefix.get(filePrefix);
  if (!opts) byPrefix.set(filePrefix, (opts = options(filePrefix)));
  return sanitizeHtml(stripGalleryMarkers(content), opts).trim();
}
