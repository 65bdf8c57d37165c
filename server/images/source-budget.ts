// The bytes of upstream pictures held in memory at once, across every variant being made: a source is
// counted from its first byte read until its variant is made (or fails), waiting in the resize queue
// included. A source that would take the total past the budget is refused at once (ImageBusyError, a 503
// with Retry-After), so a burst of requests for distinct large pictures costs at most the budget, not
// one IMAGE_LIMITS.inputBytes each.
import { ImageBusyError } from './work-queue.ts';

/** One source's share of the budget: grows as its bytes arrive, given back once by release(). */
export interface SourceHold {
  /** Counts this source as `bytes` long (its declared length, or what has been read so far); throws ImageBusyError past the budget. */
  atLeast(bytes: number): void;
  release(): void;
}

export interface SourceBudget {
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
