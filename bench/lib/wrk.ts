// One wrk run against a bench server child, with the child's CPU time read around it: requests per
// second, p50 and p99 latency, and server CPU µs per request. Non-2xx answers make the run fail.
// The front-door, door-compare and render benches all measure through this.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkRun {
  rps: number;
  /** Answers as wrk counts them: a 103 Early Hints is one of its own (a rendered page counts twice). */
  requests: number;
  cpuUs: number;
  p50: number;
  p99: number;
}

export interface WrkOptions {
  connections: number;
  durationS: number;
  /** A Lua script (e.g. postScript's). */
  script?: string;
  /** Extra `-H` headers, e.g. `Accept-Encoding: gzip`. */
  headers?: string[];
}

/** wrk's latency percentile line (`--latency`: "50%  1.23ms") in ms. */
function percentileMs(out: string, p: number): number {
  const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
  if (!m) throw new Error(`no ${p}% latency from wrk:\n${out}`);
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

export async function wrk(url: string, serverCpuUs: () => Promise<number>, options: WrkOptions): Promise<WrkRun> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationS}s`, '--latency'];
  for (const h of options.headers ?? []) args.push('-H', h);
  if (options.script) args.push('-s', options.script);
  const before = await serverCpuUs();
  const { stdout: out } = await run('wrk', [...args, url], { encoding: 'utf8' });
  const cpu = (await serverCpuUs()) - before;
  if (/Non-2xx/.test(out)) throw new Error(`non-2xx answers from ${url}:\n${out}`);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const total = /(\d+) requests in/.exec(out);
  if (!rps || !total) throw new Error(`no figure from wrk:\n${out}`);
  return {
    rps: Number(rps[1]),
    requests: Number(total[1]),
    cpuUs: cpu / Number(total[1]),
    p50: percentileMs(out, 50),
    p99: percentileMs(out, 99),
  };
}

/** A wrk script in `dir` that POSTs `body` as JSON (the cached API read of the benches). */
export function postScript(dir: string, body: unknown): string {
  const path = join(dir, 'post.lua');
  writeFileSync(path, `wrk.method = "POST"\nwrk.body = '${JSON.stringify(body)}'\nwrk.headers["Content-Type"] = "application/json"\n`);
  return path;
}
