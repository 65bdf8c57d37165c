// A real redis-server (Debian's package, /usr/bin/redis-server) on a free loopback port, without
// persistence; stop() kills it by its PID, start() brings it back on the same port. monitor() watches
// the commands it receives (MONITOR), so a test can see what its clients did instead of timing them.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Socket } from 'node:net';
import { freePort } from '../world/ports.ts';
import { program } from '../world/programs.ts';

export interface RunningRedis {
  port: number;
  url: string;
  /** A connection in MONITOR mode: every command the server runs from now on, as it prints them. */
  monitor(): Promise<RedisMonitor>;
  /** Kills the server (SIGKILL: no goodbye to the clients, like a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: no persistence). */
  start(): Promise<void>;
}

export interface MonitoredCommand {
  /** The client that sent it (`ip:port`): one per connection of an edge. */
  client: string;
  /** The command and its arguments, unquoted. */
  args: string[];
}

export interface RedisMonitor {
  readonly commands: readonly MonitoredCommand[];
  close(): void;
}

/** The arguments of a MONITOR line: `"EVAL" "…" "2" "edge:…"`, quoted with C escapes. */
function monitorArgs(text: string): string[] {
  const args: string[] = [];
  const quoted = /"((?:[^"\\]|\\.)*)"/g;
  for (let m = quoted.exec(text); m; m = quoted.exec(text)) {
    args.push(
      m[1]!.replace(/\\(x[0-9a-f]{2}|.)/g, (_, e: string) =>
        e.length === 3
          ? String.fromCharCode(Number.parseInt(e.slice(1), 16))
          : (({ n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' } as Record<string, string>)[e] ?? e),
      ),
    );
  }
  return args;
}

async function openMonitor(port: number): Promise<RedisMonitor> {
  const socket = new Socket();
  const commands: MonitoredCommand[] = [];
  let buffer = '';
  socket.setEncoding('latin1');
  socket.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const ok = new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (line === '+OK') resolve();
        else if (line.startsWith('-')) reject(new Error(`MONITOR refused: ${line}`));
        const m = /^\+[\d.]+ \[\d+ ([^\]]+)\] (.*)$/.exec(line);
        if (m) commands.push({ client: m[1]!, args: monitorArgs(m[2]!) });
      }
    });
  });
  socket.write('MONITOR\r\n');
  await ok;
  return { commands, close: () => socket.destroy() };
}

async function answersPing(port: number): Promise<boolean> {
  const socket = new Socket();
  try {
    socket.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [data] = (await once(socket, 'data')) as [Buffer];
    return data.toString().startsWith('+PONG');
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

export async function startRedis(extraArgs: string[] = []): Promise<RunningRedis> {
  const redisServer = program('redis-server');
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    child = spawn(
      redisServer,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory',
        '64mb',
        '--maxmemory-policy',
        'allkeys-lru',
        ...extraArgs,
      ],
      {
        stdio: 'ignore',
      },
    );
    // A wait, not a measure: redis-server answers within milliseconds; this only bounds a server that never does.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (await answersPing(port)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  }

  async function stop(): Promise<void> {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, monitor: () => openMonitor(port) };
}
