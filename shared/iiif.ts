// The edge's IIIF addresses (International Image Interoperability Framework): the Image API 3.0 service
// of every picture the file service holds, and the Presentation API 3.0 manifests of exhibits and
// collections of an exhibition's exhibits. One module, so the server that answers them, the page head that
// links them and the viewer that loads them agree.
//
// An image's id is its store path (relative to the file prefix, as records carry it) as ONE path segment:
// `encodeURIComponent`, so its slashes are `%2F`. The server decodes it and checks it as strictly as the
// file proxy checks a path (no `.`/`..` segment, no other host, no absolute URL): an id names a file of
// the store, nothing else.

/** Where the IIIF answers live. */
export const IIIF_PREFIX = '/iiif/3';

/** The JSON-LD contexts and profiles a client or aggregator recognises. */
export const IIIF_IMAGE_CONTEXT = 'http://iiif.io/api/image/3/context.json';
export const IIIF_PRESENTATION_CONTEXT = 'http://iiif.io/api/presentation/3/context.json';
/** The compliance level of the edge's image service: its info.json states it, and so does every manifest's reference to it. */
export const IIIF_PROFILE = 'level2';
export const IIIF_PROFILE_URI = 'http://iiif.io/api/image/3/level2.json';

/** The media type of a manifest or collection link (`<link rel="alternate" type=…>`). */
export const IIIF_MANIFEST_TYPE = `application/ld+json;profile="${IIIF_PRESENTATION_CONTEXT}"`;

/**
 * The image id of a store path; null for what is no store path (an absolute URL, an empty value). A path
 * given under the file prefix (`/file/MUSEUM/…`, as older services send it) is the same file.
 */
export function imageIdOf(storePath: string | null | undefined, filePrefix = ''): string | null {
  let path = (storePath ?? '').trim();
  const prefix = filePrefix.replace(/\/+$/, '');
  if (prefix && path.startsWith(`${prefix}/`)) path = path.slice(prefix.length);
  // A protocol-relative address (`//host/…`) names another host, like an absolute URL.
  else if (path.startsWith('//')) return null;
  path = path.replace(/^\/+/, '');
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path)) return null;
  return encodeURIComponent(path);
}

/** The Image API service of a store path (its base: `…/info.json` and the image requests are below it). */
export function imageServicePath(storePath: string | null | undefined, filePrefix = ''): string | null {
  const id = imageIdOf(storePath, filePrefix);
  return id === null ? null : `${IIIF_PREFIX}/${id}`;
}

/** A whole picture at its full size, from the image service (what a visitor without JavaScript opens). */
export function fullImagePath(storePath: string | null | undefined, filePrefix = ''): string | null {
  const service = imageServicePath(storePath, filePrefix);
  return service === null ? null : `${service}/full/max/0/default.jpg`;
}

/** The manifest of one exhibit. */
export const manifestPath = (exhibitId: string): string => `${IIIF_PREFIX}/manifest/${encodeURIComponent(exhibitId)}`;

/** The collection of an exhibition's exhibits (one manifest each). */
export const collectionPath = (exhibitionId: string): string => `${IIIF_PREFIX}/collection/${encodeURIComponent(exhibitionId)}`;

/** The IIIF logo (public/iiif-logo.svg), which viewers' users and aggregators recognise as "a manifest is here". */
export const IIIF_LOGO_PATH = '/iiif-logo.svg';

/**
 * The href of the IIIF logo link: the manifest's (or collection's) address carrying itself as
 * `?manifest=`, so the link opens the document when followed, and a viewer it is dragged onto (Mirador,
 * the Universal Viewer) reads the document from the dropped address's query. The address is absolute: a
 * viewer on another site would read a path as one of its own. The manifest and collection routes
 * ignore the query.
 */
export function iiifLogoHref(documentUrl: string): string {
  return `${documentUrl}?manifest=${encodeURIComponent(documentUrl)}`;
}

/**
 * IIIF viewers and aggregators load images and manifests from other sites: the IIIF answers are open to
 * every origin, to scripts (CORS) and to plain `<img>` and embeds (Cross-Origin-Resource-Policy, which
 * overrides the security headers' same-origin: a browser shows a broken image for a tile without it).
 */
export const IIIF_CROSS_ORIGIN: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
];
