// Where a record or page is, as an absolute URL for machines (crawlers, feed readers, calendars):
// the site's origin (PUBLIC_URL, or the request's own when it is sane) plus the page path. A record
// links to its own page (its channel path plus its id), or to its own link when it has one.
import { fileUrl } from '../../shared/file-url.ts';
import { RECORD_ID } from '../../shared/ids.ts';
import { isExternalUrl, isUnroutedChannel, recordPath } from '../../shared/links.ts';
import type { DiscoveryRecord } from './records.ts';

/** `origin` + an absolute path; an http(s) URL is kept as it is. */
export const absolute = (origin: string, pathOrUrl: string): string => (isExternalUrl(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);

const ownLink = (r: DiscoveryRecord): string => {
  const own = r.linkUrl.trim();
  return own === '/' ? '' : own;
};

/**
 * The record's detail page on this site (`/News/SNews/<id>`), or null when it has none: it links
 * elsewhere, its channel's records are not routed here, its id is not one a route takes, or (articles)
 * the service files it under another channel than the list's, which the detail page answers with 404.
 */
export function detailPath(listPath: string, listChannelNo: string, r: DiscoveryRecord): string | null {
  if (ownLink(r) || !RECORD_ID.test(r.id) || isUnroutedChannel(listChannelNo)) return null;
  if (r.channelNo && r.channelNo !== listChannelNo) return null;
  return recordPath(listPath, r.id);
}

/** Where a reader of the list goes for the record: its detail page, else its own link, else the list. */
export function recordHref(origin: string, listPath: string, listChannelNo: string, r: DiscoveryRecord): string {
  const own = ownLink(r);
  if (own) return absolute(origin, own.startsWith('/') || isExternalUrl(own) ? own : `/${own}`);
  return absolute(origin, detailPath(listPath, listChannelNo, r) ?? listPath);
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The record's picture as an absolute URL with its media type, or null (none, or not a picture). */
export function pictureOf(origin: string, filePrefix: string, r: DiscoveryRecord): { url: string; type: string } | null {
  const path = fileUrl(r.image, filePrefix);
  if (!path) return null;
  const url = absolute(origin, path.startsWith('//') ? `https:${path}` : path);
  const type = IMAGE_TYPES[(url.split(/[?#]/)[0]!.split('.').pop() ?? '').toLowerCase()];
  return type && URL.canParse(url) ? { url, type } : null;
}
