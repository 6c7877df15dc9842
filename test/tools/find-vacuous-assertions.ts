/**
 * Finds assertions that pass on an empty list: `.every(…)` (true for []) and `!….some(…)`
 * (also true for []) inside the arguments of `assert(…)`, `assert.ok(…)`, `assert.equal(…)`
 * and the other `assert.*` calls. Such a test keeps passing when the search, page or query it
 * checks returns nothing; test/helpers/assert.ts has `assertEvery` / `assertNone` instead.
 * Reads the TypeScript syntax tree, not lines, so an assertion spread over several lines or
 * a predicate with nested calls is seen whole.
 *
 * Run: `npx tsx test/tools/find-vacuous-assertions.ts` (prints file:line and the call; exit 1
 * when it finds any). test/unit/vacuous-assertions.test.ts runs it over test/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface Finding {
  /** Path relative to the folder searched, with forward slashes. */
  file: string;
  line: number;
  kind: 'every' | 'not-some';
  /** The assertion call's source text, on one line. */
  text: string;
}

/** `assert(…)` or `assert.<anything>(…)`. */
function isAssertion(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) {
    return callee.text === 'assert';
  }
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'assert';
}

function isMethodCall(node: ts.Node, name: string): node is ts.CallExpression {
  return ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === name;
}

/** Findings in one file's source text. */
export function findInSource(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Finding[] = [];
  const report = (assertion: ts.CallExpression, at: ts.Node, kind: Finding['kind']) => {
    found.push({
      file,
      line: source.getLineAndCharacterOfPosition(at.getStart(source)).line + 1,
      kind,
      text: assertion.getText(source).replace(/\s+/g, ' '),
    });
  };
  const inside = (assertion: ts.CallExpression, node: ts.Node): void => {
    // A callback's body runs per element (a filter's test, a message builder): what it
    // computes is not what the assertion asserts, so it is not searched.
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      return;
    }
    if (isMethodCall(node, 'every')) {
      report(assertion, node, 'every');
    } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken && isMethodCall(skipParens(node.operand), 'some')) {
      report(assertion, node, 'not-some');
    }
    ts.forEachChild(node, (child) => inside(assertion, child));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isAssertion(node)) {
      node.arguments.forEach((arg) => inside(node, arg));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function skipParens(node: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(node) ? skipParens(node.expression) : node;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        return entry.name === 'node_modules' ? [] : tsFiles(full);
      }
      return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
    })
    .sort();
}

/** Findings in every .ts file under `dir`. */
export function findVacuousAssertions(dir: string): Finding[] {
  return tsFiles(dir).flatMap((full) => findInSource(path.relative(dir, full).split(path.sep).join('/'), readFileSync(full, 'utf8')));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const findings = findVacuousAssertions(dir);
  for (const f of findings) {
    process.stdout.write(`${f.file}:${f.line} [${f.kind}] ${f.text.length > 160 ? `${f.text.slice(0, 157)}...` : f.text}\n`);
  }
  process.stdout.write(`${findings.length} assertion(s) that pass on an empty list\n`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}
