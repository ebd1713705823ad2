/**
 * A screen's code did not arrive: the browser could not fetch its chunk (offline, the server
 * down for a moment, or a new deployment that removed it). Each browser words the failed
 * dynamic import its own way; Vite's preload of the chunk's CSS fails with its own message.
 */
export function isScreenLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}
