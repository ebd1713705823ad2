import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { startServer } from '../e2e/support/server';

// The benchmarks must measure the server as `npm start` runs it: the same Node flags everywhere.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('server Node flags', () => {
  it('npm run server and npm run bench pass the flags npm start passes', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(serverNodeFlags.length).toBeGreaterThan(0);
    for (const name of ['server', 'bench']) {
      const args = scripts[name]!.split(/\s+/);
      expect(args[0]).toBe('node');
      for (const flag of serverNodeFlags) expect(args, `${name}: ${flag}`).toContain(flag);
    }
  });

  // The cluster and browser-storm benchmarks start their servers through this helper.
  it.runIf(process.platform === 'linux')('CORE.server.node-flags: a server the tests and benchmarks start runs with them', async () => {
    const server = await startServer();
    try {
      const args = fs.readFileSync(`/proc/${server.process.pid}/cmdline`, 'utf8').split('\0');
      const script = args.indexOf('src/server/main.ts');
      expect(script).toBeGreaterThan(0);
      for (const flag of serverNodeFlags) expect(args.slice(0, script), flag).toContain(flag);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('the flags are ones this Node accepts', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [...serverNodeFlags, '-e', '0'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
