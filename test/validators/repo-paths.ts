// The repository paths that prose and comments name, and the ones among them that do not exist. A path is
// recognised when it has a slash and a file extension of the tree and starts with a top-level folder
// (`server/proxy/api-proxy.ts`), with `./` or `../`, or with the name of any folder of the tree
// (`proxy/api-proxy.ts`, `decisions/005-front-door.md`); when it starts with a top-level folder and ends in
// a slash (`server/http/`); or when it is the target of a Markdown link. Other slashed names (a container's
// `conf.d/default.conf`, a package's files) are not the repository's. A rooted path resolves from the root; a
// short one from the folder of the text that names it or any folder above it, then from each room of the
// code (`server/`, `cms/`, …), so a comment may name a file the way its readers know it. Generated folders
// (`dist/`, `data/`, …) are not checked; a path that leaves the repository never resolves.
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The folders short paths are resolved in, besides the folder of the text. */
const ROOMS = ['server', 'client', 'shared', 'cms', 'scripts', 'bench', 'test', 'docs'];
/** Folders made by builds and runs (.gitignore): named by docs, never in the repository. */
const GENERATED = ['dist/', 'data/', 'node_modules/', 'test-results/', 'public/build/', 'coverage/'];
const EXTENSIONS = 'ts|tsx|mts|mjs|cjs|js|md|css|json|yml|yaml|sql|html|conf|c|txt';

/** A path with a slash and an extension, or a rooted folder with its closing slash; not part of a longer word or URL. */
const PATH_TOKEN = new RegExp(
  String.raw`(?<![\w@.:/*{$<-])((?:\.{1,2}/)*[\w.@-]+(?:/[\w.@-]+)*(?:/[\w.@-]*\.(?:${EXTENSIONS})|/))(?![\w/*{(-])`,
  'g',
);
/** `[text](target)`: the target up to a space, a `#` or the closing parenthesis. */
const MARKDOWN_LINK = /\]\(([^)\s#]+)[^)]*\)/g;
const URL_LIKE = /\b[a-z][\w+.-]*:\/\/\S*/gi;

export interface PathMention {
  readonly path: string;
  readonly line: number;
}

/** The folders of a tree by name: its top-level ones, and every one at any depth. */
export interface Folders {
  readonly top: readonly string[];
  readonly anywhere: ReadonlySet<string>;
}

const isRooted = (path: string, folders: Folders): boolean => folders.top.some((top) => path.startsWith(`${top}/`));

/** Whether a slashed name is one of the tree's: rooted, relative, or starting with a folder the tree has. */
function namesTheTree(path: string, folders: Folders): boolean {
  if (isRooted(path, folders)) return true;
  if (path.endsWith('/')) return false;
  return path.startsWith('./') || path.startsWith('../') || folders.anywhere.has(path.slice(0, path.indexOf('/')));
}

/** Every path a text names (see the rules at the top), with its line; `markdown` adds the targets of links. */
export function pathMentions(text: string, options: { markdown: boolean; folders: Folders }): PathMention[] {
  const mentions: PathMention[] = [];
  const lines = text.replace(URL_LIKE, (url) => ' '.repeat(url.length)).split('\n');
  lines.forEach((line, i) => {
    for (const match of line.matchAll(PATH_TOKEN)) {
      if (namesTheTree(match[1]!, options.folders)) mentions.push({ path: match[1]!, line: i + 1 });
    }
    if (!options.markdown) return;
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const target = match[1]!;
      const path = decodeURIComponent(target);
      if (/^[a-z][\w+.-]*:/i.test(path) || path.startsWith('/')) continue;
      if (!mentions.some((m) => m.line === i + 1 && m.path === path)) mentions.push({ path, line: i + 1 });
    }
  });
  return mentions.filter((m) => !GENERATED.some((generated) => m.path.startsWith(generated)));
}

/** Whether `path`, named in the file `from` (relative to `root`), names a file or folder of the repository. */
export function pathExists(root: string, from: string, path: string, folders: Folders): boolean {
  const bases = isRooted(path, folders) ? [root] : [...foldersAbove(root, from), ...ROOMS.map((room) => join(root, room))];
  return bases.some((base) => {
    const target = resolve(base, path);
    return (target === root || target.startsWith(root + sep)) && existsSync(target);
  });
}

/** The folder of `file` and every folder above it, up to `root`. */
function foldersAbove(root: string, file: string): string[] {
  const folders: string[] = [];
  for (let dir = dirname(join(root, file)); dir.startsWith(root); dir = dirname(dir)) {
    folders.push(dir);
    if (dir === root) break;
  }
  return folders;
}

/** The comments of a TypeScript or JavaScript source, each at its place (everything else blanked), so lines keep their numbers. */
export function scriptComments(fileName: string, text: string): string {
  const kind = /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const kept = text.replace(/[^\n]/g, ' ').split('');
  const seen = new Set<number>();
  const visit = (node: ts.Node): void => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      for (let i = range.pos; i < range.end; i++) kept[i] = text[i]!;
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return kept.join('');
}

/** The comments of a YAML, shell, nginx or Docker file (`#` at a line's start or after a space), in place. */
export function hashComments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const at = line.search(/(?:^|\s)#/);
      return at < 0 ? '' : ' '.repeat(at) + line.slice(at);
    })
    .join('\n');
}

/** The comments of a stylesheet, in place. */
export function cssComments(text: string): string {
  let kept = text.replace(/[^\n]/g, ' ');
  for (const match of text.matchAll(/\/\*[\s\S]*?\*\//g)) {
    kept = kept.slice(0, match.index) + match[0] + kept.slice(match.index + match[0].length);
  }
  return kept;
}

/** Every entry under `dir` (relative to `root`, `/`-separated), generated folders and dot names left out. */
function entriesUnder(root: string, dir: string): Array<{ path: string; folder: boolean }> {
  if (!existsSync(join(root, dir))) return [];
  return (readdirSync(join(root, dir), { recursive: true, withFileTypes: true }) as Dirent[])
    .map((entry) => ({ path: relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'), folder: entry.isDirectory() }))
    .filter(
      ({ path }) =>
        !GENERATED.some((generated) => `${path}/`.startsWith(generated)) && !path.split('/').some((part) => part.startsWith('.')),
    );
}

/** Every file under `dir` (relative to `root`). */
export function filesUnder(root: string, dir: string): string[] {
  return entriesUnder(root, dir)
    .filter((entry) => !entry.folder)
    .map((entry) => entry.path);
}

/** The folders of the tree at `root` (see Folders). */
export function foldersOf(root: string): Folders {
  const folders = entriesUnder(root, '.').filter((entry) => entry.folder);
  return {
    top: folders.filter((f) => !f.path.includes('/')).map((f) => f.path),
    anywhere: new Set(folders.map((f) => f.path.slice(f.path.lastIndexOf('/') + 1))),
  };
}

/** The text of a file that names paths: a document whole, code by its comments; null for anything else. */
export function checkedText(root: string, file: string): { text: string; markdown: boolean } | null {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.md')) return { text, markdown: true };
  if (/\.(?:tsx?|[cm]?js)$/.test(file)) return { text: scriptComments(file, text), markdown: false };
  if (/\.css$/.test(file)) return { text: cssComments(text), markdown: false };
  if (/\.(?:ya?ml|conf)$|(?:^|\/)Dockerfile$/.test(file)) return { text: hashComments(text), markdown: false };
  return null;
}
