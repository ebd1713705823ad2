// Lint for the whole tree: typescript-eslint's recommended rules (syntax only, no type
// information, so a run stays quick on a small machine), the rules of hooks for the web app,
// the layering of src/ (docs/ARCHITECTURE.md; rules CORE.arch.* in docs/rules.md) and a
// length limit on the server's and the worker's functions.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './scripts/eslint/import-boundaries.mjs';

// The version is the rule's own source, so the lint cache is dropped when the rule changes.
const localRules = new URL('./scripts/eslint/import-boundaries.mjs', import.meta.url);
const local = {
  meta: { name: 'local', version: createHash('sha256').update(readFileSync(localRules)).digest('hex').slice(0, 12) },
  rules: { 'import-boundaries': importBoundaries },
};

// The nevers of the layering, one list per part of src/. A later block for the same files
// replaces the rule's options, so each block states its whole list.
const refuse = {
  app: { folder: 'src/app', message: 'the web app is a view layer; nothing below it may import it.' },
  server: { folder: 'src/server', message: 'the reference server is imported by no other part of src/.' },
  worker: { folder: 'src/worker', message: 'only src/app may use the worker, and only through src/worker/public.ts.' },
  workerInternals: {
    folder: 'src/worker',
    except: ['src/worker/public'],
    message: 'src/app imports the worker only through src/worker/public.ts (engine code must not reach the page thread).',
  },
  decimal: { name: 'decimal.js', message: 'decimal math runs in the worker; decimal.js must not reach the page bundle.' },
  react: { name: 'react', message: 'React belongs to src/app.' },
  reactDom: { name: 'react-dom', message: 'React belongs to src/app.' },
  comlink: { name: 'comlink', message: 'only src/worker/entry.ts speaks comlink; the rest of the worker stays transport-free.' },
};

function boundaries({ folders = [], packages = [], nodeBuiltins }) {
  return { 'local/import-boundaries': ['error', { folders, packages, ...(nodeBuiltins ? { nodeBuiltins } : {}) }] };
}

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'test-results/**',
      'tests/artifacts/**',
      'bench/results/**',
      'data/**',
      '**/.vite/**',
      'node_modules/**',
      'public/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser, ...globals.worker },
    },
    plugins: { local },
    rules: {
      // `_`-prefixed names mark a parameter kept for its position or a value left out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...boundaries({ folders: [refuse.server, refuse.workerInternals], packages: [refuse.decimal] }),
    },
  },
  {
    // Test files call set-up helpers named use… at module level (useCleanAccountState registers
    // beforeEach/afterEach); they are vitest's hooks, not React's.
    files: ['src/app/**/*.test.{ts,tsx}'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: boundaries({ folders: [refuse.app, refuse.server], packages: [refuse.react, refuse.reactDom, refuse.comlink] }),
  },
  {
    files: ['src/worker/entry.ts'],
    rules: boundaries({ folders: [refuse.app, refuse.server], packages: [refuse.react, refuse.reactDom] }),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundaries({ folders: [refuse.app, refuse.worker] }),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundaries({
      folders: [
        { ...refuse.app, message: 'src/shared is the contract and imports no other part of src/.' },
        { ...refuse.worker, message: 'src/shared is the contract and imports no other part of src/.' },
        { ...refuse.server, message: 'src/shared is the contract and imports no other part of src/.' },
      ],
      packages: [refuse.react, refuse.reactDom],
      nodeBuiltins: 'src/shared runs in the page, the worker and the server alike: no Node modules.',
    }),
  },
  {
    // A migration works on the schema of its own time, which the typed database handle no longer
    // describes: Kysely<any> is the documented way to write one (and to test one).
    files: ['src/server/db/migrations/**', 'src/server/db/migrate.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/server/**/*.ts', 'src/worker/**/*.ts'],
    ignores: ['src/server/db/migrations/**', '**/*.test.ts', '**/testing/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
);
