// Lint rules that catch real bugs: unawaited promises, loose equality, braceless branches;
// and the layers of src/ (docs/ARCHITECTURE.md), so an import arrow cannot start pointing up.
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/** Import paths (relative, as written) that a layer must not use, with the reason shown. */
const TOP = { regex: '(^|/)(app|server|cli)\\.ts$', message: 'Only server.ts/cli.ts build the app, and only app.ts lists the modules: arrows point down.' };
const MODULES = { regex: '/modules/', message: 'Modules are the top of the stack below app.ts; nothing under them may import one.' };
const PLUGINS = { regex: '/plugins/', message: 'Plugins are app-level (installed by app.ts); lower layers must not depend on them.' };
const ASSISTANT = { regex: '/assistant/', message: 'The assistant sits above the catalogue; the catalogue and images do not know it.' };
const CATALOG = { regex: '/catalog/', message: 'The foundations (config, db, security, limits) do not know the catalogue.' };
const IMAGES = { regex: '/images/', message: 'The image pipeline is used by modules only.' };
const APP_CONTEXT = { regex: '(^|/)app-context\\.ts$', message: 'AppContext is what app.ts hands to modules; lower layers take their own narrow dependencies.' };
const ENGINE_INTERNALS = {
  regex: '/(catalog-engine|llm-engine)/(?!index\\.ts$|model\\.ts$)',
  message: "An engine's files are its own: import its index.ts, or move what is shared to a file of src/assistant/ (language, cards, currency, engine state).",
};

// A module (src/modules/<name>/) reaches another one only through its index.ts; dialogs/ is the
// dialog repository every module shares, and shared-schemas.ts the vocabulary of all schemas.
const OTHER_MODULE = {
  regex: '^\\.\\./(?!\\.\\./|dialogs/)[^/]+/(?!index\\.ts$)|/modules/[^/]+/',
  message: "Import another module through its index.ts (dialogs/ is shared and may be imported directly).",
};
const MODULE_ENTRY = { regex: '/modules/[^/]+/(?!index\\.ts$)', message: "A module is used through its index.ts (registerXModule and what it exports)." };
// Plugins a route declares itself with; the others (access, cors, logging, …) are installed by app.ts.
const APP_PLUGINS = {
  regex: '/plugins/(?!(route-config|rate-limit|error-schema|error-handler)\\.ts$)',
  message: 'Modules use only the route-declaration helpers of plugins/ (route-config, rate-limit, error-schema, error-handler); security helpers live in security/.',
};

/** One `no-restricted-imports` block: flat config replaces a rule's options per file, so each file gets one list. */
function layer(files, patterns, ignores = []) {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

const MODULE_RULES = [TOP, APP_PLUGINS, OTHER_MODULE, ENGINE_INTERNALS];

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
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    // Dynamic imports count: a lazily loaded cycle is still a cycle.
    rules: { 'import-x/no-cycle': 'error' },
  },
  layer(['src/modules/**/*.ts'], MODULE_RULES),
  layer(['src/plugins/**/*.ts'], [TOP, { ...MODULES, regex: '/modules/(?!shared-schemas\\.ts$)' }, ASSISTANT, CATALOG, IMAGES]),
  layer(['src/assistant/*.ts'], [TOP, APP_CONTEXT, MODULES, PLUGINS, IMAGES, ENGINE_INTERNALS]),
  layer(['src/assistant/catalog-engine/**/*.ts'], [TOP, APP_CONTEXT, MODULES, PLUGINS, IMAGES, { regex: '/llm-engine/', message: ENGINE_INTERNALS.message }]),
  layer(['src/assistant/llm-engine/**/*.ts'], [TOP, APP_CONTEXT, MODULES, PLUGINS, IMAGES, { regex: '/catalog-engine/', message: ENGINE_INTERNALS.message }]),
  layer(['src/catalog/**/*.ts'], [TOP, APP_CONTEXT, MODULES, PLUGINS, ASSISTANT, IMAGES]),
  layer(['src/images/**/*.ts'], [TOP, APP_CONTEXT, MODULES, PLUGINS, ASSISTANT, CATALOG]),
  layer(
    ['src/config/**/*.ts', 'src/db/**/*.ts', 'src/announcements/**/*.ts', 'src/security/**/*.ts', 'src/limits/**/*.ts', 'src/errors.ts', 'src/clock.ts', 'src/spans.ts'],
    [TOP, APP_CONTEXT, MODULES, PLUGINS, ASSISTANT, CATALOG, IMAGES],
  ),
  layer(['src/app-context.ts'], [TOP, MODULES, PLUGINS]),
  // Metrics read what the parts count (the model engine's fallback counters among them); nothing reads metrics but app.ts.
  layer(['src/metrics/**/*.ts'], [TOP, MODULES, PLUGINS]),
  // Tracing wraps the parts app.ts hands it (storage, images, catalogue) and records what the parts report
  // through the SpanRecorder of spans.ts; nothing imports it but app.ts.
  layer(['src/tracing/**/*.ts'], [TOP, MODULES, PLUGINS, ASSISTANT]),
  // The top: a module is reached through its index.ts, an engine through engines.ts.
  layer(['src/app.ts', 'src/server.ts'], [MODULE_ENTRY, ENGINE_INTERNALS]),
  layer(['src/cli.ts'], [MODULE_ENTRY, ENGINE_INTERNALS]),
);
