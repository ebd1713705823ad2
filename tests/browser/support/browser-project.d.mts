import type { BrowserCommand } from 'vitest/node';

export const PAGE_HOST: string;
export const REAL_SERVER_CONTROL: unique symbol;

export interface BrowserTestPorts {
  /** The real server (src/server/main.ts) started by the browser project's globalSetup. */
  readonly serverPort: number;
  /** Vitest's browser server, i.e. the origin of the test page. */
  readonly pagePort: number;
}
export function browserTestPorts(): BrowserTestPorts;
export function pageOrigins(pagePort: number): string[];

/** What globalSetup leaves on globalThis[REAL_SERVER_CONTROL] for the commands. */
export interface RealServerControl {
  down(): Promise<void>;
  up(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command declares its own arguments
export const browserCommands: Record<string, BrowserCommand<any[]>>;
