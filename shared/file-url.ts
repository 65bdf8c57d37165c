// File and image fields of the content service hold paths relative to its file prefix, with no leading
// slash (`MUSEUM/CMS/CMS_EXHIBIT_INFO_IMG/20191121/….jpg`, wire-facts.md "Files and images"); a value
// that is already an absolute http(s) URL is used as it is. This is the one function that turns any of
// them into the URL a visitor's browser loads: the edge proxies FILE_PREFIX to the service's origin.

/** `scheme:` of an absolute URL, or a protocol-relative `//host/…`. */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function fileUrl(path: string | null | undefined, filePrefix: string): string {
  const p = (path ?? '').trim();
  if (!p) return '';
  if (ABSOLUTE.test(p)) return /^(?:https?:)?\/\//i.test(p) ? p : '';
  const prefix = filePrefix.replace(/\/+$/, '');
  // Already under the prefix (older services send `/file/…`): as it is.
  if (p === prefix || p.startsWith(`${prefix}/`)) return p;
  return `${prefix}/${p.replace(/^\/+/, '')}`;
}
