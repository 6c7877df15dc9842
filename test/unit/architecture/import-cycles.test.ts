/**
 * No import cycles in src/, type-only imports included: `import-x/no-cycle` in the lint skips
 * type-only imports, and a type cycle (app.ts ↔ a module through AppContext) is how layers
 * start to blur. Reads the graph with TypeScript's own import scanner.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = resolve(process.env.IMPORT_GRAPH_SRC ?? join(dirname(fileURLToPath(import.meta.url)), '../../../src'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles.filter((i) => i.fileName.startsWith('.')).map((i) => resolve(dirname(file), i.fileName)),
    );
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the files on it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        found.push(path.slice(path.indexOf(next)).map((f) => f.slice(SRC.length + 1)));
      } else if (!state.has(next) && graph.has(next)) {
        visit(next);
      }
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) {
    if (!state.has(file)) {
      visit(file);
    }
  }
  return found;
}

test('src/ has no import cycles, type-only imports included', () => {
  const graph = importGraph();
  assert.ok(graph.size > 100, `the walk read src/ (${graph.size} files)`);
  assert.deepEqual(cycles(graph), []);
});
