// Schema.org JSON-LD checked against the vocabulary as schema-dts types it: each node becomes a typed
// constant of a generated TypeScript file, and the TypeScript compiler reports whatever the vocabulary
// does not allow — a Museum (a Place) where an Organization or Person is expected, a property its type
// does not have, a value of the wrong kind. The file lives only in memory, beside this one, so
// `schema-dts` resolves from the project's node_modules.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface LabelledNode {
  /** Where the node came from (a page address), named in every error about it. */
  label: string;
  node: unknown;
}

const VIRTUAL_FILE = join(dirname(fileURLToPath(import.meta.url)), '__jsonld-under-check.ts');

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts'],
  types: [],
};

interface Declaration {
  label: string;
  /** The schema-dts type the value must have. */
  type: string;
  value: unknown;
}

/**
 * An action's `<property>-input` / `-output` annotations (schema.org's action syntax) are typed by
 * schema-dts only on `WithActionConstraints<…>`: each annotated action is checked on its own with
 * them, and inside its node without them.
 */
function splitActions(value: unknown, label: string, out: Declaration[]): unknown {
  if (Array.isArray(value)) return value.map((v) => splitActions(v, label, out));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, splitActions(v, label, out)] as const);
  const type = (value as { '@type'?: unknown })['@type'];
  const annotated = entries.filter(([k]) => /-(?:input|output)$/.test(k));
  if (typeof type !== 'string' || !/^[A-Za-z]+Action$/.test(type) || annotated.length === 0) return Object.fromEntries(entries);
  out.push({ label, type: `schema.WithActionConstraints<schema.${type}>`, value: Object.fromEntries(entries) });
  return Object.fromEntries(entries.filter(([k]) => !/-(?:input|output)$/.test(k)));
}

function declarationsOf(nodes: readonly LabelledNode[]): Declaration[] {
  const out: Declaration[] = [];
  for (const { label, node } of nodes) {
    const actions: Declaration[] = [];
    out.push({ label, type: 'schema.WithContext<schema.Thing>', value: splitActions(node, label, actions) }, ...actions);
  }
  return out;
}

/** The generated file, and the first line (0-based) of each declaration. */
function sourceOf(declarations: readonly Declaration[]): { text: string; starts: number[] } {
  let text = "import type * as schema from 'schema-dts';\n";
  let line = 1;
  const starts: number[] = [];
  declarations.forEach((d, i) => {
    const code = `export const value${i}: ${d.type} = ${JSON.stringify(d.value, null, 2)};\n`;
    starts.push(line);
    line += code.split('\n').length - 1;
    text += code;
  });
  return { text, starts };
}

/** Every schema.org type error in the nodes, as `<label>: <compiler message>`; empty when all conform. */
export function schemaOrgErrors(nodes: readonly LabelledNode[]): string[] {
  const declarations = declarationsOf(nodes);
  const { text, starts } = sourceOf(declarations);
  const host = ts.createCompilerHost(OPTIONS, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === VIRTUAL_FILE ? ts.createSourceFile(name, text, version, true) : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === VIRTUAL_FILE || fileExists(name);
  const program = ts.createProgram([VIRTUAL_FILE], OPTIONS, host);
  const file = program.getSourceFile(VIRTUAL_FILE)!;
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(file),
    ...program.getSemanticDiagnostics(file),
  ];
  return diagnostics.map((d) => {
    const line = d.file === file && d.start !== undefined ? file.getLineAndCharacterOfPosition(d.start).line : -1;
    const at = starts.findLastIndex((start) => start <= line);
    const where = at >= 0 ? declarations[at]!.label : (d.file?.fileName ?? 'compiler');
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
