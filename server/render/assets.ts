// The browser bundle's files, from the build's manifest (public/build/manifest.json): the one
// stylesheet, the entry module and the chunks it imports. Without a build the pages still render
// (server-side HTML only) and a warning says why there is no script.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';

export interface Assets {
  css: string | null;
  entry: string | null;
  modulepreload: string[];
}

export const NO_ASSETS: Assets = { css: null, entry: null, modulepreload: [] };

export function readAssets(publicDir: string, logger: Logger): Assets {
  const file = join(publicDir, 'build', 'manifest.json');
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<Assets>;
    return {
      css: typeof manifest.css === 'string' ? manifest.css : null,
      entry: typeof manifest.entry === 'string' ? manifest.entry : null,
      modulepreload: Array.isArray(manifest.modulepreload) ? manifest.modulepreload.filter((f) => typeof f === 'string') : [],
    };
  } catch {
    logger.warn({ file }, 'no client build manifest: pages render without stylesheet and script (run npm run build)');
    return NO_ASSETS;
  }
}

/** `Link` header values for 103 Early Hints: the stylesheet and the entry start before any data. */
export function earlyHintLinks(assets: Assets): string[] {
  const links: string[] = [];
  if (assets.css) links.push(`<${assets.css}>; rel=preload; as=style`);
  if (assets.entry) links.push(`<${assets.entry}>; rel=modulepreload`);
  for (const chunk of assets.modulepreload) links.push(`<${chunk}>; rel=modulepreload`);
  return links;
}
