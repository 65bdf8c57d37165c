// The decision records (docs/decisions/) keep one form, so a reader can tell when each was taken, whether
// it still holds, what replaced it, and what else was weighed: a title numbered like the file, `Date:`,
// `Status:`, and an Alternatives section with at least one entry. The index lists each with its status.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '../../docs/decisions');
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const STATUS = /^Status: (Accepted|Superseded by \[(\d{3})\]\(((\d{3})-[a-z0-9-]+\.md)\))$/m;

/** What is wrong with one record's text, given the file names of every record. */
function recordProblems(file: string, text: string, records: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const number = RECORD_FILE.exec(file)?.[1];
  if (!number) return [`${file}: not named by three digits, a dash and words`];
  if (!text.startsWith(`# ${number}. `)) problems.push(`${file}: the title is not "# ${number}. …"`);
  const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
  if (!date || Number.isNaN(Date.parse(date)) || new Date(date).toISOString().slice(0, 10) !== date) {
    problems.push(`${file}: no "Date: YYYY-MM-DD" line`);
  }
  const status = STATUS.exec(text);
  if (!status) problems.push(`${file}: no "Status: Accepted" or "Status: Superseded by [NNN](NNN-….md)" line`);
  else if (status[2] !== undefined) {
    if (status[2] !== status[4] || !records.has(status[3]!)) problems.push(`${file}: superseded by ${status[3]}, which is no record`);
    if (status[2] === number) problems.push(`${file}: superseded by itself`);
  }
  if (!/^## Alternatives weighed\n\n- \S/m.test(text)) problems.push(`${file}: no "## Alternatives weighed" section with an entry`);
  return problems;
}

const records = readdirSync(DIR).filter((file) => RECORD_FILE.test(file));

describe('decision records', () => {
  it('finds what a record lacks: a date, a status, alternatives, a successor that exists', () => {
    // Records made up for this test, named as records are.
    const made = (stem: string) => `${stem}.md`;
    const [one, two, gone] = [made('001-one'), made('002-two'), made('009-gone')];
    const known = new Set([one, two]);
    const good = '# 001. One\n\nDate: 2026-11-27\n\nStatus: Accepted\n\n## Context\n\nx\n\n## Alternatives weighed\n\n- Other: worse.\n';
    expect(recordProblems(one, good, known)).toEqual([]);
    expect(recordProblems(one, good.replace('Status: Accepted', `Status: Superseded by [002](${two})`), known)).toEqual([]);
    expect(recordProblems(one, good.replace('Date: 2026-11-27\n\n', '').replace('- Other: worse.\n', ''), known)).toEqual([
      `${one}: no "Date: YYYY-MM-DD" line`,
      `${one}: no "## Alternatives weighed" section with an entry`,
    ]);
    expect(recordProblems(one, good.replace('Status: Accepted', `Status: Superseded by [009](${gone})`), known)).toEqual([
      `${one}: superseded by ${gone}, which is no record`,
    ]);
    expect(recordProblems(one, good.replace('Status: Accepted', 'Status: in force'), known)).toHaveLength(1);
    expect(recordProblems(one, good.replace('Date: 2026-11-27', 'Date: 2026-13-40'), known)).toHaveLength(1);
    expect(recordProblems(made('one'), good, known)).toEqual([`${made('one')}: not named by three digits, a dash and words`]);
  });

  it('every record has its date, its status and the alternatives it weighed', () => {
    expect(records.length).toBeGreaterThan(40);
    const names = new Set(records);
    const problems = records.flatMap((file) => recordProblems(file, readFileSync(join(DIR, file), 'utf8'), names));
    expect(problems).toEqual([]);
  });

  it('the index lists every record once, with the status the record gives', () => {
    const index = readFileSync(join(DIR, 'README.md'), 'utf8');
    for (const file of records) {
      const status = STATUS.exec(readFileSync(join(DIR, file), 'utf8'))?.[1];
      const rows = index.split('\n').filter((line) => line.startsWith(`| ${file.slice(0, 3)} | [`) && line.includes(`](${file})`));
      expect(rows, file).toHaveLength(1);
      expect(rows[0], file).toMatch(new RegExp(`\\| ${status?.replace(/[[\]().]/g, '\\$&')} +\\|$`));
    }
  });
});
