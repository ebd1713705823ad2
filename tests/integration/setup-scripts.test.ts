import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm start`, `npm test` and `npm run cluster` are what a fresh clone runs first, before
// node_modules exists: everything they import up front must load without an install.
const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts');
const entries = ['start.mjs', 'test.mjs', 'cluster.mjs'];

/** Specifiers of the static `import … from '…'` statements of one module. */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*import\s[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

/** Every bare package a module loads before running, following its relative imports. */
function packagesLoadedUpFront(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const found: string[] = [];
  for (const spec of staticImports(file)) {
    if (spec.startsWith('.')) found.push(...packagesLoadedUpFront(path.resolve(path.dirname(file), spec), seen));
    else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) found.push(spec);
  }
  return found;
}

describe('setup scripts', () => {
  it.each(entries)('%s loads with nothing installed: Node built-ins and local scripts only', (entry) => {
    expect(packagesLoadedUpFront(path.join(scripts, entry))).toEqual([]);
  });

  it('the check sees a package import', () => {
    expect(staticImports(path.join(scripts, 'postgres-summary.mjs'))).toContain('pg');
  });
});
