import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import app from '../../vite.config';

// The production build (vite.config.ts) plus a recorder of the modules in each chunk, for
// page-bundle.test.ts. Chunks of the main build run on the page thread; the engine worker is a
// separate bundle, recorded on its own. PAGE_BUNDLE_REPORT names the directory the lists go to.

export interface ChunkModules {
  readonly file: string;
  /** Absolute module ids, node_modules included. */
  readonly modules: readonly string[];
}

function recordChunks(thread: 'page' | 'worker'): Plugin {
  return {
    name: `record-${thread}-chunks`,
    apply: 'build',
    generateBundle(_options, bundle) {
      const dir = process.env.PAGE_BUNDLE_REPORT;
      if (!dir) throw new Error('PAGE_BUNDLE_REPORT is not set');
      const chunks: ChunkModules[] = [];
      for (const out of Object.values(bundle)) if (out.type === 'chunk') chunks.push({ file: out.fileName, modules: out.moduleIds });
      writeFileSync(join(dir, `${thread}.json`), JSON.stringify(chunks));
    },
  };
}

export default mergeConfig(
  app,
  defineConfig({
    plugins: [recordChunks('page')],
    worker: { plugins: () => [recordChunks('worker')] },
    // Only the module lists are wanted: nothing is written, no source maps made.
    build: { write: false, sourcemap: false },
  }),
);
