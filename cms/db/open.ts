// Opens the service's database: creates the file, migrates it, and on first use seeds the demo
// content and writes its files. A later start finds both done and only opens the file. A database
// or files folder written by an older version of the content (content-version.ts) is rebuilt.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from 'pino';
import { CONTENT_VERSION } from './content-version.ts';
import type { DemoContent } from './demo/types.ts';
import { filesAreCurrent, markFilesWritten, removeOutdatedFiles } from './files-marker.ts';
import { migrate } from './migrations.ts';
import type { StoredRecord } from './questionnaire-records.ts';
import { resetIfOutdated } from './reset.ts';
import { isSeeded, seedContent, type SeedVisits } from './seed.ts';

export interface DemoSource {
  generate(): DemoContent | Promise<DemoContent>;
  writeFiles(dir: string, content: DemoContent): unknown;
  /** Questionnaire answers to store with the content (none when left out). */
  records?(content: DemoContent): readonly StoredRecord[];
  /** Visit counters to start from (the demo's history before the seeding day), none when left out. */
  visits?(now: number): SeedVisits;
}

interface OpenOptions {
  path: string;
  filesDir: string;
  now: () => number;
  logger: Logger;
  /** Loaded only when something is missing, so an ordinary start never runs the generator. */
  demo: () => Promise<DemoSource>;
}

function openFile(path: string): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 15000'); // a second process waits out a first start's seeding
  return db;
}

/** Gives the dropped content's pages back to the file system; another reader may hold them, then it waits for a later start. */
function compact(db: Database.Database, logger: Logger): void {
  try {
    db.exec('VACUUM');
  } catch (err) {
    logger.debug({ err }, 'cms database not compacted after the rebuild');
  }
}

export async function openCmsDatabase(options: OpenOptions): Promise<Database.Database> {
  const { path, filesDir, logger } = options;
  const db = openFile(path);
  try {
    const dropped = resetIfOutdated(db, CONTENT_VERSION);
    if (dropped !== null) {
      logger.warn({ db: path, was: dropped, now: CONTENT_VERSION }, 'cms database held older content: rebuilt');
      compact(db, logger);
    }
    const applied = migrate(db);
    if (applied.length > 0) logger.info({ db: path, migrations: applied }, 'cms database migrated');

    const needFiles = !filesAreCurrent(filesDir, CONTENT_VERSION);
    if (!isSeeded(db) || needFiles) {
      const started = Date.now();
      const demo = await options.demo();
      const content = await demo.generate();
      if (!isSeeded(db) && seedContent(db, content, options.now(), demo.records?.(content) ?? [], demo.visits?.(options.now()))) {
        logger.info({ db: path, ms: Date.now() - started }, 'cms database seeded with demo content');
      }
      if (needFiles) {
        const filesStarted = Date.now();
        if (removeOutdatedFiles(filesDir)) logger.warn({ filesDir }, 'cms files folder held older demo files: rewritten');
        mkdirSync(filesDir, { recursive: true });
        await demo.writeFiles(filesDir, content);
        markFilesWritten(filesDir, CONTENT_VERSION, options.now());
        logger.info({ filesDir, ms: Date.now() - filesStarted }, 'cms demo files written');
      }
    }
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
