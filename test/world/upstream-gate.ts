// A content service that hangs when told to: an HTTP server in front of a service's request handler
// (the reference service's `cms.handler`) that passes requests through, or — while held — keeps them
// waiting until the test releases them. "The upstream was hung while the answer came" is then a fact
// the test arranged, not a latency a busy machine can outrun. Point an edge at it with
// `world.startEdge({ UPSTREAM_URL: gate.url })` (or a child edge's UPSTREAM_URL).
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { closeServer, listen } from './world.ts';

export interface UpstreamGate {
  url: string;
  /** From now on, requests that arrive wait at the gate until release(). */
  hold(): void;
  /** Lets every waiting request through (unless its caller has gone), and passes later ones straight on. */
  release(): void;
  /** Requests that reached the gate since it started, held or not (only those whose path contains `part`). */
  arrived(part?: string): number;
  /** Requests waiting at the gate now, their callers still there (only those whose path contains `part`). */
  waiting(part?: string): number;
  /** Resolves once `count` requests whose path contains `part` have reached the gate since it started. */
  whenArrived(count: number, part?: string): Promise<void>;
  close(): Promise<void>;
}

interface Held {
  path: string;
  req: IncomingMessage;
  res: ServerResponse;
}

export async function startGate(handler: RequestListener): Promise<UpstreamGate> {
  const paths: string[] = [];
  let holding = false;
  let held: Held[] = [];
  const watchers: Array<{ count: number; part: string; resolve: () => void }> = [];
  const matching = (list: readonly string[], part: string) => list.filter((p) => p.includes(part)).length;

  const server = createServer((req, res) => {
    const path = req.url ?? '';
    paths.push(path);
    for (const w of [...watchers]) {
      if (matching(paths, w.part) >= w.count) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve();
      }
    }
    if (holding) held.push({ path, req, res });
    else handler(req, res);
  });
  const url = await listen(server);

  function release(): void {
    holding = false;
    const waiting = held;
    held = [];
    // A caller that gave up (its time limit) closed the connection: nothing to answer.
    for (const { req, res } of waiting) if (!req.socket.destroyed) handler(req, res);
  }

  return {
    url,
    hold: () => void (holding = true),
    release,
    arrived: (part = '') => matching(paths, part),
    waiting: (part = '') =>
      matching(
        held.filter((h) => !h.req.socket.destroyed).map((h) => h.path),
        part,
      ),
    whenArrived: (count, part = '') =>
      matching(paths, part) >= count ? Promise.resolve() : new Promise<void>((resolve) => watchers.push({ count, part, resolve })),
    async close() {
      held = [];
      holding = false;
      await closeServer(server);
    },
  };
}
