/**
 * Source files as the TypeScript parser sees them: every import however it is written (`import`, `import type`,
 * `export … from`, `import()`, `require()`, `import('…')` types, with or without a `.js` extension), and the
 * API's module graph built from them. Shared by module-boundaries.ts and module-graph.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Import = {
  /** The specifier as written. */
  from: string;
  /** Resolved against the root for relative specifiers (no extension): `modules/users/users.repository`. */
  target: string | null;
  /** Imported binding → local name (`*` for a namespace, `default` for a default import). */
  bindings: { imported: string; local: string }[];
  typeOnly: boolean;
  kind: 'import' | 'export-from' | 'dynamic' | 'require';
  node: ts.Node;
};

export type ParsedFile = { rel: string; source: ts.SourceFile; imports: Import[] };

export function walk(dir: string, extensions: string[]): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...walk(full, extensions));
    else if (extensions.some((ext) => full.endsWith(ext)) && !/\.test\.tsx?$/.test(full)) files.push(full);
  }
  return files.sort();
}

export const withoutExtension = (specifier: string) =>
  specifier.replace(/\.(?:[cm]?js|[cm]?ts|tsx|jsx)$/, '');

/** The call's string argument when it is `import('…')` or `require('…')`. */
export function importCallSpecifier(
  node: ts.Node,
): { specifier: string; kind: 'dynamic' | 'require' } | null {
  if (!ts.isCallExpression(node) || node.arguments.length === 0) return null;
  const first = node.arguments[0]!;
  if (!ts.isStringLiteralLike(first)) return null;
  if (node.expression.kind === ts.SyntaxKind.ImportKeyword) return { specifier: first.text, kind: 'dynamic' };
  if (ts.isIdentifier(node.expression) && node.expression.text === 'require')
    return { specifier: first.text, kind: 'require' };
  return null;
}

export function parseSource(rel: string, text: string): ParsedFile {
  const source = ts.createSourceFile(
    rel,
    text,
    ts.ScriptTarget.Latest,
    true,
    rel.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const resolve = (specifier: string) => {
    if (!specifier.startsWith('.')) return null;
    const joined = path.posix.normalize(
      path.posix.join(path.posix.dirname(rel), withoutExtension(specifier)),
    );
    return joined.startsWith('..') ? null : joined;
  };
  const imports: Import[] = [];
  const add = (from: string, node: ts.Node, rest: Omit<Import, 'from' | 'target' | 'node'>) =>
    imports.push({ from, target: resolve(from), node, ...rest });

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings: Import['bindings'] = [];
      let allTypes = Boolean(clause?.isTypeOnly);
      if (clause?.name) bindings.push({ imported: 'default', local: clause.name.text });
      const named = clause?.namedBindings;
      if (named && ts.isNamespaceImport(named)) bindings.push({ imported: '*', local: named.name.text });
      if (named && ts.isNamedImports(named)) {
        const values = named.elements.filter((e) => !e.isTypeOnly);
        if (!clause?.name && named.elements.length > 0 && values.length === 0) allTypes = true;
        for (const e of allTypes ? named.elements : values)
          bindings.push({ imported: (e.propertyName ?? e.name).text, local: e.name.text });
      }
      add(node.moduleSpecifier.text, node, { bindings, typeOnly: allTypes, kind: 'import' });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression))
        add(expression.text, node, {
          bindings: [{ imported: '*', local: node.name.text }],
          typeOnly: node.isTypeOnly,
          kind: 'require',
        });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const bindings: Import['bindings'] = [];
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const e of node.exportClause.elements)
          if (!e.isTypeOnly) bindings.push({ imported: (e.propertyName ?? e.name).text, local: e.name.text });
      } else bindings.push({ imported: '*', local: '*' });
      add(node.moduleSpecifier.text, node, { bindings, typeOnly: node.isTypeOnly, kind: 'export-from' });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, node, { bindings: [], typeOnly: true, kind: 'import' });
    } else {
      const call = importCallSpecifier(node);
      if (call)
        add(call.specifier, node, {
          bindings: [{ imported: '*', local: '*' }],
          typeOnly: false,
          kind: call.kind,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { rel, source, imports };
}

export function parseFile(root: string, file: string): ParsedFile {
  return parseSource(path.relative(root, file).split(path.sep).join('/'), readFileSync(file, 'utf8'));
}

export const parseTree = (root: string, extensions = ['.ts']) =>
  walk(root, extensions).map((file) => parseFile(root, file));

/** `modules/<name>/…` → name (hyphens allowed: `cash-summary`). */
export const moduleOf = (rel: string | null) => (rel ? /^modules\/([\w-]+)\//.exec(rel)?.[1] : undefined);

/** The API's modules and which others each one imports (values or types, static or dynamic). */
export function moduleGraph(apiSrc: string, files = parseTree(apiSrc)) {
  const graph = new Map<string, Set<string>>();
  for (const { rel, imports } of files) {
    const from = moduleOf(rel);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const imp of imports) {
      const to = moduleOf(imp.target);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/**
 * Every elementary cycle once, starting from its alphabetically first module and closed (`[a, b, a]`); a search
 * from each module only walks modules that sort after it, so no cycle is found twice. `limit` keeps a tangled
 * graph from taking long (a tangle that large is reported as far as the limit).
 */
export function findCycles(graph: Map<string, Set<string>>, limit = 100): string[][] {
  const cycles: string[][] = [];
  for (const start of [...graph.keys()].sort()) {
    const visit = (node: string, trail: string[]) => {
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (cycles.length >= limit) return;
        if (next === start) cycles.push([...trail, start]);
        else if (next > start && !trail.includes(next)) visit(next, [...trail, next]);
      }
    };
    visit(start, [start]);
  }
  return cycles;
}
