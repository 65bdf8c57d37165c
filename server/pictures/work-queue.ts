// The pictures' CPU work, bounded: libvips runs each job on one thread, and each service (the variants,
// the IIIF image service) runs its jobs through a small queue of its own: at most `running` jobs at once
// and `waiting` more in line; a job beyond that is refused at once (ImageBusyError) instead of piling up,
// and a job that waited longer than `maxWaitMs` gives up, so no request hangs behind a long queue.
import sharp from 'sharp';

/** Threads libvips may use per picture: one (a process-wide setting; each service sets it as it starts). */
export function limitSharpThreads(): void {
  sharp.concurrency(1);
}

/** Picture work refused for now: the queue or the bytes being read are full (a 503). */
export class ImageBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageBusyError';
  }
}

interface WorkQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  stats(): { running: number; waiting: number };
}

export function createWorkQueue({ running, waiting, maxWaitMs }: { running: number; waiting: number; maxWaitMs: number }): WorkQueue {
  let active = 0;
  const line: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];

  const next = (): void => {
    const entry = line.shift();
    if (!entry) return;
    clearTimeout(entry.timer);
    // The slot passes straight to the waiting job: nobody arriving meanwhile can take it.
    active += 1;
    entry.start();
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active < running) active += 1;
      else {
        if (line.length >= waiting) throw new ImageBusyError(`${line.length} pictures are already waiting to be resized`);
        await new Promise<void>((resolve, reject) => {
          const entry = {
            start: resolve,
            timer: setTimeout(() => {
              line.splice(line.indexOf(entry), 1);
              reject(new ImageBusyError(`a picture waited more than ${maxWaitMs} ms to be resized`));
            }, maxWaitMs),
          };
          line.push(entry);
        });
      }
      try {
        return await job();
      } finally {
        active -= 1;
        next();
      }
    },
    stats: () => ({ running: active, waiting: line.length }),
  };
}
