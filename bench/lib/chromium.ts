import { chromium, type Browser } from 'playwright';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';

// Headless system Chromium for the browser benchmarks (never a downloaded browser).

export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: install it with apt-get install -y chromium (or set CHROMIUM_PATH)');
  return chromium.launch({ executablePath, args: [...chromiumArgs, ...extraArgs], headless: true });
}
