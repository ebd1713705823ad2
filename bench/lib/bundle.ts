import { build } from 'esbuild';

// Bundles one TypeScript entry into a single browser ES module (the same esbuild tsx and
// Vite use), so benchmark code can run inside Chromium's page or a worker.

export async function bundleForBrowser(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: false,
    sourcemap: false,
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}
