import type { Timers } from './timers';

export class TimeoutError extends Error {
  readonly code = 'TIMEOUT';
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** Rejects with TimeoutError(message) when `work` has not settled within `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number, timers: Timers, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const handle = timers.setTimeout(() => reject(new TimeoutError(message)), ms);
    work.then(
      (v) => {
        timers.clearTimeout(handle);
        resolve(v);
      },
      (e: unknown) => {
        timers.clearTimeout(handle);
        reject(e);
      },
    );
  });
}
