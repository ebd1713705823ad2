import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync, stop as stopEsbuild } from 'esbuild';

// A thread runs JavaScript built from its TypeScript file ahead of its start, not TypeScript
// through tsx: tsx would register a loader in every thread, and each loader is a thread and a
// V8 isolate of its own whose collections ran inside the order path's measured window
// (docs/benchmarks.md, "Where an order's time goes"). The file is bundled with its relative
// imports; packages stay imports, resolved from the project's node_modules, so native modules
// such as better-sqlite3 load as they do for the rest of the server.

const built = new Map<string, URL>();

/** The built JavaScript of a thread's TypeScript entry, once per process and file contents. */
export function builtThreadFile(entry: URL): URL {
  const known = built.get(entry.href);
  if (known) return known;
  const source = fileURLToPath(entry);
  const result = buildSync({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  // buildSync runs in a worker thread of esbuild's own, which would otherwise stay for the life
  // of the process: an isolate beside the event loop, the very cost building avoids.
  void stopEsbuild();
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`Building thread ${source} gave no output`);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const dir = path.join(projectNodeModules(source), '.cache', 'threads');
  const file = path.join(dir, `${path.basename(source, path.extname(source))}-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    // Several processes (test files, cluster nodes) may build the same thread at once: each
    // writes its own file and renames it into place, which replaces atomically.
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    fs.writeFileSync(temporary, code);
    fs.renameSync(temporary, file);
  }
  const url = pathToFileURL(file);
  built.set(entry.href, url);
  return url;
}

/** The node_modules directory the thread's packages resolve from: the nearest above its source. */
function projectNodeModules(source: string): string {
  for (let dir = path.dirname(source); ;) {
    const candidate = path.join(dir, 'node_modules');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No node_modules above ${source}: the thread's packages cannot be found`);
    dir = parent;
  }
}
