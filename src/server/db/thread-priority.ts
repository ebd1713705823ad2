import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the calling thread's priority to `nice` (the event loop's is 0). Linux schedules each
 * thread as a task with its own nice value; a background thread woken by the event loop would
 * otherwise preempt it whenever every core is busy. Best effort: where /proc/thread-self is
 * missing, nothing changes.
 */
export function lowerThreadPriority(nice: number): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) os.setPriority(tid, nice);
  } catch {
    // Not Linux, or not allowed: the thread keeps the default priority.
  }
}
