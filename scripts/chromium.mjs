// Finds the Chromium the browser-mode and end-to-end tests drive; installs Debian's package
// when it is missing and we are allowed to (root with apt-get), else says what to install.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  return CANDIDATES.find((p) => p && existsSync(p)) ?? null;
}

export function ensureChromium({ log = console.log } = {}) {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    log('Chromium not found: installing the Debian package (apt-get install -y chromium)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'Chromium is required for the browser and end-to-end tests but was not found.\n' +
      'Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary).',
  );
}

/** Launch flags for headless Chromium on a machine with a closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
