// Types of node-bundle.mjs for the TypeScript that imports it (bench/lib/door-child.ts).
import type { BuildOptions, Plugin } from 'esbuild';

export declare const nodeCommon: BuildOptions;
export declare const reactRouterProduction: Plugin;
export declare const browserOnly: Plugin;
