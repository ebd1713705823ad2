import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotWebApp } from './support/web-app';

// What the server publishes is dist/ as built: no source maps, and no file pointing at one.

let webApp: string;
beforeAll(async () => {
  webApp = await snapshotWebApp();
});
afterAll(() => {
  if (webApp) rmSync(webApp, { recursive: true, force: true });
});

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('the built web app', () => {
  it('API.security.source-maps-not-shipped: ships no source maps', () => {
    const all = files(webApp);
    expect(all.some((f) => f.endsWith('.js'))).toBe(true);
    expect(all.filter((f) => f.endsWith('.map'))).toEqual([]);
    const pointing = all.filter((f) => /\.(js|css)$/.test(f) && /sourceMappingURL=/.test(readFileSync(f, 'utf8')));
    expect(pointing).toEqual([]);
  });
});
