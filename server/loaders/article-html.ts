// The article body as the portal shows it: the editor's HTML, sanitized (sanitize-html) so no script,
// event handler or javascript: address survives, with gallery markers stripped and videos given their
// controls with download disabled (spec §2), and pictures without alt text marked decorative (alt="",
// or screen readers read out file names). Nothing else is rewritten.
import sanitizeHtml from 'sanitize-html';
import { stripGalleryMarkers } from '../../shared/text.ts';

const MEDIA = ['src', 'poster', 'width', 'height', 'preload', 'muted', 'loop', 'playsinline'];

const OPTIONS: sanitizeHtml.IOptions = {
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
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // Playback controls on, download and picture-in-picture off (spec: download disabled).
    video: (tagName, attribs) => {
      const { download: _download, autoplay: _autoplay, ...rest } = attribs;
      return {
        tagName,
        attribs: { ...rest, controls: '', controlslist: 'nodownload', disablepictureinpicture: '', preload: rest.preload ?? 'metadata' },
      };
    },
    audio: (tagName, attribs) => ({ tagName, attribs: { ...attribs, controls: '', controlslist: 'nodownload' } }),
    // An editor's picture without alt text is announced by its file name; alt="" marks it decorative.
    img: (tagName, attribs) => ({ tagName, attribs: 'alt' in attribs ? attribs : { ...attribs, alt: '' } }),
    // A link that opens a new window must not hand that window a handle on this page.
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

export function articleHtml(content: string | null | undefined): string {
  if (!content) return '';
  return sanitizeHtml(stripGalleryMarkers(content), OPTIONS).trim();
}
