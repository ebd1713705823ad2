import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The one inline <style> the web app needs: sonner (the toasts) inserts its stylesheet from
// JavaScript, as a <style> element without a nonce. Rather than allow every inline style
// ('unsafe-inline'), the CSP names that stylesheet by its hash, read from the installed sonner
// (the build bundles the same copy), so an upgrade cannot leave the toasts unstyled unnoticed.

/** The CSP source for an inline script or style with this exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The string literal passed to sonner's __insertCSS(…) in its ES build. */
const INSERT_CSS = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/;

/** The CSS text sonner inserts; throws when the installed sonner no longer inserts it that way. */
export function sonnerInsertedCss(): string {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('sonner')), 'index.mjs');
  const match = INSERT_CSS.exec(fs.readFileSync(file, 'utf8'));
  if (!match) throw new Error(`sonner (${file}) no longer inserts its CSS with __insertCSS: update the CSP's style hashes`);
  return JSON.parse(match[1]!) as string;
}

let cached: string[] | undefined;

/**
 * Hash sources of every inline stylesheet the web app inserts at run time. sonner appends its
 * <style> element before the text, and Chromium checks the element while still empty: the
 * empty stylesheet (which styles nothing) is allowed too.
 */
export function webAppStyleHashes(): string[] {
  cached ??= [cspHash(''), cspHash(sonnerInsertedCss())];
  return cached;
}
