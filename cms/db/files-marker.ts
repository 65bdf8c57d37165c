// The marker file of the demo files folder: written once every file is there, holding the content
// version (content-version.ts) the files belong to. A folder without it is incomplete; a folder
// whose marker names another version holds files of older content (other paths) and is replaced.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written into the files folder once every demo file is there. */
const FILES_MARKER = '.demo-files-complete';

/** The content version the folder's files were written for; null when incomplete (no marker). */
function filesVersion(dir: string): string | null {
  const marker = join(dir, FILES_MARKER);
  if (!existsSync(marker)) return null;
  // The first line is the version; markers of the first version held only a date.
  const first = readFileSync(marker, 'utf8').split('\n')[0]?.trim() ?? '';
  return /^\d{4}-\d{2}-\d{2}T/.test(first) ? '1' : first;
}

export function filesAreCurrent(dir: string, version: string): boolean {
  return filesVersion(dir) === version;
}

export function markFilesWritten(dir: string, version: string, now: number): void {
  writeFileSync(join(dir, FILES_MARKER), `${version}\n${new Date(now).toISOString()}\n`);
}

/**
 * Empties a folder whose marker names an older version (the marker shows the service wrote it, so
 * nothing of anyone else's is removed). Returns whether it did.
 */
export function removeOutdatedFiles(dir: string): boolean {
  const version = filesVersion(dir);
  if (version === null) return false;
  // The marker goes first: a crash halfway leaves an incomplete folder, never a "complete" old one.
  rmSync(join(dir, FILES_MARKER), { force: true });
  for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
  return true;
}
