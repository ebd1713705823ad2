export function findChromium(): string | null;
export function ensureChromium(opts?: { log?: (msg: string) => void }): string;
export const chromiumArgs: string[];
