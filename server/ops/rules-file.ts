// CACHE_RULES_FILE, re-read while the edge runs. The file is polled (fs.watchFile, once a second): an
// editor that saves by writing a new file and renaming it, a ConfigMap update (a symlink swap) and a
// plain write are all seen, which fs.watch does not promise. A changed file takes effect within about
// 2 s; the cache is kept. A file that cannot be read or holds a bad rule is logged and ignored whole:
// the rules in force stay until a good version appears.
import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import type { Logger } from 'pino';
import { parseCacheRulesJson } from '../config.ts';
import type { LiveRules } from '../upstream/policy.ts';

export interface RulesFileWatcher {
  readonly path: string;
  /** Reads the file now (what the poll does on a change); true when its rules were taken. */
  reload(): boolean;
  /** The last problem with the file (null when the rules in force are the file's). */
  readonly problem: string | null;
  readonly loadedAt: number | null;
  close(): void;
}

export const RULES_FILE_POLL_MS = 1000;

export function watchRulesFile(path: string, rules: LiveRules, options: { logger: Logger; now: () => number; intervalMs?: number }): RulesFileWatcher {
  const { logger, now } = options;
  let lastText: string | null = null;
  let problem: string | null = null;
  let loadedAt: number | null = null;

  function reload(): boolean {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      problem = `cannot read ${path}: ${(err as Error).message}`;
      logger.warn({ file: path, err: (err as Error).message }, `CACHE_RULES_FILE ignored (the rules in force stay): ${problem}`);
      return false;
    }
    if (text === lastText) return problem === null;
    lastText = text;
    try {
      const next = parseCacheRulesJson(text);
      rules.setFile(next);
      problem = null;
      loadedAt = now();
      logger.info({ file: path, rules: next }, 'CACHE_RULES_FILE re-read: new lifetimes in force');
      return true;
    } catch (err) {
      problem = `${path} ${(err as Error).message}`;
      logger.warn({ file: path, err: (err as Error).message }, `CACHE_RULES_FILE ignored (the rules in force stay): ${problem}`);
      return false;
    }
  }

  // The start-up read (config.ts) already checked the file; remember its text so the first poll is quiet.
  try {
    lastText = readFileSync(path, 'utf8');
    loadedAt = now();
  } catch {
    lastText = null;
  }

  const listener = (curr: Stats, prev: Stats) => {
    if (curr.mtimeMs === prev.mtimeMs && curr.size === prev.size && curr.ino === prev.ino) return;
    if (curr.nlink === 0 && curr.mtimeMs === 0) {
      problem = `${path} is gone`;
      logger.warn({ file: path }, `CACHE_RULES_FILE ignored (the rules in force stay): ${problem}`);
      return;
    }
    reload();
  };
  watchFile(path, { interval: options.intervalMs ?? RULES_FILE_POLL_MS, persistent: false }, listener);

  return {
    path,
    reload,
    get problem() {
      return problem;
    },
    get loadedAt() {
      return loadedAt;
    },
    close() {
      unwatchFile(path, listener);
    },
  };
}
