import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { seededRandom } from '../seeded-random';

// A thread for start-thread.test.ts: answers with what it was started with, a value from a
// relative TypeScript import and one from a package, so the test sees both resolve.

const data = z.object({ seed: z.number() }).parse(workerData);
parentPort?.postMessage({ execArgv: process.execArgv, first: seededRandom(data.seed).next() });
