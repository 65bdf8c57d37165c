// npm run docs:config — writes the two files generated from the config table (CONFIG_TABLE in
// server/config.ts): .env.example and docs/configuration.md. test/unit/edge-config.test.ts fails while
// either differs from the table, so run this after changing a variable's default or meaning.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { renderConfigurationDoc, renderEnvExample } from '../server/config.ts';

const root = join(import.meta.dirname, '..');
const files: ReadonlyArray<[string, string]> = [
  ['.env.example', renderEnvExample()],
  ['docs/configuration.md', renderConfigurationDoc()],
];
for (const [path, text] of files) {
  const target = join(root, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${path}`);
}
