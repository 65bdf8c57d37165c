// The programs outside npm that tests start (the README's "Test" section lists them; .ci/run installs
// them). A test that needs one that is missing fails with a sentence naming the program and the Debian
// package that has it, instead of an ENOENT from deep inside a harness.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

interface Program {
  /** Where to look first (an override variable's value, Debian's path). */
  paths: readonly (string | undefined)[];
  /** The Debian packages that bring it. */
  apt: string;
  /** Which tests need it. */
  usedBy: string;
}

const PROGRAMS = {
  'redis-server': {
    paths: [process.env.REDIS_SERVER, '/usr/bin/redis-server'],
    apt: 'redis-server',
    usedBy: 'the shared Redis tier tests',
  },
  nginx: { paths: ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'], apt: 'nginx', usedBy: 'the shipped balancer test' },
  chromium: { paths: [process.env.CHROME_PATH, '/usr/bin/chromium'], apt: 'chromium fonts-noto-cjk', usedBy: 'the browser suite' },
  python3: { paths: [], apt: 'python3', usedBy: "the early hints test (Python's own HTTP clients)" },
  'pkg-config': { paths: [], apt: 'gcc pkg-config libical-dev', usedBy: 'the libical check of the .ics files' },
} as const satisfies Record<string, Program>;

export type ProgramName = keyof typeof PROGRAMS;

export class MissingProgram extends Error {
  constructor(name: ProgramName) {
    const p: Program = PROGRAMS[name];
    super(`${name} is not installed, and ${p.usedBy} start it: apt-get install -y ${p.apt} (see the README, "Test")`);
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of `name`: its override variable, its usual path, or the first on PATH; MissingProgram if none. */
export function program(name: ProgramName): string {
  const paths: readonly (string | undefined)[] = PROGRAMS[name].paths;
  const own = paths.filter((p): p is string => Boolean(p));
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name));
  const found = [...own, ...onPath].find(executable);
  if (!found) throw new MissingProgram(name);
  return found;
}
