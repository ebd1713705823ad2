import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { chromiumArgs, findChromium } from '../../../scripts/chromium.mjs';

// Headless Chromium (the system package) for end-to-end tests; screenshots are kept as test
// artifacts under tests/artifacts/e2e/ (git ignores them).

export const artifactsDir = new URL('../../artifacts/e2e/', import.meta.url).pathname;

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: install it with apt-get install -y chromium');
  return chromium.launch({ executablePath, args: chromiumArgs, headless: true });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
