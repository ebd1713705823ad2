/**
 * JavaScript source, for threads started from source text, that lowers the calling thread's
 * priority to `nice` (the event loop's is 0). Linux schedules each thread as a task with its own
 * nice value; a background thread woken by the event loop would otherwise preempt it whenever
 * every core is busy. Best effort: where /proc/thread-self is missing, nothing changes.
 */
export function lowerThreadPriorityJs(nice: number): string {
  return `try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, ${Number(nice)});
} catch {}`;
}
