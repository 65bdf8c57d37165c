// A GET made inside the process, for the background re-render of a stored page: Node's own
// IncomingMessage and ServerResponse over a socket that takes whatever is written and drops it (the
// page cache copies the page from the response as it is written, page-cache/capture.ts).
//
// Not light-my-request, which this replaced: Express re-parents every response to app.response, so the
// mock's own write and end were gone, Node's fell back to buffering for a socket that never drained, and
// a page past the 16 KiB high-water mark waited for a 'drain' that never came. Every page of the demo
// content is 40–72 KB: no background re-render of one ever finished, and past PAGE_CACHE_SWR_S each
// visitor waited a second for it and got the old page, until PAGE_CACHE_STALE_IF_ERROR_S ran out.
import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

export interface InProcessGet {
  /** The request target (path and query). */
  url: string;
  headers: Record<string, string>;
}

/**
 * A socket that takes every write at once and reads nothing, with a loopback peer's address. It never
 * asks a writer to wait: on a real connection the HTTP server relays the socket's 'drain' to the
 * response, and there is no server here to do it.
 */
function sinkSocket(): Socket {
  const socket = new Duplex({
    writableHighWaterMark: Number.MAX_SAFE_INTEGER,
    read() {},
    write(_chunk, _encoding, done) {
      done();
    },
  });
  Object.defineProperties(socket, {
    remoteAddress: { value: '127.0.0.1' },
    remotePort: { value: 0 },
    remoteFamily: { value: 'IPv4' },
    encrypted: { value: false },
  });
  return socket as unknown as Socket;
}

/** Runs `handler` on one GET; settles once its answer has finished, or was cut off before that. */
export function getInProcess(handler: RequestListener, { url, headers }: InProcessGet): Promise<void> {
  const socket = sinkSocket();
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = url;
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.headers = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  req.rawHeaders = Object.entries(headers).flat();
  req.push(null); // no body
  req.complete = true;
  const res = new ServerResponse(req);
  res.assignSocket(socket);
  return new Promise<void>((resolve) => {
    // As on a real connection: 'close' follows 'finish' (the socket closes), or comes alone when the
    // answer was cut off; the response's own listeners (the render's abort, the capture) see both.
    res.once('close', () => resolve());
    res.once('finish', () => socket.destroy());
    handler(req, res);
  });
}
