import madge from 'madge';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Every import cycle among the TypeScript files under `dir` (relative to the repository), each
 * as the list of files that form it. Type-only imports count: a cycle of types still ties the
 * files' meanings together.
 */
export async function importCycles(dir: string): Promise<string[][]> {
  const graph = await madge(dir, {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: `${root}tsconfig.json`,
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  return graph.circular();
}
