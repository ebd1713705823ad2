import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The server serves the built web app from dist/. A rebuild while a test runs (someone's
// `vite build` in the same checkout) empties dist/ and renames every hashed asset, so a page
// loaded before it asks for files that no longer exist. Each test file therefore serves its
// own copy of dist/, taken once the build has settled: pass it as STATIC_DIR.

const distDir = new URL('../../../dist/', import.meta.url).pathname;

/** Assets index.html loads directly (the entry script, preloaded chunks, the stylesheet). */
function referencedAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"?#]+)"/g)].map((m) => m[1]!);
}

function indexMtime(): number | null {
  try {
    return statSync(join(distDir, 'index.html')).mtimeMs;
  } catch {
    return null;
  }
}

/** Copies dist/ to a temporary folder (remove it with rmSync when done) and returns its path. */
export async function snapshotWebApp(): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = indexMtime();
    if (before === null && !existsSync(distDir)) {
      throw new Error('dist/ does not exist: build the web app first (npx vite build)');
    }
    // A build that finished less than a second ago may still be writing; so may one with no index.html yet.
    if (before !== null && Date.now() - before > 1000) {
      const copy = mkdtempSync(join(tmpdir(), 'ox-e2e-web-'));
      let complete: boolean;
      try {
        cpSync(distDir, copy, { recursive: true });
        const html = readFileSync(join(copy, 'index.html'), 'utf8');
        complete = indexMtime() === before && referencedAssets(html).every((asset) => existsSync(join(copy, asset)));
      } catch {
        complete = false;
      }
      if (complete) return copy;
      rmSync(copy, { recursive: true, force: true });
    }
    if (Date.now() > deadline) throw new Error('dist/ kept changing (or has no index.html) for 60 s: is a build looping?');
    await new Promise((r) => setTimeout(r, 250));
  }
}
