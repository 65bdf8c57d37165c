// Two ends of one IPC link in one process, like `process` in a worker and its `Worker` in the primary:
// each message is copied through JSON and arrives on the next turn, as it does between processes.
import { EventEmitter } from 'node:events';
import type { IpcPort } from '../../server/sharing/cluster.ts';

export function ipcPair(): { worker: IpcPort; primary: IpcPort } {
  const sides = [new EventEmitter(), new EventEmitter()] as const;
  const end = (self: EventEmitter, other: EventEmitter): IpcPort => ({
    send(message, callback) {
      const copy: unknown = JSON.parse(JSON.stringify(message));
      setImmediate(() => {
        other.emit('message', copy);
        callback(null);
      });
      return true;
    },
    on: (event, listener) => self.on(event, listener),
    off: (event, listener) => self.off(event, listener),
  });
  return { worker: end(sides[0], sides[1]), primary: end(sides[1], sides[0]) };
}
