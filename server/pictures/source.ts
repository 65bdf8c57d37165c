// The bytes a variant is made from, read from the content service's file store: the store's own
// 300 px THUMB copy when it has one (shared/image-paths.ts), else the original. Reads are capped in size
// and time, so a huge or stalled upstream file ends in an error, never in a hung request, and every
// byte read is counted in the caller's share of the source budget (createSourceBudget below) as it arrives.
import { thumbPath } from '../../shared/image-paths.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { IMAGE_LIMITS, ImageRefusal } from './limits.ts';
import { isWatermarked } from './variant-request.ts';
import { ImageBusyError } from './work-queue.ts';

interface SourceFile {
  path: string;
  body: Buffer;
  /** The store's Content-Type (sent with the bytes when they cannot be resized). */
  type: string;
  /** The store's THUMB copy was used. */
  thumb: boolean;
}

/** The store has no such file (a 404/410 upstream). */
export class MissingFile extends Error {
  constructor(path: string) {
    super(`No file at ${path}`);
    this.name = 'MissingFile';
  }
}

async function readAll(body: AsyncIterable<Buffer>, path: string, hold: SourceHold): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > IMAGE_LIMITS.inputBytes) {
      throw new ImageRefusal('too_large', `${path} is over ${IMAGE_LIMITS.inputBytes / 1024 / 1024} MB, too large to resize`);
    }
    hold.atLeast(size);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** One GET of a store file; null when the store has none. */
async function get(
  client: UpstreamClient,
  path: string,
  signal: AbortSignal,
  hold: SourceHold,
): Promise<{ body: Buffer; type: string } | null> {
  const answer = await client.file(path, { method: 'GET', headers: { 'accept-encoding': 'identity' }, signal });
  if (answer.statusCode === 404 || answer.statusCode === 410) {
    await answer.body.dump();
    return null;
  }
  if (answer.statusCode !== 200) {
    await answer.body.dump();
    throw new UpstreamError('UPSTREAM_HTTP', `Request failed with status code ${answer.statusCode}`, {
      endpoint: 'file',
      httpStatus: answer.statusCode,
    });
  }
  const length = Number(answer.headers['content-length']);
  if (length > IMAGE_LIMITS.inputBytes) {
    answer.body.destroy();
    throw new ImageRefusal(
      'too_large',
      `${path} is ${Math.round(length / 1024 / 1024)} MB, over the ${IMAGE_LIMITS.inputBytes / 1024 / 1024} MB limit for resizing`,
    );
  }
  // A declared length is counted before the first byte: a source the budget cannot take is not read.
  if (Number.isFinite(length)) {
    try {
      hold.atLeast(length);
    } catch (err) {
      answer.body.destroy();
      throw err;
    }
  }
  const type = answer.headers['content-type'];
  // The client's time limit ends with the headers: a body that trickles is cut off by our signal.
  const cut = () => answer.body.destroy(new Error(`reading ${path} took too long`));
  signal.addEventListener('abort', cut, { once: true });
  try {
    return {
      body: await readAll(answer.body as AsyncIterable<Buffer>, path, hold),
      type: typeof type === 'string' ? type : 'application/octet-stream',
    };
  } finally {
    signal.removeEventListener('abort', cut);
  }
}

/** The file for a `width` variant of `path` (a path below FILE_PREFIX, e.g. `/file/MUSEUM/…/x.jpg`). */
export async function readSource(
  client: UpstreamClient,
  path: string,
  { width, thumbWidth, signal, hold }: { width: number; thumbWidth: number; signal: AbortSignal; hold: SourceHold },
): Promise<SourceFile> {
  // A watermarked copy's variants come from it alone: a THUMB would be the unmarked picture.
  if (width <= thumbWidth && !isWatermarked(path)) {
    const thumb = await get(client, thumbPath(path), signal, hold);
    if (thumb) return { path: thumbPath(path), ...thumb, thumb: true };
  }
  return readOriginal(client, path, { signal, hold });
}

/** The stored file itself, never a copy (the IIIF image service works from the original). */
export async function readOriginal(
  client: UpstreamClient,
  path: string,
  { signal, hold }: { signal: AbortSignal; hold: SourceHold },
): Promise<SourceFile> {
  const file = await get(client, path, signal, hold);
  if (!file) throw new MissingFile(path);
  return { path, ...file, thumb: false };
}

// ---- The bytes of sources in memory ----
// The bytes of upstream pictures held in memory at once, across every variant being made: a source is
// counted from its first byte read until its variant is made (or fails), waiting in the resize queue
// included. A source that would take the total past the budget is refused at once (ImageBusyError, a 503
// with Retry-After), so a burst of requests for distinct large pictures costs at most the budget, not
// one IMAGE_LIMITS.inputBytes each.

/** One source's share of the budget: grows as its bytes arrive, given back once by release(). */
export interface SourceHold {
  /** Counts this source as `bytes` long (its declared length, or what has been read so far); throws ImageBusyError past the budget. */
  atLeast(bytes: number): void;
  release(): void;
}

interface SourceBudget {
  hold(): SourceHold;
  /** Bytes counted now, over every source. */
  held(): number;
}

const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

export function createSourceBudget(limitBytes: number): SourceBudget {
  let held = 0;
  return {
    hold() {
      let mine = 0;
      return {
        atLeast(bytes) {
          if (bytes <= mine) return;
          const more = bytes - mine;
          if (held + more > limitBytes) {
            throw new ImageBusyError(`the pictures it is reading and resizing take ${mib(held)} of the ${mib(limitBytes)} it gives them`);
          }
          held += more;
          mine = bytes;
        },
        release() {
          held -= mine;
          mine = 0;
        },
      };
    },
    held: () => held,
  };
}
