/**
 * The JavaScript client's types: the checked-in generated file is what the server's route
 * schemas give today (so CI fails when a schema changes and the client's types were not
 * regenerated), and the package with an integrator's usage compiles for browsers (DOM, no
 * Node types) against those types, while requests the contract refuses do not compile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { API_TYPES_FILE, generateApiTypes } from '../../clients/js/scripts/api-types.ts';

const PACKAGE_DIR = fileURLToPath(new URL('../../clients/js/', import.meta.url));
const USAGE_FILE = fileURLToPath(new URL('./fixtures/usage.ts', import.meta.url));

test('the generated API types are up to date with the route schemas', async () => {
  const fresh = await generateApiTypes();
  const checkedIn = readFileSync(API_TYPES_FILE, 'utf8');
  assert.ok(fresh === checkedIn, 'clients/js/src/generated/api-types.ts is out of date with the route schemas: run npm run client:types');
});

test('the package and an integrator\'s usage compile for browsers against the generated types; refused requests do not', () => {
  const configPath = path.join(PACKAGE_DIR, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  assert.equal(config.error, undefined);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, PACKAGE_DIR);
  const program = ts.createProgram({
    rootNames: [...parsed.fileNames, USAGE_FILE],
    options: { ...parsed.options, noEmit: true, emitDeclarationOnly: false, declaration: false, rootDir: undefined },
  });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${path.relative(PACKAGE_DIR, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
  assert.deepEqual(diagnostics, []);
  assert.ok(program.getSourceFile(USAGE_FILE), 'the usage file was compiled');
});
