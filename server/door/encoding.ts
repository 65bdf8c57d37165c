// Which stored copy a client takes, from its Accept-Encoding: brotli, then gzip, then the bytes as they
// are. Browsers send a handful of distinct short header values, so each is parsed once and remembered (a
// table bounded in entries and in each key's length: a client sending a new or a long value every time only
// costs the parse).
export type Coding = 'br' | 'gzip' | 'identity';

const MEMO_LIMIT = 64;
/** Longer values are parsed every time, never kept: a browser's is a few dozen characters. */
const MEMO_KEY_CHARS = 128;
const memo = new Map<string, { br: boolean; gzip: boolean }>();

/** What the table holds: its entries and the characters of their keys. */
export function codingMemoStats(): { entries: number; chars: number } {
  let chars = 0;
  for (const key of memo.keys()) chars += key.length;
  return { entries: memo.size, chars };
}

function parse(header: string): { br: boolean; gzip: boolean } {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get('*');
  const allows = (coding: string): boolean => (weights.get(coding) ?? star ?? 0) > 0;
  return { br: allows('br'), gzip: allows('gzip') };
}

/** The best coding this client accepts among the copies there are. */
export function chooseCoding(header: string | undefined, has: { br: boolean; gzip: boolean }): Coding {
  if (!header) return 'identity';
  let accepted = memo.get(header);
  if (!accepted) {
    accepted = parse(header);
    if (header.length <= MEMO_KEY_CHARS) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(header, accepted);
    }
  }
  if (has.br && accepted.br) return 'br';
  if (has.gzip && accepted.gzip) return 'gzip';
  return 'identity';
}

/** If-None-Match names this entity tag (a list, `*`, weak or strong: weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}
