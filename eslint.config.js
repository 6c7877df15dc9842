// Lint rules that catch real bugs: unawaited promises, loose equality, braceless branches.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'dist', 'clients/*/dist', 'bench/results', 'coverage', 'test-output'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe/test return promises the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'test', 'it', 'suite'] }] },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'all'],
    },
  },
);
