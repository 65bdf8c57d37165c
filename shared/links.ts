// Where a record links to (search hits, lists): the record's own link when it has one,
// otherwise its channel's path plus the record id. Records of the ExcellentCol channel are never
// routed inside the portal (their pages live elsewhere; each record carries an external link).

/** Channels whose records have no page on this site. */
const UNROUTED_CHANNELS: readonly string[] = ['ExcellentCol'];

export function isExternalUrl(url: string | null | undefined): boolean {
  return /^https?:\/\//i.test((url ?? '').trim());
}

/** The channel number without the English site's `EN_` prefix. */
export function baseChannelNo(channelNo: string): string {
  return channelNo.replace(/^EN_/, '');
}

export function isUnroutedChannel(channelNo: string | null | undefined): boolean {
  return UNROUTED_CHANNELS.includes(baseChannelNo(channelNo ?? ''));
}

/** The detail page of a record in a channel: `/News/SNews` + `/` + `12`. */
export function recordPath(channelPath: string, id: string): string {
  return `${channelPath.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}`;
}

interface RecordLink {
  /** null: the record is shown without a link. */
  href: string | null;
  /** An http(s) address outside the portal (opens in a new tab, rel="noopener"). */
  external: boolean;
}

interface LinkableRecord {
  id: string;
  channelNo: string;
  linkUrl?: string | null;
}

/**
 * The link of a record (list item or search hit):
 * 1. its own linkUrl when set (anything but empty or the root `/`), external when http(s);
 * 2. nothing for channels that are not routed internally (ExcellentCol);
 * 3. its channel's path plus its id; nothing when the channel is unknown (e.g. hidden or removed).
 */
export function recordLink(record: LinkableRecord, channelPath: string | null | undefined): RecordLink {
  const own = (record.linkUrl ?? '').trim();
  if (own && own !== '/') return { href: own, external: isExternalUrl(own) };
  if (isUnroutedChannel(record.channelNo)) return { href: null, external: false };
  if (!channelPath) return { href: null, external: false };
  return { href: recordPath(channelPath, record.id), external: false };
}

/**
 * Where the edge hears of article views it does not serve itself: `GET` the view beacon of an article page
 * the browser fetched on a guess, `POST` (hyperlink auditing, `<a ping>`) a search hit whose page lives
 * elsewhere. Its first segment names no section of the route table, so it is never a page.
 */
export const VISIT_PREFIX = '/visit';

/** The address that records a visit of the article `id` (server/pages/view-beacon.ts). */
export function visitPath(id: string): string {
  return `${VISIT_PREFIX}/${encodeURIComponent(String(id))}`;
}
