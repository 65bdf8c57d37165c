// Rebuilding a database seeded with older content (content-version.ts): every table is dropped in
// one IMMEDIATE transaction, in place, so the file keeps its name and permissions and a second
// process starting at the same moment waits, then finds a current (or empty) database instead of
// dropping the first one's fresh content. Migrations and seeding then run as on a new file.
import type { Database } from 'better-sqlite3';

/** The content version a database holds: null when empty or never seeded; '1' for the first version. */
function storedVersion(db: Database): string | null {
  const hasMeta = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).get();
  if (!hasMeta) return null;
  const row = (key: string) => db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  if (!row('seededAt')) return null;
  return row('contentVersion')?.value ?? '1';
}

/** Drops everything when the database holds content of another version; returns that version (else null). */
export function resetIfOutdated(db: Database, version: string): string | null {
  const foreignKeys = db.pragma('foreign_keys', { simple: true });
  db.pragma('foreign_keys = OFF'); // dropping referenced tables in any order
  try {
    return db
      .transaction(() => {
        const found = storedVersion(db);
        if (found === null || found === version) return null;
        // Virtual tables first: dropping one drops its shadow tables with it.
        const tables = db
          .prepare(
            `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY sql LIKE 'CREATE VIRTUAL%' DESC`,
          )
          .all() as Array<{ name: string }>;
        for (const { name } of tables) {
          if (db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name)) db.exec(`DROP TABLE "${name}"`);
        }
        return found;
      })
      .immediate();
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}
