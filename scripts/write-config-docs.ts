// npm run docs:config — writes the two files generated from the config tables (CONFIG_TABLE in
// server/config.ts, CMS_CONFIG_TABLE in cms/config.ts): .env.example and docs/configuration.md.
// test/unit/edge-config.test.ts fails while either differs from the tables, so run this after changing a
// variable's default or meaning.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formattedConfigurationDoc, renderEnvExample } from './config-docs.ts';

const root = join(import.meta.dirname, '..');
const files: ReadonlyArray<[string, string]> = [
  ['.env.example', renderEnvExample()],
  ['docs/configuration.md', await formattedConfigurationDoc()],
];
for (const [path, text] of files) {
  const target = join(root, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${path}`);
}
