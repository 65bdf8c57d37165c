// How `npm start` launches the edge (the package.json start script's last command: `NAME=value … node
// --flag … dist/server/main.js`), so the soak runs the edge exactly as shipped and a test can hold the
// Dockerfile to the same settings.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface Launch {
  env: Record<string, string>;
  nodeArgs: string[];
  entry: string;
}

export function parseStartScript(script: string): Launch {
  const words = script.split('&&').at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[i]!); i += 1) {
    const [name, ...value] = words[i]!.split('=');
    env[name!] = value.join('=');
  }
  if (words[i] !== 'node') throw new Error(`the start script does not run node: ${script}`);
  const nodeArgs = words.slice(i + 1).filter((w) => w.startsWith('--'));
  const entry = words.slice(i + 1).find((w) => !w.startsWith('--'));
  if (!entry) throw new Error(`the start script names no entry: ${script}`);
  return { env, nodeArgs, entry };
}

/** The launch of this checkout's `npm start`. */
export function startLaunch(root: string): Launch {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return parseStartScript(pkg.scripts.start!);
}

/**
 * How a bench's server child is started: as `npm start` runs the edge (its node flags and environment),
 * unless BENCH_AS_SHIPPED=0 (Node's defaults: to see what those settings cost).
 */
export const shippedChild: Launch =
  process.env.BENCH_AS_SHIPPED === '0' ? { env: {}, nodeArgs: [], entry: '' } : startLaunch(new URL('../..', import.meta.url).pathname);

/**
 * Module hooks that give a child run from source react-router's production build, which the server
 * bundle carries (a bundled child has it already).
 */
export const PRODUCTION_ROUTER_HOOK = new URL('./react-router-production.mjs', import.meta.url).pathname;

/** A loopback port free the moment it is asked for, for a child told its PORT (which must name one). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}
