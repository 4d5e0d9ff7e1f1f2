/**
 * The picture of the API's modules and their one-way arrows (who imports whom), generated from the code as a
 * Mermaid `graph LR` block. docs/architecture.md carries it between the markers below; `npm run lint` (through
 * module-boundaries.ts) fails when the committed picture differs from the code, so it cannot drift.
 *
 * Run: `tsx apps/api/scripts/module-graph.ts` prints the block; `--write` rewrites it in docs/architecture.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleGraph } from './source-imports';

export const GRAPH_START = '<!-- module-graph:start -->';
export const GRAPH_END = '<!-- module-graph:end -->';

export const DOCS_FILE = fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url));
const API_SRC = fileURLToPath(new URL('../src', import.meta.url));

/** The graph as Mermaid: every module once as a node, then every arrow, both sorted. */
export function moduleGraphMermaid(graph: Map<string, Set<string>>): string {
  const id = (name: string) => name.replace(/-/g, '_');
  const modules = [...graph.keys()].sort();
  const lines = ['```mermaid', 'graph LR'];
  for (const name of modules) lines.push(`  ${id(name)}[${name}]`);
  for (const from of modules)
    for (const to of [...graph.get(from)!].sort()) lines.push(`  ${id(from)} --> ${id(to)}`);
  lines.push('```');
  return lines.join('\n');
}

/** The block between the markers and the document with it replaced, or null when a marker is missing. */
export function graphSection(docs: string, block: string) {
  const start = docs.indexOf(GRAPH_START);
  const end = docs.indexOf(GRAPH_END);
  if (start < 0 || end < start) return null;
  return {
    current: docs.slice(start + GRAPH_START.length, end).trim(),
    replaced: `${docs.slice(0, start)}${GRAPH_START}\n${block}\n${docs.slice(end)}`,
  };
}

/** What is wrong with the committed picture (empty when it matches the code). */
export function checkModuleGraphDoc(docs: string, block: string): string[] {
  const section = graphSection(docs, block);
  if (!section)
    return [`docs/architecture.md: the module picture's markers (${GRAPH_START} … ${GRAPH_END}) are missing`];
  if (section.current !== block)
    return [
      'docs/architecture.md: the module picture differs from the code (run tsx apps/api/scripts/module-graph.ts --write)',
    ];
  return [];
}

export const currentModuleGraphMermaid = () => moduleGraphMermaid(moduleGraph(API_SRC));

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const block = currentModuleGraphMermaid();
  if (process.argv.includes('--write')) {
    const section = graphSection(readFileSync(DOCS_FILE, 'utf8'), block);
    if (!section) {
      console.error(`docs/architecture.md: add the markers ${GRAPH_START} and ${GRAPH_END} first`);
      process.exit(1);
    }
    writeFileSync(DOCS_FILE, section.replaced);
    console.log('docs/architecture.md: module picture written');
  } else console.log(block);
}
