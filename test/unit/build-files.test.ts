// The build files the front door holds in memory (server/build-files.ts): whatever names requests
// carry — unknown extensions, missing scripts, folders, names added after the start — what it remembers
// is bounded by the build's own files, and the files themselves are still sent.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBuildFiles } from '../../server/build-files.ts';
import { securityHeaderList } from '../../server/http/security.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'edge-build-'));
mkdirSync(join(publicDir, 'build'));
writeFileSync(join(publicDir, 'build', 'entry-3F2A9C.js'), 'console.log(1)');
writeFileSync(join(publicDir, 'build', 'site-9B1C.css'), 'body{margin:0}');
writeFileSync(join(publicDir, 'build', 'LICENSE.txt'), 'MIT');
mkdirSync(join(publicDir, 'build', 'nested.js'));
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

describe('build files', () => {
  const files = createBuildFiles(publicDir, securityHeaderList());

  it('sends the listed files with their type, and remembers nothing for any other name', async () => {
    const script = await files.find('/build/entry-3F2A9C.js');
    expect(script?.identity.toString()).toBe('console.log(1)');
    expect(script?.head).toContain('text/javascript; charset=utf-8');
    expect((await files.find('/build/site-9B1C.css'))?.head).toContain('text/css; charset=utf-8');
    const names = [
      ...Array.from({ length: 3000 }, (_, i) => `/build/probe-${i}.unknown${i % 7}`),
      ...Array.from({ length: 3000 }, (_, i) => `/build/chunk-${i}.js`),
      '/build/LICENSE.txt',
      '/build/nested.js',
      '/build/../package.json',
      '/build/',
    ];
    for (const name of names) expect(await files.find(name), name).toBeNull();
    expect(files.kept()).toBe(2);
  });

  it('does not take up a file written after the listing (Express serves it from the folder)', () => {
    writeFileSync(join(publicDir, 'build', 'late-77AA.js'), 'late()');
    expect(files.find('/build/late-77AA.js')).toBeNull();
    expect(files.kept()).toBe(2);
  });
});
