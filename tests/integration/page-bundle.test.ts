import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkModules } from './page-bundle.vite.config';

// The page thread runs the view; the engine runs in its worker. The production build is made
// here (its own build, with a recorder of each chunk's modules) and the page thread's chunks
// are checked: no decimal.js, and nothing of src/worker but what src/worker/public.ts lets
// through at run time (the initial snapshot and the structural sharing in src/worker/snapshot/).

const root = join(import.meta.dirname, '../..');
const report = mkdtempSync(join(tmpdir(), 'page-bundle-'));

/** Where a page-thread chunk may reach into src/worker: the public door and its runtime parts. */
const PAGE_SAFE_WORKER_MODULES = /^src\/worker\/(public\.ts|snapshot\/(?!.*\.test\.)[^/]+\.ts)$/;

let page: ChunkModules[] = [];
let worker: ChunkModules[] = [];

beforeAll(() => {
  const env: NodeJS.ProcessEnv = { ...process.env, PAGE_BUNDLE_REPORT: report };
  // vitest sets NODE_ENV=test; the build must see what `npm run build` sees.
  delete env.NODE_ENV;
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--config', 'tests/integration/page-bundle.vite.config.ts', '--logLevel', 'error'];
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`vite build failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  page = JSON.parse(readFileSync(join(report, 'page.json'), 'utf8')) as ChunkModules[];
  worker = JSON.parse(readFileSync(join(report, 'worker.json'), 'utf8')) as ChunkModules[];
}, 180_000);

afterAll(() => rmSync(report, { recursive: true, force: true }));

/** Module ids as paths from the repository root (virtual ids keep their form). */
const local = (id: string) => (id.startsWith(root) ? relative(root, id).split('\\').join('/') : id);
const modulesOf = (chunks: readonly ChunkModules[]) => chunks.flatMap((c) => c.modules.map((m) => ({ chunk: c.file, module: local(m) })));
const isDecimalJs = (module: string) => /(^|\/)node_modules\/decimal\.js\//.test(module);

describe('the page thread bundle', () => {
  it('carries no decimal.js and no worker module but the public door and its runtime parts', () => {
    const offending = modulesOf(page).filter(
      (m) => isDecimalJs(m.module) || (m.module.startsWith('src/worker/') && !PAGE_SAFE_WORKER_MODULES.test(m.module)),
    );
    expect(offending).toEqual([]);
  });

  it('was read from the real build: the engine client and its initial snapshot are on the page thread', () => {
    const shipped = new Set(modulesOf(page).map((m) => m.module));
    expect(shipped).toContain('src/app/main.tsx');
    expect(shipped).toContain('src/app/engine-client/engine-client.ts');
    expect(shipped).toContain('src/worker/snapshot/initial-snapshot.ts');
  });

  it('the engine and decimal.js are in the worker bundle, apart from the page', () => {
    const inWorker = modulesOf(worker).map((m) => m.module);
    expect(inWorker).toContain('src/worker/entry.ts');
    expect(inWorker).toContain('src/worker/engine/engine.ts');
    expect(inWorker.some(isDecimalJs)).toBe(true);
    const pageFiles = new Set(page.map((c) => c.file));
    expect(worker.filter((c) => pageFiles.has(c.file))).toEqual([]);
  });

  it('A2.routes.approved-addresses-lazy: the approved addresses screen is a chunk of its own, apart from the entry', () => {
    const holding = (module: string) => page.filter((c) => c.modules.some((m) => local(m) === module)).map((c) => c.file);
    const [entry] = holding('src/app/main.tsx');
    const screen = holding('src/app/screens/security/ApprovedAddressesPage.tsx');
    expect(entry).toBeDefined();
    expect(screen).toHaveLength(1);
    expect(screen).not.toContain(entry);
  });
});
