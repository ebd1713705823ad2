import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

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

  it('the flags are ones this Node accepts', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [...serverNodeFlags, '-e', '0'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
