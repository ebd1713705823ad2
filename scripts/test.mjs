#!/usr/bin/env node
// The one test command (README, .ci/run): installs what is missing, type-checks and lints the
// whole tree (and checks its formatting once the tree is formatted), builds the web app for the
// end-to-end tests, runs every test project and ends with a plain "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';
import { ensureDependencies } from './ensure-dependencies.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env, ...opts });
  return r.status ?? 1;
}

function step(title) {
  console.log(`\n▶ ${title}`);
}

if (!ensureDependencies(root, step)) process.exit(1);

step('Type-checking (tsc --noEmit)');
if (run('npx', ['tsc', '--noEmit', '-p', '.']) !== 0) {
  console.log('\n0 passed, 1 failed: type check');
  process.exit(1);
}

step('Linting (eslint)');
if (run('npm', ['run', '--silent', 'lint']) !== 0) {
  console.log('\n0 passed, 1 failed: lint');
  process.exit(1);
}

// The formatting check starts with the commit that formats the whole tree, which adds this file.
if (existsSync('.prettier-enforced')) {
  step('Checking formatting (prettier --check)');
  if (run('npm', ['run', '--silent', 'format:check']) !== 0) {
    console.log('\n0 passed, 1 failed: formatting (npm run format rewrites the files)');
    process.exit(1);
  }
}

step('Checking for Chromium');
try {
  process.env.CHROMIUM_PATH = ensureChromium();
  console.log(`Using ${process.env.CHROMIUM_PATH}`);
} catch (err) {
  console.error(String(err.message ?? err));
  process.exit(1);
}

step('Building the web app (vite build)');
if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) {
  console.log('\n0 passed, 1 failed: web app build');
  process.exit(1);
}

step('Running every test (unit, integration, fuzz, browser, end to end)');
mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

let passed = 0;
let failed;
let skipped = 0;
let json;
if (existsSync(report)) {
  json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
  // A file that fails outside any test (import error, hook) has no failed test to count.
  if (failed === 0) failed = json.numFailedTestSuites ?? 0;
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
} else {
  failed = 1;
}
if (status !== 0 && failed === 0) failed = 1;
// Imported here, not at the top: the summary needs `pg`, which `npm ci` above installs.
const { postgresSummary } = await import('./postgres-summary.mjs');
console.log(`\n${await postgresSummary(json)}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || status !== 0 ? 1 : 0);
