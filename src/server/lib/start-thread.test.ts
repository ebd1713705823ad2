import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { startThread } from './start-thread';
import { builtThreadFile } from './thread-build';

const entry = new URL('./testing/echo-thread.ts', import.meta.url);
const hasThreadList = fs.existsSync('/proc/self/task');
const threads = () => fs.readdirSync('/proc/self/task').length;
/** The process's threads before this file built anything. */
let threadsAtStart = 0;
beforeAll(() => {
  if (hasThreadList) threadsAtStart = threads();
});

describe('CORE.server.threads-built: server threads run JavaScript built from their TypeScript files', () => {
  it('runs the thread with its relative and package imports, and without the process flags (no tsx loader)', async () => {
    const worker = startThread(entry, { seed: 7 });
    try {
      const reply = await new Promise<{ execArgv: string[]; first: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(reply.execArgv).toEqual([]);
      expect(reply.first).toBe(seededRandom(7).next());
    } finally {
      await worker.terminate();
    }
  });

  it('builds a file once per process, into the project cache, named by its contents', () => {
    const first = builtThreadFile(entry);
    expect(builtThreadFile(entry)).toBe(first);
    const file = fileURLToPath(first);
    expect(file).toMatch(/node_modules\/\.cache\/threads\/echo-thread-[0-9a-f]{16}\.mjs$/);
    const code = fs.readFileSync(file, 'utf8');
    // The relative import is bundled in; the package stays an import.
    expect(code).toContain('function seededRandom');
    expect(code).toMatch(/from "zod"/);
  });

  it.skipIf(!hasThreadList)('leaves no thread of the build behind', async () => {
    // Another address of the same file: built again, not taken from this process's memo.
    builtThreadFile(new URL('./testing/echo-thread.ts?again', import.meta.url));
    // The threads started above have ended; esbuild's is stopped asynchronously.
    for (let waited = 0; threads() > threadsAtStart && waited < 2_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(threads()).toBe(threadsAtStart);
  });
});
