// Starts bench/lib/door-servers.ts in a child process of its own (one core; wrk has the other) and asks
// it for its CPU time. A child starts as `npm start` runs the edge (bench/lib/launch.ts) unless
// `asShipped` is false (Node's defaults), then adds the setting's own node flags and environment.
// The child runs bundled as the edge ships (scripts/node-bundle.mjs): run from source through tsx, every
// function expression the edge makes per request also goes through tsx's naming helper — a cost on
// every cached answer that the shipped bundle does not pay. `source: true` (or BENCH_SOURCE=1) runs the
// source, for a setting whose module hooks swap a source file. `checkout` builds another checkout's
// door-servers.ts (bench/door-compare.ts: two versions of the edge side by side).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { build } from 'esbuild';
import { browserOnly, nodeCommon, reactRouterProduction } from '../../scripts/node-bundle.mjs';
import { PRODUCTION_ROUTER_HOOK, shippedChild } from './launch.ts';
import type { DoorTargets } from './targets.ts';

export interface Setting {
  nodeArgs?: string[];
  env?: Record<string, string>;
  asShipped?: boolean;
  source?: boolean;
  /** The root of another checkout of the edge to run (bundled; its node_modules must resolve). */
  checkout?: string;
}

export interface DoorChild {
  child: ChildProcess;
  targets: DoorTargets;
  /** The child's CPU time so far (user + system), µs. */
  cpuUs(): Promise<number>;
}

const ROOT = new URL('../..', import.meta.url).pathname;
const SOURCE = join(ROOT, 'bench/lib/door-servers.ts');

const builds = new Map<string, Promise<string>>();

/**
 * The bundle of a checkout's door-servers.ts under its dist/ (beside the edge's bundle, so paths found
 * from it resolve alike), built once per run.
 */
function bundled(root: string, shipped: boolean): Promise<string> {
  const outfile = join(root, 'dist/bench', shipped ? 'door-servers.mjs' : 'door-servers-package-router.mjs');
  let built = builds.get(outfile);
  if (!built) {
    built = build({
      ...nodeCommon,
      entryPoints: [join(root, 'bench/lib/door-servers.ts')],
      outfile,
      plugins: shipped ? [reactRouterProduction, browserOnly] : [browserOnly],
    }).then(() => outfile);
    builds.set(outfile, built);
  }
  return built;
}

export async function startDoorServers(setting: Setting = {}): Promise<DoorChild> {
  const shipped = setting.asShipped !== false;
  const source = setting.source ?? process.env.BENCH_SOURCE === '1';
  const entry = source && !setting.checkout ? SOURCE : await bundled(setting.checkout ?? ROOT, shipped);
  const child = fork(entry, [], {
    execArgv: [
      ...(entry === SOURCE ? ['--import', 'tsx', ...(shipped ? ['--import', PRODUCTION_ROUTER_HOOK] : [])] : []),
      ...(shipped ? shippedChild.nodeArgs : []),
      ...(setting.nodeArgs ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // React's production build, as `npm start` runs it.
    env: { ...process.env, ...(shipped ? shippedChild.env : { BENCH_AS_SHIPPED: '0' }), NODE_ENV: 'production', ...setting.env },
  });
  const [targets] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('the bench servers did not start');
    }),
  ])) as [DoorTargets];
  const cpuUs = async (): Promise<number> => {
    child.send('cpu');
    const [m] = (await once(child, 'message')) as [{ cpuUs: number }];
    return m.cpuUs;
  };
  return { child, targets, cpuUs };
}
