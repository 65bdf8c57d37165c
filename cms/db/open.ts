// Opens the service's database: creates the file, migrates it, and on first use seeds the demo
// content and writes its files. A later start finds both done and only opens the file.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { QuestionnaireRecordInput } from '../../shared/wire.ts';
import type { DemoContent } from './demo/types.ts';
import { migrate } from './migrations.ts';
import { isSeeded, seedContent } from './seed.ts';

/** Written into the files folder once every demo file is there. */
export const FILES_MARKER = '.demo-files-complete';

export interface DemoSource {
  generate(): DemoContent | Promise<DemoContent>;
  writeFiles(dir: string, content: DemoContent): unknown;
  /** Questionnaire answers to store with the content (none when left out). */
  records?(content: DemoContent): ReadonlyArray<QuestionnaireRecordInput & { createTime: string }>;
}

export interface OpenOptions {
  path: string;
  filesDir: string;
  now: () => number;
  logger: Logger;
  /** Loaded only when something is missing, so an ordinary start never runs the generator. */
  demo: () => Promise<DemoSource>;
}

export async function openCmsDatabase(options: OpenOptions): Promise<Database.Database> {
  const { path, filesDir, logger } = options;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 15000'); // a second process waits out a first start's seeding
    const applied = migrate(db);
    if (applied.length > 0) logger.info({ db: path, migrations: applied }, 'cms database migrated');

    const needFiles = !existsSync(join(filesDir, FILES_MARKER));
    if (!isSeeded(db) || needFiles) {
      const started = Date.now();
      const demo = await options.demo();
      const content = await demo.generate();
      if (!isSeeded(db) && seedContent(db, content, options.now(), demo.records?.(content) ?? [])) {
        logger.info({ db: path, ms: Date.now() - started }, 'cms database seeded with demo content');
      }
      if (needFiles) {
        const filesStarted = Date.now();
        mkdirSync(filesDir, { recursive: true });
        await demo.writeFiles(filesDir, content);
        writeFileSync(join(filesDir, FILES_MARKER), new Date(options.now()).toISOString());
        logger.info({ filesDir, ms: Date.now() - filesStarted }, 'cms demo files written');
      }
    }
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
