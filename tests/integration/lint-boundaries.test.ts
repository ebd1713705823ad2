// The layering of src/ is enforced by the lint step of `npm test` (eslint.config.js,
// scripts/eslint/import-boundaries.mjs). These tests lint snippets as if they sat at a given
// path in the tree, with the project's own configuration, and check that the rule refuses each
// forbidden arrow and lets the allowed ones through.
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const BOUNDARY = 'local/import-boundaries';

let eslint: ESLint;
beforeAll(() => {
  // No cache: the snippets are not files, and a stale cache must not hide a broken rule.
  eslint = new ESLint({ cwd: ROOT, cache: false });
});

async function lint(path: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  if (!result) throw new Error(`no lint result for ${path}`);
  // A fatal message (parse error, file ignored) would make every "passes" case pass vacuously.
  const fatal = result.messages.filter((m) => m.fatal || m.ruleId === null);
  if (fatal.length > 0) throw new Error(`${path}: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages;
}

async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const messages = await lint(path, code);
  return messages.filter((m) => m.ruleId === BOUNDARY && m.severity === 2).map((m) => m.message);
}

describe('CORE.arch.app-imports-worker-public-only', () => {
  const file = 'src/app/screens/exchange/Example.tsx';

  it('CORE.arch.app-imports-worker-public-only: a deep import of a worker internal fails lint', async () => {
    const errors = await boundaryErrors(
      file,
      "import { createEngine } from '../../../worker/engine/engine';\nexport const e = createEngine;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('src/worker/public.ts');
  });

  it('CORE.arch.app-imports-worker-public-only: type imports, re-exports and lazy imports of internals fail too', async () => {
    const code = [
      "import type { BookView } from '../../../worker/book/book-view';",
      "export { initialSnapshot } from '../../../worker/snapshot/initial-snapshot';",
      "export * from '../../../worker/store/store';",
      "export const load = () => import('../../../worker/decimal/decimal');",
      "export type Quote = import('../../../worker/orders/quote').Quote;",
      'export type B = BookView;',
    ].join('\n');
    expect(await boundaryErrors(file, code)).toHaveLength(5);
  });

  it('CORE.arch.app-imports-worker-public-only: the worker folder itself, however the path is spelt, is refused', async () => {
    expect(await boundaryErrors('src/app/hooks/useExample.ts', "export * from '../../worker';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/app/hooks/useExample.ts', "export * from '../../../src/worker/entry';\n")).toHaveLength(1);
  });

  it('CORE.arch.app-imports-worker-public-only: src/worker/public passes, as does starting the worker by URL', async () => {
    const code = [
      "import { initialSnapshot, type EngineSnapshot } from '../../../worker/public';",
      'export const first: EngineSnapshot = initialSnapshot;',
      "export const url = new URL('../../../worker/entry.ts', import.meta.url);",
    ].join('\n');
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('CORE.arch.app-imports-worker-public-only: src/app imports neither the server nor decimal.js', async () => {
    expect(await boundaryErrors('src/app/http/example.ts', "export { loadConfig } from '../../server/config';\n")).toHaveLength(1);
    const errors = await boundaryErrors(
      'src/app/screens/exchange/Example.tsx',
      "import Decimal from 'decimal.js';\nexport const D = Decimal;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('decimal math runs in the worker');
  });
});

describe('CORE.arch.worker-imports-no-app-server-or-react', () => {
  const file = 'src/worker/book/example.ts';

  it('CORE.arch.worker-imports-no-app-server-or-react: React, react-dom, src/app and src/server fail lint', async () => {
    const code = [
      "import { useState } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { router } from '../../app/router';",
      "import { loadConfig } from '../../server/config';",
      'export const all = [useState, createRoot, router, loadConfig];',
    ].join('\n');
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(4);
    expect(errors.join('\n')).toMatch(/'react': React belongs to src\/app/);
  });

  it('CORE.arch.worker-imports-no-app-server-or-react: the worker imports src/shared and its own modules', async () => {
    const code = [
      "import { z } from 'zod';",
      "import { pairs } from '../../shared/constants';",
      "import { book } from '../store/store';",
      'export const all = [z, pairs, book];',
    ].join('\n');
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('CORE.arch.worker-comlink-only-in-entry', () => {
  it('CORE.arch.worker-comlink-only-in-entry: comlink outside src/worker/entry.ts fails lint', async () => {
    const errors = await boundaryErrors('src/worker/engine/example.ts', "import * as Comlink from 'comlink';\nexport const c = Comlink;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('src/worker/entry.ts');
  });

  it('CORE.arch.worker-comlink-only-in-entry: src/worker/entry.ts may import it, and nothing else it may not', async () => {
    expect(await boundaryErrors('src/worker/entry.ts', "import * as Comlink from 'comlink';\nexport const c = Comlink;\n")).toEqual([]);
    expect(await boundaryErrors('src/worker/entry.ts', "import { useState } from 'react';\nexport const s = useState;\n")).toHaveLength(1);
  });
});

describe('CORE.arch.server-imports-no-app-or-worker', () => {
  const file = 'src/server/hub/example.ts';

  it('CORE.arch.server-imports-no-app-or-worker: src/app and src/worker fail lint', async () => {
    const code = [
      "import { router } from '../../app/router';",
      "import type { EngineApi } from '../../worker/public';",
      'export const r = router;',
      'export type E = EngineApi;',
    ].join('\n');
    expect(await boundaryErrors(file, code)).toHaveLength(2);
  });

  it("CORE.arch.server-imports-no-app-or-worker: the server's own app.ts is not mistaken for src/app", async () => {
    const code = [
      "import { buildApp } from '../app';",
      "import { settlement } from '../../shared/constants';",
      'export const all = [buildApp, settlement];',
    ].join('\n');
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('CORE.arch.shared-imports-nothing-else', () => {
  const file = 'src/shared/money/example.ts';

  it('CORE.arch.shared-imports-nothing-else: Node modules, with or without node:, fail lint', async () => {
    const code = [
      "import { readFileSync } from 'node:fs';",
      "import { createHash } from 'crypto';",
      "import { join } from 'path/posix';",
      'export const all = [readFileSync, createHash, join];',
    ].join('\n');
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('no Node modules');
  });

  it('CORE.arch.shared-imports-nothing-else: React and the other parts of src/ fail lint', async () => {
    const code = [
      "import { useState } from 'react';",
      "import { router } from '../../app/router';",
      "import { initialSnapshot } from '../../worker/public';",
      "import { loadConfig } from '../../server/config';",
      'export const all = [useState, router, initialSnapshot, loadConfig];',
    ].join('\n');
    expect(await boundaryErrors(file, code)).toHaveLength(4);
  });

  it('CORE.arch.shared-imports-nothing-else: libraries and src/shared itself pass', async () => {
    const code = [
      "import { z } from 'zod';",
      "import Decimal from 'decimal.js';",
      "import { pairs } from '../constants';",
      'export const all = [z, Decimal, pairs];',
    ].join('\n');
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('CORE.arch.functions-at-most-120-lines', () => {
  /** A function of exactly `lines` lines, braces included. */
  function functionOf(lines: number): string {
    const body = Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`).join('\n');
    return `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
  }
  const limit = (messages: Linter.LintMessage[]) => messages.filter((m) => m.ruleId === 'max-lines-per-function');

  it('CORE.arch.functions-at-most-120-lines: a longer function in src/server or src/worker fails lint', async () => {
    expect(limit(await lint('src/server/ledger/example.ts', functionOf(121)))).toHaveLength(1);
    expect(limit(await lint('src/worker/orders/example.ts', functionOf(121)))).toHaveLength(1);
  });

  it('CORE.arch.functions-at-most-120-lines: 120 lines pass, blank lines and comments do not count', async () => {
    expect(limit(await lint('src/server/ledger/example.ts', functionOf(120)))).toEqual([]);
    const padded = functionOf(120).replace('let total = 0;', `let total = 0;\n${'\n  // why\n'.repeat(20)}`);
    expect(limit(await lint('src/server/ledger/example.ts', padded))).toEqual([]);
  });

  it('CORE.arch.functions-at-most-120-lines: migrations and tests are not held to it', async () => {
    expect(limit(await lint('src/server/db/migrations/9999_example.ts', functionOf(200)))).toEqual([]);
    expect(limit(await lint('src/server/ledger/example.test.ts', functionOf(200)))).toEqual([]);
  });
});
