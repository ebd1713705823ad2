import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { startThread } from './start-thread';
import { builtThreadFile } from './thread-build';

const entry = new URL('./testing/echo-thread.ts', import.meta.url);

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
});
