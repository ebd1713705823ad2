import { Worker, type WorkerOptions } from 'node:worker_threads';
import { builtThreadFile } from './thread-build';

/**
 * Starts a worker thread running the TypeScript file `entry` (a `new URL('./x-thread.ts',
 * import.meta.url)`), type-checked with the rest of the server and built to JavaScript before
 * it starts (thread-build.ts). The thread reads `data` as its `workerData`; ports in it must be
 * listed in `options.transferList`.
 */
export function startThread<Data extends object>(
  entry: URL,
  data: Data,
  options: Omit<WorkerOptions, 'workerData' | 'eval' | 'execArgv'> = {},
): Worker {
  // No flags of the process: its `--import tsx` would register the loader this avoids. V8's
  // flags (heap sizes) are the process's and hold in every thread anyway.
  return new Worker(builtThreadFile(entry), { ...options, workerData: data, execArgv: [] });
}
