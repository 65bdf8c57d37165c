// Starts bench/lib/fixed-server.mjs as a child process answering `body`; resolves with its base URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';

export interface FixedServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function spawnFixedServer(body: Buffer | string): Promise<FixedServer> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'body.json');
  writeFileSync(file, body);
  const child = spawn(process.execPath, [new URL('./fixed-server.mjs', import.meta.url).pathname, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  const port = Number(chunk.toString().trim());
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
