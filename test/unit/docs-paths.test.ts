// Every repository path a document or a code comment names exists (test/validators/repo-paths.ts has the
// rule), so a moved file cannot leave its readers pointing at nothing.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedText, filesUnder, foldersOf, pathExists, pathMentions, scriptComments } from '../validators/repo-paths.ts';

const root = join(import.meta.dirname, '../..');
const folders = foldersOf(root);
/** Where the documents and the commented code live. */
const CHECKED = ['docs', 'server', 'client', 'shared', 'cms', 'scripts', 'bench', 'test', 'deploy'];

/** `line: path` of every path in `text`, named from `from`, that does not exist. */
function missingIn(from: string, text: string, markdown: boolean): string[] {
  return pathMentions(text, { markdown, folders })
    .filter((mention) => !pathExists(root, from, mention.path, folders))
    .map((mention) => `${mention.line}: ${mention.path}`);
}

describe('paths named in documents and comments', () => {
  it('recognises rooted, short and linked paths, and reports the ones that do not exist', () => {
    const sample = [
      'The proxy lives in server/proxy/calls.ts; it once lived in server/proxy/call.ts.',
      'Short forms resolve in a room: http/prepared.ts exists, proxy/gone.ts does not.',
      'Folders too: server/http/ exists, server/render/ does not.',
      'See [the operating guide](operating.md) and [a lost page](decisions/999-nothing.txt#why).',
      'Not paths of the tree: https://example.org/server/x.ts, /etc/nginx/conf.d/default.conf, conf.d/default.conf,',
      'scripts/*.{ts,mjs}, docs/**/*.md, dist/server/main.js, and a file outside the tree: ../../outside/x.ts.',
    ].join('\n');
    expect(missingIn('docs/architecture.md', sample, true)).toEqual([
      '1: server/proxy/call.ts',
      '2: proxy/gone.ts',
      '3: server/render/',
      '4: decisions/999-nothing.txt',
      '6: ../../outside/x.ts',
    ]);
    expect(pathMentions(sample, { markdown: true, folders }).map((m) => m.path)).toEqual([
      'server/proxy/calls.ts',
      'server/proxy/call.ts',
      'http/prepared.ts',
      'proxy/gone.ts',
      'server/http/',
      'server/render/',
      'decisions/999-nothing.txt',
      'operating.md',
      '../../outside/x.ts',
    ]);
  });

  it('reads code by its comments only: a path in a string is data, one in a comment is a claim', () => {
    const code = [
      "const fixture = 'server/nowhere/here.ts';",
      '// Explained in server/nowhere/there.ts.',
      'const pattern = /\\/\\/ not a comment/;',
      '/** Block: server/nowhere/block.ts */',
    ].join('\n');
    const comments = scriptComments('sample.ts', code);
    expect(missingIn('server/sample.ts', comments, false)).toEqual(['2: server/nowhere/there.ts', '4: server/nowhere/block.ts']);
  });

  it('every path named by README.md, docs/ and the comments of the code exists', () => {
    const missing: string[] = [];
    for (const file of ['README.md', ...CHECKED.flatMap((dir) => filesUnder(root, dir))]) {
      const checked = checkedText(root, file);
      if (checked) missing.push(...missingIn(file, checked.text, checked.markdown).map((where) => `${file}:${where}`));
    }
    expect(missing).toEqual([]);
  });
});
