// A real redis-server (Debian's package, /usr/bin/redis-server) on a free loopback port, without
// persistence; stop() kills it by its PID, start() brings it back on the same port.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Socket } from 'node:net';
import { freePort } from '../world/ports.ts';

export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

export interface RunningRedis {
  port: number;
  url: string;
  /** Kills the server (SIGKILL: no goodbye to the clients, like a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: no persistence). */
  start(): Promise<void>;
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
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru', ...extraArgs], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 5_000;
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
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
}
