/**
 * No file imports itself back, anywhere in apps/ and packages/ (issue 40): a cycle of files (values or types,
 * static or dynamic) makes the order of loading matter and hides which floor a file stands on. The module check
 * sees only cycles between API modules; this one sees every file, `context.ts` and the web's files included.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ParsedFile, parseTree } from './source-imports';

/** The source roots checked, relative to the repository, and what a package import (`@sala/<name>/…`) maps to. */
export const SOURCE_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/shared/src', 'packages/db/src'];
const PACKAGES: Record<string, string> = {
  '@sala/shared': 'packages/shared/src',
  '@sala/db': 'packages/db/src',
};
const EXTENSIONS = ['.ts', '.tsx'];

/** The file (repository-relative, with extension) a specifier names, or null for a package outside the tree. */
export function resolveImport(files: Set<string>, fromFile: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(fromFile), specifier);
  else
    for (const [name, dir] of Object.entries(PACKAGES))
      if (specifier.startsWith(`${name}/`)) base = `${dir}/${specifier.slice(name.length + 1)}`;
  if (base === null) return null;
  const bare = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  for (const candidate of [
    base,
    bare,
    ...EXTENSIONS.map((e) => bare + e),
    ...EXTENSIONS.map((e) => `${bare}/index${e}`),
  ])
    if (files.has(candidate)) return candidate;
  return null;
}

/** Every file's imports of other files of the tree. */
export function fileGraph(parsed: ParsedFile[]) {
  const files = new Set(parsed.map((file) => file.rel));
  const graph = new Map<string, Set<string>>();
  for (const { rel, imports } of parsed) {
    const targets = new Set<string>();
    for (const imp of imports) {
      const target = resolveImport(files, rel, imp.from);
      if (target && target !== rel) targets.add(target);
    }
    graph.set(rel, targets);
  }
  return graph;
}

/**
 * The strongly connected groups of files (Tarjan), each told as one cycle through it: `a → b → c → a`. A group
 * of several cycles is one line, its shortest cycle from its first file, and the files it holds.
 */
export function fileCycles(graph: Map<string, Set<string>>): string[] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) connect(node);
  return groups.map((group) => {
    const start = group[0]!;
    const inGroup = new Set(group);
    // Breadth-first from the first file back to itself, inside the group: the shortest cycle through it.
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | undefined;
    while (queue.length > 0 && !closing) {
      const node = queue.shift()!;
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (!inGroup.has(next)) continue;
        if (next === start) {
          closing = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const path = [start];
    for (let node = closing; node && node !== start; node = previous.get(node)) path.splice(1, 0, node);
    path.push(start);
    const more =
      group.length > path.length - 1 ? ` (and ${group.length - (path.length - 1)} more files)` : '';
    return `file cycle: ${path.join(' → ')}${more}`;
  });
}

/** The cycles of the repository at `root`. */
export function checkFileCycles(root: string, roots = SOURCE_ROOTS): string[] {
  const parsed = roots
    .filter((dir) => existsSync(path.join(root, dir)))
    .flatMap((dir) =>
      parseTree(path.join(root, dir), EXTENSIONS).map((file) => ({ ...file, rel: `${dir}/${file.rel}` })),
    );
  return fileCycles(fileGraph(parsed));
}
