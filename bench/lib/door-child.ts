// Starts bench/lib/door-servers.ts in a child process of its own (one core; wrk has the other) and asks
// it for its CPU time. A child starts as `npm start` runs the edge (bench/lib/launch.ts) unless
// `asShipped` is false (Node's defaults), then adds the setting's own node flags and environment.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { shippedChild } from './launch.ts';
import type { DoorTargets } from './targets.ts';

export interface Setting {
  nodeArgs?: string[];
  env?: Record<string, string>;
  asShipped?: boolean;
}

export interface DoorChild {
  child: ChildProcess;
  targets: DoorTargets;
  /** The child's CPU time so far (user + system), µs. */
  cpuUs(): Promise<number>;
}

export async function startDoorServers(setting: Setting = {}): Promise<DoorChild> {
  const shipped = setting.asShipped !== false;
  const child = fork(new URL('./door-servers.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', ...(shipped ? shippedChild.nodeArgs : []), ...(setting.nodeArgs ?? [])],
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
