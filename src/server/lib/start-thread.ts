import { Worker, type WorkerOptions } from 'node:worker_threads';

const bootstrap = new URL('./thread-bootstrap.mjs', import.meta.url);

/**
 * Starts a worker thread running the TypeScript file `entry` (a `new URL('./x-thread.ts',
 * import.meta.url)`), type-checked with the rest of the server. The thread reads `data` as its
 * `workerData`; ports in it must be listed in `options.transferList`.
 */
export function startThread<Data extends object>(entry: URL, data: Data, options: Omit<WorkerOptions, 'workerData' | 'eval'> = {}): Worker {
  return new Worker(bootstrap, { ...options, workerData: { ...data, threadEntry: entry.href } });
}
