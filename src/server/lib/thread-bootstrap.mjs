// The entry of every server thread. Threads are TypeScript files like the rest of the server,
// which Node runs only through tsx, and a worker does not inherit the loader of the thread that
// started it (under Node 20 not even with `--import tsx` in its execArgv): so each thread
// registers tsx itself, then loads the file it was started for.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.threadEntry);
