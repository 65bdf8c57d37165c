// One IPC link between the primary and a worker (node:cluster), the same on both ends: one-way notes
// (purges) and asks that wait for a reply (metrics, rate-limit counts). Messages are JSON over the
// cluster's own channel; anything without our `edge` mark (prom-client's, Node's) is left alone.
/** What both ends look like: `process` in a worker, a cluster `Worker` in the primary. */
export interface IpcPort {
  send(message: unknown, callback: (error: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

type Message =
  | { edge: 'note'; kind: string; body: unknown }
  | { edge: 'ask'; kind: string; id: number; body: unknown }
  | { edge: 'reply'; id: number; ok: true; value: unknown }
  | { edge: 'reply'; id: number; ok: false; error: string };

export class ChannelError extends Error {
  readonly code = 'CLUSTER_IPC';
}

export interface Channel {
  /** Fire and forget; a note that cannot be sent (the other end is gone) is dropped. */
  note(kind: string, body: unknown): void;
  /** Rejects with a ChannelError when the other end does not answer within `timeoutMs`. */
  ask<T>(kind: string, body: unknown, timeoutMs: number): Promise<T>;
  onNote(kind: string, listener: (body: unknown) => void): void;
  /** The handler's value (or promise) is the reply; a throw is a failed reply. */
  onAsk(kind: string, handler: (body: unknown) => unknown): void;
  /** Stops listening; asks still waiting fail at once. */
  close(): void;
}

const isMessage = (m: unknown): m is Message =>
  typeof m === 'object' && m !== null && ((m as Message).edge === 'note' || (m as Message).edge === 'ask' || (m as Message).edge === 'reply');

export function createChannel(port: IpcPort): Channel {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  const noteListeners = new Map<string, Array<(body: unknown) => void>>();
  const askHandlers = new Map<string, (body: unknown) => unknown>();

  // A send on a closed channel reports through the callback (without one, Node emits 'error' on the
  // process, which would crash a worker whose primary just went away).
  const send = (message: Message, onError: (error: Error) => void = () => {}) => {
    try {
      port.send(message, (error) => {
        if (error) onError(error);
      });
    } catch (error) {
      onError(error as Error);
    }
  };

  const settle = (id: number, outcome: { value: unknown } | { error: Error }) => {
    const pending = waiting.get(id);
    if (!pending) return; // timed out already
    waiting.delete(id);
    clearTimeout(pending.timer);
    if ('error' in outcome) pending.reject(outcome.error);
    else pending.resolve(outcome.value);
  };

  const listener = (raw: unknown) => {
    if (!isMessage(raw)) return;
    if (raw.edge === 'note') {
      for (const l of noteListeners.get(raw.kind) ?? []) l(raw.body);
    } else if (raw.edge === 'reply') {
      settle(raw.id, raw.ok ? { value: raw.value } : { error: new ChannelError(raw.error) });
    } else {
      const handler = askHandlers.get(raw.kind);
      const id = raw.id;
      void (async () => {
        try {
          if (!handler) throw new Error(`nothing answers "${raw.kind}" here`);
          send({ edge: 'reply', id, ok: true, value: await handler(raw.body) });
        } catch (error) {
          send({ edge: 'reply', id, ok: false, error: (error as Error).message });
        }
      })();
    }
  };
  port.on('message', listener);

  return {
    note(kind, body) {
      send({ edge: 'note', kind, body });
    },
    ask<T>(kind: string, body: unknown, timeoutMs: number) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => settle(id, { error: new ChannelError(`no answer to "${kind}" within ${timeoutMs} ms`) }), timeoutMs);
        timer.unref();
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        send({ edge: 'ask', kind, id, body }, (error) => settle(id, { error: new ChannelError(`"${kind}" not sent: ${error.message}`) }));
      });
    },
    onNote(kind, l) {
      noteListeners.set(kind, [...(noteListeners.get(kind) ?? []), l]);
    },
    onAsk(kind, handler) {
      askHandlers.set(kind, handler);
    },
    close() {
      port.off('message', listener);
      for (const id of [...waiting.keys()]) settle(id, { error: new ChannelError('channel closed') });
    },
  };
}

