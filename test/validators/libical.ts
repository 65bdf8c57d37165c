// iCalendar text judged by libical, the C library many calendar applications and servers are built
// on: ics-check.c, compiled against Debian's libical-dev, parses the text and runs libical's iTIP
// restriction check (RFC 5546: which properties each component of a PUBLISH must and must not have).
// CI installs gcc, pkg-config and libical-dev (.ci/run); without them the suites that use this fail and say so.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MissingProgram, program } from '../world/programs.ts';

const run = promisify(execFile);
const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'ics-check.c');

export interface Libical {
  /** Every problem libical finds in one iCalendar object, one a line; empty when it has none. */
  check(ics: string): Promise<string[]>;
  close(): Promise<void>;
}

function checkWith(binary: string, ics: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const problems = out.split('\n').filter(Boolean);
      if (status !== 0 && problems.length === 0) problems.push(`ics-check ended with status ${status} and said nothing`);
      resolve(problems);
    });
    child.stdin.end(ics);
  });
}

/** The checker, compiled for this run; MissingProgram when the compiler or libical-dev is not there. */
export async function startLibical(): Promise<Libical> {
  const pkgConfig = program('pkg-config');
  const dir = await mkdtemp(join(tmpdir(), 'ics-check-'));
  const binary = join(dir, 'ics-check');
  try {
    const { stdout: flags } = await run(pkgConfig, ['--cflags', '--libs', 'libical']);
    await run('cc', ['-o', binary, SOURCE, ...flags.trim().split(/\s+/).filter(Boolean)]);
  } catch {
    await rm(dir, { recursive: true, force: true });
    throw new MissingProgram('pkg-config');
  }
  return { check: (ics) => checkWith(binary, ics), close: () => rm(dir, { recursive: true, force: true }) };
}
