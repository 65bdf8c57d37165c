// One stored page, and its form in the shared tier (Redis): the prepared answer's bodies (identity,
// then gzip and brotli when present) behind a small JSON header. Its key is `protocol://Host/target`.
import { lacksBrotli, type Prepared } from '../door/prepared.ts';
import { decodeFrame, encodeFrame } from '../shared-tier/frame.ts';
import { ownBytes } from '../upstream/cache.ts';

export interface PageEntry {
  readonly key: string;
  readonly prepared: Prepared;
  readonly storedAt: number;
  readonly freshMs: number;
  readonly swrMs: number;
  readonly staleIfErrorMs: number;
  readonly tags: readonly string[];
  readonly routeId: string;
  /**
   * Stored without its brotli copy, which its first hit has made (page-cache/store.ts): a page asked for
   * once never needs one.
   */
  readonly brotliDue: boolean;
}

/** The path of a page key (what operators purge by prefix, here and in the shared tier). */
export function pagePathOf(key: string): string {
  try {
    return new URL(key).pathname;
  } catch {
    return key;
  }
}

/** How long a page is worth keeping from when it was stored: its fresh life and the longer stale window. */
export const keepMsOf = (e: PageEntry): number => e.freshMs + Math.max(e.swrMs, e.staleIfErrorMs);

/** What a page is in the shared tier besides its bodies (identity, then gzip and brotli when present). */
interface SharedPageHeader {
  v: 1;
  status: number;
  head: string[];
  etag: string;
  storedAt: number;
  freshMs: number;
  swrMs: number;
  staleIfErrorMs: number;
  tags: string[];
  routeId: string;
  codings: Array<'gzip' | 'br'>;
}

export function encodePage(e: PageEntry): Buffer {
  const { prepared: p } = e;
  const codings = (['gzip', 'br'] as const).filter((c) => p[c] !== null);
  const header: SharedPageHeader = {
    v: 1,
    status: p.status,
    head: [...p.head],
    etag: p.etag,
    storedAt: e.storedAt,
    freshMs: e.freshMs,
    swrMs: e.swrMs,
    staleIfErrorMs: e.staleIfErrorMs,
    tags: [...e.tags],
    routeId: e.routeId,
    codings,
  };
  return encodeFrame(header, [p.identity, ...codings.map((c) => p[c]!)]);
}

export function decodePage(key: string, buf: Buffer): PageEntry | null {
  const frame = decodeFrame<SharedPageHeader>(buf);
  const h = frame?.header;
  if (!frame || h?.v !== 1 || frame.bodies.length !== 1 + h.codings.length) return null;
  // The bodies are views into one Buffer: copied into their own, as every stored page's are.
  const body = (i: number) => ownBytes(Buffer.from(frame.bodies[i]!));
  const gzipAt = h.codings.indexOf('gzip');
  const brAt = h.codings.indexOf('br');
  const prepared: Prepared = {
    status: h.status,
    head: h.head,
    etag: h.etag,
    identity: body(0),
    gzip: gzipAt === -1 ? null : body(1 + gzipAt),
    br: brAt === -1 ? null : body(1 + brAt),
  };
  return { key, prepared, storedAt: h.storedAt, freshMs: h.freshMs, swrMs: h.swrMs, staleIfErrorMs: h.staleIfErrorMs, tags: h.tags, routeId: h.routeId, brotliDue: lacksBrotli(prepared) };
}
