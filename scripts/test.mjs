#!/usr/bin/env node
// The one test command (README, .ci/run): installs what is missing, type-checks the whole
// tree, builds the web app for the end-to-end tests, runs every test project and ends with
// a plain "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env, ...opts });
  return r.status ?? 1;
}

function step(title) {
  console.log(`\n▶ ${title}`);
}

const lockMtime = existsSync('package-lock.json') ? statSync('package-lock.json').mtimeMs : 0;
const installedMarker = 'node_modules/.package-lock.json';
if (!existsSync(installedMarker) || statSync(installedMarker).mtimeMs < lockMtime) {
  step('Installing dependencies (npm ci)');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1);
}

step('Type-checking (tsc --noEmit)');
if (run('npx', ['tsc', '--noEmit', '-p', '.']) !== 0) {
  console.log('\n0 passed, 1 failed: type check');
  process.exit(1);
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
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
  // A file that fails outside any test (import error, hook) has no failed test to count.
  if (failed === 0) failed = json.numFailedTestSuites ?? 0;
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
} else {
  failed = 1;
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || status !== 0 ? 1 : 0);
